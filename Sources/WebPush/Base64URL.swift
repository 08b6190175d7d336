import Foundation

/// base64url (RFC 4648 §5), the alphabet of every key and token in Web Push.
enum Base64URL {
    /// Without padding, as JWTs and the browser's keys are written.
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`, padding optional; nil for anything outside the url-safe alphabet
    /// (the standard alphabet's `+` and `/` too) or a length no encoding has.
    static func decode(_ text: String) -> [UInt8]? {
        var characters = Array(text.utf8)
        while characters.last == UInt8(ascii: "=") { characters.removeLast() }
        let padding = text.utf8.count - characters.count
        guard characters.count % 4 != 1, padding <= 2, padding == 0 || (characters.count + padding) % 4 == 0 else { return nil }
        var standard = [UInt8]()
        standard.reserveCapacity(characters.count + 3)
        for character in characters {
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                standard.append(character)
            case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
            default: return nil
            }
        }
        while standard.count % 4 != 0 { standard.append(UInt8(ascii: "=")) }
        guard let data = Data(base64Encoded: Data(standard)) else { return nil }
        return Array(data)
    }

    /// Whether every byte of `text` is in the url-safe alphabet (no padding).
    static func isAlphabet(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }
}
