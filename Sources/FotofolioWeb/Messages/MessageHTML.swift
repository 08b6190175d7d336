/// A chat message's text as HTML: everything escaped, line breaks kept, `http(s)://` links
/// made clickable (opening in a new tab, without passing on who sent the reader), and
/// `@username` mentions of room members marked. Written by hand rather than by Mustache
/// because links and mentions need markup around escaped text.
enum MessageText {
    static func html(_ content: String, mentioning members: Set<String> = []) -> String {
        var html = ""
        var rest = Substring(content)
        while let start = nextLinkStart(in: rest) {
            html += plain(rest[..<start], members: members)
            let end = rest[start...].firstIndex { $0.isWhitespace || "<>\"'".contains($0) } ?? rest.endIndex
            var link = rest[start..<end]
            // A sentence's full stop or closing bracket after a link is not part of it.
            var trailing = Substring("")
            while let last = link.last, ".,;:!?)]}".contains(last), link.count > 8 {
                trailing = String(last) + trailing
                link = link.dropLast()
            }
            let escaped = escape(link)
            html += "<a href=\"\(escaped)\" rel=\"noopener noreferrer nofollow ugc\" target=\"_blank\">\(escaped)</a>"
            html += plain(trailing, members: members)
            rest = rest[end...]
        }
        return html + plain(rest, members: members)
    }

    private static func nextLinkStart(in text: Substring) -> Substring.Index? {
        let http = text.range(of: "http://")?.lowerBound
        let https = text.range(of: "https://")?.lowerBound
        switch (http, https) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    /// Escaped text with `<br>` for line breaks and marked mentions.
    private static func plain(_ text: Substring, members: Set<String>) -> String {
        var html = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "@", index == text.startIndex || !isNameCharacter(text[text.index(before: index)]) {
                let nameStart = text.index(after: index)
                var nameEnd = text[nameStart...].firstIndex { !isNameCharacter($0) } ?? text.endIndex
                // "@jana." at the end of a sentence mentions jana.
                while nameEnd > nameStart, text[text.index(before: nameEnd)] == "." { nameEnd = text.index(before: nameEnd) }
                let name = String(text[nameStart..<nameEnd])
                if members.contains(name.lowercased()) {
                    html += "<span class=\"mention\">@\(escape(Substring(name)))</span>"
                    index = nameEnd
                    continue
                }
            }
            html += character == "\n" ? "<br>" : escape(Substring(String(character)))
            index = text.index(after: index)
        }
        return html
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "." || character == "_" || character == "-"
    }

    static func escape(_ text: Substring) -> String { HTMLText.escape(String(text)) }
}
