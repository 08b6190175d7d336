import Foundation
import Fotofolio
import Postgres

/// The mail outbox in `mail`, shared by every node. `due` claims what it returns for this
/// process (`sender`) for `lease` with `FOR UPDATE SKIP LOCKED`, as the live outbox does:
/// two nodes never send the same mail while a claim holds, and the mails of a node that
/// died are sent by another once its lease has run out.
struct PostgresMailStore: MailStore {
    let pool: PostgresPool
    let sender: String
    var lease: Duration = .seconds(120)

    /// The channel a transaction that queued mail notifies.
    static let channel = "mail"

    func enqueue(_ mail: NewMail, at date: Date) throws -> Bool {
        try pool.transaction { connection in try Self.enqueue(mail, at: date, connection) }
    }

    /// Queues the mail inside the caller's transaction, under the rules of `MailStore.enqueue`.
    @discardableResult
    /// - Parameter known: the recipient's settings when the caller has read them already.
    static func enqueue(_ mail: NewMail, at date: Date, settings known: MailSettings? = nil, _ connection: PostgresConnection) throws
        -> Bool {
        // A batch already waiting is the common case (a burst of messages): told first, cheaply.
        if let batch = mail.batch,
           try !connection.query("SELECT 1 FROM mail WHERE batch = $1 AND state = 'pending'", [batch]).isEmpty {
            return false
        }
        let bounces = try connection.query("SELECT bounces FROM mail_bounce WHERE address = lower($1)", [mail.address])
            .first?.decode(0, as: Int.self) ?? 0
        guard MailRules.shouldQueue(mail.content.kind, settings: try known ?? settings(of: mail.recipientId, connection),
                                    bounces: bounces) else {
            return false
        }
        let inserted = try connection.query("""
            INSERT INTO mail (key, kind, recipient_id, address, content, batch, state, created_at, due_at)
            VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8)
            ON CONFLICT (batch) WHERE state = 'pending' AND batch IS NOT NULL DO NOTHING
            """, [mail.key, mail.content.kind.rawValue, mail.recipientId, mail.address, try MailColumn.text(mail.content),
                  mail.batch, date.stored, mail.dueAt.stored]).affected
        if inserted > 0 { connection.notifyAfterCommit(channel) }
        return inserted > 0
    }

    /// Queues what a new message tells its other members (`MailRules.mail(for:…)`), inside
    /// the caller's transaction.
    static func noteMessage(_ messageId: Int64, _ kind: MessageMail, in roomId: Int64, by authorId: Int64, at date: Date,
                            _ connection: PostgresConnection) throws {
        guard kind != .none,
              let direct = try connection.query("SELECT kind = 'direct' FROM chat_room WHERE id = $1", [roomId]).first?.decode(0, as: Bool.self)
        else { return }
        // Each member's settings in the same statement: one statement per message, not per
        // member, and only the members the message can tell.
        let audience = kind.audience(roomIsDirect: direct)
        guard audience != .nobody else { return }
        let members = try connection.query("""
            SELECT m.user_id, a.email, EXISTS (SELECT 1 FROM chat_mention WHERE message_id = $1 AND user_id = m.user_id),
                   s.messages, s.group_messages, s.shoots, s.galleries, s.language
            FROM chat_member m JOIN account a ON a.id = m.user_id
            LEFT JOIN mail_settings s ON s.user_id = m.user_id
            WHERE m.room_id = $2 AND m.user_id <> $3
              AND ($4 OR COALESCE(s.group_messages, $5)
                   OR EXISTS (SELECT 1 FROM chat_mention WHERE message_id = $1 AND user_id = m.user_id))
            """, [messageId, roomId, authorId, audience == .everyone, MailSettings.default.groupMessages])
        for member in members {
            let userId = try member.decode(0, as: Int64.self)
            let settings = try settings(from: member, at: 3)
            guard let mail = MailRules.mail(for: messageId, kind, to: userId, address: try member.decode(1), roomIsDirect: direct,
                                            mentioned: try member.decode(2), settings: settings, at: date)
            else { continue }
            try enqueue(mail, at: date, settings: settings, connection)
        }
    }

