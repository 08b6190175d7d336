import Foundation
import Fotofolio
import Postgres

/// Subscriptions in `push_subscription`, the outbox in `push`, the VAPID key in `push_key`,
/// presence in `live_presence`, shared by every node. `due` claims what it returns for this
/// process (`sender`) for `lease` with `FOR UPDATE SKIP LOCKED`, as the mail outbox does: two
/// nodes never send the same push while a claim holds, and the pushes of a node that died
/// are sent by another once its lease has run out.
struct PostgresPushStore: PushStore {
    let pool: PostgresPool
    let sender: String
    var lease: Duration = .seconds(120)

    /// The channel a transaction that queued a push notifies.
    static let channel = "push"
    static let subscriptionColumns = "s.id, s.user_id, s.endpoint, s.p256dh, s.auth, s.user_agent, s.created_at, s.last_used_at"

    func add(_ subscription: NewPushSubscription, for userId: Int64, at date: Date) throws -> PushSubscription {
        try pool.transaction { connection in
            // Locks the endpoint's row, if any, so two requests with one endpoint take turns.
            let existing = try connection.query("SELECT id, user_id FROM push_subscription WHERE endpoint = $1 FOR UPDATE",
                                                [subscription.endpoint]).first
            var id: Int64?
            if let existing, try existing.decode(1, as: Int64.self) == userId {
                id = try existing.decode(0, as: Int64.self)
                try connection.query("UPDATE push_subscription SET p256dh = $1, auth = $2, user_agent = $3 WHERE id = $4",
                                     [subscription.p256dh, subscription.auth, subscription.userAgent, id])
            } else if let existing {
                // Another person's browser profile now: what was queued for them there is theirs, and goes.
                try connection.query("DELETE FROM push_subscription WHERE id = $1", [try existing.decode(0, as: Int64.self)])
            }
            let kept = try id ?? connection.query("""
                INSERT INTO push_subscription (user_id, endpoint, p256dh, auth, user_agent, created_at) VALUES ($1, $2, $3, $4, $5, $6)
                ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
                    user_agent = excluded.user_agent, created_at = excluded.created_at, last_used_at = NULL
                RETURNING id
                """, [userId, subscription.endpoint, subscription.p256dh, subscription.auth, subscription.userAgent,
                      date.stored])[0].decode(0, as: Int64.self)
            try connection.query("""
                DELETE FROM push_subscription WHERE id IN (
                    SELECT id FROM push_subscription WHERE user_id = $1
                    ORDER BY id = $2 DESC, coalesce(last_used_at, created_at) DESC, id DESC OFFSET $3)
                """, [userId, kept, PushRules.subscriptionsPerPerson])
            return try Self.subscription(try connection.query("SELECT \(Self.subscriptionColumns) FROM push_subscription s WHERE id = $1",
                                                              [kept])[0])
        }
    }

    static func subscription(_ row: PostgresRow, from column: Int = 0) throws -> PushSubscription {
        PushSubscription(id: try row.decode(column), userId: try row.decode(column + 1), endpoint: try row.decode(column + 2),
                         p256dh: try row.decode(column + 3), auth: try row.decode(column + 4), userAgent: try row.decode(column + 5),
                         createdAt: try row.decode(column + 6), lastUsedAt: try row.decodeIfPresent(column + 7))
    }

