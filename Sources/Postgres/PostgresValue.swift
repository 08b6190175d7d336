import Foundation

/// A Swift value sent as a statement's parameter, in PostgreSQL's text format. The statement
/// says the type (`$1::bigint`, or the column it is compared with), so the text is all that
/// travels; values are never spliced into SQL.
public protocol PostgresEncodable: Sendable {
    /// The parameter's text; nil sends SQL NULL.
    var postgresText: String? { get }
}

/// A Swift value read from a result column in text format.
public protocol PostgresDecodable {
    /// Reads the column's text; nil when the text is not a value of this type.
    init?(postgresText: String)
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public var postgresText: String? { self?.postgresText }
}

extension String: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { self }
    public init?(postgresText: String) { self = postgresText }
}

extension Int64: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init?(postgresText: String) { self.init(postgresText, radix: 10) }
}

extension Int: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init?(postgresText: String) { self.init(postgresText, radix: 10) }
}

extension Int32: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { String(self) }
    public init?(postgresText: String) { self.init(postgresText, radix: 10) }
}

extension Double: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? {
        if isNaN { return "NaN" }
        if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        return String(self)
    }

    public init?(postgresText: String) {
        switch postgresText {
        case "NaN": self = .nan
        case "Infinity": self = .infinity
        case "-Infinity": self = -.infinity
        default: self.init(postgresText)
        }
    }
}

extension Bool: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? { self ? "t" : "f" }

    public init?(postgresText: String) {
        switch postgresText {
        case "t", "true": self = true
        case "f", "false": self = false
        default: return nil
        }
    }
}

/// `bytea`, sent and read in hex (`\x0aff…`), the server's default output since 9.0.
extension Data: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        text.reserveCapacity(2 + count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public init?(postgresText: String) {
        let text = Array(postgresText.utf8)
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0 else {
            return nil
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index < text.count {
            guard let high = Self.nibble(text[index]), let low = Self.nibble(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// `timestamptz` to the microsecond, in UTC. Every connection sets `TimeZone=UTC` and
/// `DateStyle=ISO`, so the server writes `2026-11-25 20:12:00.123456+00` and reads the same.
extension Date: PostgresEncodable, PostgresDecodable {
    public var postgresText: String? {
        let microseconds = (timeIntervalSince1970 * 1_000_000).rounded()
        guard microseconds.isFinite, abs(microseconds) < 9.0e15 else { return nil }
        let total = Int64(microseconds)
        let (seconds, fraction) = total.quotientAndRemainder(dividingBy: 1_000_000)
        let (wholeSeconds, micros) = fraction < 0 ? (seconds - 1, fraction + 1_000_000) : (seconds, fraction)
        let (days, secondOfDay) = Self.floorDivide(wholeSeconds, 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        let hour = secondOfDay / 3_600, minute = secondOfDay % 3_600 / 60, second = secondOfDay % 60
        return "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2)) "
            + "\(Self.padded(hour, 2)):\(Self.padded(minute, 2)):\(Self.padded(second, 2)).\(Self.padded(micros, 6))+00"
    }

    public init?(postgresText: String) {
        // yyyy-mm-dd hh:mm:ss[.ffffff]+00 (years beyond 9999 and BC are not used here)
        let text = Array(postgresText.utf8)
        guard text.count >= 22, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: " "),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
              let year = Self.number(text[0..<4]), let month = Self.number(text[5..<7]), let day = Self.number(text[8..<10]),
              let hour = Self.number(text[11..<13]), let minute = Self.number(text[14..<16]),
              let second = Self.number(text[17..<19]) else { return nil }
        var index = 19
        var micros: Int64 = 0
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < text.count, let digit = Self.digit(text[index]) {
                if digits < 6 { micros = micros * 10 + digit; digits += 1 }
                index += 1
            }
            for _ in digits..<6 { micros *= 10 }
        }
        guard Array(text[index...]) == Array("+00".utf8) else { return nil }
        let days = Self.days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        self.init(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        for byte in bytes {
            guard let digit = digit(byte) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    // Howard Hinnant's days-from-civil and civil-from-days, proleptic Gregorian calendar.
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
