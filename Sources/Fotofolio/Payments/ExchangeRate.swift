/// How many crowns one euro is, as the Czech National Bank publishes it each day (three
/// decimals): what a euro invoice's amounts are in crowns for Czech accounts and VAT. The
/// photographer types the rate of the day the money arrived (or of the invoice's tax point).
public struct ExchangeRate: Sendable, Hashable, Codable {
    /// Crowns per euro in thousandths: 25.125 is 25 125.
    public let thousandths: Int64

    public static let largest = ExchangeRate(thousandths: 999_999)

    public init(thousandths: Int64) {
        self.thousandths = thousandths
    }

    /// `25,125` or `25.125`: digits, one separator, at most three decimals, above 0 and below 1 000.
    public static func parse(_ text: String) throws(ExchangeRateProblem) -> ExchangeRate {
        let bytes = Array(text.utf8.filter { $0 != 0x20 })
        guard !bytes.isEmpty else { throw .missing }
        var whole: Int64 = 0, fraction: Int64 = 0, decimals = 0, separated = false, digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                guard !separated, digits > 0 else { throw .format }
                separated = true
            } else if (0x30...0x39).contains(byte) {
                let digit = Int64(byte - 0x30)
                if separated {
                    decimals += 1
                    guard decimals <= 3 else { throw .format }
                    fraction = fraction * 10 + digit
                } else {
                    digits += 1
                    guard digits <= 3 else { throw .outOfRange }
                    whole = whole * 10 + digit
                }
            } else {
                throw .format
            }
        }
        guard digits > 0, !separated || decimals > 0 else { throw .format }
        while decimals < 3 { fraction *= 10; decimals += 1 }
        let rate = ExchangeRate(thousandths: whole * 1000 + fraction)
        guard rate.thousandths > 0 else { throw .outOfRange }
        return rate
    }

    /// The amount in crowns, to the haléř (halves away from zero).
    public func crowns(_ amount: Amount) -> Amount {
        let product = amount.halers.magnitude * UInt64(thousandths)
        let rounded = Int64((product + 500) / 1000)
        return Amount(halers: amount.halers < 0 ? -rounded : rounded)
    }

    /// `25.125`, as ISDOC's `CurrRate` writes it.
    public var machineText: String {
        let fraction = thousandths % 1000
        return "\(thousandths / 1000)." + String(repeating: "0", count: fraction < 10 ? 2 : fraction < 100 ? 1 : 0) + "\(fraction)"
    }
}

/// Why a typed rate was refused (`payments.problems.rate.*`).
public enum ExchangeRateProblem: String, Error, Sendable {
    case missing
    case format
    case outOfRange
}
