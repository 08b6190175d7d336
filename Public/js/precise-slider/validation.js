// Values typed by a person (Swift Validation.swift): numbers with either decimal separator
// and grouping spaces, durations, ISO dates, each refused with a message saying what to type.

import { SliderConstants as C } from "./constants.js";
import { CivilDateTime } from "./date-labels.js";
import { LabelFormat, SliderLanguage } from "./label-format.js";

const SPACES = new Set([" ", "\t", "\n", "\r", "\u00A0", "\u2007", "\u2009", "\u202F"]);
const MINUSES = new Set(["-", "\u2212", "\u2013"]);
const isDigit = (c) => c >= "0" && c <= "9" && c.length === 1;

function trimSpaces(text) {
  const scalars = Array.from(text);
  while (scalars.length > 0 && SPACES.has(scalars[0])) scalars.shift();
  while (scalars.length > 0 && SPACES.has(scalars[scalars.length - 1])) scalars.pop();
  return scalars.join("");
}

function echo(text) {
  const scalars = Array.from(text);
  return scalars.length > 40 ? scalars.slice(0, 39).join("") + "…" : text;
}

/** Swift `SliderValueError`: `code`, the typed `text` (or null), `messageIn(language)`. */
export class SliderValueError extends Error {
  constructor(code, text = null) {
    super(code);
    this.name = "SliderValueError";
    this.code = code;
    this.text = text;
    this.message = this.messageIn(SliderLanguage.english);
  }
  messageIn(language) {
    const czech = language === SliderLanguage.czech;
    const t = this.text;
    switch (this.code) {
      case "empty": return czech ? "Zadejte číslo, například 12,5." : "Enter a number, for example 12.5.";
      case "notANumber": return czech
        ? `„${t}“ není číslo. Zadejte číslice s desetinnou čárkou, například 12,5.`
        : `“${t}” is not a number. Enter digits with a decimal point, for example 12.5.`;
      case "notFinite": return czech
        ? `„${t}“ není konečné číslo. Zadejte běžnou hodnotu, například 12,5.`
        : `“${t}” is not a finite number. Enter an ordinary value, for example 12.5.`;
      case "tooLarge": return czech
        ? `„${t}“ je příliš velké číslo. Zadejte nejvýše 15 číslic před desetinnou čárkou, například 12,5.`
        : `“${t}” is too large a number. Enter at most 15 digits before the decimal point, for example 12.5.`;
      case "notADuration": return czech
        ? `„${t}“ není čas. Zadejte minuty a sekundy, například 1:30 nebo 1:30,5.`
        : `“${t}” is not a duration. Enter minutes and seconds, for example 1:30 or 1:30.5.`;
      case "notADate": return czech
        ? `„${t}“ není datum. Zadejte ho například jako 2024-03-05 nebo 2024-03-05 14:30 (UTC).`
        : `“${t}” is not a date. Enter it as, for example, 2024-03-05 or 2024-03-05 14:30 (UTC).`;
      default: return this.code;
    }
  }
}

function failure(code, text = null) { return { ok: false, error: new SliderValueError(code, text) }; }

/** Sign, digits with group spaces, one `.` or `,`; no exponent. */
export function parseNumber(text) {
  const trimmed = trimSpaces(text);
  if (trimmed === "") return failure("empty");
  const shown = echo(trimmed);
  const scalars = Array.from(trimmed);
  let negative = false;
  if (scalars.length > 0 && (MINUSES.has(scalars[0]) || scalars[0] === "+")) {
    negative = MINUSES.has(scalars[0]);
    scalars.shift();
  }
  const word = scalars.join("").toLowerCase();
  if (["nan", "inf", "infinity", "∞"].includes(word)) return failure("notFinite", shown);
  let whole = "";
  let fraction = "";
  let seenSeparator = false;
  for (let index = 0; index < scalars.length; index += 1) {
    const scalar = scalars[index];
    if (isDigit(scalar)) {
      if (seenSeparator) fraction += scalar; else whole += scalar;
    } else if (scalar === "." || scalar === ",") {
      if (seenSeparator) return failure("notANumber", shown);
      seenSeparator = true;
    } else if (SPACES.has(scalar)) {
      const before = index > 0 && isDigit(scalars[index - 1]);
      const after = index + 1 < scalars.length && isDigit(scalars[index + 1]);
      if (!(before && after && !seenSeparator)) return failure("notANumber", shown);
    } else {
      return failure("notANumber", shown);
    }
  }
  if (whole === "" && fraction === "") return failure("notANumber", shown);
  const canonical = (negative ? "-" : "") + (whole === "" ? "0" : whole) + (fraction === "" ? "" : "." + fraction);
  const value = Number(canonical);
  if (!Number.isFinite(value) || Math.abs(value) > C.maxMagnitude) return failure("tooLarge", shown);
  return { ok: true, value: value + 0 };
}

