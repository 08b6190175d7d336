import Foundation
import GRDB

/// Something a browser should learn at once: a new message, how far someone read, a room
/// that changed. Its sequence is the SSE event id; a reconnecting browser asks for what
/// came after the last one it saw. A row of an unknown kind throws when read.
public struct LiveEvent: Sendable, Equatable, Codable, FetchableRecord, TableRecord {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case message, read, room
    }

    /// Strictly increasing, never reused.
    public var sequence: Int64
    public var kind: Kind
    public var roomId: Int64
    /// nil: for every current member of the room; set: for that person only.
    public var userId: Int64?
    /// The JSON envelope (see `MessageEnvelope`).
    public var payload: String

    public static let databaseTableName = "liveEvent"

    public enum Columns {
        public static let sequence = Column(CodingKeys.sequence)
        public static let kind = Column(CodingKeys.kind)
        public static let roomId = Column(CodingKeys.roomId)
        public static let userId = Column(CodingKeys.userId)
        public static let payload = Column(CodingKeys.payload)
        /// When it was written (what pruning goes by); not a property of the event.
        public static let createdAt = Column("createdAt")
    }

    public init(sequence: Int64, kind: Kind, roomId: Int64, userId: Int64?, payload: String) {
        self.sequence = sequence
        self.kind = kind
        self.roomId = roomId
        self.userId = userId
        self.payload = payload
    }
}

/// The log of live events, written by the messenger in the transaction of each change and
/// read by every server node's hub and by browsers catching up after a reconnect.
public final class LiveEventLog: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The newest sequence, 0 while the log is empty: where a fresh hub starts reading.
    public func latestSequence() throws -> Int64 {
        try database.pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(sequence), 0) FROM liveEvent") ?? 0
        }
    }

    /// Events for everyone after `sequence`, oldest first: what a hub fans out to its streams.
    public func events(after sequence: Int64, limit: Int) throws -> [LiveEvent] {
        try database.pool.read { db in
            try LiveEvent.filter(LiveEvent.Columns.sequence > sequence)
                .order(LiveEvent.Columns.sequence).limit(max(0, limit)).fetchAll(db)
        }
    }

    /// The replay for one person after `sequence`, oldest first: events addressed to them,
    /// and events for a whole room they are a member of now (a person who left sees none
    /// of that room's events, except the one telling them they were removed).
    public func events(after sequence: Int64, for userId: Int64, limit: Int) throws -> [LiveEvent] {
        try database.pool.read { db in
            try LiveEvent.fetchAll(db, sql: """
                SELECT * FROM liveEvent
                WHERE sequence > ?1 AND (userId = ?2
                    OR (userId IS NULL AND roomId IN (SELECT roomId FROM chatMember WHERE userId = ?2)))
                ORDER BY sequence LIMIT ?3
                """, arguments: [sequence, userId, max(0, limit)])
        }
    }

    /// The oldest sequence still in the log (nil while it is empty). A replay after a sequence
    /// before `oldest - 1` would miss the pruned events in between.
    public func oldestSequence() throws -> Int64? {
        try database.pool.read { db in try Int64.fetchOne(db, sql: "SELECT MIN(sequence) FROM liveEvent") }
    }

    /// Deletes events written before `date`, and the oldest beyond `maximumCount`, but never
    /// the newest event: it is what `latestSequence` reads. A browser away longer than the
    /// log reaches back is told to reload instead (`LiveHub`). Returns how many were deleted.
    @discardableResult
    public func prune(olderThan date: Date, keepingAtMost maximumCount: Int = .max) throws -> Int {
        try database.pool.write { db in
            guard let newest = try Int64.fetchOne(db, sql: "SELECT MAX(sequence) FROM liveEvent") else { return 0 }
            try db.execute(sql: "DELETE FROM liveEvent WHERE createdAt < ? AND sequence < ?", arguments: [date, newest])
            var deleted = db.changesCount
            let keep = Int64(clamping: max(1, maximumCount))
            try db.execute(sql: "DELETE FROM liveEvent WHERE sequence <= ?", arguments: [newest - keep])
            deleted += db.changesCount
            return deleted
        }
    }

    /// The largest payload an event may have: a quarter of what a live stream may hold
    /// unsent (1 MiB), so an event always fits a stream. A message's 16 KiB, even with every
    /// character escaped in its JSON, stays far below it.
    public static let maximumPayloadBytes = 256 * 1024

    struct PayloadTooLarge: Error, CustomStringConvertible {
        let bytes: Int
        var description: String { "A live event of \(bytes) bytes is larger than a stream may carry." }
    }

    /// Appends an event inside the caller's transaction; refuses one larger than a stream carries.
    static func append(
        _ kind: LiveEvent.Kind, roomId: Int64, for userId: Int64? = nil, payload: String, at date: Date, _ db: Database
    ) throws {
        guard payload.utf8.count <= maximumPayloadBytes else { throw PayloadTooLarge(bytes: payload.utf8.count) }
        try db.execute(sql: """
            INSERT INTO liveEvent (kind, roomId, userId, payload, createdAt) VALUES (?, ?, ?, ?, ?)
            """, arguments: [kind.rawValue, roomId, userId, payload, date])
    }
}
