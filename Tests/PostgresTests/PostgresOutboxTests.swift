import Foundation
import Fotofolio
import FotofolioPostgres
import Postgres
import PostgresCluster
import Testing

/// Several publishers drain one outbox: no row is claimed twice while its claim holds, every
/// row is claimed, and a dead publisher's rows come round again when their claim runs out.
@Suite struct PostgresOutboxTests {
    @Test func twoPublishersClaimingAtOnceNeverTakeTheSameRow() throws {
        let url = try TemporaryPostgres.shared.newMigratedDatabase()
        let setup = try PostgresPool(url: url, size: 1)
        try setup.transaction { connection in
            for number in 0..<1_000 {
                try PostgresOutbox.enqueue(topic: "chat-room/1/message", payload: "\(number)", at: Date(), connection)
            }
        }
        let claimed = NSLock()
        nonisolated(unsafe) var byPublisher: [String: [Int64]] = [:]
        nonisolated(unsafe) var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let name = "node-\(index)"
            do {
                let outbox = PostgresOutbox(pool: try PostgresPool(url: url, size: 1))
                while true {
                    let batch = try outbox.claim(for: name, limit: 7, lease: .seconds(600))
                    if batch.isEmpty { break }
                    try outbox.markSent(batch.map(\.id))
                    claimed.lock()
                    byPublisher[name, default: []] += batch.map(\.id)
                    claimed.unlock()
                }
            } catch {
                claimed.lock()
                failures.append("\(error)")
                claimed.unlock()
            }
        }
        #expect(failures.isEmpty)
        let all = byPublisher.values.flatMap { $0 }
        #expect(all.count == 1_000 && Set(all).count == 1_000, "a row was published twice or not at all")
        #expect(try PostgresOutbox(pool: setup).pendingCount() == 0)
    }

    @Test func aDeadPublishersRowsAreClaimedAgainWhenTheirClaimRunsOut() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newMigratedDatabase(), size: 1)
        try pool.transaction { try PostgresOutbox.enqueue(topic: "t", payload: "p", at: Date(), $0) }
        let outbox = PostgresOutbox(pool: pool)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try outbox.claim(for: "dies", limit: 10, lease: .seconds(30), at: start)
        #expect(first.map(\.payload) == ["p"])
        #expect(try outbox.claim(for: "lives", limit: 10, lease: .seconds(30), at: start.addingTimeInterval(29)).isEmpty,
                "claimed again while the first claim holds")
        let again = try outbox.claim(for: "lives", limit: 10, lease: .seconds(30), at: start.addingTimeInterval(30))
        #expect(again.map(\.id) == first.map(\.id))
        try outbox.markSent([again[0].id])
        #expect(try outbox.claim(for: "third", limit: 10, lease: .seconds(30), at: start.addingTimeInterval(120)).isEmpty)
    }
}