    /// Queues the mail of a gallery's step (`MailRules.recipient(of:in:)`) inside the caller's transaction.
    static func noteGallery(_ gallery: Gallery, _ event: GalleryMailEvent, at date: Date, _ connection: PostgresConnection) throws {
        guard let recipientId = MailRules.recipient(of: event, in: gallery),
              let address = try connection.query("SELECT email FROM account WHERE id = $1", [recipientId]).first?.decode(0, as: String.self)
        else { return }
        try enqueue(NewMail(to: recipientId, address: address, content: .gallery(galleryId: gallery.id, event: event), dueAt: date),
                    at: date, connection)
    }

    /// Queues the notice of an operator's action inside the caller's transaction, to the person
    /// `owner` (a query of one argument, `id`) names.
    static func noteModeration(of owner: String, _ id: Int64, _ action: ModerationMail.Action, reason: String, until: Date?,
                               at date: Date, _ connection: PostgresConnection) throws {
        guard let userId = try connection.query(owner, [id]).first?.decode(0, as: Int64.self),
              let address = try connection.query("SELECT email FROM account WHERE id = $1", [userId]).first?.decode(0, as: String.self)
        else { return }
        try enqueue(NewMail(to: userId, address: address, content: .moderation(ModerationMail(action: action, reason: reason, until: until)),
                            dueAt: date), at: date, connection)
    }

    static func settings(of userId: Int64, _ connection: PostgresConnection) throws -> MailSettings {
        guard let row = try connection.query("""
            SELECT messages, group_messages, shoots, galleries, language FROM mail_settings WHERE user_id = $1
            """, [userId]).first else { return .default }
        return try settings(from: row, at: 0)
    }

    /// The settings in the row's columns from `column` on (messages, group_messages, shoots,
    /// galleries, language), the defaults when they are NULL (no row joined).
    static func settings(from row: PostgresRow, at column: Int) throws -> MailSettings {
        guard let messages = try row.decodeIfPresent(column, as: String.self) else { return .default }
        return MailSettings(messages: MailSettings.MessageCadence(rawValue: messages) ?? .atOnce,
                            groupMessages: try row.decode(column + 1), shoots: try row.decode(column + 2),
                            galleries: try row.decode(column + 3), language: try row.decode(column + 4))
    }

    func due(at date: Date, missedBefore: Date, limit: Int) throws -> [QueuedMail] {
        let now = date.stored
        let until = now.addingTimeInterval(Double(lease / .milliseconds(1)) / 1_000)
        return try pool.withConnection { connection in
            try connection.query("""
                UPDATE mail SET claimed_by = $1, claimed_until = $2
                WHERE id IN (
                    SELECT id FROM mail
                    WHERE state = 'pending' AND due_at <= $3 AND (kind <> 'missedMessages' OR due_at <= $5)
                      AND (claimed_until IS NULL OR claimed_until <= $3 OR claimed_by = $1)
                    ORDER BY due_at, id LIMIT $4
                    FOR UPDATE SKIP LOCKED)
                RETURNING id, key, recipient_id, address, content, created_at, attempts, due_at
                """, [sender, until, now, max(0, limit), missedBefore.stored])
                .map { row in
                    (try row.decode(7, as: Date.self), QueuedMail(
                        id: try row.decode(0), key: try row.decode(1), recipientId: try row.decode(2), address: try row.decode(3),
                        content: try MailColumn.value(MailContent.self, from: try row.decode(4)), createdAt: try row.decode(5),
                        attempts: try row.decode(6)))
                }
                .sorted { ($0.0, $0.1.id) < ($1.0, $1.1.id) }
                .map(\.1)
        }
    }

    func markSent(_ id: Int64, at date: Date, keeping content: MailContent) throws {
        try pool.withConnection { connection in
            try connection.query("""
                UPDATE mail SET state = 'sent', sent_at = $1, content = $2, attempts = attempts + 1, last_error = NULL,
                                claimed_by = NULL, claimed_until = NULL
                WHERE id = $3 AND state = 'pending'
                """, [date.stored, try MailColumn.text(content), id])
        }
    }

    func markRetry(_ id: Int64, next: Date, error: String) throws {
        try pool.withConnection { connection in
            try connection.query("""
                UPDATE mail SET due_at = $1, attempts = attempts + 1, last_error = $2, claimed_by = NULL, claimed_until = NULL
                WHERE id = $3 AND state = 'pending'
                """, [next.stored, MailStoreText.error(error), id])
        }
    }

