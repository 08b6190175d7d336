import Foundation
import PreciseSlider

/// The timeline of a long conversation: a precise slider on a time axis from its first
/// message to now, zooming from months to minutes; choosing a moment (`?at=`) opens the
/// messages sent around it. The slider's model counts in UTC, so the axis is shifted by the
/// reader's offset from UTC: its labels and the `datetime-local` field read as the
/// reader's own clock.
struct ChatTimeline {
    static let fieldName = "at"

    private(set) var field: SliderField
    /// The reader's offset from UTC now, in seconds (one offset for the whole axis: across a
    /// daylight-saving change a label is an hour off, the messages found are not).
    let offset: TimeInterval

    /// nil when the conversation is empty.
    init?(span: ClosedRange<Date>?, zone: TimeZone, now: Date = Date()) {
        guard let span else { return nil }
        offset = TimeInterval(zone.secondsFromGMT(for: now))
        let hour: Double = 3600
        let start = (Self.wall(span.lowerBound, offset) / hour).rounded(.down) * hour
        let end = max((Self.wall(max(now, span.upperBound), offset) / hour).rounded(.up) * hour, start + 2 * hour)
        // Down to minutes: ten minutes across the ruler at the deepest zoom.
        guard let axis = try? SliderAxis(min: start, max: end, numberOfUnits: 10,
                                         maxScale: max(SliderConstants.defaultMaxScale, (end - start) / 600))
        else { return nil }
        field = SliderField(name: Self.fieldName, axis: axis, format: .date, value: Self.wall(span.upperBound, offset))
        field.zone = ""
    }

    /// Takes the submitted moment through the model; false when it was not a date.
    mutating func submit(_ text: String?, language: SliderLanguage) -> Bool {
        field.submit(text, language: language)
        return field.isValid
    }

    /// The chosen moment.
    var date: Date { Date(timeIntervalSince1970: field.value - offset) }

    /// The timeline as `partials/precise-slider` reads it, with the hint under it.
    func view(label: String, hint: String, language: SliderLanguage) -> PreciseSliderModel {
        SliderFrame.slider(field, id: "timeline", label: label, hint: hint, language: language)
    }

    private static func wall(_ date: Date, _ offset: TimeInterval) -> Double {
        date.timeIntervalSince1970 + offset
    }
}
