/// `partials/precise-slider`: a 1D slider's field, its ruler's first frame and its settings.
struct PreciseSliderModel: ViewModel {
    struct Tick: ViewModel {
        /// Percent of the ruler's width.
        let x: String
        let length: String
        let major: Bool
        /// A bound's tick (`--slider-tick-end`: a film's start and end).
        let end: Bool
        /// Nil where a label would collide with its neighbours on a narrow phone.
        let label: String?

        // Dozens a slider: answered without reflection.
        func child(named name: String) -> Any? {
            switch name {
            case "x": ViewModelLookup.answer(name, x)
            case "length": ViewModelLookup.answer(name, length)
            case "major": ViewModelLookup.answer(name, major)
            case "end": ViewModelLookup.answer(name, end)
            case "label": ViewModelLookup.answer(name, label)
            default: ViewModelLookup.missing(name)
            }
        }
    }

    let id: String
    let name: String
    let label: String
    var text: String
    var readout: String
    let control: SliderFieldModel.Control
    var error: String?
    let value: String
    let scale: String
    let step: String
    /// The widget's settings (JSON).
    let config: String
    let ticks: [Tick]
    let hint: String
    /// The field may stay empty (no value given).
    let optional: Bool

    init(field: SliderFieldModel, config: String, ticks: [Tick], hint: String, optional: Bool) {
        id = field.id
        name = field.name
        label = field.label
        text = field.text
        readout = field.readout
        control = field.control
        error = field.error
        value = field.value
        scale = field.scale
        step = field.step
        self.config = config
        self.ticks = ticks
        self.hint = hint
        self.optional = optional
    }
}
