import Foundation
import Fotofolio
import GRDB
import Synchronization

/// The live log in `liveEvent`, whose sequence is an autoincremented key (never reused).
/// Its reads run for every wake-up and every stream that opens: one statement each, compiled
/// once per connection, outside a transaction (one statement reads one snapshot).
struct SQLiteLiveEventStore: LiveEventStore {
    let database: AppDatabase

    func latestSequence() throws -> Int64 {
        try database.unsafeRead { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT IFNULL(MAX(sequence), 0) FROM liveEvent")) ?? 0
        }
    }

    func events(after sequence: Int64, limit: Int) throws -> [LiveEvent] {
        try database.unsafeRead { db in
            try LiveEvent.fetchAll(db.cachedStatement(sql: "SELECT * FROM liveEvent WHERE sequence > ? ORDER BY sequence LIMIT ?"),
                                   arguments: [sequence, max(0, limit)])
        }
    }

    func events(after sequence: Int64, for userId: Int64, limit: Int) throws -> [LiveEvent] {
        try database.unsafeRead { db in
            try LiveEvent.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM liveEvent
                WHERE sequence > ?1 AND (userId = ?2
                    OR (userId IS NULL AND roomId IN (SELECT roomId FROM chatMember WHERE userId = ?2)))
                ORDER BY sequence LIMIT ?3
                """), arguments: [sequence, userId, max(0, limit)])
        }
    }

    func oldestSequence() throws -> Int64? {
        try database.unsafeRead { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT MIN(sequence) FROM liveEvent")) }
    }

    func prune(olderThan date: Date, keepingAtMost maximumCount: Int) throws -> Int {
        try database.write { db in
            guard let newest = try Int64.fetchOne(db, sql: "SELECT MAX(sequence) FROM liveEvent") else { return 0 }
            try db.execute(sql: "DELETE FROM liveEvent WHERE createdAt < ? AND sequence < ?", arguments: [date, newest])
            var deleted = db.changesCount
            let keep = Int64(clamping: max(1, maximumCount))
            try db.execute(sql: "DELETE FROM liveEvent WHERE sequence <= ?", arguments: [newest - keep])
            deleted += db.changesCount
            return deleted
        }
    }

    /// GRDB calls `onChange` on the writer's queue right after each commit that touched the
    /// table, before the next write: the events after the last one handed over are those the
    /// transaction appended, and the members read there are those of its commit. (An event
    /// committed while the observation starts may be handed over with the next commit; a hub
    /// takes each sequence once.)
    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable ([AppendedLiveEvent]) -> Void) -> any StoreObservation {
        let handed = Mutex<Int64?>(try? latestSequence())
        return DatabaseRegionObservation(tracking: Table(LiveEvent.databaseTableName))
            .start(in: database.pool, onError: failed, onChange: { db in
                do {
                    let after = try handed.withLock { $0 }
                        ?? Int64.fetchOne(db.cachedStatement(sql: "SELECT IFNULL(MAX(sequence), 1) - 1 FROM liveEvent")) ?? 0
                    let appended = try Self.appended(after: after, db)
                    handed.withLock { $0 = appended.last?.event.sequence ?? after }
                    changed(appended)
                } catch {
                    failed(error)
                }
            })
    }

    /// The events after `sequence`, each with its recipients and message as of now (the
    /// writer's view, right after the commit that appended them).
    static func appended(after sequence: Int64, _ db: Database) throws -> [AppendedLiveEvent] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT *, CASE WHEN kind = 'message' THEN json_extract(payload, '$.data.id') END AS messageId
            FROM liveEvent WHERE sequence > ? ORDER BY sequence
            """), arguments: [sequence])
        var members: [Int64: [Int64]] = [:]
        return try rows.map { row in
            let event = try LiveEvent(row: row)
            let message = try AnnouncedMessages.message(of: event, db)
                ?? (row["messageId"] as Int64?).flatMap { try MessengerReading.message(id: $0, db) }
            if let userId = event.userId { return AppendedLiveEvent(event: event, recipients: [userId], message: message) }
            if members[event.roomId] == nil {
                members[event.roomId] = try Int64.fetchAll(
                    db.cachedStatement(sql: "SELECT userId FROM chatMember WHERE roomId = ? ORDER BY userId"), arguments: [event.roomId])
            }
            return AppendedLiveEvent(event: event, recipients: members[event.roomId] ?? [], message: message)
        }
    }

    /// Appends an event inside the caller's transaction; refuses one larger than a stream carries.
    /// `message`: the message a `message` event announces, as the transaction stored it and
    /// its payload was made from; the commit's hand-over gives it to the hubs unread.
    static func append(
        _ kind: LiveEvent.Kind, roomId: Int64, for userId: Int64? = nil, payload: String, message: ChatMessage? = nil,
        at date: Date, _ db: Database
    ) throws {
        guard payload.utf8.count <= LiveEventLog.maximumPayloadBytes else {
            throw LiveEventLog.PayloadTooLarge(bytes: payload.utf8.count)
        }
        try db.cachedStatement(sql: """
            INSERT INTO liveEvent (kind, roomId, userId, payload, createdAt) VALUES (?, ?, ?, ?, ?)
            """).execute(arguments: [kind.rawValue, roomId, userId, payload, date])
        if let message { AnnouncedMessages.note(message, payload: payload, sequence: db.lastInsertedRowID, db) }
    }
}

/// The messages the open write transaction announced, by the sequence of their event: the
/// hand-over after its commit (`observeCommits`) gives each event the message its payload was
/// made from instead of reading it again, as PostgreSQL's append notes it. Kept per writer
/// connection only until its transaction ends: forgotten at the commit (after the hand-over,
/// which observes first) and at a rollback, whose sequences a later transaction may take again.
/// An event whose payload is not the one noted (nothing else writes in the transaction's
/// place, but a rewrite would not match) is read as before.
enum AnnouncedMessages {
    private struct Noted {
        let payload: String
        let message: ChatMessage
    }

    private static let noted = Mutex<[ObjectIdentifier: [Int64: Noted]]>([:])

    static func note(_ message: ChatMessage, payload: String, sequence: Int64, _ db: Database) {
        let connection = ObjectIdentifier(db)
        let first = noted.withLock { noted -> Bool in
            defer { noted[connection, default: [:]][sequence] = Noted(payload: payload, message: message) }
            return noted[connection] == nil
        }
        if first { db.afterNextTransaction(onCommit: forget, onRollback: forget) }
    }

    static func message(of event: LiveEvent, _ db: Database) -> ChatMessage? {
        guard event.kind == .message, let kept = noted.withLock({ $0[ObjectIdentifier(db)]?[event.sequence] }),
              kept.payload == event.payload else { return nil }
        return kept.message
    }

    /// How many messages are noted for the connection (none between its transactions).
    static func count(on db: Database) -> Int { noted.withLock { $0[ObjectIdentifier(db)]?.count ?? 0 } }

    @Sendable private static func forget(_ db: Database) {
        _ = noted.withLock { $0.removeValue(forKey: ObjectIdentifier(db)) }
    }
}

extension AnyDatabaseCancellable: StoreObservation {}
