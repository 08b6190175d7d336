import Foundation
import Fotofolio
import GRDB

/// The mail outbox in `mail`, settings in `mailSettings`, bounces in `mailBounce`. One
/// process serves a SQLite file, so due mails are read without claims.
struct SQLiteMailStore: MailStore {
    let database: AppDatabase

    func enqueue(_ mail: NewMail, at date: Date) throws -> Bool {
        try database.write { db in try Self.enqueue(mail, at: date, db) }
    }

    /// Queues the mail inside the caller's transaction, under the rules of `MailStore.enqueue`.
    @discardableResult
    /// - Parameter known: the recipient's settings when the caller has read them already.
    static func enqueue(_ mail: NewMail, at date: Date, settings known: MailSettings? = nil, _ db: Database) throws -> Bool {
        // A batch already waiting is the common case (a burst of messages): told first, cheaply.
        if let batch = mail.batch, try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM mail WHERE batch = ? AND state = 'pending'"),
                                                     arguments: [batch]) == true {
            return false
        }
        let bounces = try Int.fetchOne(db.cachedStatement(sql: "SELECT bounces FROM mailBounce WHERE address = ?"),
                                       arguments: [mail.address]) ?? 0
        guard MailRules.shouldQueue(mail.content.kind, settings: try known ?? settings(of: mail.recipientId, db), bounces: bounces) else {
            return false
        }
        try db.cachedStatement(sql: """
            INSERT INTO mail (key, kind, recipientId, address, content, batch, state, createdAt, dueAt)
            VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)
            """).execute(arguments: [mail.key, mail.content.kind.rawValue, mail.recipientId, mail.address,
                                     try MailColumn.text(mail.content), mail.batch, date, mail.dueAt])
        return true
    }

    /// Queues what a new message tells its other members (`MailRules.mail(for:…)`), inside
    /// the caller's transaction.
    static func noteMessage(_ messageId: Int64, _ kind: MessageMail, in roomId: Int64, by authorId: Int64, at date: Date,
                            _ db: Database) throws {
        let direct = try String.fetchOne(db.cachedStatement(sql: "SELECT kind FROM chatRoom WHERE id = ?"), arguments: [roomId]) == "direct"
        // Each member's settings in the same statement: one statement per message, not per
        // member, and only the members the message can tell.
        let audience = kind.audience(roomIsDirect: direct)
        guard audience != .nobody else { return }
        let members = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT m.userId, u.email, EXISTS (SELECT 1 FROM chatMention WHERE messageId = ?1 AND userId = m.userId) AS mentioned,
                   s.messages, s.groupMessages, s.shoots, s.galleries, s.language
            FROM chatMember m JOIN user u ON u.id = m.userId LEFT JOIN mailSettings s ON s.userId = m.userId
            WHERE m.roomId = ?2 AND m.userId <> ?3
              AND (?4 OR IFNULL(s.groupMessages, ?5) OR EXISTS (SELECT 1 FROM chatMention WHERE messageId = ?1 AND userId = m.userId))
            """), arguments: [messageId, roomId, authorId, audience == .everyone, MailSettings.default.groupMessages])
        for member in members {
            let userId: Int64 = member["userId"]
            let settings = Self.settings(from: member, at: 3)
            guard let mail = MailRules.mail(for: messageId, kind, to: userId, address: member["email"], roomIsDirect: direct,
                                            mentioned: member["mentioned"], settings: settings, at: date)
            else { continue }
            try enqueue(mail, at: date, settings: settings, db)
        }
    }

    /// Queues the mail of a gallery's step (`MailRules.recipient(of:in:)`) inside the caller's transaction.
    static func noteGallery(_ gallery: Gallery, _ event: GalleryMailEvent, at date: Date, _ db: Database) throws {
        guard let recipientId = MailRules.recipient(of: event, in: gallery),
              let address = try String.fetchOne(db, sql: "SELECT email FROM user WHERE id = ?", arguments: [recipientId]) else { return }
        try enqueue(NewMail(to: recipientId, address: address, content: .gallery(galleryId: gallery.id, event: event), dueAt: date), at: date, db)
    }

    /// Queues the notice of an operator's action inside the caller's transaction, to the person
    /// `owner` (a query of one argument, `id`) names.
    static func noteModeration(of owner: String, _ id: Int64, _ action: ModerationMail.Action, reason: String, until: Date?,
                               at date: Date, _ db: Database) throws {
        guard let userId = try Int64.fetchOne(db, sql: owner, arguments: [id]),
              let address = try String.fetchOne(db, sql: "SELECT email FROM user WHERE id = ?", arguments: [userId]) else { return }
        try enqueue(NewMail(to: userId, address: address, content: .moderation(ModerationMail(action: action, reason: reason, until: until)),
                            dueAt: date), at: date, db)
    }

    static func settings(of userId: Int64, _ db: Database) throws -> MailSettings {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT messages, groupMessages, shoots, galleries, language FROM mailSettings WHERE userId = ?
            """), arguments: [userId]) else { return .default }
        return settings(from: row, at: 0)
    }

    /// The settings in the row's columns from `column` on (messages, groupMessages, shoots,
    /// galleries, language), the defaults when they are NULL (no row joined).
    static func settings(from row: Row, at column: Int) -> MailSettings {
        guard let messages: String = row[column] else { return .default }
        return MailSettings(messages: MailSettings.MessageCadence(rawValue: messages) ?? .atOnce, groupMessages: row[column + 1],
                            shoots: row[column + 2], galleries: row[column + 3], language: row[column + 4])
    }

    func due(at date: Date, missedBefore: Date, limit: Int) throws -> [QueuedMail] {
        try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT id, key, recipientId, address, content, createdAt, attempts FROM mail
                WHERE state = 'pending' AND dueAt <= ? AND (kind <> 'missedMessages' OR dueAt <= ?) ORDER BY dueAt, id LIMIT ?
                """), arguments: [date, missedBefore, max(0, limit)]).map(Self.queued)
        }
    }

    static func queued(_ row: Row) throws -> QueuedMail {
        QueuedMail(id: row["id"], key: row["key"], recipientId: row["recipientId"], address: row["address"],
                   content: try MailColumn.value(MailContent.self, from: row["content"]), createdAt: row["createdAt"],
                   attempts: row["attempts"])
    }

    func markSent(_ id: Int64, at date: Date, keeping content: MailContent) throws {
        try database.write { db in
            try db.execute(sql: """
                UPDATE mail SET state = 'sent', sentAt = ?, content = ?, attempts = attempts + 1, lastError = NULL
                WHERE id = ? AND state = 'pending'
                """, arguments: [date, try MailColumn.text(content), id])
        }
    }

    func markRetry(_ id: Int64, next: Date, error: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE mail SET dueAt = ?, attempts = attempts + 1, lastError = ? WHERE id = ? AND state = 'pending'",
                           arguments: [next, MailStoreText.error(error), id])
        }
    }

    func markFailed(_ id: Int64, at date: Date, error: String, hardBounce: Bool) throws {
        try database.write { db in
            guard let address = try String.fetchOne(db, sql: "SELECT address FROM mail WHERE id = ? AND state = 'pending'",
                                                    arguments: [id]) else { return }
            try db.execute(sql: "UPDATE mail SET state = 'failed', attempts = attempts + 1, lastError = ?, sentAt = NULL WHERE id = ?",
                           arguments: [MailStoreText.error(error), id])
            guard hardBounce else { return }
            try db.execute(sql: """
                INSERT INTO mailBounce (address, bounces, lastAt) VALUES (?, 1, ?)
                ON CONFLICT (address) DO UPDATE SET bounces = bounces + 1, lastAt = excluded.lastAt
                """, arguments: [address, date])
        }
    }

    func markCancelled(_ id: Int64, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE mail SET state = 'cancelled', sentAt = NULL WHERE id = ? AND state = 'pending'", arguments: [id])
        }
    }

    func recent(limit: Int) throws -> [MailRecord] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM mail ORDER BY id DESC LIMIT ?", arguments: [max(0, limit)]).map(Self.record)
        }
    }

    func record(key: String) throws -> MailRecord? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM mail WHERE key = ?", arguments: [key]).map(Self.record)
        }
    }

    static func record(_ row: Row) throws -> MailRecord {
        MailRecord(id: row["id"], key: row["key"], kind: MailKind(rawValue: row["kind"]) ?? .confirmEmail, address: row["address"],
                   state: MailState(rawValue: row["state"]) ?? .failed, createdAt: row["createdAt"], sentAt: row["sentAt"],
                   attempts: row["attempts"], lastError: row["lastError"])
    }

    func counts(at date: Date) throws -> MailCounts {
        try database.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM mail WHERE state = 'pending' AND attempts = 0 AND dueAt <= ?1),
                       (SELECT count(*) FROM mail WHERE state = 'pending' AND attempts > 0),
                       (SELECT count(*) FROM mail WHERE state = 'failed'),
                       (SELECT count(*) FROM mail WHERE state = 'pending' AND attempts = 0 AND dueAt > ?1)
                """, arguments: [date])
            return MailCounts(pending: row?[0] ?? 0, retrying: row?[1] ?? 0, failed: row?[2] ?? 0, scheduled: row?[3] ?? 0)
        }
    }

    func bounces(of address: String) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT bounces FROM mailBounce WHERE address = ?", arguments: [address]) ?? 0
        }
    }

    func settings(of userId: Int64) throws -> MailSettings {
        try database.read { db in try Self.settings(of: userId, db) }
    }

    func save(_ settings: MailSettings, of userId: Int64) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO mailSettings (userId, messages, groupMessages, shoots, galleries, language) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (userId) DO UPDATE SET messages = excluded.messages, groupMessages = excluded.groupMessages,
                    shoots = excluded.shoots, galleries = excluded.galleries, language = excluded.language
                """, arguments: [userId, settings.messages.rawValue, settings.groupMessages, settings.shoots, settings.galleries,
                                 settings.language])
        }
    }

    func signingKey() throws -> String {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM mailSecret WHERE name = 'unsubscribe'") ?? ""
        }
    }

    func queued(_ kind: MailKind, to recipientId: Int64, since date: Date) throws -> [Date] {
        try database.read { db in
            try Date.fetchAll(db, sql: """
                SELECT createdAt FROM mail WHERE recipientId = ? AND kind = ? AND createdAt > ? ORDER BY createdAt DESC
                """, arguments: [recipientId, kind.rawValue, date])
        }
    }

    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable () -> Void) -> any StoreObservation {
        DatabaseRegionObservation(tracking: Table("mail"))
            .start(in: database.pool, onError: failed, onChange: { _ in changed() })
    }
}