/** m:ss or h:mm:ss (fractional seconds after `.` or `,`), optional sign, into seconds. */
export function parseDuration(text) {
  const trimmed = trimSpaces(text);
  if (trimmed === "") return failure("empty");
  const shown = echo(trimmed);
  const body = Array.from(trimmed);
  let sign = 1;
  if (body.length > 0 && (MINUSES.has(body[0]) || body[0] === "+")) {
    sign = MINUSES.has(body[0]) ? -1 : 1;
    body.shift();
  }
  const parts = body.join("").split(":");
  const digitsOnly = (part) => part !== "" && Array.from(part).every(isDigit);
  if (!((parts.length === 2 || parts.length === 3) && parts.slice(0, -1).every(digitsOnly)
    && (parts.length === 2 || Array.from(parts[1]).length <= 2))) return failure("notADuration", shown);
  const secondsPart = parts[parts.length - 1];
  const secondsScalars = Array.from(secondsPart);
  if (!(secondsScalars.length > 0 && isDigit(secondsScalars[0])
    && secondsScalars.every((c) => isDigit(c) || c === "." || c === ","))) return failure("notADuration", shown);
  const seconds = parseNumber(secondsPart);
  const leading = Number(parts[0]);
  const middle = Number(parts.length === 3 ? parts[1] : "0");
  if (!(seconds.ok && seconds.value < 60 && middle < 60)) return failure("notADuration", shown);
  const hours = parts.length === 3 ? leading : 0;
  const minutes = parts.length === 3 ? middle : leading;
  const total = hours * 3600 + minutes * 60 + seconds.value;
  if (!(total <= C.maxMagnitude)) return failure("tooLarge", shown);
  return { ok: true, value: sign * total + 0 };
}

/** YYYY-MM-DD[(T| )HH:MM[:SS]][Z] in UTC, into Unix seconds. */
export function parseDate(text) {
  const trimmed = trimSpaces(text);
  if (trimmed === "") return failure("empty");
  const scalars = Array.from(trimmed);
  if (scalars[scalars.length - 1] === "Z") scalars.pop();
  const matches = (start, mask) => {
    if (scalars.length < start + mask.length) return false;
    return Array.from(mask).every((m, offset) => {
      const scalar = scalars[start + offset];
      if (m === "d") return isDigit(scalar);
      if (m === "T") return scalar === "T" || scalar === " ";
      return scalar === m;
    });
  };
  const number = (start, length) => parseInt(scalars.slice(start, start + length).join(""), 10);
  const length = scalars.length;
  if (!(matches(0, "dddd-dd-dd")
    && (length === 10 || (matches(10, "Tdd:dd") && (length === 16 || (length === 19 && matches(16, ":dd"))))))) {
    return failure("notADate", echo(trimmed));
  }
  const date = new CivilDateTime(number(0, 4), number(5, 2), number(8, 2),
    length > 10 ? number(11, 2) : 0, length > 10 ? number(14, 2) : 0, length === 19 ? number(17, 2) : 0);
  if (!date.isValid) return failure("notADate", echo(trimmed));
  return { ok: true, value: date.unixSeconds };
}

function strippingUnit(text, format) {
  let result = trimSpaces(text);
  const suffixes = { percent: ["%"], degrees: ["°"], currency: ["Kč", "CZK", ",-", ".-"] }[format] ?? [];
  for (const suffix of suffixes) {
    if (result.endsWith(suffix)) result = trimSpaces(result.slice(0, result.length - suffix.length));
  }
  if (format === LabelFormat.currency && result.startsWith("CZK")) result = trimSpaces(result.slice(3));
  return result;
}

/** Parse typed text, then clamp/wrap/snap it onto `axis`. Returns { ok, value } or { ok, error }. */
export function validate(axis, text, format = LabelFormat.number) {
  const trimmed = trimSpaces(text);
  if (trimmed === "") return failure("empty");
  let parsed;
  const scalars = Array.from(trimmed);
  if (format === LabelFormat.duration && trimmed.includes(":")) {
    parsed = parseDuration(trimmed);
  } else if (format === LabelFormat.date && scalars.length >= 5 && scalars[4] === "-") {
    parsed = parseDate(trimmed);
  } else {
    parsed = parseNumber(strippingUnit(trimmed, format));
    if (!parsed.ok && parsed.error.text !== null) {
      // On a date axis (which also takes Unix seconds) words are a date that did not parse.
      const code = parsed.error.code === "notANumber" && format === LabelFormat.date ? "notADate" : parsed.error.code;
      parsed = failure(code, echo(trimmed));
    }
  }
  if (!parsed.ok) return parsed;
  let onAxis;
  try { onAxis = axis.publicValue(parsed.value); } catch { return failure("tooLarge", echo(trimmed)); }
  return { ok: true, value: onAxis };
}
