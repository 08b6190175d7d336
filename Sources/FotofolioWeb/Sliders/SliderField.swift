import PreciseSlider

/// One precise-slider value as a form field: the model's axis, the value the form holds and,
/// when the reader's text did not validate, that text and why. Every submitted value goes
/// through the model (`SliderAxis.validate`: parsed, then clamped, wrapped or snapped).
struct SliderField {
    let name: String
    let axis: SliderAxis
    let format: LabelFormat
    private(set) var value: Double
    let scale: Double
    /// True: a number beyond the axis is refused with a message instead of clamped.
    let refusesOutOfRange: Bool
    /// The text that failed, kept so the form shows it back, and a message saying why.
    private(set) var rejection: (text: String, message: String)?
    /// What follows a date in the read-out: the model's "UTC", or nothing for an axis that
    /// already counts in the reader's wall-clock time.
    var zone = "UTC"
    /// Seconds per frame on a film's seek bar: `,` and `.` then step one frame.
    var frameStep: Double?

    init(name: String, axis: SliderAxis, format: LabelFormat, value: Double, scale: Double = 1,
         refusesOutOfRange: Bool = false) {
        self.name = name
        self.axis = axis
        self.format = format
        self.refusesOutOfRange = refusesOutOfRange
        self.value = (try? axis.publicValue(value)) ?? axis.min
        self.scale = (try? axis.clampScale(scale)) ?? 1
    }

    /// Takes a submitted text through the model. No text (the field was not sent) keeps the value.
    mutating func submit(_ text: String?, language: SliderLanguage) {
        guard let text else { return }
        let result = refusesOutOfRange ? axis.validateWithinBounds(text, format: format) : axis.validate(text, format: format)
        switch result {
        case .success(let accepted):
            value = accepted
            rejection = nil
        case .failure(let error):
            rejection = (String(text.prefix(100)), error.message(in: language))
        }
    }

    var isValid: Bool { rejection == nil }
    var precision: Double { SliderText.precision(of: axis, scale: scale) }
    /// What the form control holds: the rejected text, or the value written for the control.
    var controlText: String { rejection?.text ?? SliderText.machine(value, format: format, precision: precision) }
    func readout(_ language: SliderLanguage) -> String {
        SliderText.readout(value, format: format, precision: precision, language: language, zone: zone)
    }

    /// The widget's settings, for its `data-` attribute (JSON; Mustache escapes it).
    func configuration(_ language: SliderLanguage) -> String {
        let snap = axis.snapStep.map { "\($0)" } ?? "null"
        let frame = frameStep.map { ",\"frameStep\":\($0)" } ?? ""
        let unit = axis.majorUnit.map { ",\"unit\":\($0)" } ?? ""
        return "{\"min\":\(axis.min),\"max\":\(axis.max),\"infinite\":\(axis.isInfinite),"
            + "\"units\":\(axis.numberOfUnits),\"minScale\":\(axis.minScale),\"maxScale\":\(axis.maxScale),"
            + "\"snap\":\(snap),\"value\":\(value),\"scale\":\(scale),"
            + "\"format\":\"\(format.rawValue)\",\"lang\":\"\(language.rawValue)\",\"zone\":\"\(zone)\"\(frame)\(unit)}"
    }

    /// The form control's attributes: a number input where the browser can check the range,
    /// `datetime-local` for dates, text for durations (`m:ss`), and text for a rejected value,
    /// which a number or date input could not show back.
    var control: SliderFieldModel.Control {
        if rejection != nil {
            return .init(type: "text", inputmode: format == .date ? "text" : "decimal", step: nil, min: nil, max: nil)
        }
        switch format {
        case .date: return .init(type: "datetime-local", inputmode: nil, step: precision < 60 ? "1" : "60", min: nil, max: nil)
        case .duration: return .init(type: "text", inputmode: "decimal", step: nil, min: nil, max: nil)
        default:
            // An infinite axis accepts any number and wraps it, so it gets no bounds.
            return .init(type: "number", inputmode: "decimal", step: "any",
                         min: axis.isInfinite ? nil : SliderText.plain(axis.lowerBound, precision),
                         max: axis.isInfinite ? nil : SliderText.plain(axis.upperBound, precision))
        }
    }

    /// A plane axis's control: a range input from end to end, the keyboard's and assistive
    /// technology's way to move the point and the form field without JavaScript; text for a
    /// rejected value, which a range could not show back.
    var rangeControl: SliderFieldModel.Control {
        if rejection != nil { return control }
        return .init(type: "range", inputmode: nil, step: "any",
                     min: SliderText.plain(axis.lowerBound, precision), max: SliderText.plain(axis.upperBound, precision))
    }
}
