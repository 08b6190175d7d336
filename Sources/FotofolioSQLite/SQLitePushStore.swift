import Foundation
import Fotofolio
import GRDB

/// Subscriptions in `pushSubscription`, the outbox in `push`, the VAPID key in `pushKey`,
/// presence in `livePresence`. One process serves a SQLite file, so due pushes are read
/// without claims.
struct SQLitePushStore: PushStore {
    let database: AppDatabase

    private static let subscriptionColumns = "s.id, s.userId, s.endpoint, s.p256dh, s.auth, s.userAgent, s.createdAt, s.lastUsedAt"

    func add(_ subscription: NewPushSubscription, for userId: Int64, at date: Date) throws -> PushSubscription {
        try database.write { db in
            let existing = try Row.fetchOne(db, sql: "SELECT id, userId FROM pushSubscription WHERE endpoint = ?",
                                            arguments: [subscription.endpoint])
            let id: Int64
            if let existing, existing["userId"] as Int64 == userId {
                id = existing["id"]
                try db.execute(sql: "UPDATE pushSubscription SET p256dh = ?, auth = ?, userAgent = ? WHERE id = ?",
                               arguments: [subscription.p256dh, subscription.auth, subscription.userAgent, id])
            } else {
                // Another person's browser profile now: what was queued for them there is theirs, and goes.
                if let existing { try db.execute(sql: "DELETE FROM pushSubscription WHERE id = ?", arguments: [existing["id"] as Int64]) }
                try db.execute(sql: """
                    INSERT INTO pushSubscription (userId, endpoint, p256dh, auth, userAgent, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [userId, subscription.endpoint, subscription.p256dh, subscription.auth, subscription.userAgent, date])
                id = db.lastInsertedRowID
            }
            try db.execute(sql: """
                DELETE FROM pushSubscription WHERE id IN (
                    SELECT id FROM pushSubscription WHERE userId = ?1
                    ORDER BY id = ?2 DESC, IFNULL(lastUsedAt, createdAt) DESC, id DESC LIMIT -1 OFFSET ?3)
                """, arguments: [userId, id, PushRules.subscriptionsPerPerson])
            return try Row.fetchOne(db, sql: "SELECT \(Self.subscriptionColumns) FROM pushSubscription s WHERE id = ?",
                                    arguments: [id]).map { Self.subscription($0) }!
        }
    }

    static func subscription(_ row: Row, from column: Int = 0) -> PushSubscription {
        PushSubscription(id: row[column], userId: row[column + 1], endpoint: row[column + 2], p256dh: row[column + 3],
                         auth: row[column + 4], userAgent: row[column + 5], createdAt: row[column + 6], lastUsedAt: row[column + 7])
    }

    func subscriptions(of userId: Int64) throws -> [PushSubscription] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.subscriptionColumns) FROM pushSubscription s WHERE userId = ? ORDER BY createdAt DESC, id DESC
                """, arguments: [userId]).map { Self.subscription($0) }
        }
    }

    func remove(_ id: Int64, of userId: Int64) throws -> Bool {
        try database.write { db in
            try db.execute(sql: "DELETE FROM pushSubscription WHERE id = ? AND userId = ?", arguments: [id, userId])
            return db.changesCount > 0
        }
    }

    func removeGone(_ subscriptionId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM pushSubscription WHERE id = ?", arguments: [subscriptionId])
        }
    }

    func vapidKey(make: () -> [UInt8]) throws -> [UInt8] {
        let read = { try self.database.read { db in try Data.fetchOne(db, sql: "SELECT privateKey FROM pushKey WHERE id = 1") } }
        if let key = try read() { return Array(key) }
        let made = Data(make())
        try database.write { db in
            try db.execute(sql: "INSERT INTO pushKey (id, privateKey) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", arguments: [made])
        }
        return Array(try read() ?? made)
    }

    func due(at date: Date, limit: Int) throws -> [QueuedPush] {
        try database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT p.id, p.key, p.recipientId, p.content, p.createdAt, p.attempts, \(Self.subscriptionColumns)
                FROM push p JOIN pushSubscription s ON s.id = p.subscriptionId
                WHERE p.state = 'pending' AND p.dueAt <= ? ORDER BY p.dueAt, p.id LIMIT ?
                """), arguments: [date, max(0, limit)]).map { row in
                QueuedPush(id: row[0], key: row[1], recipientId: row[2], subscription: Self.subscription(row, from: 6),
                           content: try MailColumn.value(PushContent.self, from: row[3]), createdAt: row[4], attempts: row[5])
            }
        }
    }

    func markSent(_ id: Int64, at date: Date) throws {
        try database.write { db in
            // Read while it was being sent: sent all the same, and the device gets a close after it.
            guard let row = try Row.fetchOne(db, sql: """
                SELECT subscriptionId, recipientId, roomId, messageId, state = 'skipped' AS readMeanwhile FROM push
                WHERE id = ? AND (state = 'pending' OR (state = 'skipped' AND reason = 'read'))
                """, arguments: [id]) else { return }
            try db.execute(sql: "UPDATE push SET state = 'sent', reason = NULL, sentAt = ?, attempts = attempts + 1, lastError = NULL WHERE id = ?",
                           arguments: [date, id])
            try db.execute(sql: "UPDATE pushSubscription SET lastUsedAt = ? WHERE id = ?", arguments: [date, row["subscriptionId"]])
            if row["readMeanwhile"], let roomId: Int64 = row["roomId"], let messageId: Int64 = row["messageId"] {
                try Self.noteClose(roomId, upTo: messageId, subscription: row["subscriptionId"], recipient: row["recipientId"], at: date, db)
            }
        }
    }

    func markRetry(_ id: Int64, next: Date, error: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE push SET dueAt = ?, attempts = attempts + 1, lastError = ? WHERE id = ? AND state = 'pending'",
                           arguments: [next, MailStoreText.error(error), id])
        }
    }

    func markFailed(_ id: Int64, at date: Date, error: String) throws {
        try database.write { db in
            try db.execute(sql: """
                UPDATE push SET state = 'failed', attempts = attempts + 1, lastError = ? WHERE id = ? AND state = 'pending'
                """, arguments: [MailStoreText.error(error), id])
        }
    }

    func markSkipped(_ id: Int64, at date: Date, reason: String) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE push SET state = 'skipped', reason = ? WHERE id = ? AND state = 'pending'", arguments: [reason, id])
        }
    }

    func counts() throws -> PushCounts {
        try database.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM push WHERE state = 'pending'), (SELECT count(*) FROM push WHERE state = 'failed')
                """)
            return PushCounts(waiting: row?[0] ?? 0, failed: row?[1] ?? 0)
        }
    }

    func setPresent(_ userIds: Set<Int64>, node: String, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM livePresence WHERE node = ?", arguments: [node])
            let insert = try db.cachedStatement(sql: "INSERT INTO livePresence (userId, node, seenAt) VALUES (?, ?, ?)")
            for userId in userIds.sorted() { try insert.execute(arguments: [userId, node, date]) }
        }
    }

    func isPresent(_ userId: Int64, at date: Date) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM livePresence WHERE userId = ? AND seenAt > ?)"),
                              arguments: [userId, date.addingTimeInterval(-PushRules.presenceFresh)]) ?? false
        }
    }

    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable () -> Void) -> any StoreObservation {
        DatabaseRegionObservation(tracking: Table("push"))
            .start(in: database.pool, onError: failed, onChange: { _ in changed() })
    }
}
