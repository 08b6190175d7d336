import Foundation
import Fotofolio
import Postgres

extension PostgresModerationStore {
    /// Every copy of a removed message a reader could still get is made the removed form, in
    /// the removal's transaction: its earlier live events (replayed from an old
    /// `Last-Event-ID` for as long as the log keeps them; a card message's announcements
    /// included) and its outbox entries not yet published. A copy announced as changed stays
    /// marked so.
    static func rewriteCopies(of removed: ChatMessage, _ connection: PostgresConnection) throws {
        let plain = MessageEnvelope.envelope(of: removed), changed = MessageEnvelope.envelope(of: removed, changed: true)
        try connection.query("""
            UPDATE live_event SET payload = CASE WHEN payload::jsonb #>> '{data,changed}' = 'true' THEN $2 ELSE $1 END
            WHERE room_id = $3 AND kind = 'message' AND payload::jsonb #>> '{data,id}' = $4
            """, [plain, changed, removed.roomId, String(removed.id)])
        try connection.query("""
            UPDATE outbox SET payload = CASE WHEN payload::jsonb #>> '{data,changed}' = 'true' THEN $2 ELSE $1 END
            WHERE sent_at IS NULL AND topic = $3 AND payload::jsonb #>> '{data,id}' = $4
            """, [plain, changed, Outbox.messageTopic(of: removed.roomId), String(removed.id)])
    }
}
