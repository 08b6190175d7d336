import Mustache

/// The one HTML escaper: for text between tags and inside quoted attribute values.
///
/// It works on UTF-8 bytes, never on `Character`s: a `"` followed by a combining accent, or
/// U+0600 before `<`, is one grapheme cluster that is neither `"` nor `<`, so an escaper that
/// compares characters lets the markup through. The five bytes it replaces are ASCII and
/// never occur inside a multi-byte UTF-8 sequence, so replacing them byte by byte is exact.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { replacement(for: $0) != nil }) else { return String(decoding: bytes, as: UTF8.self) }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                if let replacement = replacement(for: byte) {
                    replacement.withUTF8Buffer { escaped.append(contentsOf: $0) }
                } else {
                    escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        }
    }

    private static func replacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}

/// Mustache's `{{value}}` escaping, done by `HTMLText` (swift-mustache's own escaper compares
/// `Character`s). Registered as the `HTML` content type; `TemplateLibrary` starts every
/// template with `{{% CONTENT_TYPE: HTML}}`, so every template and partial uses it.
struct HTMLContent: MustacheContentType {
    static let name = "HTML"

    /// The line put before every template's own text (a standalone tag: it renders nothing).
    static let pragma = "{{% CONTENT_TYPE: \(name)}}\n"

    func escapeText(_ text: String) -> String { HTMLText.escape(text) }

    /// Makes `HTML` in a template's content-type pragma mean this escaper. Templates parsed
    /// afterwards pick it up (the pragma is looked up when a template is parsed).
    static func register() {
        MustacheContentTypes.register(HTMLContent(), named: name)
    }
}
