import Foundation
import PreciseSlider
import Synchronization

/// The first frame of a precise slider, drawn on the server from the model so the page looks
/// right before JavaScript runs and stays readable without it. Positions are percentages of
/// the widget, which hold at any width: a 1D range spans twice the widget's width at scale 1,
/// and a plane's content is the plane less its rulers (`PlaneGeometry.fitting`).
/// `Public/js/precise-slider-view.js` draws the same shapes in pixels once it knows the size.
enum SliderFrame {
    /// Any length works for percentages; this one keeps the arithmetic readable.
    private static let reference = 1000.0
    /// 1D ruler geometry in CSS pixels (the same numbers as the script's `RULER`).
    static let majorTickLength = 22.0
    static let labelBaseline = 42.0

    /// A 1D slider: the field's template values with the ruler's ticks. The same inputs give
    /// the same frame, and most pages show a slider in the same few states (the feed's price
    /// filter untouched), so frames are kept by everything they are made from; a field that
    /// refused its text is drawn anew.
    static func slider(_ field: SliderField, id: String, label: String, hint: String, optional: Bool = false,
                       language: SliderLanguage) -> PreciseSliderModel {
        guard field.rejection == nil else {
            return drawSlider(field, id: id, label: label, hint: hint, optional: optional, language: language)
        }
        let key = FrameKey(name: field.name, axis: field.axis, format: field.format, value: field.value.bitPattern,
                           scale: field.scale.bitPattern, frameStep: field.frameStep?.bitPattern,
                           refusesOutOfRange: field.refusesOutOfRange, zone: field.zone, id: id, label: label, hint: hint,
                           optional: optional, language: language)
        if let kept = keptFrames.withLock({ $0[key] }) { return kept }
        let frame = drawSlider(field, id: id, label: label, hint: hint, optional: optional, language: language)
        keptFrames.withLock { frames in
            // Values typed into a form are many; a full table starts again rather than grow.
            if frames.count >= keptFrameLimit { frames.removeAll(keepingCapacity: true) }
            frames[key] = frame
        }
        return frame
    }

    /// Everything a slider's frame is made from.
    private struct FrameKey: Hashable {
        let name: String
        let axis: SliderAxis
        let format: LabelFormat
        /// Bit patterns: -0 and 0 are equal as numbers but may be written differently.
        let value: UInt64
        let scale: UInt64
        let frameStep: UInt64?
        let refusesOutOfRange: Bool
        let zone: String
        let id: String
        let label: String
        let hint: String
        let optional: Bool
        let language: SliderLanguage
    }

    static let keptFrameLimit = 512
    private static let keptFrames = Mutex<[FrameKey: PreciseSliderModel]>([:])
    static var keptFrameCount: Int { keptFrames.withLock { $0.count } }

    static func drawSlider(_ field: SliderField, id: String, label: String, hint: String, optional: Bool,
                                   language: SliderLanguage) -> PreciseSliderModel {
        let ticks = thinLabels((try? field.axis.visibleTicks(
            value: field.value, scale: field.scale, viewport: .slider(length: reference),
            format: field.format, language: language)) ?? [])
        return PreciseSliderModel(
            field: fieldValues(field, id: id, label: label, language: language), config: field.configuration(language),
            ticks: ticks.map { tick, label in
                // A bound's tick is drawn as a major one: the ruler ends visibly where the range does.
                .init(x: percent(tick.x, of: reference), length: format(tick.heightRatio * majorTickLength),
                      major: tick.isMajor || tick.isEnd, end: tick.isEnd, label: label)
            },
            hint: hint, optional: optional)
    }

