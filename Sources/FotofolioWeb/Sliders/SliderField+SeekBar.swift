import PreciseSlider

extension SliderField {
    /// A film's seek bar as a form field: the model's `SeekBar` (0…duration, zooming until a
    /// second is three major units wide, or a frame 12 px on a phone when `framesPerSecond` is
    /// known, labelled as durations) at its starting scale; with `frameKeys`, `,` and `.` step
    /// one frame.
    static func seekBar(name: String, duration: Double, position: Double, framesPerSecond: Double?,
                        frameKeys: Bool = true, refusesOutOfRange: Bool = false) throws(SliderConfigurationError)
        -> SliderField
    {
        let frame = framesPerSecond.flatMap { $0.isFinite && $0 > 0 ? 1 / $0 : nil }
        let bar = try SeekBar(duration: duration, frameDuration: frame)
        var field = SliderField(name: name, axis: bar.axis, format: bar.format, value: position, scale: bar.defaultScale,
                                refusesOutOfRange: refusesOutOfRange)
        if frameKeys { field.frameStep = frame }
        return field
    }
}
