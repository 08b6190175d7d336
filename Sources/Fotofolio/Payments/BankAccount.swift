/// Where a client sends money: an account in the Czech form (`19-2000145399/0800`, with the
/// Czech National Bank's weighted checksums) or an IBAN of any country that has them (mod-97
/// check, the country's length). Either is kept as its IBAN, which is what a QR payment
/// carries; the Czech form is shown beside it for people who type it into a Czech bank.
///
/// Typed text is read byte by byte: spaces are allowed between groups, anything that is not
/// an ASCII digit or letter where one is expected is refused with the reason.
public struct BankAccount: Sendable, Hashable {
    public let iban: IBAN

    public init(iban: IBAN) { self.iban = iban }

    /// The account as typed: an IBAN when it begins with two letters, else the Czech form.
    public static func parse(_ raw: String) throws(BankAccountProblem) -> BankAccount {
        let text = raw.unicodeScalars.filter { $0 != " " && $0 != "\u{A0}" && $0 != "\t" }
        guard !text.isEmpty else { throw .missing }
        guard text.count <= 64 else { throw .format }
        let scalars = Array(text)
        if scalars.count >= 2, scalars[0].properties.isAlphabetic, scalars[1].properties.isAlphabetic {
            return BankAccount(iban: try IBAN.parse(String(String.UnicodeScalarView(scalars))))
        }
        return BankAccount(iban: try CzechAccount.parse(String(String.UnicodeScalarView(scalars))).iban)
    }

    /// The Czech form when the IBAN is a Czech one (`19-2000145399/0800`), else nil.
    public var czech: CzechAccount? { CzechAccount(iban: iban) }

    /// How the account is said to a person: the Czech form for a Czech account, else the IBAN in groups.
    public var display: String { czech?.text ?? iban.printed }
}

/// Why an account was refused: each has a sentence in the string tables (`payments.problems.*`).
public enum BankAccountProblem: String, Error, Sendable {
    case missing
    /// Not digits, a dash and a slash where they belong, or too long.
    case format
    /// The prefix's or the number's weighted sum is not divisible by 11.
    case checksum
    /// The bank code is not four digits.
    case bankCode
    /// The IBAN's country has no IBAN, or the letters are not a country.
    case ibanCountry
    /// The IBAN is not as long as its country's are.
    case ibanLength
    /// The IBAN's check digits do not match (mod 97).
    case ibanChecksum
}

/// An account number in the Czech form: an optional prefix of up to 6 digits, a number of 2
/// to 10 digits and a four-digit bank code.
public struct CzechAccount: Sendable, Hashable {
    public let prefix: UInt64
    public let number: UInt64
    public let bankCode: String

    static let prefixWeights: [UInt64] = [10, 5, 8, 4, 2, 1]
    static let numberWeights: [UInt64] = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]

    public static func parse(_ text: String) throws(BankAccountProblem) -> CzechAccount {
        let bytes = Array(text.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { throw .format }
        let code = Array(bytes[(slash + 1)...])
        guard code.count == 4, code.allSatisfy(isDigit) else { throw .bankCode }
        let account = bytes[..<slash]
        let parts = account.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .format }
        let prefixDigits = parts.count == 2 ? Array(parts[0]) : []
        let numberDigits = Array(parts[parts.count - 1])
        guard prefixDigits.count <= 6, (parts.count == 1 || !prefixDigits.isEmpty), prefixDigits.allSatisfy(isDigit),
              (2...10).contains(numberDigits.count), numberDigits.allSatisfy(isDigit)
        else { throw .format }
        let prefix = value(prefixDigits), number = value(numberDigits)
        guard number > 0, weighted(prefix, prefixWeights) % 11 == 0, weighted(number, numberWeights) % 11 == 0
        else { throw .checksum }
        return CzechAccount(prefix: prefix, number: number, bankCode: String(decoding: code, as: UTF8.self))
    }

    init(prefix: UInt64, number: UInt64, bankCode: String) {
        self.prefix = prefix
        self.number = number
        self.bankCode = bankCode
    }

    /// The Czech account an IBAN of `CZ` is, when it is one.
    init?(iban: IBAN) {
        let bytes = Array(iban.text.utf8)
        guard bytes.count == 24, bytes[0] == UInt8(ascii: "C"), bytes[1] == UInt8(ascii: "Z") else { return nil }
        bankCode = String(decoding: bytes[4..<8], as: UTF8.self)
        prefix = Self.value(bytes[8..<14])
        number = Self.value(bytes[14..<24])
    }

    /// `19-2000145399/0800`, or `2000145399/0800` without a prefix.
    public var text: String { (prefix == 0 ? "" : "\(prefix)-") + "\(number)/\(bankCode)" }

    /// `CZkk` + bank code + the prefix in 6 digits + the number in 10.
    public var iban: IBAN {
        let bban = bankCode + Self.padded(prefix, 6) + Self.padded(number, 10)
        return IBAN(unchecked: "CZ" + IBAN.checkDigits(country: "CZ", bban: bban) + bban)
    }

    static func weighted(_ value: UInt64, _ weights: [UInt64]) -> UInt64 {
        var rest = value, sum: UInt64 = 0
        for weight in weights.reversed() {
            sum += (rest % 10) * weight
            rest /= 10
        }
        return sum
    }

    static func padded(_ value: UInt64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func value(_ digits: some Collection<UInt8>) -> UInt64 {
        digits.reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
    }
}

