import Fotofolio
import GRDB

extension Schema {
    /// The words of every message (`SearchWords`, joined by spaces) in an FTS5 index whose
    /// `ascii` tokenizer splits them only at those spaces, so the words are exactly Swift's;
    /// `rowid` is the message's id. `detail=none`: a search asks only which messages hold a
    /// word's beginning, never where.
    ///
    /// As first made (v23) it held the words alone. Since v27 (`byRoomsAndBeginnings`) each
    /// row also holds its room's token and FTS5 keeps lists by beginnings
    /// (`SQLiteMessageSearch`): a fresh database makes the index both ways in turn, so it
    /// ends the same as a migrated one.
    static func createMessageSearch(_ db: Database, byRoomsAndBeginnings: Bool) throws {
        let options = byRoomsAndBeginnings
            ? "tokenize = 'ascii tokenchars ''#''', detail = 'none', prefix = '\(SQLiteMessageSearch.prefixes.map(String.init).joined(separator: " "))'"
            : "tokenize = 'ascii', detail = 'none'"
        try db.execute(sql: "CREATE VIRTUAL TABLE chatMessageSearch USING fts5(words, \(options))")
        let insert = try db.makeStatement(sql: "INSERT INTO chatMessageSearch (rowid, words) VALUES (?, ?)")
        let rows = try Row.fetchCursor(db, sql: "SELECT id, roomId, content FROM chatMessage")
        while let row = try rows.next() {
            let content: String = row["content"]
            let text = byRoomsAndBeginnings ? SQLiteMessageSearch.text(of: content, in: row["roomId"]) : SearchWords.indexText(content)
            try insert.execute(arguments: [row["id"] as Int64, text])
        }
        // One segment, as a search reads it fastest; later messages are merged in as FTS5 goes.
        try db.execute(sql: "INSERT INTO chatMessageSearch (chatMessageSearch) VALUES ('optimize')")
        // A message gone with its room or author leaves the index too.
        try db.execute(sql: """
            CREATE TRIGGER chatMessage_unindexed AFTER DELETE ON chatMessage
            BEGIN DELETE FROM chatMessageSearch WHERE rowid = old.id; END
            """)
    }

    /// The index made again with rooms and beginnings (v27).
    static func indexMessageSearchByRoomsAndBeginnings(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER chatMessage_unindexed")
        try db.execute(sql: "DROP TABLE chatMessageSearch")
        try createMessageSearch(db, byRoomsAndBeginnings: true)
    }
}
