import Foundation

/// Header text as RFC 5322 and RFC 2047 want it: plain words when the text is plain ASCII,
/// otherwise encoded-words, and header lines folded at spaces.
enum HeaderText {
    /// The longest header line the writer aims for (RFC 5322's recommended limit).
    static let lineLimit = 78
    /// Bytes of UTF-8 per encoded-word: 39 bytes are 52 base64 characters, so a word is
    /// `=?UTF-8?B?` + 52 + `?=` = 64 characters and fits after "Subject: " on one line.
    static let encodedWordBytes = 39
    /// The longest plain word; a longer one is encoded so it can be folded.
    static let plainWordLimit = 60

    /// CR, LF and NUL become spaces: nothing in a header value can start a new line.
    static func flattened(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(scalar == "\r" || scalar == "\n" || scalar == "\u{0}" ? " " : scalar)
        }
        return String(result)
    }

    /// Whether `text` can be written as it is: printable ASCII words of `allowed` characters
    /// separated by single spaces, none too long to fold, none that a reader would take for
    /// an encoded-word.
    static func isPlain(_ text: String, allowed: (UInt8) -> Bool = { (0x21...0x7E).contains($0) }) -> Bool {
        guard !text.isEmpty, !text.contains("=?") else { return false }
        let words = text.utf8.split(separator: 0x20, omittingEmptySubsequences: false)
        return words.allSatisfy { word in !word.isEmpty && word.count <= plainWordLimit && word.allSatisfy(allowed) }
    }

    /// `text` as base64 encoded-words, each of at most `encodedWordBytes` bytes of UTF-8 and
    /// cut only between Unicode scalars, so each word decodes on its own.
    static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        func flush() {
            guard !chunk.isEmpty else { return }
            words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
            chunk.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > encodedWordBytes { flush() }
            chunk += bytes
        }
        flush()
        return words
    }

    /// Unstructured text (a subject) as words ready for folding.
    static func unstructured(_ text: String) -> [String] {
        let flat = flattened(text)
        if flat.isEmpty { return [] }
        return isPlain(flat) ? flat.split(separator: " ").map(String.init) : encodedWords(flat)
    }

    /// `name: value` where `words` are joined by single spaces, folded before a word that
    /// would take the line past `lineLimit`. A single word longer than that stays whole.
    static func folded(name: String, words: [String]) -> String {
        var lines: [String] = []
        var line = name + ":"
        var lineHasWord = false
        for word in words {
            if lineHasWord && line.utf8.count + 1 + word.utf8.count > lineLimit {
                lines.append(line)
                line = ""
            }
            line += " " + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\r\n")
    }
}
