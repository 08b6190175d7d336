/// A Czech company identification number (IČO): eight digits, the last a check digit of the
/// first seven weighted 8…2 (mod 11). Older numbers of fewer digits are read with leading zeros.
public struct CompanyID: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    public static func parse(_ raw: String) throws(IdentifierProblem) -> CompanyID {
        let bytes = Array(raw.utf8).filter { $0 != UInt8(ascii: " ") }
        guard !bytes.isEmpty else { throw .missing }
        guard bytes.count <= 8, bytes.allSatisfy(isDigit) else { throw .format }
        let digits = Array(repeating: UInt8(ascii: "0"), count: 8 - bytes.count) + bytes
        guard checkDigit(of: digits) == Int(digits[7] - 0x30) else { throw .checksum }
        return CompanyID(text: String(decoding: digits, as: UTF8.self))
    }

    private init(text: String) { self.text = text }

    /// 11 − (Σ digit × weight) mod 11, where a remainder of 0 gives 1 and of 1 gives 0.
    static func checkDigit(of digits: [UInt8]) -> Int {
        var sum = 0
        for (index, digit) in digits.prefix(7).enumerated() { sum += Int(digit - 0x30) * (8 - index) }
        switch sum % 11 {
        case 0: return 1
        case 1: return 0
        case let rest: return 11 - rest
        }
    }

    public var description: String { text }
}

/// A Czech VAT number (DIČ): `CZ` and 8 to 10 digits. Eight digits are a company's IČO and
/// carry its check digit; nine or ten are a person's birth number, whose check this does not
/// repeat (the tax office assigned it).
public struct VATNumber: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    public static func parse(_ raw: String) throws(IdentifierProblem) -> VATNumber {
        var bytes = Array(raw.utf8).filter { $0 != UInt8(ascii: " ") }
        guard !bytes.isEmpty else { throw .missing }
        guard bytes.count <= 12 else { throw .format }
        bytes = bytes.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "C"), bytes[1] == UInt8(ascii: "Z") else { throw .vatCountry }
        let digits = Array(bytes[2...])
        guard (8...10).contains(digits.count), digits.allSatisfy(isDigit) else { throw .format }
        if digits.count == 8, CompanyID.checkDigit(of: digits) != Int(digits[7] - 0x30) { throw .checksum }
        return VATNumber(text: String(decoding: bytes, as: UTF8.self))
    }

    private init(text: String) { self.text = text }

    public var description: String { text }
}

/// Why an IČO or a VAT number was refused (`payments.problems.*`).
public enum IdentifierProblem: String, Error, Sendable {
    case missing
    case format
    case checksum
    /// A VAT number that does not begin with `CZ`.
    case vatCountry
}
