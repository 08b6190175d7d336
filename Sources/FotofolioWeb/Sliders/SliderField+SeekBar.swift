import PreciseSlider

extension SliderField {
    /// A film's seek bar as a form field: the model's `SeekBar` (0…duration, zooming until a
    /// second is three major units wide, labelled as durations) at its starting scale, with the
    /// frame step that `,` and `.` move by when `framesPerSecond` is known.
    static func seekBar(name: String, duration: Double, position: Double, framesPerSecond: Double?,
                        refusesOutOfRange: Bool = false) throws(SliderConfigurationError) -> SliderField
    {
        let bar = try SeekBar(duration: duration)
        var field = SliderField(name: name, axis: bar.axis, format: bar.format, value: position, scale: bar.defaultScale,
                                refusesOutOfRange: refusesOutOfRange)
        if let rate = framesPerSecond, rate.isFinite, rate > 0 { field.frameStep = 1 / rate }
        return field
    }
}
