// Precise slider maths: the JavaScript twin of the Swift module PreciseSlider
// (Sources/PreciseSlider). Pure functions and value classes, no DOM, no dependencies.
// Names, argument order and arithmetic order follow the Swift code so both produce the
// same numbers; Tests/JS/precise-slider-math.test.mjs replays the shared vectors in
// Tests/Fixtures/precise-slider-vectors.json to keep it that way.
//
// Units: pixels are CSS pixels, times are seconds, velocities px/s, values axis units.
// Swift's labelled arguments become positional arguments in the same order; Swift's
// `Result` becomes `{ ok: true, value }` or `{ ok: false, error }`; a Swift method that
// overloads a name (`value(at:)`, `value(atScreenOffset:)`) gets a descriptive name here.

/** Every tuning number, with its unit. Mirrors `SliderConstants` in Swift. */
export const SliderConstants = Object.freeze({
  defaultNumberOfUnits: 20, // major units across the range at scale 1
  defaultMinScale: 0.5, // unitless; at 0.5 a 1D slider shows the whole range
  defaultMaxScale: 1000, // unitless
  maxNumberOfUnits: 1000,
  maxMagnitude: 1e15, // axis units: largest bound or typed value
  minRelativeRange: 1e-9, // |max − min| / max(|min|, |max|) at least this
  ticksPerMajor: 5, // minor ticks per major; also the factor between scale bases
  scaleTolerance: 1e-12, // relative slack when finding the power of 5 of a scale
  tickBoundTolerance: 1e-9, // fraction of a step: a tick this close to a bound is on it
  labelAllAboveSlider: 3, // truncScale above which every tick is labelled (1D)
  labelAllAbovePlane: 4, // the same on a 2D plane axis
  maxVisibleTicks: 10000,
  maxLabelDecimals: 15,
  velocityWindow: 0.1, // s of pointer samples behind a release velocity
  restingTravel: 20, // px: a release projected to travel no further does not glide
  easeOutDurationSlider: 0.5, // s
  easeOutDurationPlane: 1, // s
  springResponse: 0.5, // s: undamped period of every spring
  boundSpringDamping: 0.75, // damping ratio when a glide is caught at a bound
  overscrollSpringDamping: 1, // critically damped spring back from an overscroll
  springSettleDistance: 0.5, // px: a spring within this of its target has settled
  maxSpringDuration: 10, // s
  axisThicknessFraction: 0.05, // of the plane's shorter side
  activeAxisFactor: 2, // an active axis is this many times thicker, and labelled
  axisActiveDuration: 2, // s an axis stays active after a gesture on it
  threeTilesMinScale: 0.5, // from this scale up an infinite axis shows 3 copies
  minPinchSpread: 24, // px: smaller finger spreads along an axis count as this
});

const C = SliderConstants;
const MINUS = "\u2212"; // labels use the true minus sign
const NBSP = "\u00A0";
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** Label formats. */
export const LabelFormat = Object.freeze({
  number: "number", duration: "duration", date: "date", currency: "currency", percent: "percent", degrees: "degrees",
});
/** Languages (Czech first). */
export const SliderLanguage = Object.freeze({ czech: "cs", english: "en" });
/** Widget kinds. */
export const SliderKind = Object.freeze({ slider: "slider", plane: "plane" });

// ---------------------------------------------------------------- errors

const CONFIGURATION_MESSAGES = {
  nonFiniteBound: "The slider's min and max must be finite numbers.",
  boundTooLarge: "The slider's min and max must lie within ±1e15.",
  emptyRange: "The slider's min and max must differ.",
  rangeTooNarrow: "The slider's range is too narrow for its magnitude; shift the values towards 0.",
  invalidNumberOfUnits: "numberOfUnits must be a whole number from 1 to 1000.",
  invalidScaleRange: "minScale and maxScale must be finite, positive, and minScale ≤ maxScale.",
  invalidSnapStep: "The snapping step must be finite, positive and no longer than the range.",
  invalidViewport: "Viewport and content sizes must be finite and positive (CSS pixels).",
};

