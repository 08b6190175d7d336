// Typed slider values: `SliderAxis.validate` / `validateWithinBounds` (PreciseSlider) through
// the site's slider fields, and the texts `SliderText` writes back for the form control and
// the read-out. The first input byte picks one of the site's slider fields, the second a
// zoom, the third the language; the rest is the typed text.
//
// Oracles: an accepted value is finite and on the axis (inside the bounds, or inside one
// period of a wrapping axis); the control text, the read-out and the whole field view are
// written without trapping; the control text, sent back unchanged as a browser would,
// is accepted and lands within one precision step of the value. The plain parsers never
// return a value beyond ±1e15. The hourly rate is a whole number of crowns in its range
// that reads back as itself.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Imaging
import PreciseSlider
@testable import FotofolioWeb

/// Every slider field the site shows, with the axis, format and refusal it has there.
private let fields: [SliderField] = {
    var fields = SliderDemoPages.sliders()
    for plane in SliderDemoPages.planes(image: "") + [AccentField.plane(hue: nil, saturation: nil)] {
        fields += [plane.x, plane.y]
    }
    fields.append(HourlyRateField(name: "rate", text: "").field)
    let framing = try! SliderAxis(min: 0, max: 100, numberOfUnits: 10, minScale: 1, maxScale: SquareFraming.maximumZoom)
    fields.append(SliderField(name: "frame-x", axis: framing, format: .percent, value: 50, refusesOutOfRange: true))
    fields.append(SliderField(name: "frame-zoom", axis: try! SliderAxis(min: 1, max: SquareFraming.maximumZoom, numberOfUnits: 11),
                              format: .number, value: 1, refusesOutOfRange: true))
    fields.append(try! SliderField.seekBar(name: "seek", duration: 16, position: 0, framesPerSecond: 25, refusesOutOfRange: true))
    return fields
}()

private let scales = [1, 0.5, 2, 3.7, 5, 25, 125, 250, 1000]

#if !FUZZ_CORPUS_REPLAY
@main
enum SliderTextFuzzMain {
    static func main() { runFuzzer(fuzzSliderTextEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSliderTextEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzSliderText(data, size) }
#endif

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzSliderText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count >= 3 else { return 0 }
    let template = fields[Int(bytes[0]) % fields.count]
    let scale = scales[Int(bytes[1]) % scales.count]
    let language: SliderLanguage = bytes[2] & 1 == 0 ? .czech : .english
    let text = fuzzText(Array(bytes[3...]))

    checkPlainParsers(text)
    checkField(template, scale: scale, language: language, text: text)
    if template.name == "rate" { checkHourlyRate(text, language: language) }
    return 0
}

private func checkPlainParsers(_ text: String) {
    for (name, result) in [("number", parseNumber(text)), ("duration", parseDuration(text))] {
        if case .success(let value) = result {
            require(value.isFinite && value.magnitude <= SliderConstants.maxMagnitude,
                    "parse \(name) of \(visible(text)) gives \(value)")
        }
    }
    if case .success(let value) = parseDate(text) {
        require(value.isFinite, "parse date of \(visible(text)) gives \(value)")
    }
}

private func checkField(_ template: SliderField, scale: Double, language: SliderLanguage, text: String) {
    let axis = template.axis
    func fresh() -> SliderField {
        var field = SliderField(name: template.name, axis: axis, format: template.format, value: axis.min, scale: scale,
                                refusesOutOfRange: template.refusesOutOfRange)
        field.frameStep = template.frameStep
        return field
    }
    var field = fresh()
    field.submit(text, language: language)
    let context = "\(template.name) (\(template.format), scale \(scale), \(language)) given \(visible(text))"
    _ = SliderFrame.slider(field, id: "f", label: "f", hint: "", language: language)
    let control = field.controlText
    guard field.isValid else {
        require(control == String(text.prefix(100)), "\(context): a refused text is shown back as \(visible(control))")
        return
    }
    let value = field.value
    require(value.isFinite, "\(context): accepted as \(value)")
    if axis.isInfinite {
        require(value >= axis.lowerBound && value < axis.upperBound, "\(context): \(value) is outside one period")
    } else {
        require(value >= axis.lowerBound && value <= axis.upperBound, "\(context): \(value) is off the axis")
    }
    _ = field.readout(language)

    var again = fresh()
    again.submit(control, language: language)
    require(again.isValid, "\(context): accepted as \(value), but its control text \(visible(control)) is refused: \(again.rejection?.message ?? "")")
    var distance = (again.value - value).magnitude
    if axis.isInfinite { distance = min(distance, axis.range - distance) }
    let tolerance = field.precision + 1e-9 * max(1, value.magnitude)
    require(distance <= tolerance,
            "\(context): accepted as \(value), written as \(visible(control)), read back as \(again.value) (precision \(field.precision))")
}

private func checkHourlyRate(_ text: String, language: SliderLanguage) {
    var rate = HourlyRateField(name: "rate", text: text)
    rate.submit(language: language)
    guard let value = rate.rate else { return }
    require((0...10_000).contains(value), "the rate \(visible(text)) is accepted as \(value)")
    var again = HourlyRateField(name: "rate", text: String(value))
    again.submit(language: language)
    require(again.rate == value, "the rate \(value) reads back as \(String(describing: again.rate))")
}
