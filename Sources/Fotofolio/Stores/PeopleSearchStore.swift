/// Finding people by words of their name or town.
public protocol PeopleSearchStore: Sendable {
    /// People matching every one of `words` (at most eight), each word a prefix of a word of
    /// the username or full name (`.name`) or of the location (`.location`), ignoring case
    /// and diacritics; best matches first, then by username; at most `limit`; none of
    /// `hidden` (the people the searcher blocked).
    func search(words: [String], mode: PeopleSearch.Mode, hiding hidden: [Int64], limit: Int) throws -> [User]
}
