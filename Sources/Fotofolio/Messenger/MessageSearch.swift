import Foundation

/// The words of a text as the message index keeps them, and as a search compares them: lower
/// case, without diacritics ("Žluťoučký" → "zlutoucky"), split at every scalar that is not a
/// letter or a digit. Both stores index exactly these words (SQLite's FTS5 with its `ascii`
/// tokenizer over them joined by spaces, PostgreSQL's `tsvector` made from them without
/// parsing), so what matches never depends on a database's own idea of a word.
public enum SearchWords {
    /// A word is indexed and compared up to this many UTF-8 bytes (PostgreSQL refuses
    /// lexemes over 2 KiB): a longer word is found by its beginning.
    public static let maxWordBytes = 100

    public static func of(_ text: some StringProtocol) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        func finish() {
            guard !word.isEmpty else { return }
            words.append(cut(String(word)))
            word = String.UnicodeScalarView()
        }
        for scalar in String(text).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                continue // a diacritic, or a mark on nothing
            case .decimalNumber, .letterNumber, .otherNumber:
                word.append(scalar)
            default:
                if scalar.properties.isAlphabetic { word.append(scalar) } else { finish() }
            }
        }
        finish()
        return words
    }

    /// The words joined by spaces: what SQLite's index holds for a message.
    public static func indexText(_ text: some StringProtocol) -> String {
        of(text).joined(separator: " ")
    }

    /// `word` cut to `maxWordBytes` on a scalar boundary.
    static func cut(_ word: String) -> String {
        guard word.utf8.count > maxWordBytes else { return word }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in word.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= maxWordBytes else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Whether `word` (folded) is found by `query`'s words: one of them begins it.
    static func matches(_ word: String, _ queryWords: [String]) -> Bool {
        queryWords.contains { word.hasPrefix($0) }
    }
}

/// A search in one's own conversations (`/messages?q=`): every word typed must begin a word of
/// the message, whatever the case and diacritics. What was typed is read only to its first
/// `maxBytes` bytes and its first `maxWords` words; a text of no letters or digits searches
/// for nothing.
public struct MessageSearch: Sendable, Equatable {
    public static let maxBytes = 512
    public static let maxWords = 8
    /// The newest this many hits are shown.
    public static let limit = 50

    /// The words to find, folded, each at most once, in the order typed.
    public let words: [String]

    public init(_ text: String) {
        var seen: Set<String> = []
        var words: [String] = []
        for word in SearchWords.of(Self.head(of: text)) where seen.insert(word).inserted {
            words.append(word)
            if words.count == Self.maxWords { break }
        }
        self.words = words
    }

    public var isEmpty: Bool { words.isEmpty }

    /// FTS5's query: each word a quoted string and a prefix (`"praha"* "svatba"*`), which is
    /// never read as syntax (the words hold no ASCII punctuation, so no quote).
    public var ftsQuery: String { ftsQuery(beginningsUpTo: .max) }

    /// FTS5's query with each word cut to its first `letters` letters (unicode scalars, as
    /// FTS5 counts them): SQLite's store checks the rest of a longer word itself.
    public func ftsQuery(beginningsUpTo letters: Int) -> String {
        words.map { "\"\(String(String.UnicodeScalarView($0.unicodeScalars.prefix(letters))))\"*" }.joined(separator: " ")
    }

    /// PostgreSQL's query as `tsquery` text: each word one quoted lexeme, a prefix
    /// (`'praha':* & 'svatba':*`), cast rather than parsed (`to_tsquery` would split a word
    /// its parser reads differently).
    public var tsQuery: String {
        words.map { "'\($0)':*" }.joined(separator: " & ")
    }

    /// Whether a text holds every word (as the stores decide, in Swift: for tests and marks).
    public func matches(_ text: String) -> Bool {
        let found = SearchWords.of(text)
        return !isEmpty && words.allSatisfy { query in found.contains { $0.hasPrefix(query) } }
    }

    /// The parts of `text` to mark: each run of letters and digits one of whose words a search
    /// word begins. Ranges of `text`'s unicode scalars, in order.
    public func marks(in text: String) -> [Range<String.Index>] {
        var marks: [Range<String.Index>] = []
        let scalars = text.unicodeScalars
        var start: String.Index?
        var index = scalars.startIndex
        func close(at end: String.Index) {
            guard let begun = start else { return }
            start = nil
            let run = String(scalars[begun..<end])
            if SearchWords.of(run).contains(where: { SearchWords.matches($0, words) }) { marks.append(begun..<end) }
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let inWord = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || [.nonspacingMark, .enclosingMark, .spacingMark].contains(scalar.properties.generalCategory)
            if inWord {
                if start == nil { start = index }
            } else {
                close(at: index)
            }
            index = scalars.index(after: index)
        }
        close(at: scalars.endIndex)
        return marks
    }

    /// The first `maxBytes` bytes of `text`, cut on a scalar boundary.
    public static func head(of text: String) -> Substring {
        guard text.utf8.count > maxBytes else { return text[...] }
        var bytes = 0
        var end = text.unicodeScalars.startIndex
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= maxBytes else { break }
            end = text.unicodeScalars.index(after: end)
        }
        return Substring(text.unicodeScalars[..<end])
    }
}