/** Why an axis, viewport or plane could not be built (`code` as in Swift). */
export class SliderConfigurationError extends Error {
  constructor(code) {
    super(CONFIGURATION_MESSAGES[code]);
    this.name = "SliderConfigurationError";
    this.code = code;
  }
}

/** A refused gesture or query argument: NaN/∞, non-positive, or a non-finite result. */
export class SliderInputError extends RangeError {
  constructor(code, parameter = null) {
    const messages = {
      notFinite: `${parameter} must be a finite number.`,
      notPositive: `${parameter} must be greater than zero.`,
      outOfRange: "The result would not be a finite number.",
      tooManyTicks: "Too many ticks would be visible; the content is too small for the viewport.",
    };
    super(messages[code]);
    this.name = "SliderInputError";
    this.code = code;
    this.parameter = parameter;
  }
}

function requireFinite(value, name) {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new SliderInputError("notFinite", name);
  return value;
}
function requirePositive(value, name) {
  requireFinite(value, name);
  if (!(value > 0)) throw new SliderInputError("notPositive", name);
  return value;
}
function checkedResult(value) {
  if (!Number.isFinite(value)) throw new SliderInputError("outOfRange");
  return value;
}
/** floor(x + 0.5): Math.round and Swift's rounded() differ on negative halves. */
function roundHalfUp(x) { return Math.floor(x + 0.5); }

// ---------------------------------------------------------------- axis

/** The pixels an axis is drawn into (Swift `AxisViewport`). */
export class AxisViewport {
  constructor(kind, length, span) {
    this.kind = kind;
    this.length = length;
    this.span = span;
    Object.freeze(this);
  }
  /** A 1D slider `length` px wide; the range spans 2·length at scale 1. */
  static slider(length) {
    if (!(Number.isFinite(length) && length > 0)) throw new SliderConfigurationError("invalidViewport");
    return new AxisViewport(SliderKind.slider, length, 2 * length);
  }
  /** A plane axis `length` px long; the range spans `content` px at scale 1. */
  static plane(length, content) {
    if (!(Number.isFinite(length) && length > 0 && Number.isFinite(content) && content > 0)) {
      throw new SliderConfigurationError("invalidViewport");
    }
    return new AxisViewport(SliderKind.plane, length, content);
  }
  /** Glide length (s). */
  get easeOutDuration() { return this.kind === SliderKind.slider ? C.easeOutDurationSlider : C.easeOutDurationPlane; }
  /** truncScale above which minor ticks are labelled too. */
  get labelAllAbove() { return this.kind === SliderKind.slider ? C.labelAllAboveSlider : C.labelAllAbovePlane; }
}

/**
 * One validated axis (Swift `SliderAxis`). `min` is drawn left (top), `max` right (bottom);
 * with min > max values decrease left→right and `direction` is −1.
 */
export class SliderAxis {
  constructor({
    min, max, isInfinite = false, numberOfUnits = C.defaultNumberOfUnits,
    minScale = C.defaultMinScale, maxScale = C.defaultMaxScale, snapStep = null,
  }) {
    if (!Number.isFinite(min) || !Number.isFinite(max)) throw new SliderConfigurationError("nonFiniteBound");
    const magnitude = Math.max(Math.abs(min), Math.abs(max));
    if (magnitude > C.maxMagnitude) throw new SliderConfigurationError("boundTooLarge");
    if (min === max) throw new SliderConfigurationError("emptyRange");
    const range = Math.abs(max - min);
    if (!(range >= 2.2250738585072014e-308 && range >= magnitude * C.minRelativeRange)) {
      throw new SliderConfigurationError("rangeTooNarrow");
    }
    if (!Number.isInteger(numberOfUnits) || numberOfUnits < 1 || numberOfUnits > C.maxNumberOfUnits) {
      throw new SliderConfigurationError("invalidNumberOfUnits");
    }
    if (!(Number.isFinite(minScale) && Number.isFinite(maxScale) && minScale > 0 && minScale <= maxScale)) {
      throw new SliderConfigurationError("invalidScaleRange");
    }
    if (snapStep !== null && snapStep !== undefined) {
      if (!(Number.isFinite(snapStep) && snapStep > 0 && snapStep <= range)) {
        throw new SliderConfigurationError("invalidSnapStep");
      }
    }
    Object.assign(this, { min, max, isInfinite, numberOfUnits, minScale, maxScale, snapStep: snapStep ?? null });
    Object.freeze(this);
  }