/// An International Bank Account Number in its electronic form: upper case, no spaces.
public struct IBAN: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    init(unchecked text: String) { self.text = text }

    /// Letters may be typed in lower case and in groups; the result is checked against the
    /// country's length and the mod-97 check digits.
    public static func parse(_ raw: String) throws(BankAccountProblem) -> IBAN {
        var bytes = Array(raw.utf8).filter { $0 != UInt8(ascii: " ") }
        guard !bytes.isEmpty else { throw .missing }
        guard bytes.count <= 34, bytes.allSatisfy({ isDigit($0) || isLetter($0) }) else { throw .format }
        bytes = bytes.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        guard bytes.count >= 4, isLetter(bytes[0]), isLetter(bytes[1]), isDigit(bytes[2]), isDigit(bytes[3]) else { throw .format }
        let country = String(decoding: bytes[0..<2], as: UTF8.self)
        guard let length = lengths[country] else { throw .ibanCountry }
        guard bytes.count == length else { throw .ibanLength }
        let text = String(decoding: bytes, as: UTF8.self)
        guard remainder(Array(bytes[4...]) + Array(bytes[0..<4])) == 1 else { throw .ibanChecksum }
        return IBAN(unchecked: text)
    }

    /// In groups of four, as printed on statements and invoices.
    public var printed: String {
        var groups: [Substring] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            groups.append(rest.prefix(4))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }

    public var country: String { String(text.prefix(2)) }
    public var description: String { text }

    /// The two check digits for a country and its BBAN: 98 − (BBAN + country + "00") mod 97.
    static func checkDigits(country: String, bban: String) -> String {
        let value = 98 - remainder(Array(bban.utf8) + Array(country.utf8) + Array("00".utf8))
        return value < 10 ? "0\(value)" : "\(value)"
    }

    /// The text read as a number, letters as 10–35, modulo 97, a digit at a time.
    static func remainder(_ bytes: [UInt8]) -> Int {
        var rest = 0
        for byte in bytes {
            if isDigit(byte) {
                rest = (rest * 10 + Int(byte - 0x30)) % 97
            } else {
                let value = Int(byte - 0x41) + 10
                rest = (rest * 100 + value) % 97
            }
        }
        return rest
    }

    /// The IBAN lengths of the countries of the SEPA scheme and its neighbours (the IBAN registry).
    static let lengths: [String: Int] = [
        "AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20, "ES": 24,
        "FI": 18, "FR": 27, "GB": 22, "GI": 23, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27, "LI": 21,
        "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "RO": 24, "SE": 24,
        "SI": 19, "SK": 24, "SM": 27, "VA": 22, "UA": 29, "RS": 22, "ME": 22, "MK": 19, "AL": 28, "BA": 20, "MD": 24,
        "FO": 18, "GL": 18, "GE": 22, "TR": 26, "IL": 23, "AE": 23, "SA": 24,
    ]
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
@inline(__always) func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
