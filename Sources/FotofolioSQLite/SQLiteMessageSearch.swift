import Fotofolio

/// What SQLite's message index holds and how a search asks it (bench/SEARCH.md).
///
/// A message's row is its words (`SearchWords`, joined by spaces) and its room as one more
/// token, `#` and the room's id, which no word can be (`SearchWords` keeps no ASCII
/// punctuation; the tokenizer keeps `#` in a token). A search matches its words and the rooms
/// the person is in, so FTS5 walks only the hits in those rooms, newest first, and stops at
/// the limit, however many hits other rooms hold.
///
/// FTS5 keeps a list of messages for every beginning of up to `longestPrefix` letters
/// (`prefixes`); a longer beginning would make it merge the lists of every word it begins,
/// on every search. So the match asks for the first `longestPrefix` letters of a longer word,
/// and the store checks the whole beginning against the row's words (`longWords`).
public enum SQLiteMessageSearch {
    /// The lengths of the beginnings FTS5 keeps lists for: the index's `prefix` option.
    static let prefixes = [1, 2, 3, 4]
    static var longestPrefix: Int { prefixes.max()! }

    /// A person in more rooms than this is searched without naming them in the match: the
    /// match's setup grows with the rooms (about 12 µs each), and so many rooms hold enough
    /// of the hits for the walk to stop early.
    static let mostRoomsNamed = 1_000

    /// A message's row in the index.
    public static func text(of content: String, in roomId: Int64) -> String {
        let words = SearchWords.indexText(content)
        return words.isEmpty ? "#\(roomId)" : "\(words) #\(roomId)"
    }

    /// FTS5's query: every word's beginning of at most `longestPrefix` letters and one of
    /// `rooms`, unless they are more than `mostRooms`.
    static func match(_ search: MessageSearch, in rooms: [Int64], mostRooms: Int = mostRoomsNamed) -> String {
        let words = search.ftsQuery(beginningsUpTo: longestPrefix)
        guard rooms.count <= mostRooms else { return words }
        return "(\(words)) AND (\(rooms.map { "\"#\($0)\"" }.joined(separator: " OR ")))"
    }

    /// The words the match shortened, each with a space before it (a row holds the word's
    /// beginning when `" " + row` contains it), as a JSON array: the words hold no quote,
    /// backslash or control character to escape.
    static func longWords(of search: MessageSearch) -> String {
        let long = search.words.filter { $0.unicodeScalars.count > longestPrefix }
        return "[" + long.map { "\" \($0)\"" }.joined(separator: ",") + "]"
    }
}
