import PreciseSlider

/// The profile colour picker: a hue × saturation plane (hue wraps round, saturation from
/// 100 % at the top to 0 % at the bottom), each value through the slider's model.
enum AccentField {
    /// Where the plane starts for someone without a colour: the app's own terracotta.
    static let appAccent = (hue: 18.0, saturation: 62.0)

    static func plane(hue: Double?, saturation: Double?) -> PlaneField {
        PlaneField(
            name: "accent",
            x: SliderField(name: "accent-x", axis: try! SliderAxis(min: 0, max: 360, isInfinite: true, numberOfUnits: 12),
                           format: .degrees, value: hue ?? appAccent.hue),
            y: SliderField(name: "accent-y", axis: try! SliderAxis(min: 100, max: 0, numberOfUnits: 10),
                           format: .percent, value: saturation ?? appAccent.saturation, refusesOutOfRange: true),
            content: .hueSaturation, aspect: (3, 2))
    }
}
