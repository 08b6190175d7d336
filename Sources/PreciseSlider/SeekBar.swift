import Foundation

/// The seek bar of a film `duration` s long: a 1D precise slider set up as the precise-slider
/// thesis sets up a time axis.
///
/// - The range is `0…duration`, `SliderConstants.defaultNumberOfUnits` (20) major units
///   across it at scale 1.
/// - `maxScale = duration / 20 · 3`: at the deepest zoom one second is as wide as three
///   major units of scale 1. That is the thesis's rule and stays the floor; with the frame
///   duration known, the bar zooms further if that is what it takes for one frame to be
///   `SliderConstants.seekFramePixels` (12) px wide on a phone's ruler (320 px), so a short
///   film's frames can be picked one by one: `maxScale = max(duration / 20 · 3,
///   12 · duration / (2 · 320 · frameDuration))` (a 16 s film at 25 frames a second: 7.5
///   instead of 2.4).
/// - A major unit is the first round time (`roundUnit`) of at least `duration / 20`, so every
///   label is a round time at every zoom (0:01.040, never 0:01.005): at most 20 of them span
///   the film.
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

    /// The seek bar of a film `duration` s long whose frames last `frameDuration` s (nil,
    /// or a value that is not a positive number of seconds: not known); throws
    /// `.invalidDuration` unless `duration` is a finite number of seconds greater than zero.
    public init(duration: Double, frameDuration: Double? = nil) throws(SliderConfigurationError) {
        guard duration.isFinite, duration > 0 else { throw .invalidDuration }
        let units = SliderConstants.defaultNumberOfUnits
        var maxScale = duration / Double(units) * SliderConstants.seekMajorUnitsPerSecond
        if let frame = frameDuration, frame.isFinite, frame > 0 {
            // ppv = 2W · s / duration; a frame is ppv · frame px wide.
            let framesApart = SliderConstants.seekFramePixels * duration / (2 * SliderConstants.seekPhoneRulerWidth * frame)
            if framesApart.isFinite { maxScale = Swift.max(maxScale, framesApart) }
        }
        self.duration = duration
        axis = try SliderAxis(min: 0, max: duration, numberOfUnits: units,
                              minScale: Swift.min(SliderConstants.defaultMinScale, maxScale), maxScale: maxScale,
                              majorUnit: Self.roundUnit(atLeast: duration / Double(units)))
        defaultScale = Swift.min(1, maxScale)
    }

    /// How its labels read.
    public var format: LabelFormat { .duration }

    /// The shortest round time of at least `seconds`: 1, 2 or 5 times a power of ten below a
    /// second, then 1, 2, 5, 10, 15 and 30 s, 1, 2, 5, 10, 15 and 30 min, then 1, 2 or 5 times
    /// a power of ten hours. Divided by 5 (each zoom step of the ruler) it stays round.
    public static func roundUnit(atLeast seconds: Double) -> Double {
        let clock: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600]
        if seconds > 1, let unit = clock.first(where: { $0 >= seconds }) { return unit }
        let scale = seconds > 1 ? 3600.0 : 1
        var decade = scale * pow(10, (Foundation.log10(seconds / scale)).rounded(.down))
        while true {
            for factor in [1.0, 2, 5] where decade * factor >= seconds * (1 - 1e-12) { return decade * factor }
            decade *= 10
        }
    }
}
