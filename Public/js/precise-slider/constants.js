// The tuning numbers of the precise slider, each with its unit (Swift `SliderConstants`,
// Sources/PreciseSlider/Constants.swift).

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
  seekMajorUnitsPerSecond: 3, // at a seek bar's deepest zoom a second is this many major units of scale 1
  seekFramePixels: 12, // px: and, with its frame rate known, a frame at least this wide on a phone's ruler
  seekPhoneRulerWidth: 320, // px: the narrowest ruler a 375 px phone shows a seek bar on
  axisThicknessFraction: 0.05, // of the plane's shorter side
  activeAxisFactor: 2, // an active axis is this many times thicker, and labelled
  axisActiveDuration: 2, // s an axis stays active after a gesture on it
  threeTilesMinScale: 0.5, // from this scale up an infinite axis shows 3 copies
  minPinchSpread: 24, // px: smaller finger spreads along an axis count as this
});
