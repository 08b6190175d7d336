import Foundation
import Fotofolio
import Postgres

/// The outbox on PostgreSQL, drained by whichever nodes run a publisher. A publisher claims
/// a batch for a lease: `FOR UPDATE SKIP LOCKED` lets two publishers claim at the same moment
/// without waiting for each other or taking the same row, and a claimed row is not claimed
/// again while its lease runs. A publisher that dies leaves its rows unsent; when the lease
/// runs out another claims them and publishes them again (at least once: receivers already
/// drop what they have by message uuid and live sequence).
public struct PostgresOutbox: Sendable {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    /// Claims up to `limit` unsent rows no one else holds, with ids above `id`, oldest first,
    /// for `publisher` until `date + lease`. With `renewingOwn`, rows `publisher` already
    /// holds are returned too, their lease renewed.
    public func claim(for publisher: String, after id: Int64 = 0, limit: Int, lease: Duration, renewingOwn: Bool = false,
                      at date: Date = Date()) throws -> [OutboxEntry] {
        let until = date.addingTimeInterval(Double(lease / .milliseconds(1)) / 1_000)
        return try pool.withConnection { connection in
            try connection.query("""
                UPDATE outbox SET claimed_by = $1, claimed_until = $2
                WHERE id IN (
                    SELECT id FROM outbox
                    WHERE sent_at IS NULL AND id > $5
                      AND (claimed_until IS NULL OR claimed_until <= $3 OR ($6 AND claimed_by = $1))
                    ORDER BY id LIMIT $4
                    FOR UPDATE SKIP LOCKED)
                RETURNING id, topic, payload
                """, [publisher, until, date, max(0, limit), id, renewingOwn])
                .map { row in OutboxEntry(id: try row.decode(0), topic: try row.decode(1), payload: try row.decode(2)) }
                .sorted { $0.id < $1.id }
        }
    }

    /// Takes the entries off the pending list, in one statement; marking one again changes nothing.
    public func markSent(_ ids: [Int64], at date: Date = Date()) throws {
        guard !ids.isEmpty else { return }
        // An array literal of numbers only: `{1,2,3}`.
        let list = "{" + ids.map(String.init).joined(separator: ",") + "}"
        try pool.withConnection { connection in
            try connection.query("UPDATE outbox SET sent_at = $1 WHERE id = ANY($2::bigint[]) AND sent_at IS NULL", [date, list])
        }
    }

    public func pendingCount() throws -> Int {
        try pool.withConnection { connection in
            try connection.query("SELECT count(*) FROM outbox WHERE sent_at IS NULL")[0].decode(0, as: Int.self)
        }
    }

    /// Deletes entries sent before `date`; returns how many were deleted.
    @discardableResult
    public func prune(sentBefore date: Date) throws -> Int {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < $1", [date]).affected
        }
    }

    /// Queues a payload inside the caller's transaction.
    public static func enqueue(topic: String, payload: String, at date: Date, _ connection: PostgresConnection) throws {
        try connection.query("INSERT INTO outbox (topic, payload, created_at) VALUES ($1, $2, $3)", [topic, payload, date])
    }
}
