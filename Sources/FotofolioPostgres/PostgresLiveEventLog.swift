import Foundation
import Fotofolio
import Postgres

/// The live event log on PostgreSQL, written by many processes at once. Appends take their
/// sequence from the one-row `live_sequence` inside the appending transaction: its row lock
/// makes the next append wait until this one commits or rolls back, so a reader never sees
/// sequence n + 1 before n, and a rolled-back append leaves no gap (its number is reused).
/// The price is that appends from all nodes commit one at a time, which a chat's rate of
/// writes never notices.
public struct PostgresLiveEventLog: Sendable {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    /// The newest sequence, 0 while nothing was ever appended: where a fresh hub starts reading.
    public func latestSequence() throws -> Int64 {
        try pool.withConnection { connection in
            try connection.query("SELECT last FROM live_sequence")[0].decode(0, as: Int64.self)
        }
    }

    /// Events for everyone after `sequence`, oldest first.
    public func events(after sequence: Int64, limit: Int) throws -> [LiveEvent] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT sequence, kind, room_id, user_id, payload FROM live_event
                WHERE sequence > $1 ORDER BY sequence LIMIT $2
                """, [sequence, max(0, limit)]).map(Self.event)
        }
    }

    /// The replay for one person after `sequence`, oldest first: events addressed to them,
    /// and events for a whole room they are a member of now.
    public func events(after sequence: Int64, for userId: Int64, limit: Int) throws -> [LiveEvent] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT sequence, kind, room_id, user_id, payload FROM live_event
                WHERE sequence > $1 AND (user_id = $2
                    OR (user_id IS NULL AND room_id IN (SELECT room_id FROM chat_member WHERE user_id = $2)))
                ORDER BY sequence LIMIT $3
                """, [sequence, userId, max(0, limit)]).map(Self.event)
        }
    }

    /// The oldest sequence still in the log (nil while it is empty).
    public func oldestSequence() throws -> Int64? {
        try pool.withConnection { connection in
            try connection.query("SELECT min(sequence) FROM live_event")[0].decodeIfPresent(0, as: Int64.self)
        }
    }

    /// Deletes events written before `date`, and the oldest beyond `maximumCount`, but never
    /// the newest event. Returns how many were deleted.
    @discardableResult
    public func prune(olderThan date: Date, keepingAtMost maximumCount: Int = .max) throws -> Int {
        try pool.transaction { connection in
            guard let newest = try connection.query("SELECT max(sequence) FROM live_event")[0]
                .decodeIfPresent(0, as: Int64.self) else { return 0 }
            var deleted = try connection.query("DELETE FROM live_event WHERE created_at < $1 AND sequence < $2",
                                               [date, newest]).affected
            let keep = Int64(clamping: max(1, maximumCount))
            deleted += try connection.query("DELETE FROM live_event WHERE sequence <= $1", [newest - keep]).affected
            return deleted
        }
    }

    /// The channel a transaction that appended notifies (`PostgresConnection.notifyAfterCommit`),
    /// and the commit observation of the log hears.
    static let channel = "live_event"

    /// Appends an event inside the caller's transaction and returns its sequence; refuses one
    /// larger than a stream carries. The transaction tells the log's commit observers once it
    /// commits, whichever store or helper appended, handing them the event with its
    /// recipients (`AppendedLiveEvent`). A room's members are read by the insert, a statement
    /// that began after the sequence's row lock was taken: every change committed before this
    /// event's place in the log is seen, none after it.
    @discardableResult
    /// - Parameter message: the message a `message` event announces, as stored, handed over with it.
    public static func append(_ kind: LiveEvent.Kind, roomId: Int64, for userId: Int64? = nil, payload: String,
                              message: ChatMessage? = nil, at date: Date, _ connection: PostgresConnection) throws -> Int64 {
        guard payload.utf8.count <= LiveEventLog.maximumPayloadBytes else {
            throw PostgresError(sqlState: nil, message: "a live event of \(payload.utf8.count) bytes is larger than a stream may carry")
        }
        let sequence = try connection.query("UPDATE live_sequence SET last = last + 1 RETURNING last")[0]
            .decode(0, as: Int64.self)
        let recipients: [Int64]
        if let userId {
            try connection.query("""
                INSERT INTO live_event (sequence, kind, room_id, user_id, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6)
                """, [sequence, kind.rawValue, roomId, userId, payload, date])
            recipients = [userId]
        } else {
            let members = try connection.query("""
                INSERT INTO live_event (sequence, kind, room_id, user_id, payload, created_at) VALUES ($1, $2, $3, NULL, $4, $5)
                RETURNING (SELECT coalesce(string_agg(user_id::text, ',' ORDER BY user_id), '') FROM chat_member WHERE room_id = $3)
                """, [sequence, kind.rawValue, roomId, payload, date])[0].decode(0, as: String.self)
            recipients = try members.split(separator: ",").map { text in
                guard let id = Int64(text) else { throw PostgresError(sqlState: nil, message: "a member id that is not a number") }
                return id
            }
        }
        let event = LiveEvent(sequence: sequence, kind: kind, roomId: roomId, userId: userId, payload: payload)
        connection.notifyAfterCommit(channel, note: AppendedLiveEvent(event: event, recipients: recipients, message: message))
        return sequence
    }

    private static func event(_ row: PostgresRow) throws -> LiveEvent {
        let kindText = try row.decode(1, as: String.self)
        guard let kind = LiveEvent.Kind(rawValue: kindText) else {
            throw PostgresError(sqlState: nil, message: "a live event of unknown kind \(kindText)")
        }
        return LiveEvent(sequence: try row.decode(0), kind: kind, roomId: try row.decode(2),
                         userId: try row.decodeIfPresent(3), payload: try row.decode(4))
    }
}