  /** R = |max − min|, also the period of an infinite axis. */
  get range() { return Math.abs(this.max - this.min); }
  /** +1 when values grow left→right, −1 for a reversed range. */
  get direction() { return this.max > this.min ? 1 : -1; }
  get lowerBound() { return Math.min(this.min, this.max); }
  get upperBound() { return Math.max(this.min, this.max); }

  /** Past a bound of a finite axis (an overscroll). */
  isOutOfBounds(value) { return !this.isInfinite && (value < this.lowerBound || value > this.upperBound); }

  /** Limited to [lowerBound, upperBound]. */
  clamp(value) {
    requireFinite(value, "value");
    return Math.min(Math.max(value, this.lowerBound), this.upperBound);
  }

  /** Into one period, max joining min; exact remainder, so 3610° → 10°. */
  wrap(value) {
    requireFinite(value, "value");
    const offset = (value - this.min) * this.direction;
    let remainder = offset % this.range;
    if (remainder < 0) remainder += this.range;
    if (remainder >= this.range) remainder = 0;
    return this.min + this.direction * remainder;
  }

  /** Nearest min + n·snapStep; within the range on a finite axis; not wrapped. */
  snap(value) {
    requireFinite(value, "value");
    const step = this.snapStep;
    if (step === null) return value;
    let count = roundHalfUp((value - this.min) * this.direction / step);
    if (!this.isInfinite) {
      const last = Math.floor(this.range / step + C.tickBoundTolerance);
      count = Math.min(Math.max(count, 0), last);
    }
    return checkedResult(this.min + this.direction * count * step);
  }

  /** What the outside world sees: clamped (finite) or wrapped (infinite), then snapped. */
  publicValue(value) {
    if (this.isInfinite) return this.wrap(this.snap(this.wrap(value)));
    return this.snap(this.clamp(value));
  }

  /** Where a release comes to rest; unwrapped on an infinite axis so glides never jump. */
  restingValue(value) { return this.isInfinite ? this.snap(value) : this.publicValue(value); }

  /** Limited to [minScale, maxScale]. */
  clampScale(scale) {
    requirePositive(scale, "scale");
    return Math.min(Math.max(scale, this.minScale), this.maxScale);
  }

  /** ppv = span · s / R (positive). */
  pixelsPerValue(scale, viewport) {
    requirePositive(scale, "scale");
    const ppv = viewport.span * scale / this.range;
    if (!(Number.isFinite(ppv) && ppv > 0)) throw new SliderInputError("outOfRange");
    return ppv;
  }

  /** (u − v) · direction · ppv: px from the pointer line, positive right (down). */
  screenOffset(target, value, scale, viewport) {
    requireFinite(target, "target");
    requireFinite(value, "value");
    const ppv = this.pixelsPerValue(scale, viewport);
    return checkedResult((target - value) * this.direction * ppv);
  }

  /** Swift `value(atScreenOffset:value:scale:viewport:)`. */
  valueAtScreenOffset(offset, value, scale, viewport) {
    requireFinite(offset, "offset");
    requireFinite(value, "value");
    const ppv = this.pixelsPerValue(scale, viewport);
    return checkedResult(value + this.direction * offset / ppv);
  }

  // ---- ticks

  /** R / (5N · scaleBase). */
  minorStep(scale) {
    const base = new ScaleDecomposition(scale).scaleBase;
    return checkedResult(this.range / ((C.ticksPerMajor * this.numberOfUnits) * base));
  }

