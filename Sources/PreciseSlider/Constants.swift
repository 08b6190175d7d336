/// Every tuning number of the precise slider in one place, with its unit.
///
/// `Public/js/precise-slider-math.js` repeats these at its top; the shared test vectors
/// (`Tests/Fixtures/precise-slider-vectors.json`) fail if the two drift apart.
public enum SliderConstants {
    // MARK: Axis

    /// Major units across the whole range at scale 1 (unitless).
    public static let defaultNumberOfUnits = 20
    /// Default smallest zoom (unitless); at 0.5 a 1D slider shows the whole range.
    public static let defaultMinScale = 0.5
    /// Default largest zoom (unitless).
    public static let defaultMaxScale = 1000.0
    /// Upper limit of `numberOfUnits`, so a ruler never asks for absurd tick counts.
    public static let maxNumberOfUnits = 1000
    /// Largest accepted magnitude of a bound or a typed value (axis units). Beyond it a
    /// double can no longer tell neighbouring ticks apart and labels lose digits.
    public static let maxMagnitude = 1e15
    /// Smallest accepted `|max − min| / max(|min|, |max|)`: narrower ranges cannot be
    /// resolved by doubles well enough to zoom into.
    public static let minRelativeRange = 1e-9

    // MARK: Ruler

    /// Minor ticks per major tick; also the factor between scale bases.
    public static let ticksPerMajor = 5
    /// Relative slack used when deciding which power of 5 a scale has reached, so that
    /// 125 (or 125 · (1 − 1e-15) after arithmetic) counts as 5³.
    public static let scaleTolerance = 1e-12
    /// Slack, as a fraction of the tick step, when asking whether a tick lies on a bound.
    public static let tickBoundTolerance = 1e-9
    /// `truncScale` above which every tick (not only majors) is labelled, 1D slider.
    public static let labelAllAboveSlider = 3.0
    /// `truncScale` above which every tick is labelled on a 2D plane axis.
    public static let labelAllAbovePlane = 4.0
    /// Most ticks one call may return (a guard against a tiny content in a huge viewport).
    public static let maxVisibleTicks = 10_000
    /// Most decimals any label shows.
    public static let maxLabelDecimals = 15

    // MARK: Gestures and animation (pixels are CSS pixels, times are seconds)

    /// Release velocity is estimated from pointer samples this recent (s).
    public static let velocityWindow = 0.1
    /// A release whose projected travel is at most this far (px) does not glide.
    public static let restingTravel = 20.0
    /// Duration of the ease-out glide on a 1D slider (s).
    public static let easeOutDurationSlider = 0.5
    /// Duration of the ease-out glide on a 2D plane (s).
    public static let easeOutDurationPlane = 1.0
    /// Undamped period of every spring (s): how quickly it pulls back.
    public static let springResponse = 0.5
    /// Damping ratio of the spring that catches a glide at a bound (a small bounce).
    public static let boundSpringDamping = 0.75
    /// Damping ratio of the spring back from an overscroll (critically damped, no bounce).
    public static let overscrollSpringDamping = 1.0
    /// A spring counts as settled once it stays within this many px of its target.
    public static let springSettleDistance = 0.5
    /// Springs are never animated longer than this (s).
    public static let maxSpringDuration = 10.0

    // MARK: Seek bar

    /// At a seek bar's deepest zoom one second is as wide as this many major units of
    /// scale 1 (the precise-slider thesis), so `maxScale = duration / N · 3`.
    public static let seekMajorUnitsPerSecond = 3.0
    /// A seek bar whose frame rate is known zooms at least until one frame is this many px
    /// wide on a phone's ruler (`seekPhoneRulerWidth`): a short film's frames stand apart.
    public static let seekFramePixels = 12.0
    /// px: the narrowest ruler a 375 px phone shows a film's seek bar on (the screen less
    /// the page's margins).
    public static let seekPhoneRulerWidth = 320.0

    // MARK: 2D plane

    /// Axis thickness as a fraction of the plane's shorter side.
    public static let axisThicknessFraction = 0.05
    /// An active axis is this many times thicker (and labelled).
    public static let activeAxisFactor = 2.0
    /// An axis stays active this long after the last gesture on it (s).
    public static let axisActiveDuration = 2.0
    /// At this scale and above an infinite axis shows 3 copies of the content.
    public static let threeTilesMinScale = 0.5
    /// Finger spread along an axis below this (px) counts as this, so a pinch with the
    /// fingers in a vertical line does not divide by zero on the x axis.
    public static let minPinchSpread = 24.0
}
