import Foundation
import Fotofolio
import GRDB

/// Pushes queued inside the transactions that cause them: a message, a gallery's step, a read.
extension SQLitePushStore {
    /// Queues one push per subscription of each member the message tells
    /// (`PushRules.pushes`), inside the caller's transaction. Members without a subscription
    /// cost one indexed lookup.
    static func noteMessage(_ messageId: Int64, _ kind: MessageMail, in roomId: Int64, by authorId: Int64, at date: Date,
                            _ db: Database) throws {
        let devices = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT s.id, s.userId, EXISTS (SELECT 1 FROM chatMention WHERE messageId = ? AND userId = s.userId)
            FROM chatMember m JOIN pushSubscription s ON s.userId = m.userId
            WHERE m.roomId = ? AND m.userId <> ? ORDER BY s.id
            """), arguments: [messageId, roomId, authorId])
        guard !devices.isEmpty else { return }
        let direct = try String.fetchOne(db.cachedStatement(sql: "SELECT kind FROM chatRoom WHERE id = ?"), arguments: [roomId]) == "direct"
        var told: [Int64: Bool] = [:]
        for device in devices {
            let userId: Int64 = device[1]
            let pushes = try told[userId] ?? PushRules.pushes(kind, roomIsDirect: direct, mentioned: device[2],
                                                              settings: SQLiteMailStore.settings(of: userId, db))
            told[userId] = pushes
            guard pushes else { continue }
            try enqueue(.message(messageId: messageId, roomId: roomId), key: PushRules.messageKey(messageId, subscription: device[0]),
                        subscription: device[0], recipient: userId, messageId: messageId, at: date, db)
        }
    }

    /// Queues a gallery step's push to each subscription of its recipient
    /// (`MailRules.recipient(of:in:)`), inside the caller's transaction.
    static func noteGallery(_ gallery: Gallery, _ event: GalleryMailEvent, at date: Date, _ db: Database) throws {
        guard let recipientId = MailRules.recipient(of: event, in: gallery) else { return }
        let devices = try Int64.fetchAll(db, sql: "SELECT id FROM pushSubscription WHERE userId = ? ORDER BY id", arguments: [recipientId])
        guard !devices.isEmpty, PushRules.pushes(event, settings: try SQLiteMailStore.settings(of: recipientId, db)) else { return }
        for device in devices {
            try enqueue(.gallery(galleryId: gallery.id, event: event), key: PushRules.galleryKey(gallery.id, event, subscription: device),
                        subscription: device, recipient: recipientId, at: date, db)
        }
    }

    /// Queues a new demand's push to each device of a photographer it matches, inside the
    /// caller's transaction, under the shoots switch of their settings.
    static func noteDemand(_ demandId: Int64, for photographerId: Int64, at date: Date, _ db: Database) throws {
        let devices = try Int64.fetchAll(db, sql: "SELECT id FROM pushSubscription WHERE userId = ? ORDER BY id", arguments: [photographerId])
        guard !devices.isEmpty, PushRules.pushesDemands(settings: try SQLiteMailStore.settings(of: photographerId, db)) else { return }
        for device in devices {
            try enqueue(.demand(demandId: demandId), key: PushRules.demandKey(demandId, subscription: device), subscription: device,
                        recipient: photographerId, at: date, db)
        }
    }

    /// The person read the room up to `messageId`, inside the caller's transaction: their
    /// pushes of it still waiting are skipped, and each device that was sent one since its
    /// last close gets a push that closes the room's notification.
    static func noteRead(_ roomId: Int64, by userId: Int64, upTo messageId: Int64, at date: Date, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE push SET state = 'skipped', reason = 'read'
            WHERE recipientId = ? AND roomId = ? AND state = 'pending' AND kind = 'message' AND messageId <= ?
            """).execute(arguments: [userId, roomId, messageId])
        let devices = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT s.id FROM pushSubscription s WHERE s.userId = ?1 AND EXISTS (
                SELECT 1 FROM push p
                WHERE p.subscriptionId = s.id AND p.roomId = ?2 AND p.kind = 'message' AND p.state = 'sent' AND p.messageId <= ?3
                  AND p.id > IFNULL((SELECT max(r.id) FROM push r WHERE r.subscriptionId = s.id AND r.roomId = ?2 AND r.kind = 'read'), 0))
            ORDER BY s.id
            """), arguments: [userId, roomId, messageId])
        for device in devices { try noteClose(roomId, upTo: messageId, subscription: device, recipient: userId, at: date, db) }
    }

    /// Queues the push that closes the room's notification on one device, read up to `messageId`.
    static func noteClose(_ roomId: Int64, upTo messageId: Int64, subscription: Int64, recipient: Int64, at date: Date,
                          _ db: Database) throws {
        try enqueue(.read(roomId: roomId), key: PushRules.readKey(room: roomId, upTo: messageId, subscription: subscription),
                    subscription: subscription, recipient: recipient, at: date, db)
    }

    private static func enqueue(_ content: PushContent, key: String, subscription: Int64, recipient: Int64, messageId: Int64? = nil,
                                at date: Date, _ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO push (key, subscriptionId, recipientId, kind, roomId, messageId, content, state, createdAt, dueAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (key) DO NOTHING
            """).execute(arguments: [key, subscription, recipient, content.kind, content.roomId, messageId,
                                     try MailColumn.text(content), date, date])
    }
}
