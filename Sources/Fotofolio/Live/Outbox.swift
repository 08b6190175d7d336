import Foundation
import GRDB

/// A payload waiting to be published to MQTT.
public struct OutboxEntry: Sendable, Equatable, Codable, FetchableRecord, TableRecord {
    public var id: Int64
    /// Without the configured prefix, e.g. `chat-room/12/message`.
    public var topic: String
    public var payload: String

    public static let databaseTableName = "outbox"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let topic = Column(CodingKeys.topic)
        public static let payload = Column(CodingKeys.payload)
        /// nil until the broker acknowledged it; not a property of the entry.
        public static let sentAt = Column("sentAt")
    }

    public init(id: Int64, topic: String, payload: String) {
        self.id = id
        self.topic = topic
        self.payload = payload
    }
}

/// What the messenger has stored and MQTT has not yet acknowledged. Rows are written in the
/// transaction of the change, so nothing stored is left unpublished after a crash; the
/// publisher marks each row sent once the broker has it.
public final class Outbox: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The topic of a room's canonical message events.
    public static func messageTopic(of roomId: Int64) -> String { "chat-room/\(roomId)/message" }
    /// The topic of a room's other events (reads, membership), which wake other server nodes.
    public static func eventTopic(of roomId: Int64) -> String { "chat-room/\(roomId)/event" }

    /// Unsent entries with ids above `id`, oldest first.
    public func pending(after id: Int64 = 0, limit: Int) throws -> [OutboxEntry] {
        try database.pool.read { db in
            try OutboxEntry.filter(OutboxEntry.Columns.sentAt == nil && OutboxEntry.Columns.id > id)
                .order(OutboxEntry.Columns.id).limit(max(0, limit)).fetchAll(db)
        }
    }

    /// Takes the entry off the pending list; marking it again changes nothing.
    public func markSent(_ id: Int64, at date: Date = Date()) throws {
        try database.pool.write { db in
            try db.execute(sql: "UPDATE outbox SET sentAt = ? WHERE id = ? AND sentAt IS NULL", arguments: [date, id])
        }
    }

    public func pendingCount() throws -> Int {
        try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE sentAt IS NULL") ?? 0 }
    }

    /// Deletes entries sent before `date`; returns how many were deleted.
    @discardableResult
    public func prune(sentBefore date: Date) throws -> Int {
        try database.pool.write { db in
            try db.execute(sql: "DELETE FROM outbox WHERE sentAt IS NOT NULL AND sentAt < ?", arguments: [date])
            return db.changesCount
        }
    }

    /// Queues a payload inside the caller's transaction.
    static func enqueue(topic: String, payload: String, at date: Date, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO outbox (topic, payload, createdAt) VALUES (?, ?, ?)", arguments: [topic, payload, date])
    }
}