  /** Visible ticks, stateless: k from ceil((v − W/2ppv)/step) to floor((v + W/2ppv)/step). */
  visibleTicks(value, scale, viewport, format = LabelFormat.number, language = SliderLanguage.czech, showLabels = true) {
    requireFinite(value, "value");
    const ppv = this.pixelsPerValue(scale, viewport);
    const decomposition = new ScaleDecomposition(scale);
    const step = this.minorStep(scale);
    const halfWidth = viewport.length / (2 * ppv);
    const first = Math.ceil((value - halfWidth) / step);
    const last = Math.floor((value + halfWidth) / step);
    if (!Number.isFinite(first) || !Number.isFinite(last) || Math.abs(first) > 2 ** 53 || Math.abs(last) > 2 ** 53) {
      throw new SliderInputError("outOfRange");
    }
    if (!(last - first < C.maxVisibleTicks)) throw new SliderInputError("tooManyTicks");
    if (first > last) return [];
    const labelAll = decomposition.truncScale > viewport.labelAllAbove;
    const labelStep = labelAll ? step : step * C.ticksPerMajor;
    const slack = step * C.tickBoundTolerance;
    const ticks = [];
    for (let k = first; k <= last; k += 1) {
      const tickValue = k * step + 0;
      if (!this.isInfinite && (tickValue < this.lowerBound - slack || tickValue > this.upperBound + slack)) continue;
      const shown = this.isInfinite ? this.#wrappedTickValue(tickValue, slack) : tickValue;
      const isMajor = k % C.ticksPerMajor === 0;
      const label = showLabels && (isMajor || labelAll) ? formatLabel(shown, labelStep, format, language) : null;
      ticks.push({
        index: k + 0, value: tickValue, displayValue: shown,
        x: (tickValue - value) * this.direction * ppv,
        heightRatio: isMajor ? 1 : decomposition.minorTickHeight,
        isMajor, label,
      });
    }
    return ticks;
  }

