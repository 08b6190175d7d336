import Foundation
import Fotofolio
import Postgres

/// The outbox on PostgreSQL, shared by every node. `pending(after:limit:)` does not merely
/// read: it claims the rows it returns for this process (`publisher`) for `lease` through
/// `PostgresOutbox`'s `FOR UPDATE SKIP LOCKED`, so several processes draining the same
/// outbox never publish the same row while a claim holds. To this process its own claimed
/// rows stay pending until marked sent (asking again renews their lease), as on SQLite; to
/// another process they come back only once the lease has run out (this one died).
struct PostgresOutboxStore: OutboxStore {
    let outbox: PostgresOutbox
    /// This process's name on its claims.
    let publisher: String
    let lease: Duration

    init(pool: PostgresPool, publisher: String, lease: Duration = .seconds(30)) {
        outbox = PostgresOutbox(pool: pool)
        self.publisher = publisher
        self.lease = lease
    }

    func pending(after id: Int64, limit: Int) throws -> [OutboxEntry] {
        try outbox.claim(for: publisher, after: id, limit: limit, lease: lease, renewingOwn: true)
    }

    func markSent(_ ids: [Int64], at date: Date) throws { try outbox.markSent(ids, at: date.stored) }

    func pendingCount() throws -> Int { try outbox.pendingCount() }

    func prune(sentBefore date: Date) throws -> Int { try outbox.prune(sentBefore: date.stored) }
}
