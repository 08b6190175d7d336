// Tick labels in each format and language (Swift LabelFormat.swift): numbers with the
// language's separators, percent, degrees, Czech crowns, durations; dates are
// date-labels.js, which borrows the minus sign and padding from here.

import { SliderConstants as C } from "./constants.js";
import { formatDate } from "./date-labels.js";
import { SliderInputError, requireFinite, requirePositive, roundHalfUp } from "./errors.js";

/** Label formats. */
export const LabelFormat = Object.freeze({
  number: "number", duration: "duration", date: "date", currency: "currency", percent: "percent", degrees: "degrees",
});
/** Languages (Czech first). */
export const SliderLanguage = Object.freeze({ czech: "cs", english: "en" });

export const MINUS = "\u2212"; // labels use the true minus sign
export const NBSP = "\u00A0";
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Decimals for labels `step` apart: max(0, −floor(log10 step)) plus up to 2 if needed. */
export function labelDecimals(step) {
  requirePositive(step, "step");
  let decimals = 0;
  let scaled = step;
  while (scaled < 1 - 1e-9 && decimals < C.maxLabelDecimals) {
    scaled *= 10;
    decimals += 1;
  }
  let extra = 0;
  while (extra < 2 && decimals < C.maxLabelDecimals && Math.abs(scaled - roundHalfUp(scaled)) > 1e-6 * scaled) {
    scaled *= 10;
    decimals += 1;
    extra += 1;
  }
  return decimals;
}

function decimalSeparator(language) { return language === SliderLanguage.czech ? "," : "."; }
function groupingSeparator(language) { return language === SliderLanguage.czech ? NBSP : ","; }

/** Fixed decimals, half-up on |value|·10^d, grouping from `groupFrom` integer digits. */
export function formatNumber(value, decimals, language, groupFrom = 5) {
  requireFinite(value, "value");
  let digitsAfter = Math.min(Math.max(decimals, 0), C.maxLabelDecimals);
  let units = roundHalfUp(Math.abs(value) * POWERS_OF_TEN[digitsAfter]);
  while (units >= 1e18 && digitsAfter > 0) {
    digitsAfter -= 1;
    units = roundHalfUp(Math.abs(value) * POWERS_OF_TEN[digitsAfter]);
  }
  if (!(units < 1e18)) throw new SliderInputError("outOfRange");
  let digits = BigInt(units).toString(); // exact digits, unlike String() beyond 2^53
  if (digits.length <= digitsAfter) digits = "0".repeat(digitsAfter + 1 - digits.length) + digits;
  const integerPart = digits.slice(0, digits.length - digitsAfter);
  const fraction = digits.slice(digits.length - digitsAfter);
  const grouped = groupFrom > 0 && integerPart.length >= groupFrom
    ? groupDigits(integerPart, groupingSeparator(language)) : integerPart;
  const sign = value < 0 && units > 0 ? MINUS : "";
  return sign + grouped + (digitsAfter > 0 ? decimalSeparator(language) + fraction : "");
}

function groupDigits(digits, separator) {
  const groups = [];
  let rest = digits;
  while (rest.length > 3) {
    groups.unshift(rest.slice(-3));
    rest = rest.slice(0, -3);
  }
  groups.unshift(rest);
  return groups.join(separator);
}

/** The label of a tick at `value` when labelled ticks are `step` apart. */
export function formatLabel(value, step, format, language) {
  requireFinite(value, "value");
  requirePositive(step, "step");
  switch (format) {
    case LabelFormat.number:
      return formatNumber(value, labelDecimals(step), language);
    case LabelFormat.percent: {
      const number = formatNumber(value, labelDecimals(step), language);
      return language === SliderLanguage.czech ? number + NBSP + "%" : number + "%";
    }
    case LabelFormat.degrees:
      return formatNumber(value, labelDecimals(step), language) + "°";
    case LabelFormat.currency: {
      const number = formatNumber(value, labelDecimals(step), language, 4);
      return language === SliderLanguage.czech ? number + NBSP + "Kč" : "CZK" + NBSP + number;
    }
    case LabelFormat.duration:
      return formatDuration(value, step, language);
    case LabelFormat.date:
      return formatDate(value, step, language);
    default:
      throw new TypeError(`Unknown label format ${format}`);
  }
}

export function padded(value, width) { return String(value).padStart(width, "0"); }

/** m:ss, m:ss.SS or m:ss.SSS as labels `step` apart need (labelDecimals: 1 → 2, at most 3); h:mm:ss… from an hour. */
export function formatDuration(seconds, step, language) {
  requireFinite(seconds, "seconds");
  const needed = labelDecimals(step);
  const decimals = needed === 0 ? 0 : needed <= 2 ? 2 : 3;
  const perSecond = POWERS_OF_TEN[decimals];
  const units = roundHalfUp(Math.abs(seconds) * perSecond);
  if (!(units < 2 ** 53)) throw new SliderInputError("outOfRange");
  const whole = Math.floor(units / perSecond);
  const fraction = units - whole * perSecond;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole - hours * 3600) / 60);
  const secs = whole - hours * 3600 - minutes * 60;
  let text = hours > 0 ? `${hours}:${padded(minutes, 2)}:${padded(secs, 2)}` : `${minutes}:${padded(secs, 2)}`;
  if (decimals > 0) text += decimalSeparator(language) + padded(fraction, decimals);
  return (seconds < 0 && units > 0 ? MINUS : "") + text;
}
