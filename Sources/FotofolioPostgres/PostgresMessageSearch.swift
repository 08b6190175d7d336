import Fotofolio
import Postgres

/// The message index on PostgreSQL: `chat_message.search`, a `tsvector` made from the
/// message's `SearchWords` as they are (`array_to_tsvector`, no parser, no dictionary), with a
/// GIN index; a search casts its words to a `tsquery` of prefixes (`MessageSearch.tsQuery`).
/// So both stores find by exactly the same words.
enum PostgresMessageSearch {
    /// The SQL that makes the vector of `parameter`, a message's words joined by spaces
    /// (`SearchWords.indexText`: no word is empty or holds a space).
    static func vector(_ parameter: String) -> String {
        "array_to_tsvector(string_to_array(\(parameter)::text, ' '))"
    }

    /// Indexes every message that has no vector yet: those of a database older than the
    /// index, and those `fotofolio copy-data` brought from SQLite.
    static func indexMissing(_ connection: PostgresConnection) throws {
        let rows = try connection.query("SELECT id, content FROM chat_message WHERE search IS NULL")
        for row in rows {
            try connection.query("UPDATE chat_message SET search = \(vector("$2")) WHERE id = $1",
                                 [try row.decode(0, as: Int64.self), SearchWords.indexText(try row.decode(1, as: String.self))])
        }
    }
}
