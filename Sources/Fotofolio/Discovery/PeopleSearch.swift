import GRDB

/// Finding people by name or by town through the `userSearch` full-text index: case and
/// diacritics ignored, every word a prefix ("plz" finds Plzeň, "vojta vot" finds Vojta Votruba).
public struct PeopleSearch: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        /// Username or full name.
        case name
        case location
    }

    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public static let resultLimit = 30

    /// People matching every word of `text`, best matches first; none for an empty text.
    public func search(_ text: String, mode: Mode, limit: Int = resultLimit) throws -> [User] {
        guard let match = Self.matchExpression(text, mode: mode) else { return [] }
        return try database.pool.read { db in
            try User.fetchAll(db, sql: """
                SELECT user.* FROM userSearch JOIN user ON user.id = userSearch.rowid
                WHERE userSearch MATCH ? ORDER BY rank, user.username LIMIT ?
                """, arguments: [match, limit])
        }
    }

    /// An FTS5 query from typed text: only letters and digits survive, each word quoted
    /// (so nothing typed is read as query syntax) and made a prefix.
    static func matchExpression(_ text: String, mode: Mode) -> String? {
        let words = text.split { !$0.isLetter && !$0.isNumber }.prefix(8).map { "\"\($0)\"*" }
        guard !words.isEmpty else { return nil }
        let columns = mode == .name ? "{username fullName}" : "location"
        return "\(columns) : (\(words.joined(separator: " AND ")))"
    }
}
