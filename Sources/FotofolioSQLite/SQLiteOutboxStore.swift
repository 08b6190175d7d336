import Foundation
import Fotofolio
import GRDB

/// The outbox in `outbox`; `sentAt` stays NULL until the broker acknowledges a row.
struct SQLiteOutboxStore: OutboxStore {
    let database: AppDatabase

    func pending(after id: Int64, limit: Int) throws -> [OutboxEntry] {
        try database.unsafeRead { db in
            try OutboxEntry.fetchAll(db.cachedStatement(sql: "SELECT * FROM outbox WHERE sentAt IS NULL AND id > ? ORDER BY id LIMIT ?"),
                                     arguments: [id, max(0, limit)])
        }
    }

    func markSent(_ ids: [Int64], at date: Date) throws {
        try database.write { db in
            let statement = try db.cachedStatement(sql: "UPDATE outbox SET sentAt = ? WHERE id = ? AND sentAt IS NULL")
            for id in ids { try statement.execute(arguments: [date, id]) }
        }
    }

    func pendingCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE sentAt IS NULL") ?? 0 }
    }

    func prune(sentBefore date: Date) throws -> Int {
        try database.write { db in
            try db.execute(sql: "DELETE FROM outbox WHERE sentAt IS NOT NULL AND sentAt < ?", arguments: [date])
            return db.changesCount
        }
    }

    /// Queues a payload inside the caller's transaction.
    static func enqueue(topic: String, payload: String, at date: Date, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO outbox (topic, payload, createdAt) VALUES (?, ?, ?)")
            .execute(arguments: [topic, payload, date])
    }
}