    func subscriptions(of userId: Int64) throws -> [PushSubscription] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT \(Self.subscriptionColumns) FROM push_subscription s WHERE user_id = $1 ORDER BY created_at DESC, id DESC
                """, [userId]).map { try Self.subscription($0) }
        }
    }

    func remove(_ id: Int64, of userId: Int64) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM push_subscription WHERE id = $1 AND user_id = $2", [id, userId]).affected > 0
        }
    }

    func removeGone(_ subscriptionId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM push_subscription WHERE id = $1", [subscriptionId])
        }
    }

    func vapidKey(make: () -> [UInt8]) throws -> [UInt8] {
        let read = {
            try self.pool.withConnection { connection in
                try connection.query("SELECT private_key FROM push_key WHERE id = 1").first?.decode(0, as: Data.self)
            }
        }
        if let key = try read() { return Array(key) }
        let made = Data(make())
        try pool.withConnection { connection in
            try connection.query("INSERT INTO push_key (id, private_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [made])
        }
        // Another node may have been first: its key is the site's.
        return Array(try read() ?? made)
    }

    func due(at date: Date, limit: Int) throws -> [QueuedPush] {
        let now = date.stored
        let until = now.addingTimeInterval(Double(lease / .milliseconds(1)) / 1_000)
        return try pool.withConnection { connection in
            try connection.query("""
                WITH claimed AS (
                    UPDATE push SET claimed_by = $1, claimed_until = $2
                    WHERE id IN (
                        SELECT id FROM push
                        WHERE state = 'pending' AND due_at <= $3 AND (claimed_until IS NULL OR claimed_until <= $3 OR claimed_by = $1)
                        ORDER BY due_at, id LIMIT $4
                        FOR UPDATE SKIP LOCKED)
                    RETURNING id, key, recipient_id, content, created_at, attempts, subscription_id, due_at)
                SELECT c.id, c.key, c.recipient_id, c.content, c.created_at, c.attempts, \(Self.subscriptionColumns)
                FROM claimed c JOIN push_subscription s ON s.id = c.subscription_id
                ORDER BY c.due_at, c.id
                """, [sender, until, now, max(0, limit)])
                .map { row in
                    QueuedPush(id: try row.decode(0), key: try row.decode(1), recipientId: try row.decode(2),
                               subscription: try Self.subscription(row, from: 6),
                               content: try MailColumn.value(PushContent.self, from: try row.decode(3)),
                               createdAt: try row.decode(4), attempts: try row.decode(5))
                }
        }
    }

    func markSent(_ id: Int64, at date: Date) throws {
        try pool.transaction { connection in
            // Read while it was being sent: sent all the same, and the device gets a close after it.
            guard let row = try connection.query("""
                UPDATE push p SET state = 'sent', reason = NULL, sent_at = $1, attempts = p.attempts + 1, last_error = NULL,
                                  claimed_by = NULL, claimed_until = NULL
                FROM push before
                WHERE p.id = $2 AND before.id = p.id AND (p.state = 'pending' OR (p.state = 'skipped' AND p.reason = 'read'))
                RETURNING p.subscription_id, p.recipient_id, p.room_id, p.message_id, before.state = 'skipped'
                """, [date.stored, id]).first else { return }
            let subscription = try row.decode(0, as: Int64.self)
            try connection.query("UPDATE push_subscription SET last_used_at = $1 WHERE id = $2", [date.stored, subscription])
            if try row.decode(4, as: Bool.self), let roomId = try row.decodeIfPresent(2, as: Int64.self),
               let messageId = try row.decodeIfPresent(3, as: Int64.self) {
                try Self.noteClose(roomId, upTo: messageId, subscription: subscription, recipient: try row.decode(1, as: Int64.self),
                                   at: date, connection)
            }
        }
    }

    func markRetry(_ id: Int64, next: Date, error: String) throws {
        try pool.withConnection { connection in
            try connection.query("""
                UPDATE push SET due_at = $1, attempts = attempts + 1, last_error = $2, claimed_by = NULL, claimed_until = NULL
                WHERE id = $3 AND state = 'pending'
                """, [next.stored, MailStoreText.error(error), id])
        }
    }

    func markFailed(_ id: Int64, at date: Date, error: String) throws {
        try pool.withConnection { connection in
            try connection.query("""
                UPDATE push SET state = 'failed', attempts = attempts + 1, last_error = $1, claimed_by = NULL, claimed_until = NULL
                WHERE id = $2 AND state = 'pending'
                """, [MailStoreText.error(error), id])
        }
    }

    func markSkipped(_ id: Int64, at date: Date, reason: String) throws {
        try pool.withConnection { connection in
            try connection.query("""
                UPDATE push SET state = 'skipped', reason = $1, claimed_by = NULL, claimed_until = NULL WHERE id = $2 AND state = 'pending'
                """, [reason, id])
        }
    }

    func counts() throws -> PushCounts {
        try pool.withConnection { connection in
            let row = try connection.query("""
                SELECT count(*) FILTER (WHERE state = 'pending'), count(*) FILTER (WHERE state = 'failed')
                FROM push WHERE state IN ('pending', 'failed')
                """)[0]
            return PushCounts(waiting: try row.decode(0), failed: try row.decode(1))
        }
    }

    func setPresent(_ userIds: Set<Int64>, node: String, at date: Date) throws {
        try pool.transaction { connection in
            try connection.query("DELETE FROM live_presence WHERE node = $1", [node])
            guard !userIds.isEmpty else { return }
            let ids = "{" + userIds.sorted().map(String.init).joined(separator: ",") + "}"
            try connection.query("""
                INSERT INTO live_presence (user_id, node, seen_at) SELECT unnest($1::bigint[]), $2, $3
                """, [ids, node, date.stored])
        }
    }

    func isPresent(_ userId: Int64, at date: Date) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query("SELECT EXISTS (SELECT 1 FROM live_presence WHERE user_id = $1 AND seen_at > $2)",
                                 [userId, date.addingTimeInterval(-PushRules.presenceFresh).stored])[0].decode(0, as: Bool.self)
        }
    }

    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable () -> Void) -> any StoreObservation {
        CommitObservation(commits: pool.observeCommits(notifying: Self.channel, changed))
    }
}
