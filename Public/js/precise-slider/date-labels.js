// Dates on a ruler (Swift DateLabels.swift): a UTC calendar without the Date object, and
// labels as coarse as the ticks' spacing allows.
//
// label-format.js imports formatDate from here and this imports its helpers from there:
// only functions cross, called after both modules have loaded, so the cycle is harmless.

import { SliderConstants as C } from "./constants.js";
import { SliderInputError, checkedResult, requireFinite, requirePositive, roundHalfUp } from "./errors.js";
import { MINUS, SliderLanguage, padded } from "./label-format.js";

/** Exact floor division of integers held in doubles (a/b may round up to an integer). */
function floorDivide(a, b) {
  let quotient = Math.floor(a / b);
  if (quotient * b > a) quotient -= 1;
  else if ((quotient + 1) * b <= a) quotient += 1;
  return quotient;
}

/** A UTC date and time (Swift `CivilDateTime`); Hinnant's civil-from-days algorithms. */
export class CivilDateTime {
  constructor(year, month, day, hour = 0, minute = 0, second = 0) {
    Object.assign(this, { year, month, day, hour, minute, second });
    Object.freeze(this);
  }

  /** Swift `CivilDateTime(unixSeconds:)`, rounded to the nearest second. */
  static fromUnixSeconds(unixSeconds) {
    requireFinite(unixSeconds, "unixSeconds");
    if (Math.abs(unixSeconds) > C.maxMagnitude) throw new SliderInputError("outOfRange");
    const total = roundHalfUp(unixSeconds);
    const days = floorDivide(total, 86400);
    const secondOfDay = total - days * 86400;
    const shifted = days + 719468;
    const era = floorDivide(shifted, 146097);
    const dayOfEra = shifted - era * 146097;
    const yearOfEra = floorDivide(dayOfEra - floorDivide(dayOfEra, 1460) + floorDivide(dayOfEra, 36524)
      - floorDivide(dayOfEra, 146096), 365);
    const dayOfYear = dayOfEra - (365 * yearOfEra + floorDivide(yearOfEra, 4) - floorDivide(yearOfEra, 100));
    const monthIndex = floorDivide(5 * dayOfYear + 2, 153);
    const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
    return new CivilDateTime(
      yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month,
      dayOfYear - floorDivide(153 * monthIndex + 2, 5) + 1,
      floorDivide(secondOfDay, 3600), floorDivide(secondOfDay % 3600, 60), secondOfDay % 60);
  }

  get isValid() {
    const { year, month, day, hour, minute, second } = this;
    const within = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;
    if (!(within(month, 1, 12) && within(hour, 0, 23) && within(minute, 0, 59) && within(second, 0, 59))) return false;
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    return within(day, 1, lengths[month - 1]);
  }

  get unixSeconds() {
    const shiftedYear = this.month <= 2 ? this.year - 1 : this.year;
    const era = floorDivide(shiftedYear, 400);
    const yearOfEra = shiftedYear - era * 400;
    const dayOfYear = floorDivide(153 * (this.month > 2 ? this.month - 3 : this.month + 9) + 2, 5) + this.day - 1;
    const dayOfEra = yearOfEra * 365 + floorDivide(yearOfEra, 4) - floorDivide(yearOfEra, 100) + dayOfYear;
    const days = era * 146097 + dayOfEra - 719468;
    return days * 86400 + this.hour * 3600 + this.minute * 60 + this.second;
  }
}

const MONTHS = {
  cs: ["led", "úno", "bře", "dub", "kvě", "čvn", "čvc", "srp", "zář", "říj", "lis", "pro"],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
};

/** Abbreviated month names, January first. */
export function monthAbbreviations(language) { return [...MONTHS[language]]; }

/**
 * A Unix time labelled as coarsely as labels `step` s apart allow (UTC): ≥ 365 d "2024";
 * ≥ 28 d "bře 2024"; ≥ 1 d "5. bře"; ≥ 1 h "5. bře 14:00"; ≥ 1 min "14:05"; else "14:05:30".
 * On the two finest levels the first label of each day shows the day instead.
 */
export function formatDate(unixSeconds, step, language) {
  requirePositive(step, "step");
  const date = CivilDateTime.fromUnixSeconds(unixSeconds);
  const month = MONTHS[language][date.month - 1];
  const year = date.year < 0 ? MINUS + String(-date.year) : String(date.year);
  const dayLabel = language === SliderLanguage.czech ? `${date.day}. ${month}` : `${month} ${date.day}`;
  const time = `${padded(date.hour, 2)}:${padded(date.minute, 2)}`;
  if (step >= 365 * 86400) return year;
  if (step >= 28 * 86400) return month + " " + year;
  if (step >= 86400) return dayLabel;
  if (step >= 3600) return dayLabel + " " + time;
  const previousLabel = checkedResult(unixSeconds - step);
  const newDay = floorDivide(roundHalfUp(unixSeconds), 86400) !== floorDivide(roundHalfUp(previousLabel), 86400);
  if (newDay) return dayLabel;
  return step >= 60 ? time : time + ":" + padded(date.second, 2);
}
