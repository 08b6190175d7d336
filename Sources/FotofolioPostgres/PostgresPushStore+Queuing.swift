import Foundation
import Fotofolio
import Postgres

/// Pushes queued inside the transactions that cause them: a message, a gallery's step, a read.
extension PostgresPushStore {
    /// Queues one push per subscription of each member the message tells
    /// (`PushRules.pushes`), inside the caller's transaction. Members without a subscription
    /// cost one indexed lookup.
    static func noteMessage(_ messageId: Int64, _ kind: MessageMail, in roomId: Int64, by authorId: Int64, at date: Date,
                            _ connection: PostgresConnection) throws {
        let devices = try connection.query("""
            SELECT s.id, s.user_id, EXISTS (SELECT 1 FROM chat_mention WHERE message_id = $1 AND user_id = s.user_id), r.kind = 'direct'
            FROM chat_member m JOIN push_subscription s ON s.user_id = m.user_id JOIN chat_room r ON r.id = m.room_id
            WHERE m.room_id = $2 AND m.user_id <> $3 ORDER BY s.id
            """, [messageId, roomId, authorId])
        var told: [Int64: Bool] = [:]
        for device in devices {
            let userId = try device.decode(1, as: Int64.self)
            let pushes = try told[userId] ?? PushRules.pushes(kind, roomIsDirect: try device.decode(3), mentioned: try device.decode(2),
                                                              settings: PostgresMailStore.settings(of: userId, connection))
            told[userId] = pushes
            guard pushes else { continue }
            let subscription = try device.decode(0, as: Int64.self)
            try enqueue(.message(messageId: messageId, roomId: roomId), key: PushRules.messageKey(messageId, subscription: subscription),
                        subscription: subscription, recipient: userId, messageId: messageId, at: date, connection)
        }
    }

    /// Queues a gallery step's push to each subscription of its recipient
    /// (`MailRules.recipient(of:in:)`), inside the caller's transaction.
    static func noteGallery(_ gallery: Gallery, _ event: GalleryMailEvent, at date: Date, _ connection: PostgresConnection) throws {
        guard let recipientId = MailRules.recipient(of: event, in: gallery) else { return }
        let devices = try connection.query("SELECT id FROM push_subscription WHERE user_id = $1 ORDER BY id", [recipientId])
            .map { try $0.decode(0, as: Int64.self) }
        guard !devices.isEmpty, PushRules.pushes(event, settings: try PostgresMailStore.settings(of: recipientId, connection)) else { return }
        for device in devices {
            try enqueue(.gallery(galleryId: gallery.id, event: event), key: PushRules.galleryKey(gallery.id, event, subscription: device),
                        subscription: device, recipient: recipientId, at: date, connection)
        }
    }

    /// Queues a new demand's push to each device of a photographer it matches, inside the
    /// caller's transaction, under the shoots switch of their settings.
    static func noteDemand(_ demandId: Int64, for photographerId: Int64, at date: Date, _ connection: PostgresConnection) throws {
        let devices = try connection.query("SELECT id FROM push_subscription WHERE user_id = $1 ORDER BY id", [photographerId])
            .map { try $0.decode(0, as: Int64.self) }
        guard !devices.isEmpty, PushRules.pushesDemands(settings: try PostgresMailStore.settings(of: photographerId, connection)) else { return }
        for device in devices {
            try enqueue(.demand(demandId: demandId), key: PushRules.demandKey(demandId, subscription: device), subscription: device,
                        recipient: photographerId, at: date, connection)
        }
    }

    /// The person read the room up to `messageId`, inside the caller's transaction: their
    /// pushes of it still waiting are skipped, and each device that was sent one since its
    /// last close gets a push that closes the room's notification.
    static func noteRead(_ roomId: Int64, by userId: Int64, upTo messageId: Int64, at date: Date,
                         _ connection: PostgresConnection) throws {
        try connection.query("""
            UPDATE push SET state = 'skipped', reason = 'read', claimed_by = NULL, claimed_until = NULL
            WHERE recipient_id = $1 AND room_id = $2 AND state = 'pending' AND kind = 'message' AND message_id <= $3
            """, [userId, roomId, messageId])
        let devices = try connection.query("""
            SELECT s.id FROM push_subscription s WHERE s.user_id = $1 AND EXISTS (
                SELECT 1 FROM push p
                WHERE p.subscription_id = s.id AND p.room_id = $2 AND p.kind = 'message' AND p.state = 'sent' AND p.message_id <= $3
                  AND p.id > coalesce((SELECT max(r.id) FROM push r WHERE r.subscription_id = s.id AND r.room_id = $2 AND r.kind = 'read'), 0))
            ORDER BY s.id
            """, [userId, roomId, messageId]).map { try $0.decode(0, as: Int64.self) }
        for device in devices { try noteClose(roomId, upTo: messageId, subscription: device, recipient: userId, at: date, connection) }
    }

    /// Queues the push that closes the room's notification on one device, read up to `messageId`.
    static func noteClose(_ roomId: Int64, upTo messageId: Int64, subscription: Int64, recipient: Int64, at date: Date,
                          _ connection: PostgresConnection) throws {
        try enqueue(.read(roomId: roomId), key: PushRules.readKey(room: roomId, upTo: messageId, subscription: subscription),
                    subscription: subscription, recipient: recipient, at: date, connection)
    }

    private static func enqueue(_ content: PushContent, key: String, subscription: Int64, recipient: Int64, messageId: Int64? = nil,
                                at date: Date, _ connection: PostgresConnection) throws {
        let inserted = try connection.query("""
            INSERT INTO push (key, subscription_id, recipient_id, kind, room_id, message_id, content, state, created_at, due_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8) ON CONFLICT (key) DO NOTHING
            """, [key, subscription, recipient, content.kind, content.roomId, messageId, try MailColumn.text(content),
                  date.stored]).affected
        if inserted > 0 { connection.notifyAfterCommit(channel) }
    }
}
