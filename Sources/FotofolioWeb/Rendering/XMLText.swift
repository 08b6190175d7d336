/// Text for an XML document (the Atom feeds): between tags and inside quoted attributes.
///
/// It works on Unicode scalars, never on `Character`s (a `<` followed by a combining mark is
/// one character that is not `<`). The five markup characters become references; a scalar
/// that XML 1.0 does not allow in a document at all (the C0 controls but tab, line feed and
/// carriage return, and U+FFFE, U+FFFF) cannot be written even as a reference, so it becomes
/// U+FFFD: no user text can make the document ill-formed.
enum XMLText {
    static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&apos;".unicodeScalars)
            case "\t", "\n", "\r": escaped.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped.append("\u{FFFD}")
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
