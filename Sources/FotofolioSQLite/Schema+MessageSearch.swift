import Fotofolio
import GRDB

extension Schema {
    /// The words of every message (`SearchWords`, joined by spaces) in an FTS5 index whose
    /// `ascii` tokenizer splits them only at those spaces, so the words are exactly Swift's;
    /// `rowid` is the message's id. `detail=none`: a search asks only which messages hold a
    /// word's beginning, never where.
    static func createMessageSearch(_ db: Database) throws {
        try db.execute(sql: "CREATE VIRTUAL TABLE chatMessageSearch USING fts5(words, tokenize = 'ascii', detail = 'none')")
        let insert = try db.makeStatement(sql: "INSERT INTO chatMessageSearch (rowid, words) VALUES (?, ?)")
        let rows = try Row.fetchCursor(db, sql: "SELECT id, content FROM chatMessage")
        while let row = try rows.next() {
            try insert.execute(arguments: [row["id"] as Int64, SearchWords.indexText(row["content"] as String)])
        }
        // A message gone with its room or author leaves the index too.
        try db.execute(sql: """
            CREATE TRIGGER chatMessage_unindexed AFTER DELETE ON chatMessage
            BEGIN DELETE FROM chatMessageSearch WHERE rowid = old.id; END
            """)
    }
}
