import Fotofolio

/// A chat message's text as HTML: the domain's reading of it (`MessageText`: plain runs,
/// links, mentions) with everything escaped, line breaks kept as `<br>`, links opening in a
/// new tab without passing on who sent the reader, and mentions marked. Written by hand
/// rather than by Mustache because links and mentions need markup around escaped text.
/// Escaping and the line breaks work on UTF-8 bytes, like `HTMLText`.
enum MessageHTML {
    /// `linksClickable` false: links are plain text like the rest (`SpamLimits.linksInert`).
    static func html(_ text: MessageText, linksClickable: Bool = true) -> String {
        var html = ""
        for segment in text.segments {
            let part = String(text.text(of: segment))
            switch segment.kind {
            case .plain:
                html += withLineBreaks(part)
            case .link where !linksClickable:
                html += withLineBreaks(part)
            case .link:
                let address = HTMLText.escape(part)
                html += "<a href=\"\(address)\" rel=\"noopener noreferrer nofollow ugc\" target=\"_blank\">\(address)</a>"
            case .mention:
                html += "<span class=\"mention\">\(HTMLText.escape(part))</span>"
            }
        }
        return html
    }

    /// The text read with `members` as the names it may mention.
    static func html(_ content: String, mentioning members: Set<String>) -> String {
        html(MessageText(content, mentioning: members))
    }

    /// Escaped, each `\n` a `<br>`: the byte 0x0A never occurs inside a multi-byte sequence.
    private static func withLineBreaks(_ text: String) -> String {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { HTMLText.escape(String(decoding: $0, as: UTF8.self)) }
            .joined(separator: "<br>")
    }
}
