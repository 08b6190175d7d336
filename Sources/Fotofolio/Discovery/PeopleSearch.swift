/// Finding people by name or by town: case and diacritics ignored, every word a prefix
/// ("plz" finds Plzeň, "vojta vot" finds Vojta Votruba).
public struct PeopleSearch: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        /// Username or full name.
        case name
        case location
    }

    let store: any PeopleSearchStore

    public init(stores: Stores) {
        store = stores.peopleSearch
    }

    public static let resultLimit = 30

    /// People matching every word of `text`, best matches first, none of `hidden` (the
    /// people the searcher blocked); none for an empty text.
    public func search(_ text: String, mode: Mode, hiding hidden: [Int64] = [], limit: Int = resultLimit) throws -> [User] {
        let words = Self.words(in: text)
        guard !words.isEmpty else { return [] }
        return try store.search(words: words, mode: mode, hiding: hidden, limit: limit)
    }

    /// The words searched for: only letters and digits count, and only the first eight.
    static func words(in text: String) -> [String] {
        text.split { !$0.isLetter && !$0.isNumber }.prefix(8).map(String.init)
    }
}
