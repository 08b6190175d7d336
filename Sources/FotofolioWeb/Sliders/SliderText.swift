import Foundation
import PreciseSlider

/// How a slider's value is written: for the form control (what a browser's input accepts and
/// the model parses back) and for the read-out a person sees. `Public/js/precise-slider.js`
/// writes the same texts while the ruler moves.
enum SliderText {
    /// The finest step worth writing at `scale`: a tenth of the minor tick step, or the
    /// snapping step when that is coarser. Digits below it are noise from dragging.
    static func precision(of axis: SliderAxis, scale: Double) -> Double {
        let tenth = ((try? axis.minorStep(scale: scale)) ?? axis.range) / 10
        guard let snap = axis.snapStep else { return tenth }
        // Whole snap steps: a value that snaps to crowns is never written with decimals.
        return max(snap, (tenth / snap).rounded(.down) * snap)
    }

    /// The value as the form control holds it: plain digits with a point (`type=number`),
    /// `m:ss` for durations, `YYYY-MM-DDTHH:MM` in UTC for dates (`datetime-local`).
    static func machine(_ value: Double, format: LabelFormat, precision: Double) -> String {
        switch format {
        case .duration:
            return (try? formatDuration(value, step: precision, language: .english)).map(asciiMinus) ?? plain(value, precision)
        case .date:
            guard let date = try? CivilDateTime(unixSeconds: value) else { return plain(value, precision) }
            let time = "\(pad(date.hour)):\(pad(date.minute))" + (precision < 60 ? ":\(pad(date.second))" : "")
            return "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))T\(time)"
        default:
            return plain(value, precision)
        }
    }

    /// The value for people: a label written as finely as `precision`, dates in full and
    /// followed by `zone` (nothing when it is empty: the reader's own time).
    static func readout(_ value: Double, format: LabelFormat, precision: Double, language: SliderLanguage,
                        zone: String = "UTC") -> String {
        if format == .date, let date = try? CivilDateTime(unixSeconds: value) {
            let time = "\(pad(date.hour)):\(pad(date.minute))" + (precision < 60 ? ":\(pad(date.second))" : "")
            let day = language == .czech
                ? "\(date.day). \(date.month). \(date.year)"
                : "\(date.day) \(englishMonths[date.month - 1]) \(date.year),"
            return "\(day) \(time)" + (zone.isEmpty ? "" : " \(zone)")
        }
        return (try? formatLabel(value, step: precision, format: format, language: language)) ?? plain(value, precision)
    }

    /// Digits with a point and no grouping, as many decimals as `precision` needs.
    static func plain(_ value: Double, _ precision: Double) -> String {
        let decimals = min((try? labelDecimals(step: precision)) ?? 6, 12)
        var text = FixedDecimals.text(value, decimals: decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func pad(_ number: Int, _ width: Int = 2) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Labels use the true minus sign; a form control wants the ASCII one.
    private static func asciiMinus(_ text: String) -> String { text.replacingOccurrences(of: "\u{2212}", with: "-") }
}