    func markFailed(_ id: Int64, at date: Date, error: String, hardBounce: Bool) throws {
        try pool.transaction { connection in
            guard let address = try connection.query("""
                UPDATE mail SET state = 'failed', attempts = attempts + 1, last_error = $1, claimed_by = NULL, claimed_until = NULL
                WHERE id = $2 AND state = 'pending' RETURNING address
                """, [MailStoreText.error(error), id]).first?.decode(0, as: String.self), hardBounce else { return }
            try connection.query("""
                INSERT INTO mail_bounce (address, bounces, last_at) VALUES (lower($1), 1, $2)
                ON CONFLICT (address) DO UPDATE SET bounces = mail_bounce.bounces + 1, last_at = excluded.last_at
                """, [address, date.stored])
        }
    }

    func markCancelled(_ id: Int64, at date: Date) throws {
        try pool.withConnection { connection in
            try connection.query("""
                UPDATE mail SET state = 'cancelled', claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND state = 'pending'
                """, [id])
        }
    }

    private static let recordColumns = "id, key, kind, address, state, created_at, sent_at, attempts, last_error"

    func recent(limit: Int) throws -> [MailRecord] {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.recordColumns) FROM mail ORDER BY id DESC LIMIT $1", [max(0, limit)]).map(Self.record)
        }
    }

    func record(key: String) throws -> MailRecord? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.recordColumns) FROM mail WHERE key = $1", [key]).first.map(Self.record)
        }
    }

    private static func record(_ row: PostgresRow) throws -> MailRecord {
        MailRecord(id: try row.decode(0), key: try row.decode(1), kind: MailKind(rawValue: try row.decode(2)) ?? .confirmEmail,
                   address: try row.decode(3), state: MailState(rawValue: try row.decode(4)) ?? .failed,
                   createdAt: try row.decode(5), sentAt: try row.decodeIfPresent(6), attempts: try row.decode(7),
                   lastError: try row.decodeIfPresent(8))
    }

    func counts(at date: Date) throws -> MailCounts {
        try pool.withConnection { connection in
            let row = try connection.query("""
                SELECT count(*) FILTER (WHERE state = 'pending' AND attempts = 0 AND due_at <= $1),
                       count(*) FILTER (WHERE state = 'pending' AND attempts > 0),
                       count(*) FILTER (WHERE state = 'failed'),
                       count(*) FILTER (WHERE state = 'pending' AND attempts = 0 AND due_at > $1)
                FROM mail WHERE state IN ('pending', 'failed')
                """, [date.stored])[0]
            return MailCounts(pending: try row.decode(0), retrying: try row.decode(1), failed: try row.decode(2),
                              scheduled: try row.decode(3))
        }
    }

    func bounces(of address: String) throws -> Int {
        try pool.withConnection { connection in
            try connection.query("SELECT bounces FROM mail_bounce WHERE address = lower($1)", [address]).first?.decode(0, as: Int.self) ?? 0
        }
    }

    func settings(of userId: Int64) throws -> MailSettings {
        try pool.withConnection { connection in try Self.settings(of: userId, connection) }
    }

    func save(_ settings: MailSettings, of userId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("""
                INSERT INTO mail_settings (user_id, messages, group_messages, shoots, galleries, language) VALUES ($1, $2, $3, $4, $5, $6)
                ON CONFLICT (user_id) DO UPDATE SET messages = excluded.messages, group_messages = excluded.group_messages,
                    shoots = excluded.shoots, galleries = excluded.galleries, language = excluded.language
                """, [userId, settings.messages.rawValue, settings.groupMessages, settings.shoots, settings.galleries, settings.language])
        }
    }

    func signingKey() throws -> String {
        try pool.withConnection { connection in
            try connection.query("SELECT value FROM mail_secret WHERE name = 'unsubscribe'").first?.decode(0, as: String.self) ?? ""
        }
    }

    func queued(_ kind: MailKind, to recipientId: Int64, since date: Date) throws -> [Date] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT created_at FROM mail WHERE recipient_id = $1 AND kind = $2 AND created_at > $3 ORDER BY created_at DESC
                """, [recipientId, kind.rawValue, date.stored]).map { try $0.decode(0, as: Date.self) }
        }
    }

    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable () -> Void) -> any StoreObservation {
        CommitObservation(commits: pool.observeCommits(notifying: Self.channel, changed))
    }
}
