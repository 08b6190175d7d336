// Why a slider could not be built or a value computed (Swift Errors.swift), and the checks
// every entry point makes on its arguments.

const CONFIGURATION_MESSAGES = {
  nonFiniteBound: "The slider's min and max must be finite numbers.",
  boundTooLarge: "The slider's min and max must lie within ±1e15.",
  emptyRange: "The slider's min and max must differ.",
  rangeTooNarrow: "The slider's range is too narrow for its magnitude; shift the values towards 0.",
  invalidNumberOfUnits: "numberOfUnits must be a whole number from 1 to 1000.",
  invalidScaleRange: "minScale and maxScale must be finite, positive, and minScale ≤ maxScale.",
  invalidSnapStep: "The snapping step must be finite, positive and no longer than the range.",
  invalidMajorUnit: "majorUnit must be finite, positive, and fit the range at most 1000 times.",
  invalidViewport: "Viewport and content sizes must be finite and positive (CSS pixels).",
  invalidDuration: "A film's duration must be a finite number of seconds greater than zero.",
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

export function requireFinite(value, name) {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new SliderInputError("notFinite", name);
  return value;
}
export function requirePositive(value, name) {
  requireFinite(value, name);
  if (!(value > 0)) throw new SliderInputError("notPositive", name);
  return value;
}
export function checkedResult(value) {
  if (!Number.isFinite(value)) throw new SliderInputError("outOfRange");
  return value;
}
/** floor(x + 0.5): Math.round and Swift's rounded() differ on negative halves. */
export function roundHalfUp(x) { return Math.floor(x + 0.5); }
