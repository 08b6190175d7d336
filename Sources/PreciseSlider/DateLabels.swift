/// A UTC calendar date and time of day, from or to Unix seconds.
///
/// The conversion is Howard Hinnant's `civil_from_days` / `days_from_civil` in plain
/// integer arithmetic: no time zone, no calendar object, and the same digits in the
/// JavaScript module. The model works in UTC; a widget may shift values for display.
public struct CivilDateTime: Sendable, Equatable {
    /// Proleptic Gregorian year (astronomical: year 0 exists).
    public let year: Int
    /// 1...12.
    public let month: Int
    /// 1...31.
    public let day: Int
    /// 0...23.
    public let hour: Int
    /// 0...59.
    public let minute: Int
    /// 0...59.
    public let second: Int

    /// The date and time of a field-by-field value (not checked; see `isValid`).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The UTC date and time of `unixSeconds`, rounded to the nearest whole second.
    public init(unixSeconds: Double) throws(SliderInputError) {
        try requireFinite(unixSeconds, "unixSeconds")
        guard abs(unixSeconds) <= SliderConstants.maxMagnitude else { throw .outOfRange }
        let total = Int(roundHalfUp(unixSeconds))
        let days = floorDivide(total, 86_400)
        let secondOfDay = total - days * 86_400
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // March = 0
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(
            year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
            day: dayOfYear - (153 * monthIndex + 2) / 5 + 1,
            hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60, second: secondOfDay % 60)
    }

    /// True when every field is within its calendar limits (Feb 29 only in leap years).
    public var isValid: Bool {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              (0...59).contains(second) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }

    /// Seconds since 1970-01-01 00:00 UTC.
    public var unixSeconds: Double {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }
}

/// Integer division rounding towards −∞ (Swift's `/` truncates towards 0).
func floorDivide(_ a: Int, _ b: Int) -> Int {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
}

/// Abbreviated month names, January first (Czech: the CLDR stand-alone abbreviations).
public func monthAbbreviations(_ language: SliderLanguage) -> [String] {
    switch language {
    case .czech: ["led", "úno", "bře", "dub", "kvě", "čvn", "čvc", "srp", "zář", "říj", "lis", "pro"]
    case .english: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    }
}

/// A Unix time labelled as coarsely as labels `step` seconds apart allow (UTC, 24-hour):
///
/// | step        | Czech            | English          |
/// |-------------|------------------|------------------|
/// | ≥ 365 days  | "2024"           | "2024"           |
/// | ≥ 28 days   | "bře 2024"       | "Mar 2024"       |
/// | ≥ 1 day     | "5. bře"         | "Mar 5"          |
/// | ≥ 1 hour    | "5. bře 14:00"   | "Mar 5 14:00"    |
/// | ≥ 1 minute  | "14:05"          | "14:05"          |
/// | below       | "14:05:30"       | "14:05:30"       |
///
/// Ticks sit at multiples of an arbitrary step, not on calendar boundaries, so a label
/// from an hour up names its day (labels a day apart would otherwise read alike), and on
/// the finer levels the first label of each day shows the day instead of the time.
public func formatDate(_ unixSeconds: Double, step: Double, language: SliderLanguage) throws(SliderInputError) -> String {
    try requirePositive(step, "step")
    let date = try CivilDateTime(unixSeconds: unixSeconds)
    let month = monthAbbreviations(language)[date.month - 1]
    let year = date.year < 0 ? minusSign + String(-date.year) : String(date.year)
    let dayLabel = language == .czech ? "\(date.day). \(month)" : "\(month) \(date.day)"
    let time = "\(padded(date.hour, 2)):\(padded(date.minute, 2))"
    if step >= 365 * 86_400 { return year }
    if step >= 28 * 86_400 { return month + " " + year }
    if step >= 86_400 { return dayLabel }
    if step >= 3600 { return dayLabel + " " + time }
    let previousLabel = try checkedResult(unixSeconds - step)
    let newDay = floorDivide(Int(roundHalfUp(unixSeconds)), 86_400) != floorDivide(Int(roundHalfUp(previousLabel)), 86_400)
    if newDay { return dayLabel }
    return step >= 60 ? time : time + ":" + padded(date.second, 2)
}