    /// What every slider field shows: its control, value, read-out and any error.
    /// `control` replaces the field's own (a plane's axes are range inputs).
    static func fieldValues(_ field: SliderField, id: String, label: String, language: SliderLanguage,
                            control: SliderFieldModel.Control? = nil) -> SliderFieldModel {
        SliderFieldModel(
            id: id, name: field.name, label: label, text: field.controlText, readout: field.readout(language),
            valueText: "\(label): \(field.readout(language))",
            control: control ?? field.control, error: field.rejection?.message,
            value: SliderText.machine(field.value, format: field.format, precision: field.precision),
            scale: SliderText.plain(field.scale, 0.001),
            step: SliderText.plain((try? field.axis.minorStep(scale: field.scale)) ?? 0, field.precision))
    }

    /// The labels to draw: the model labels ticks for the slider's layout, but only the view
    /// knows a label's width. Those that would collide on a narrow phone (`narrowWidth`) are
    /// dropped: minor ones first, then all but every 2nd, 5th, 10th… major one by tick index.
    /// Mirrors `thinLabels` in `Public/js/precise-slider-view.js`, which knows the real width.
    static func thinLabels(_ ticks: [Tick]) -> [(tick: Tick, label: String?)] {
        let labelled = ticks.compactMap { $0.label }
        guard labelled.count >= 2, ticks.count >= 2 else { return ticks.map { ($0, $0.label) } }
        let needed = Double(labelled.map { $0.count }.max() ?? 0) * characterWidth + labelGap
        // Measured between grid ticks: a bound's own tick may sit closer to its neighbour.
        let grid = ticks.filter { !$0.isEnd }
        guard let first = grid.first, let last = grid.last, grid.count >= 2 else { return ticks.map { ($0, $0.label) } }
        let minorSpacing = abs((last.x - first.x) / Double(last.index - first.index)) * narrowWidth / reference
        let labelsMinors = ticks.contains { !$0.isMajor && $0.label != nil }
        if labelsMinors && minorSpacing >= needed { return ticks.map { ($0, $0.label) } }
        let every = [1, 2, 5, 10, 20, 50, 100].first { minorSpacing * 5 * Double($0) >= needed } ?? 100
        return ticks.map { tick in
            let kept = tick.isMajor && ((tick.index / 5) % every + every) % every == 0
            return (tick, kept ? tick.label : nil)
        }
    }

    private static let narrowWidth = 340.0
    private static let characterWidth = 7.0
    private static let labelGap = 8.0

    /// A plane of proportions `aspect` in reference pixels, its content at scale 1 the plane
    /// less its rulers, times `span` per axis.
    static func planeGeometry(aspect: (width: Int, height: Int), span: (x: Double, y: Double)) -> PlaneGeometry? {
        try? PlaneGeometry.fitting(width: reference, height: reference * Double(aspect.height) / Double(aspect.width),
                                   span: PlanePoint(x: span.x, y: span.y))
    }

    /// Ticks of one plane axis (unlabelled: an idle axis is thin), at percent positions.
    static func planeTicks(_ field: SliderField, viewport: AxisViewport?) -> [(at: String, ratio: Double)] {
        guard let viewport, let ticks = try? field.axis.visibleTicks(
            value: field.value, scale: field.scale, viewport: viewport, showLabels: false)
        else { return [] }
        return ticks.map { (percent($0.x, of: viewport.length), $0.heightRatio) }
    }

    /// Where copies of the content start along one plane axis, and how long each is (percent).
    static func tiles(_ field: SliderField, viewport: AxisViewport?) -> (origins: [String], length: String) {
        guard let viewport,
              let origins = try? field.axis.tileOrigins(value: field.value, scale: field.scale, viewport: viewport)
        else { return ([], "100") }
        return (origins.map { percent($0, of: viewport.length) }, format(viewport.span * field.scale / viewport.length * 100))
    }

    /// An offset from the widget's centre in pixels of a widget `length` long, as a percentage of it.
    private static func percent(_ offset: Double, of length: Double) -> String { format(50 + offset / length * 100) }

    static func format(_ number: Double) -> String { FixedDecimals.text(number, decimals: 3) }
}
