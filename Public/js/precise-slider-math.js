// Precise slider maths: the JavaScript twin of the Swift module PreciseSlider
// (Sources/PreciseSlider), one module in precise-slider/ per Swift file. Pure functions and
// value classes, no DOM, no dependencies. Names, argument order and arithmetic order follow
// the Swift code so both produce the same numbers; Tests/JS/precise-slider-math.test.mjs
// replays the shared vectors in Tests/Fixtures/precise-slider-vectors.json to keep it that way.
//
// Units: pixels are CSS pixels, times are seconds, velocities px/s, values axis units.
// Swift's labelled arguments become positional arguments in the same order; Swift's
// `Result` becomes `{ ok: true, value }` or `{ ok: false, error }`; a Swift method that
// overloads a name (`value(at:)`, `value(atScreenOffset:)`) gets a descriptive name here.
//
// This file is the module's public face, as `import PreciseSlider` is in Swift.

export { EaseOutAnimation, SliderAnimation, SpringAnimation, easeOut, springDisplacement, springSettleTime } from "./precise-slider/animation.js";
export { AxisViewport, SliderAxis, SliderKind } from "./precise-slider/axis.js";
export { SliderConstants } from "./precise-slider/constants.js";
export { CivilDateTime, formatDate, monthAbbreviations } from "./precise-slider/date-labels.js";
export { SliderConfigurationError, SliderInputError } from "./precise-slider/errors.js";
export { LabelFormat, SliderLanguage, formatDuration, formatLabel, formatNumber, labelDecimals } from "./precise-slider/label-format.js";
export { estimateVelocity, projectedTravel } from "./precise-slider/momentum.js";
export { PlaneGeometry, isAxisActive, pinchFactors, rectContains } from "./precise-slider/plane-2d.js";
export { Plane } from "./precise-slider/plane-gestures.js";
export { rubberBand, rubberBandInverse } from "./precise-slider/rubber-band.js";
export { SeekBar } from "./precise-slider/seek-bar.js";
export { ScaleDecomposition } from "./precise-slider/ticks.js";
export { SliderValueError, parseDate, parseDuration, parseNumber } from "./precise-slider/validation.js";
export { pinchFactor } from "./precise-slider/zoom.js";
