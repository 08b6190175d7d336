import Fotofolio
import GRDB

/// People searched through the `userSearch` full-text index (FTS5, without diacritics).
struct SQLitePeopleSearchStore: PeopleSearchStore {
    let database: AppDatabase

    func search(words: [String], mode: PeopleSearch.Mode, hiding hidden: [Int64], limit: Int) throws -> [User] {
        let match = Self.matchExpression(words, mode: mode)
        return try database.read { db in
            try User.fetchAll(db, sql: """
                SELECT user.* FROM userSearch JOIN user ON user.id = userSearch.rowid
                WHERE userSearch MATCH ? AND user.id NOT IN (SELECT value FROM json_each(?))
                AND user.id NOT IN (SELECT userId FROM suspension WHERE until IS NULL OR until > strftime('%Y-%m-%d %H:%M:%f', 'now'))
                ORDER BY rank, user.username LIMIT ?
                """, arguments: [match, String(describing: hidden), limit])
        }
    }

    /// An FTS5 query: each word quoted (so nothing typed is read as query syntax) and made a prefix.
    static func matchExpression(_ words: [String], mode: PeopleSearch.Mode) -> String {
        let columns = mode == .name ? "{username fullName}" : "location"
        return "\(columns) : (\(words.map { "\"\($0)\"*" }.joined(separator: " AND ")))"
    }
}
