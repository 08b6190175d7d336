import Fotofolio
import GRDB

/// Searching one's conversations (`SQLiteMessageSearch`, bench/SEARCH.md).
extension SQLiteMessengerStore {
    func search(_ search: MessageSearch, for userId: Int64, limit: Int) throws -> [ChatMessage] {
        guard !search.isEmpty else { return [] }
        return try database.read { db in
            let rooms = try Int64.fetchAll(db.cachedStatement(sql: "SELECT roomId FROM chatMember WHERE userId = ?"), arguments: [userId])
            guard !rooms.isEmpty else { return [] }
            // The index is the outer loop (`CROSS JOIN`), walked newest first to the limit: a
            // match asked message by message would set the words up again for each.
            return try MessengerReading.messages("""
                WHERE chatMessage.id IN (
                    SELECT chatMessageSearch.rowid FROM chatMessageSearch CROSS JOIN chatMessage found ON found.id = chatMessageSearch.rowid
                    WHERE chatMessageSearch MATCH ?
                      AND NOT EXISTS (SELECT 1 FROM json_each(?) WHERE instr(' ' || chatMessageSearch.words, value) = 0)
                      AND found.roomId IN (SELECT roomId FROM chatMember WHERE userId = ?)
                      AND found.deletedAt IS NULL AND NOT EXISTS (SELECT 1 FROM removedMessage WHERE messageId = found.id)
                    ORDER BY chatMessageSearch.rowid DESC LIMIT ?)
                ORDER BY chatMessage.id DESC
                """, [SQLiteMessageSearch.match(search, in: rooms, mostRooms: mostRoomsNamedInSearch),
                      SQLiteMessageSearch.longWords(of: search), userId, limit], db)
        }
    }
}
