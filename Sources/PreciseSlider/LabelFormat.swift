/// How tick labels (and typed values) read. The caller picks one per axis.
public enum LabelFormat: String, Sendable, CaseIterable {
    /// Plain numbers; decimals follow the label step.
    case number
    /// Seconds shown as `m:ss`, `m:ss.SS` or `m:ss.SSS` as the step needs (with `h:` from an hour up).
    case duration
    /// Unix seconds shown as a UTC year, month, day or time, coarser as the step grows.
    case date
    /// Czech crowns: "1 250 Kč", in English "CZK 1,250".
    case currency
    /// Values in percent units (12.5 reads "12,5 %" / "12.5%").
    case percent
    /// Angles in degrees ("45°").
    case degrees
}

/// The two languages of Fotofolio. Czech comes first.
public enum SliderLanguage: String, Sendable, CaseIterable {
    /// Czech: decimal comma, non-breaking-space grouping.
    case czech = "cs"
    /// English: decimal point, comma grouping.
    case english = "en"

    /// Decimal separator.
    public var decimalSeparator: String { self == .czech ? "," : "." }
    /// Thousands separator; Czech uses a no-break space so a number never splits a line.
    public var groupingSeparator: String { self == .czech ? "\u{00A0}" : "," }
}

/// The minus sign used in labels (U+2212), typographically correct in both languages.
let minusSign = "\u{2212}"
/// A no-break space, between a number and its unit.
let noBreakSpace = "\u{00A0}"

/// Exact powers of ten as doubles: `10^d` by table, not `pow`, so both languages agree.
let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

/// Decimals needed to label ticks `step` apart.
///
/// The base is the specified `max(0, −floor(log10 step))`, found by multiplying by 10
/// rather than with `log10` (whose last bit differs between libraries). Up to two more
/// decimals are added while the step is not a whole number of the last digit, because
/// steps like 0.0016 or 0.25 would otherwise read 0.002 or 0.3 and neighbours would
/// look unevenly spaced.
public func labelDecimals(step: Double) throws(SliderInputError) -> Int {
    try requirePositive(step, "step")
    var decimals = 0
    var scaled = step
    while scaled < 1 - 1e-9, decimals < SliderConstants.maxLabelDecimals {
        scaled *= 10
        decimals += 1
    }
    var extra = 0
    while extra < 2, decimals < SliderConstants.maxLabelDecimals,
          abs(scaled - roundHalfUp(scaled)) > 1e-6 * scaled {
        scaled *= 10
        decimals += 1
        extra += 1
    }
    return decimals
}

/// `value` with `decimals` decimals in `language`, grouping the integer part in threes once
/// it has at least `groupFrom` digits (0: never). Negative values use U+2212.
///
/// Rounds half up on `|value| · 10^d` and prints the integer digit by digit, so the result
/// is the same in every language runtime (printf and `toFixed` round exact ties apart).
public func formatNumber(_ value: Double, decimals: Int, language: SliderLanguage, groupFrom: Int = 5)
    throws(SliderInputError) -> String
{
    try requireFinite(value, "value")
    var digitsAfter = Swift.min(Swift.max(decimals, 0), SliderConstants.maxLabelDecimals)
    var units = roundHalfUp(abs(value) * powersOfTen[digitsAfter])
    while units >= 1e18, digitsAfter > 0 {  // keep the integer within UInt64 and 2^63
        digitsAfter -= 1
        units = roundHalfUp(abs(value) * powersOfTen[digitsAfter])
    }
    guard units < 1e18 else { throw .outOfRange }
    var digits = String(UInt64(units))
    if digits.count <= digitsAfter { digits = String(repeating: "0", count: digitsAfter + 1 - digits.count) + digits }
    let integerPart = String(digits.dropLast(digitsAfter))
    let fraction = String(digits.suffix(digitsAfter))
    let grouped = groupFrom > 0 && integerPart.count >= groupFrom
        ? groupDigits(integerPart, separator: language.groupingSeparator) : integerPart
    let sign = value < 0 && units > 0 ? minusSign : ""
    return sign + grouped + (digitsAfter > 0 ? language.decimalSeparator + fraction : "")
}

/// "1234567" → "1 234 567" (separator between groups of three from the right).
func groupDigits(_ digits: String, separator: String) -> String {
    var groups: [String] = []
    var rest = Substring(digits)
    while rest.count > 3 {
        groups.insert(String(rest.suffix(3)), at: 0)
        rest = rest.dropLast(3)
    }
    groups.insert(String(rest), at: 0)
    return groups.joined(separator: separator)
}

/// The label of a tick at `value` when labelled ticks are `step` apart.
public func formatLabel(_ value: Double, step: Double, format: LabelFormat, language: SliderLanguage)
    throws(SliderInputError) -> String
{
    try requireFinite(value, "value")
    try requirePositive(step, "step")
    switch format {
    case .number:
        return try formatNumber(value, decimals: labelDecimals(step: step), language: language)
    case .percent:
        let number = try formatNumber(value, decimals: labelDecimals(step: step), language: language)
        return language == .czech ? number + noBreakSpace + "%" : number + "%"
    case .degrees:
        return try formatNumber(value, decimals: labelDecimals(step: step), language: language) + "°"
    case .currency:
        // Amounts group from four digits ("1 250 Kč"), unlike plain ruler numbers.
        let number = try formatNumber(value, decimals: labelDecimals(step: step), language: language, groupFrom: 4)
        return language == .czech ? number + noBreakSpace + "Kč" : "CZK" + noBreakSpace + number
    case .duration:
        return try formatDuration(value, step: step, language: language)
    case .date:
        return try formatDate(value, step: step, language: language)
    }
}

/// Seconds as `m:ss`, `m:ss.SS` or `m:ss.SSS`, whichever writes labels `step` apart
/// without losing a digit they need (`labelDecimals`, one decimal written as two, at most
/// three): whole seconds read "1:05", steps of 2.5 s "0:02,50", of 0.24 s "5:12,24", of a
/// third of a second "0:00,333", and a film's frames "0:00,040". From an hour up
/// `h:mm:ss…`, so a long video does not read "75:00". The fraction uses the language's
/// decimal separator.
public func formatDuration(_ seconds: Double, step: Double, language: SliderLanguage) throws(SliderInputError) -> String {
    try requireFinite(seconds, "seconds")
    let needed = try labelDecimals(step: step)
    let decimals = needed == 0 ? 0 : needed <= 2 ? 2 : 3
    let perSecond = powersOfTen[decimals]
    let units = roundHalfUp(abs(seconds) * perSecond)
    guard units < 0x1p53 else { throw .outOfRange }
    let whole = (units / perSecond).rounded(.down)
    let fraction = units - whole * perSecond
    let hours = (whole / 3600).rounded(.down)
    let minutes = ((whole - hours * 3600) / 60).rounded(.down)
    let secs = whole - hours * 3600 - minutes * 60
    var text = hours > 0
        ? "\(Int(hours)):\(padded(Int(minutes), 2)):\(padded(Int(secs), 2))"
        : "\(Int(minutes)):\(padded(Int(secs), 2))"
    if decimals > 0 { text += language.decimalSeparator + padded(Int(fraction), decimals) }
    return (seconds < 0 && units > 0 ? minusSign : "") + text
}

/// `value` as decimal digits, left-padded with zeros to `width`.
func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