  #wrappedTickValue(value, slack) {
    const wrapped = this.wrap(value);
    return (wrapped - this.min) * this.direction > this.range - slack ? this.min : wrapped;
  }

  // ---- rubber band and drag

  /** px shown past a bound: positive past the upper, negative past the lower, else 0. */
  overscroll(value, scale, viewport) {
    requireFinite(value, "value");
    const ppv = this.pixelsPerValue(scale, viewport);
    if (this.isInfinite) return 0;
    if (value > this.upperBound) return checkedResult((value - this.upperBound) * ppv);
    if (value < this.lowerBound) return checkedResult((value - this.lowerBound) * ppv);
    return 0;
  }

  /** v = v0 − direction·dx/ppv with the rubber band past a bound (drag from `start`). */
  dragValue(start, dx, scale, viewport) {
    requireFinite(start, "start");
    requireFinite(dx, "dx");
    const ppv = this.pixelsPerValue(scale, viewport);
    if (this.isInfinite) return checkedResult(start - this.direction * dx / ppv);
    const shownPast = this.overscroll(start, scale, viewport);
    const bound = shownPast > 0 ? this.upperBound : this.lowerBound;
    const fingerStart = shownPast === 0 ? start : bound + rubberBandInverse(shownPast) / ppv;
    const raw = checkedResult(fingerStart - this.direction * dx / ppv);
    if (raw > this.upperBound) return this.upperBound + rubberBand((raw - this.upperBound) * ppv) / ppv;
    if (raw < this.lowerBound) return this.lowerBound + rubberBand((raw - this.lowerBound) * ppv) / ppv;
    return raw;
  }

  // ---- release

  /** The animation after a release (see the Swift documentation for the four regimes). */
  releaseAnimation(value, velocity, scale, viewport) {
    requireFinite(value, "value");
    requireFinite(velocity, "velocity");
    const ppv = this.pixelsPerValue(scale, viewport);
    const tolerance = C.springSettleDistance / ppv;
    if (this.isOutOfBounds(value)) {
      return makeSpring(value, this.publicValue(value), 0, C.overscrollSpringDamping, tolerance);
    }
    const travel = projectedTravel(velocity, viewport.easeOutDuration);
    const projected = checkedResult(value - this.direction * travel / ppv);
    if (this.isOutOfBounds(projected)) {
      const valueVelocity = -this.direction * velocity / ppv;
      return makeSpring(value, this.publicValue(projected), valueVelocity, C.boundSpringDamping, tolerance);
    }
    const target = Math.abs(travel) <= C.restingTravel ? this.restingValue(value) : this.restingValue(projected);
    if (target === value) return SliderAnimation.none;
    return new EaseOutAnimation(value, target, viewport.easeOutDuration);
  }

  // ---- zoom

  /** s = clamp(s0·factor); the value `anchor` px from the pointer ends `currentAnchor` px from it. */
  zoom(start, factor, anchor, currentAnchor = null, viewport) {
    requireFinite(start.value, "value");
    requirePositive(factor, "factor");
    requireFinite(anchor, "anchor");
    const anchorNow = requireFinite(currentAnchor ?? anchor, "currentAnchor");
    const startPPV = this.pixelsPerValue(start.scale, viewport);
    const scale = this.clampScale(checkedResult(start.scale * factor));
    const ppv = this.pixelsPerValue(scale, viewport);
    const anchored = checkedResult(start.value + this.direction * anchor / startPPV);
    return { value: checkedResult(anchored - this.direction * anchorNow / ppv), scale };
  }

  // ---- tiles (2D)

  /** Copies of the content: 1 (finite), 3, or below scale 0.5 ceil(1/s + 2) made odd. */
  tileCount(scale) {
    requirePositive(scale, "scale");
    if (!this.isInfinite) return 1;
    if (scale >= C.threeTilesMinScale) return 3;
    const count = Math.ceil(1 / scale + 2);
    if (!(count <= C.maxVisibleTicks)) throw new SliderInputError("outOfRange");
    return count % 2 === 0 ? count + 1 : count;
  }

  /** Screen offsets of each copy's min edge, the middle copy holding `value`. */
  tileOrigins(value, scale, viewport) {
    requireFinite(value, "value");
    const count = this.tileCount(scale);
    if (!this.isInfinite) return [this.screenOffset(this.min, value, scale, viewport)];
    const period = Math.floor((value - this.min) * this.direction / this.range);
    const half = (count - 1) / 2;
    const origins = [];
    for (let copy = -half; copy <= half; copy += 1) {
      const edge = this.min + this.direction * (period + copy) * this.range;
      origins.push(this.screenOffset(edge, value, scale, viewport));
    }
    return origins;
  }

  // ---- typed values

  /** Parse typed text, then clamp/wrap/snap it. Returns { ok, value } or { ok, error }. */
  validate(text, format = LabelFormat.number) {
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
    try { onAxis = this.publicValue(parsed.value); } catch { return failure("tooLarge", echo(trimmed)); }
    return { ok: true, value: onAxis };
  }
}

/** s = scaleBase · truncScale, found by ×5 / ÷5 and comparison (no log). */
export class ScaleDecomposition {
  constructor(scale) {
    requirePositive(scale, "scale");
    const reach = scale * (1 + C.scaleTolerance);
    let base = 1;
    if (scale >= 1) {
      while (base * 5 <= reach) base *= 5;
    } else {
      while (base > reach) base /= 5;
    }
    this.scaleBase = base;
    this.truncScale = Math.max(1, scale / base);
    Object.freeze(this);
  }
  /** min(1, (truncScale − 1) / 3). */
  get minorTickHeight() { return Math.min(1, (this.truncScale - 1) / 3); }
}

// ---------------------------------------------------------------- labels

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

function padded(value, width) { return String(value).padStart(width, "0"); }

