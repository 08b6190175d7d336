/// One slider value as a form field, as the slider partials read it (the x, y and zoom of
/// `partials/precise-plane`; the sliders page's statistics).
struct SliderFieldModel: ViewModel {
    /// The form control's attributes (`SliderField.control`).
    struct Control: ViewModel {
        let type: String
        let inputmode: String?
        let step: String?
        let min: String?
        let max: String?
    }

    let id: String
    let name: String
    let label: String
    /// What the control holds: the value written for it, or the rejected text.
    let text: String
    let readout: String
    /// What assistive technology reads for the control: its label and the read-out ("x: 35 %").
    let valueText: String
    let control: Control
    /// Why the typed text was refused.
    let error: String?
    let value: String
    let scale: String
    let step: String
}
