import PreciseSlider

/// A creator's hourly rate as a precise slider: 0–10,000 Kč, exact to 1 Kč when zoomed in.
/// The field may stay empty (no price given); a typed rate goes through the slider's model,
/// which refuses text that is not an amount and amounts beyond the range.
struct HourlyRateField {
    /// 16 units of 625 Kč: zooming divides a unit by five each time (125, 25, 5), so at the
    /// deepest zoom (×125–×250) the ticks are single crowns and each arrow key moves one crown.
    static let axis = try! SliderAxis(min: 0, max: 10_000, numberOfUnits: 16, maxScale: 250, snapStep: 1)
    /// Where the ruler starts while no rate is given.
    static let startingRate = 1000.0

    let name: String
    /// As submitted (or stored): empty while no rate is given.
    private(set) var text: String
    private(set) var field: SliderField

    init(name: String, text: String) {
        self.name = name
        self.text = text
        let stored = Double(text.filter { !$0.isWhitespace })
        field = SliderField(name: name, axis: Self.axis, format: .currency, value: stored ?? Self.startingRate,
                            refusesOutOfRange: true)
    }

    /// The field as a form sent it, taken through the model: its `text` is then the accepted
    /// whole crowns, or what was typed, for the domain's form to refuse.
    init(name: String, submitted text: String, language: SliderLanguage) {
        self.init(name: name, text: text)
        submit(language: language)
    }

    /// Takes the text through the model; an accepted rate is kept as whole crowns.
    mutating func submit(language: SliderLanguage) {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        field.submit(text, language: language)
        if field.isValid { text = String(Int(field.value.rounded())) }
    }

    var isValid: Bool { field.isValid }
    var rate: Int? { text.isEmpty || !isValid ? nil : Int(text) }

    /// The slider; while no rate is given its field is empty and the read-out says so.
    func view(label: String, hint: String, notGiven: String, language: SliderLanguage) -> PreciseSliderModel {
        var view = SliderFrame.slider(field, id: name, label: label, hint: hint, optional: true, language: language)
        if text.isEmpty {
            view.text = ""
            view.readout = notGiven
        }
        return view
    }
}
