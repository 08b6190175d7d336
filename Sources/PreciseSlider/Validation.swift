/// Why a typed value was refused, with a message that says what to type instead.
/// The associated text is what the person typed (trimmed, at most 40 characters).
public enum SliderValueError: Error, Equatable, Sendable {
    /// Nothing was typed.
    case empty
    /// The text is not a number.
    case notANumber(String)
    /// NaN, infinity or "∞" was typed.
    case notFinite(String)
    /// The number is beyond ±1e15 (or overflows a double).
    case tooLarge(String)
    /// The text has colons but is not `m:ss` or `h:mm:ss`.
    case notADuration(String)
    /// The text looks like a date but is not a valid `YYYY-MM-DD[ HH:MM[:SS]]`.
    case notADate(String)
    /// The number lies outside the axis's bounds, where the field refuses rather than clamps
    /// (`SliderAxis.validateWithinBounds`).
    case outOfRange(String, lower: Double, upper: Double)

    /// A stable identifier, shared with the JavaScript module and the test vectors.
    public var code: String {
        switch self {
        case .empty: "empty"
        case .notANumber: "notANumber"
        case .notFinite: "notFinite"
        case .tooLarge: "tooLarge"
        case .notADuration: "notADuration"
        case .notADate: "notADate"
        case .outOfRange: "outOfRange"
        }
    }

    /// The message to show next to the field, in `language`.
    public func message(in language: SliderLanguage) -> String {
        let czech = language == .czech
        switch self {
        case .empty:
            return czech ? "Zadejte číslo, například 12,5." : "Enter a number, for example 12.5."
        case .notANumber(let text):
            return czech ? "„\(text)“ není číslo. Zadejte číslice s desetinnou čárkou, například 12,5."
                : "“\(text)” is not a number. Enter digits with a decimal point, for example 12.5."
        case .notFinite(let text):
            return czech ? "„\(text)“ není konečné číslo. Zadejte běžnou hodnotu, například 12,5."
                : "“\(text)” is not a finite number. Enter an ordinary value, for example 12.5."
        case .tooLarge(let text):
            return czech ? "„\(text)“ je příliš velké číslo. Zadejte nejvýše 15 číslic před desetinnou čárkou, například 12,5."
                : "“\(text)” is too large a number. Enter at most 15 digits before the decimal point, for example 12.5."
        case .notADuration(let text):
            return czech ? "„\(text)“ není čas. Zadejte minuty a sekundy, například 1:30 nebo 1:30,5."
                : "“\(text)” is not a duration. Enter minutes and seconds, for example 1:30 or 1:30.5."
        case .notADate(let text):
            return czech ? "„\(text)“ není datum. Zadejte ho například jako 2024-03-05 nebo 2024-03-05 14:30 (UTC)."
                : "“\(text)” is not a date. Enter it as, for example, 2024-03-05 or 2024-03-05 14:30 (UTC)."
        case .outOfRange(let text, let lower, let upper):
            let from = boundText(lower, czech: czech)
            let to = boundText(upper, czech: czech)
            return czech ? "„\(text)“ je mimo rozsah. Zadejte číslo od \(from) do \(to)."
                : "“\(text)” is out of range. Enter a number from \(from) to \(to)."
        }
    }
}

/// A bound as people write it: no trailing zeros, a decimal comma in Czech.
private func boundText(_ value: Double, czech: Bool) -> String {
    var text = FixedDecimals.text(value, decimals: 4)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return czech ? text.replacingOccurrences(of: ".", with: ",") : text
}

/// Spaces trimmed from typed text and allowed between digit groups ("1 250").
let spaceScalars: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{00A0}", "\u{2007}", "\u{2009}", "\u{202F}"]
/// Accepted minus signs: hyphen-minus, U+2212 and the en dash Czech typesetting uses.
let minusScalars: Set<Unicode.Scalar> = ["-", "\u{2212}", "\u{2013}"]

