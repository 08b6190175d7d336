/// An amount of Czech crowns to the haléř, as whole haléře (1 Kč = 100 haléřů), so sums and
/// splits are exact. Typed text is read byte by byte: digits with spaces between groups, a
/// decimal comma or point, at most two decimals.
public struct Amount: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let halers: Int64

    /// The most one payment may be: what a QR payment's amount field holds (`9999999.99`).
    public static let largest = Amount(halers: 999_999_999)

    public init(halers: Int64) { self.halers = halers }
    public init(crowns: Int) { halers = Int64(crowns) * 100 }

    /// A positive amount up to `largest`.
    public static func parse(_ raw: String) throws(AmountProblem) -> Amount {
        let spaces: Set<Unicode.Scalar> = [" ", "\u{A0}", "\u{202F}"]
        let scalars = raw.unicodeScalars.filter { !spaces.contains($0) }
        guard !scalars.isEmpty else { throw .missing }
        guard scalars.count <= 20 else { throw .tooLarge }
        if scalars.first == "-" || scalars.first == "−" { throw .negative }
        var whole: Int64 = 0, fraction: Int64 = 0, decimals = 0, seenSeparator = false, digits = 0
        for scalar in scalars {
            switch scalar {
            case "0"..."9":
                let digit = Int64(scalar.value - 0x30)
                if seenSeparator {
                    decimals += 1
                    guard decimals <= 2 else { throw .tooManyDecimals }
                    fraction = fraction * 10 + digit
                } else {
                    digits += 1
                    guard digits <= 12 else { throw .tooLarge }
                    whole = whole * 10 + digit
                }
            case ",", ".":
                guard !seenSeparator, digits > 0 else { throw .format }
                seenSeparator = true
            default:
                throw .format
            }
        }
        guard digits > 0, !seenSeparator || decimals > 0 else { throw .format }
        let (halers, overflow) = whole.multipliedReportingOverflow(by: 100)
        guard !overflow else { throw .tooLarge }
        let amount = Amount(halers: halers + (decimals == 1 ? fraction * 10 : fraction))
        guard amount.halers > 0 else { throw .zero }
        guard amount <= largest else { throw .tooLarge }
        return amount
    }

    public var crowns: Int64 { halers / 100 }
    public var isWholeCrowns: Bool { halers % 100 == 0 }

    /// `1234.50`: a point and two decimals, no grouping, as QR payments and ISDOC write it.
    public var machineText: String {
        let magnitude = halers.magnitude, rest = magnitude % 100
        return "\(halers < 0 ? "-" : "")\(magnitude / 100).\(rest < 10 ? "0" : "")\(rest)"
    }

    /// `percent` % of the amount, to the nearest haléř (halves up).
    public func percent(_ percent: Int) -> Amount {
        Amount(halers: (halers * Int64(percent) + 50) / 100)
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.halers < rhs.halers }
    public static func + (lhs: Amount, rhs: Amount) -> Amount { Amount(halers: lhs.halers + rhs.halers) }
    public static func - (lhs: Amount, rhs: Amount) -> Amount { Amount(halers: lhs.halers - rhs.halers) }
    public static let zero = Amount(halers: 0)

    public var description: String { machineText }
}

/// Why an amount was refused (`payments.problems.*`).
public enum AmountProblem: String, Error, Sendable {
    case missing
    case format
    case negative
    case zero
    case tooManyDecimals
    case tooLarge
}
