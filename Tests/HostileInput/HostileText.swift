import PropertyBased

/// Text as an attacker, a careless paste or another script writes it, for property tests:
/// markup and quotes with combining marks that join them into one character, bidi and
/// zero-width controls, emoji sequences, line ends, C0 and C1 controls, huge numbers and
/// percent escapes, mixed with any scalar of Unicode.
public enum HostileText {
    public static let pieces: [String] = [
        "<", ">", "\"", "'", "&", "&amp;", "\u{301}", "\u{600}", "\u{20DD}", "\u{FE0F}", "\u{202E}", "\u{2066}", "\u{200D}",
        "\u{FEFF}", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "\r\n", "\r", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{E000}", "\u{E001}",
        "a", "Ř", "ß", "0", "9", "-", "+", ".", ",", "e", "E", "9223372036854775807", "18446744073709551616", "1e308", "NaN",
        "%", "%C5%99", "%00", "%ZZ", "+", "=", "?", "/", "\\", " ", "\u{A0}", "@", "#", "http://", ";", "{{", "}}",
    ]

    /// Strings of up to `length` pieces: every third from `pieces`, the rest any scalar.
    public static func strings(length: ClosedRange<Int> = 0...40) -> Generator<String, Generator<UInt32, Shrink.Integer<UInt32>>.ArrayShrink> {
        Gen<UInt32>.value(in: 0...0x10_FFFF).array(of: length).map { values in
            var text = ""
            for value in values {
                if value % 3 == 0 {
                    text += pieces[Int(value / 3) % pieces.count]
                } else if let scalar = Unicode.Scalar(value) {
                    text.unicodeScalars.append(scalar)
                } else {
                    text += pieces[Int(value) % pieces.count] // a surrogate: no scalar
                }
            }
            return text
        }
    }

    /// Number-shaped text: digits (sometimes very many), signs, dots, exponents and dashes.
    public static func numbers(length: ClosedRange<Int> = 0...30) -> Generator<String, Generator<Int, Shrink.Integer<Int>>.ArrayShrink> {
        let alphabet: [String] = ["0", "1", "5", "9", "9", "-", "-", "+", ".", "e", "9223372036854775807", "00000000000000000000", "٣", " "]
        return Gen<Int>.int(in: 0...(alphabet.count - 1)).array(of: length).map { indices in indices.map { alphabet[$0] }.joined() }
    }
}