/// `text` without leading and trailing spaces (including no-break and thin spaces).
func trimSpaces(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    while let first = scalars.first, spaceScalars.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, spaceScalars.contains(last) { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
}

/// The typed text as echoed in messages: at most 40 characters.
func echo(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count > 40 else { return text }
    return String(String.UnicodeScalarView(scalars.prefix(39))) + "…"
}

/// Parses a typed number: optional sign (`-`, `−`, `–`, `+`), digits with optional spaces
/// between digit groups, and at most one decimal separator, `.` or Czech `,`.
/// No exponents, so "1e5" is refused rather than silently meaning 100 000.
public func parseNumber(_ text: String) -> Result<Double, SliderValueError> {
    let trimmed = trimSpaces(text)
    guard !trimmed.isEmpty else { return .failure(.empty) }
    let shown = echo(trimmed)
    var scalars = Array(trimmed.unicodeScalars)
    var negative = false
    if let first = scalars.first, minusScalars.contains(first) || first == "+" {
        negative = minusScalars.contains(first)
        scalars.removeFirst()
    }
    let word = String(String.UnicodeScalarView(scalars)).lowercased()
    if ["nan", "inf", "infinity", "∞"].contains(word) { return .failure(.notFinite(shown)) }
    var whole = ""
    var fraction = ""
    var seenSeparator = false
    for (index, scalar) in scalars.enumerated() {
        if ("0"..."9").contains(scalar) {
            if seenSeparator { fraction.unicodeScalars.append(scalar) } else { whole.unicodeScalars.append(scalar) }
        } else if scalar == "." || scalar == "," {
            guard !seenSeparator else { return .failure(.notANumber(shown)) }
            seenSeparator = true
        } else if spaceScalars.contains(scalar) {
            // A group space needs a digit on both sides, in the integer part only.
            let before = index > 0 && ("0"..."9").contains(scalars[index - 1])
            let after = index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1])
            guard before, after, !seenSeparator else { return .failure(.notANumber(shown)) }
        } else {
            return .failure(.notANumber(shown))
        }
    }
    guard !(whole.isEmpty && fraction.isEmpty) else { return .failure(.notANumber(shown)) }
    let canonical = (negative ? "-" : "") + (whole.isEmpty ? "0" : whole) + (fraction.isEmpty ? "" : "." + fraction)
    guard let value = Double(canonical), value.isFinite, abs(value) <= SliderConstants.maxMagnitude else {
        return .failure(.tooLarge(shown))
    }
    return .success(value + 0)  // "-0" parses as −0; + 0 makes it 0
}

/// Parses `m:ss`, `h:mm:ss` (seconds may carry a fraction after `.` or `,`), with an
/// optional sign, into seconds. Minutes after hours and seconds must be below 60.
public func parseDuration(_ text: String) -> Result<Double, SliderValueError> {
    let trimmed = trimSpaces(text)
    guard !trimmed.isEmpty else { return .failure(.empty) }
    let shown = echo(trimmed)
    var body = Array(trimmed.unicodeScalars)
    var sign = 1.0
    if let first = body.first, minusScalars.contains(first) || first == "+" {
        sign = minusScalars.contains(first) ? -1 : 1
        body.removeFirst()
    }
    let parts = String(String.UnicodeScalarView(body)).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    func digitsOnly(_ part: String) -> Bool { !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    guard parts.count == 2 || parts.count == 3, parts.dropLast().allSatisfy(digitsOnly),
          parts.count == 2 || parts[1].unicodeScalars.count <= 2 else { return .failure(.notADuration(shown)) }
    // Seconds: digits first, then at most a separator and more digits ("05", "05,25").
    let secondsPart = parts[parts.count - 1]
    guard let firstScalar = secondsPart.unicodeScalars.first, ("0"..."9").contains(firstScalar),
          secondsPart.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "," }),
          case .success(let seconds) = parseNumber(secondsPart), seconds < 60,
          let leading = Double(parts[0]), let middle = Double(parts.count == 3 ? parts[1] : "0"), middle < 60
    else { return .failure(.notADuration(shown)) }
    let hours = parts.count == 3 ? leading : 0
    let minutes = parts.count == 3 ? middle : leading
    let total = hours * 3600 + minutes * 60 + seconds
    guard total <= SliderConstants.maxMagnitude else { return .failure(.tooLarge(shown)) }
    return .success(sign * total + 0)
}

