/// An addr-spec with an optional display name. Addresses: ASCII only, `local@domain`, at most
/// 254 bytes, no spaces, controls, CR/LF, `<>`, `,`, `;` or quotes; domain labels of
/// letters/digits/hyphens (IDN not supported: refused).
public struct MailAddress: Sendable, Hashable, Codable {
    /// The display name: any Unicode; line breaks, tabs and every Unicode space (no-break,
    /// ideographic, …) become spaces, runs of spaces one space, other controls are removed,
    /// the ends trimmed, at most 200 bytes of UTF-8 (cut between Unicode scalars).
    /// nil when nothing is left.
    public let name: String?
    public let address: String

    /// nil when the address is not acceptable.
    public init?(name: String? = nil, address: String) {
        guard Self.isAcceptable(address) else { return nil }
        self.name = name.flatMap(Self.cleanedName)
        self.address = address
    }

    /// Reads `Fotofolio <noreply@example.cz>`, `"Doe, J" <j@x.cz>`, `<j@x.cz>` or
    /// `noreply@example.cz`; nil for anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
            self.init(address: trimmed)
            return
        }
        let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        let phrase = String(trimmed[..<open]).trimmingWhitespace
        if phrase.hasPrefix("\"") {
            guard let unquoted = Self.unquoted(phrase) else { return nil }
            self.init(name: unquoted, address: address)
        } else {
            guard !phrase.contains(where: { "\"<>".contains($0) }) else { return nil }
            self.init(name: phrase, address: address)
        }
    }

    /// Ready for a From/To header: `address`, or the name and `<address>` where the name is
    /// plain words, a quoted string (ASCII with specials) or RFC 2047 encoded-words. The
    /// message writer folds the line.
    public var header: String { headerWords.joined(separator: " ") }

    /// The words of `header`, the places the writer may fold.
    var headerWords: [String] {
        guard let name else { return [address] }
        let angle = "<" + address + ">"
        if HeaderText.isPlain(name, allowed: Self.isAtext) {
            return name.split(separator: " ").map(String.init) + [angle]
        }
        if HeaderText.isPlain(name) && name.utf8.count <= HeaderText.plainWordLimit {
            var quoted = "\""
            for character in name.unicodeScalars {
                if character == "\"" || character == "\\" { quoted += "\\" }
                quoted.unicodeScalars.append(character)
            }
            return [quoted + "\"", angle]
        }
        return HeaderText.encodedWords(name) + [angle]
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let address = try container.decode(String.self, forKey: .address)
        guard let value = MailAddress(name: try container.decodeIfPresent(String.self, forKey: .name), address: address) else {
            throw DecodingError.dataCorruptedError(forKey: .address, in: container, debugDescription: "not an acceptable mail address")
        }
        self = value
    }

    static let maximumNameBytes = 200

    static func cleanedName(_ name: String) -> String? {
        var cleaned = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar.properties.isWhitespace {
                // Runs of spaces of any kind are one space, as a reader of a display name takes them.
                if cleaned.last != " " { cleaned.append(" ") }
            } else if !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
                cleaned.append(scalar)
            }
        }
        var text = String(cleaned).trimmingWhitespace
        if text.utf8.count > maximumNameBytes {
            var cut = String.UnicodeScalarView()
            var bytes = 0
            for scalar in text.unicodeScalars {
                bytes += String(scalar).utf8.count
                if bytes > maximumNameBytes { break }
                cut.append(scalar)
            }
            text = String(cut).trimmingWhitespace
        }
        return text.isEmpty ? nil : text
    }

    /// RFC 5322 atext: the characters of a word that needs no quotes.
    static func isAtext(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-/=?^_`{|}~".utf8).contains(byte)
        }
    }

    static func isAcceptable(_ address: String) -> Bool {
        let bytes = Array(address.utf8)
        guard (3...254).contains(bytes.count) else { return false }
        let parts = bytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last else { return false }
        return isAcceptableLocalPart(Array(local)) && isAcceptableDomain(Array(domain))
    }

    /// Dot-separated atext words, without quotes (a quoted local part is refused).
    private static func isAcceptableLocalPart(_ local: [UInt8]) -> Bool {
        guard (1...64).contains(local.count) else { return false }
        return local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { word in
            !word.isEmpty && word.allSatisfy { isAtext($0) && $0 != UInt8(ascii: "\"") }
        }
    }

    /// Labels of ASCII letters, digits and inner hyphens; `xn--` labels pass as they are.
    private static func isAcceptableDomain(_ domain: [UInt8]) -> Bool {
        guard (1...253).contains(domain.count) else { return false }
        return domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
            return label.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"): true
                default: false
                }
            }
        }
    }

    /// The content of a quoted string that is the whole of `phrase`, or nil.
    private static func unquoted(_ phrase: String) -> String? {
        var scalars = phrase.unicodeScalars.dropFirst()
        var result = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\":
                guard let escaped = scalars.popFirst() else { return nil }
                result.append(escaped)
            case "\"":
                return scalars.isEmpty ? String(result) : nil
            default:
                result.append(scalar)
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// Without the spaces and tabs at either end (header syntax's whitespace).
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
