/// The seek bar of a film `duration` s long: a 1D precise slider set up as the precise-slider
/// thesis sets up a time axis.
///
/// - The range is `0…duration`, `SliderConstants.defaultNumberOfUnits` (20) major units
///   across it at scale 1.
/// - `maxScale = duration / 20 · 3`: at the deepest zoom one second is as wide as three
///   major units of scale 1, fine enough to pick a single frame.
/// - `minScale` is the rule for every finite axis, `SliderConstants.defaultMinScale` (the
///   whole film in view), but never above `maxScale`: a clip shorter than 3⅓ s cannot zoom.
/// - It starts at `defaultScale = min(1, maxScale)`.
/// - Labels read `m:ss`, `m:ss,SS` or `m:ss,SSS` as their step needs (`formatDuration`), and
///   the ticks at 0 and at `duration` are exact and marked as ends (`Tick.isEnd`).
public struct SeekBar: Sendable, Equatable {
    /// The film's length (s).
    public let duration: Double
    /// The axis `0…duration`.
    public let axis: SliderAxis
    /// The scale the bar starts at.
    public let defaultScale: Double

    /// The seek bar of a film `duration` s long; throws `.invalidDuration` unless it is a
    /// finite number of seconds greater than zero.
    public init(duration: Double) throws(SliderConfigurationError) {
        guard duration.isFinite, duration > 0 else { throw .invalidDuration }
        let units = SliderConstants.defaultNumberOfUnits
        let maxScale = duration / Double(units) * SliderConstants.seekMajorUnitsPerSecond
        self.duration = duration
        axis = try SliderAxis(min: 0, max: duration, numberOfUnits: units,
                              minScale: Swift.min(SliderConstants.defaultMinScale, maxScale), maxScale: maxScale)
        defaultScale = Swift.min(1, maxScale)
    }

    /// How its labels read.
    public var format: LabelFormat { .duration }
}