/// Parses a UTC date `YYYY-MM-DD`, optionally followed (after `T` or a space) by `HH:MM`
/// or `HH:MM:SS`, optionally ending in `Z`, into Unix seconds.
public func parseDate(_ text: String) -> Result<Double, SliderValueError> {
    let trimmed = trimSpaces(text)
    guard !trimmed.isEmpty else { return .failure(.empty) }
    var scalars = Array(trimmed.unicodeScalars)
    if scalars.last == "Z" { scalars.removeLast() }
    // Digits fields at fixed positions: "2024-03-05", then "T14:30" and ":00".
    let pattern = Array("dddd-dd-dd".unicodeScalars)
    let time = Array("Tdd:dd".unicodeScalars)
    let seconds = Array(":dd".unicodeScalars)
    func matches(_ start: Int, _ mask: [Unicode.Scalar]) -> Bool {
        guard scalars.count >= start + mask.count else { return false }
        return mask.indices.allSatisfy { offset in
            let scalar = scalars[start + offset]
            switch mask[offset] {
            case "d": return ("0"..."9").contains(scalar)
            case "T": return scalar == "T" || scalar == " "
            default: return scalar == mask[offset]
            }
        }
    }
    func number(_ start: Int, _ length: Int) -> Int {
        Int(String(String.UnicodeScalarView(scalars[start..<start + length]))) ?? -1
    }
    let length = scalars.count
    guard matches(0, pattern),
          length == 10 || (matches(10, time) && (length == 16 || (length == 19 && matches(16, seconds))))
    else { return .failure(.notADate(echo(trimmed))) }
    let date = CivilDateTime(
        year: number(0, 4), month: number(5, 2), day: number(8, 2),
        hour: length > 10 ? number(11, 2) : 0, minute: length > 10 ? number(14, 2) : 0,
        second: length == 19 ? number(17, 2) : 0)
    guard date.isValid else { return .failure(.notADate(echo(trimmed))) }
    return .success(date.unixSeconds)
}

/// `text` without a unit the format's labels carry, so a label typed back is accepted.
func strippingUnit(_ text: String, format: LabelFormat) -> String {
    var result = trimSpaces(text)
    let suffixes: [String] = switch format {
    case .percent: ["%"]
    case .degrees: ["°"]
    case .currency: ["Kč", "CZK", ",-", ".-"]
    default: []
    }
    for suffix in suffixes where result.hasSuffix(suffix) {
        result = trimSpaces(String(result.dropLast(suffix.count)))
    }
    if format == .currency, result.hasPrefix("CZK") { result = trimSpaces(String(result.dropFirst(3))) }
    return result
}

extension SliderAxis {
    /// Parses a value typed by a person and brings it onto the axis (clamped or wrapped,
    /// then snapped, like every public value). Accepts "12.5" and Czech "12,5", grouping
    /// spaces, the format's unit ("12,5 %", "1 250 Kč"), `m:ss` for durations and ISO
    /// dates (UTC) for dates. Refuses empty text, NaN, infinity and anything else with an
    /// error whose `message(in:)` tells the person what to type.
    public func validate(_ text: String, format: LabelFormat = .number) -> Result<Double, SliderValueError> {
        let trimmed = trimSpaces(text)
        return parse(trimmed, format: format).flatMap { value in
            guard let onAxis = try? publicValue(value) else { return .failure(.tooLarge(echo(trimmed))) }
            return .success(onAxis)
        }
    }

    /// The number a trimmed text stands for in `format`, before it is brought onto the axis.
    func parse(_ trimmed: String, format: LabelFormat) -> Result<Double, SliderValueError> {
        guard !trimmed.isEmpty else { return .failure(.empty) }
        let scalars = Array(trimmed.unicodeScalars)
        if format == .duration && trimmed.contains(":") {
            return parseDuration(trimmed)
        } else if format == .date && scalars.count >= 5 && scalars[4] == "-" {
            return parseDate(trimmed)
        } else {
            return parseNumber(strippingUnit(trimmed, format: format)).mapError { error in
                // Report the whole typed text, not the part left after the unit; on a date
                // axis (which also takes Unix seconds) words are a date that did not parse.
                switch error {
                case .notANumber: format == .date ? .notADate(echo(trimmed)) : .notANumber(echo(trimmed))
                case .notFinite: .notFinite(echo(trimmed))
                case .tooLarge: .tooLarge(echo(trimmed))
                default: error
                }
            }
        }
    }
}