/** m:ss (step ≥ 1 s), m:ss.SS (≥ 0.01 s), m:ss.SSS; h:mm:ss… from an hour. */
export function formatDuration(seconds, step, language) {
  requireFinite(seconds, "seconds");
  requirePositive(step, "step");
  const decimals = step >= 1 - 1e-9 ? 0 : step >= 0.01 - 1e-12 ? 2 : 3;
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

// ---------------------------------------------------------------- rubber band

/** f(x) = √(|x| + ¼) − ½ px shown for x px of finger past a bound (sign kept). */
export function rubberBand(x) {
  requireFinite(x, "x");
  const shown = Math.sqrt(Math.abs(x) + 0.25) - 0.5;
  return x < 0 ? -shown : shown;
}

/** f⁻¹(y) = y² + y (sign kept). */
export function rubberBandInverse(y) {
  requireFinite(y, "y");
  const magnitude = Math.abs(y);
  return checkedResult(y < 0 ? -(magnitude * magnitude + magnitude) : magnitude * magnitude + magnitude);
}

// ---------------------------------------------------------------- animation

/** 1 − (1 − p)³ for p clamped to [0, 1]. */
export function easeOut(progress) {
  requireFinite(progress, "progress");
  const rest = 1 - Math.min(Math.max(progress, 0), 1);
  return 1 - rest * rest * rest;
}

/** Displacement of a damped spring (ω = 2π/response, ζ = dampingRatio) after `time` s. */
export function springDisplacement(initial, velocity, dampingRatio, response, time) {
  requireFinite(initial, "initial");
  requireFinite(velocity, "velocity");
  requirePositive(dampingRatio, "dampingRatio");
  requirePositive(response, "response");
  requireFinite(time, "time");
  const t = Math.max(time, 0);
  const omega = 2 * Math.PI / response;
  const zeta = dampingRatio;
  if (zeta < 1) {
    const damped = omega * Math.sqrt(1 - zeta * zeta);
    const b = (velocity + zeta * omega * initial) / damped;
    return checkedResult(Math.exp(-zeta * omega * t) * (initial * Math.cos(damped * t) + b * Math.sin(damped * t)));
  }
  if (zeta === 1) return checkedResult(Math.exp(-omega * t) * (initial + (velocity + omega * initial) * t));
  const spread = omega * Math.sqrt(zeta * zeta - 1);
  const slow = -zeta * omega + spread;
  const fast = -zeta * omega - spread;
  const fastPart = (velocity - slow * initial) / (fast - slow);
  return checkedResult((initial - fastPart) * Math.exp(slow * t) + fastPart * Math.exp(fast * t));
}

/** Seconds until the spring stays within `tolerance` of its target (bisection on an envelope). */
export function springSettleTime(initial, velocity, dampingRatio, response, tolerance) {
  requireFinite(initial, "initial");
  requireFinite(velocity, "velocity");
  requirePositive(dampingRatio, "dampingRatio");
  requirePositive(response, "response");
  requirePositive(tolerance, "tolerance");
  const omega = 2 * Math.PI / response;
  const zeta = dampingRatio;
  const x0 = Math.abs(initial);
  let envelope;
  let peak = 0;
  if (zeta < 1) {
    const damped = omega * Math.sqrt(1 - zeta * zeta);
    const b = (velocity + zeta * omega * initial) / damped;
    const amplitude = Math.sqrt(initial * initial + b * b);
    envelope = (t) => amplitude * Math.exp(-zeta * omega * t);
  } else if (zeta === 1) {
    const b = Math.abs(velocity + omega * initial);
    envelope = (t) => (x0 + b * t) * Math.exp(-omega * t);
    if (b > 0) peak = Math.max(0, 1 / omega - x0 / b);
  } else {
    const spread = omega * Math.sqrt(zeta * zeta - 1);
    const slow = -zeta * omega + spread;
    const fast = -zeta * omega - spread;
    const fastPart = (velocity - slow * initial) / (fast - slow);
    const sum = Math.abs(initial - fastPart) + Math.abs(fastPart);
    envelope = (t) => sum * Math.exp(slow * t);
  }
  if (envelope(peak) <= tolerance) return 0;
  let low = peak;
  let high = C.maxSpringDuration;
  if (envelope(high) > tolerance) return high;
  for (let i = 0; i < 60; i += 1) {
    const middle = (low + high) / 2;
    if (envelope(middle) > tolerance) low = middle; else high = middle;
  }
  return high;
}

/** An ease-out glide (Swift `EaseOutAnimation`; `valueAt` is Swift `value(at:)`). */
export class EaseOutAnimation {
  constructor(from, to, duration) {
    Object.assign(this, { kind: "easeOut", from, to, duration });
    Object.freeze(this);
  }
  valueAt(time) {
    requireFinite(time, "time");
    if (time >= this.duration) return this.to;
    return this.from + (this.to - this.from) * easeOut(time / this.duration);
  }
}

/** A damped spring (Swift `SpringAnimation`). */
export class SpringAnimation {
  constructor(from, to, initialVelocity, dampingRatio, response, duration) {
    Object.assign(this, { kind: "spring", from, to, initialVelocity, dampingRatio, response, duration });
    Object.freeze(this);
  }
  valueAt(time) {
    requireFinite(time, "time");
    if (time >= this.duration) return this.to;
    return this.to + springDisplacement(this.from - this.to, this.initialVelocity, this.dampingRatio, this.response, time);
  }
}

/** Swift `SliderAnimation`: `none`, or an EaseOutAnimation / SpringAnimation (`kind` tells). */
export const SliderAnimation = Object.freeze({
  none: Object.freeze({ kind: "none", duration: 0, valueAt: () => null }),
});

function makeSpring(from, to, velocity, damping, tolerance) {
  const duration = springSettleTime(from - to, velocity, damping, C.springResponse, tolerance);
  return new SpringAnimation(from, to, velocity, damping, C.springResponse, duration);
}

// ---------------------------------------------------------------- momentum

/** Least-squares velocity (px/s) over samples {time, position} of the last `window` s. */
export function estimateVelocity(samples, window = C.velocityWindow) {
  requirePositive(window, "window");
  for (const sample of samples) {
    requireFinite(sample.time, "time");
    requireFinite(sample.position, "position");
  }
  if (samples.length === 0) return 0;
  const newest = samples[samples.length - 1];
  const recent = samples.map((s) => ({ t: s.time - newest.time, x: s.position })).filter((s) => s.t >= -window && s.t <= 0);
  if (recent.length < 2) return 0;
  let sumT = 0;
  let sumX = 0;
  for (const s of recent) {
    sumT += s.t;
    sumX += s.x;
  }
  const meanT = sumT / recent.length;
  const meanX = sumX / recent.length;
  let covariance = 0;
  let variance = 0;
  for (const s of recent) {
    covariance += (s.t - meanT) * (s.x - meanX);
    variance += (s.t - meanT) * (s.t - meanT);
  }
  if (!(variance > 0)) return 0;
  return checkedResult(covariance / variance);
}

/** velocity · duration / 3: the glide then leaves at exactly the finger's speed. */
export function projectedTravel(velocity, duration) {
  requireFinite(velocity, "velocity");
  requirePositive(duration, "duration");
  return checkedResult(velocity * duration / 3);
}

// ---------------------------------------------------------------- 2D plane

/** Widget and content pixels of the plane (Swift `PlaneGeometry`); rulers overlay the edges. */
export class PlaneGeometry {
  constructor(width, height, contentWidth, contentHeight) {
    for (const size of [width, height, contentWidth, contentHeight]) {
      if (!(Number.isFinite(size) && size > 0)) throw new SliderConfigurationError("invalidViewport");
    }
    Object.assign(this, { width, height, contentWidth, contentHeight });
    Object.freeze(this);
  }
  get crosshair() { return { x: this.width / 2, y: this.height / 2 }; }
  get axisThickness() { return Math.min(this.width, this.height) * C.axisThicknessFraction; }
  thickness(active) { return active ? this.axisThickness * C.activeAxisFactor : this.axisThickness; }
  xAxisFrame(xActive, yActive) {
    const bottom = this.thickness(xActive);
    return { x: 0, y: this.height - bottom, width: this.width - this.thickness(yActive), height: bottom };
  }
  yAxisFrame(xActive, yActive) {
    const right = this.thickness(yActive);
    return { x: this.width - right, y: 0, width: right, height: this.height - this.thickness(xActive) };
  }
  /** "content", "xAxis", "yAxis", "corner" or "outside" (also for a non-finite point). */
  region(point, xActive, yActive) {
    if (!(Number.isFinite(point.x) && Number.isFinite(point.y) && point.x >= 0 && point.x < this.width
      && point.y >= 0 && point.y < this.height)) return "outside";
    if (rectContains(this.xAxisFrame(xActive, yActive), point)) return "xAxis";
    if (rectContains(this.yAxisFrame(xActive, yActive), point)) return "yAxis";
    const pastX = point.x >= this.width - this.thickness(yActive);
    const pastY = point.y >= this.height - this.thickness(xActive);
    return pastX && pastY ? "corner" : "content";
  }
  get xViewport() { return new AxisViewport(SliderKind.plane, this.width, this.contentWidth); }
  get yViewport() { return new AxisViewport(SliderKind.plane, this.height, this.contentHeight); }
}

/** Swift `PlaneRect.contains`: left/top edges inside, right/bottom outside. */
export function rectContains(rect, point) {
  return point.x >= rect.x && point.x < rect.x + rect.width && point.y >= rect.y && point.y < rect.y + rect.height;
}

/** Less than 2 s since the last gesture on the axis. */
export function isAxisActive(lastGestureTime, now) {
  if (lastGestureTime === null || lastGestureTime === undefined) return false;
  if (!Number.isFinite(lastGestureTime) || !Number.isFinite(now)) return false;
  return now >= lastGestureTime && now - lastGestureTime < C.axisActiveDuration;
}

/** Midpoint of a touch pair {first, second}. */
export function touchMidpoint(pair) {
  return { x: (pair.first.x + pair.second.x) / 2, y: (pair.first.y + pair.second.y) / 2 };
}

/** Per-axis pinch factors |Δx|/|Δx0| and |Δy|/|Δy0|, spreads at least minPinchSpread. */
export function pinchFactors(start, current) {
  for (const point of [start.first, start.second, current.first, current.second]) {
    requireFinite(point.x, "x");
    requireFinite(point.y, "y");
  }
  const spread = (a, b) => Math.max(Math.abs(a - b), C.minPinchSpread);
  return {
    x: spread(current.first.x, current.second.x) / spread(start.first.x, start.second.x),
    y: spread(current.first.y, current.second.y) / spread(start.first.y, start.second.y),
  };
}

/** The 2D slider (Swift `Plane`); positions are { x: {value, scale}, y: {value, scale} }. */
export class Plane {
  constructor(x, y, geometry) {
    Object.assign(this, { x, y, geometry });
    Object.freeze(this);
  }
  axis(id) { return id === "x" ? this.x : this.y; }
  viewport(id) { return id === "x" ? this.geometry.xViewport : this.geometry.yViewport; }

  dragContent(start, translation) {
    return {
      x: { ...start.x, value: this.x.dragValue(start.x.value, translation.x, start.x.scale, this.geometry.xViewport) },
      y: { ...start.y, value: this.y.dragValue(start.y.value, translation.y, start.y.scale, this.geometry.yViewport) },
    };
  }

  pinchContent(start, startTouches, currentTouches) {
    const factors = pinchFactors(startTouches, currentTouches);
    const centre = this.geometry.crosshair;
    const before = touchMidpoint(startTouches);
    const now = touchMidpoint(currentTouches);
    return {
      x: this.x.zoom(start.x, factors.x, before.x - centre.x, now.x - centre.x, this.geometry.xViewport),
      y: this.y.zoom(start.y, factors.y, before.y - centre.y, now.y - centre.y, this.geometry.yViewport),
    };
  }

  dragAxis(id, start, distance) {
    const current = start[id];
    const value = this.axis(id).dragValue(current.value, distance, current.scale, this.viewport(id));
    return { ...start, [id]: { ...current, value } };
  }

  zoomAxis(id, start, factor, anchor) {
    const zoomed = this.axis(id).zoom(start[id], factor, anchor, null, this.viewport(id));
    return { ...start, [id]: zoomed };
  }

  releaseAnimations(position, velocity) {
    return {
      x: this.x.releaseAnimation(position.x.value, velocity.x, position.x.scale, this.geometry.xViewport),
      y: this.y.releaseAnimation(position.y.value, velocity.y, position.y.scale, this.geometry.yViewport),
    };
  }
}

// ---------------------------------------------------------------- typed values

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
