import Foundation
import Fotofolio
import GRDB

extension SQLiteModerationStore {
    /// Every copy of a removed message a reader could still get is made the removed form, in
    /// the removal's transaction: its earlier live events (replayed from an old
    /// `Last-Event-ID` for as long as the log keeps them; a card message's announcements
    /// included) and its outbox entries not yet published. A copy announced as changed stays
    /// marked so.
    static func rewriteCopies(of removed: ChatMessage, _ db: Database) throws {
        let plain = MessageEnvelope.envelope(of: removed), changed = MessageEnvelope.envelope(of: removed, changed: true)
        try db.execute(sql: """
            UPDATE liveEvent SET payload = CASE WHEN json_extract(payload, '$.data.changed') THEN ?2 ELSE ?1 END
            WHERE roomId = ?3 AND kind = 'message' AND json_extract(payload, '$.data.id') = ?4
            """, arguments: [plain, changed, removed.roomId, removed.id])
        try db.execute(sql: """
            UPDATE outbox SET payload = CASE WHEN json_extract(payload, '$.data.changed') THEN ?2 ELSE ?1 END
            WHERE sentAt IS NULL AND topic = ?3 AND json_extract(payload, '$.data.id') = ?4
            """, arguments: [plain, changed, Outbox.messageTopic(of: removed.roomId), removed.id])
    }
}
