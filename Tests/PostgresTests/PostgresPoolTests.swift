import Foundation
import Postgres
import PostgresCluster
import Testing

/// The pool lends each connection to one caller at a time, never opens more than its size,
/// makes a caller wait (not fail) while a connection is busy, drops connections the server
/// closed, and tells its commit observers of what committed transactions notified.
@Suite struct PostgresPoolTests {
    @Test func manyThreadsShareAFewConnections() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 3)
        try pool.withConnection { try $0.execute("CREATE TABLE hit (thread int NOT NULL)") }
        let failed = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 12) { thread in
            do {
                for _ in 0..<20 {
                    try pool.transaction { connection in
                        try connection.query("INSERT INTO hit VALUES ($1)", [thread])
                    }
                }
            } catch {
                failed.withLock { failures.append("\(error)") }
            }
        }
        #expect(failures.isEmpty)
        let hits = try pool.withConnection { try $0.query("SELECT count(*) FROM hit")[0].decode(0, as: Int.self) }
        #expect(hits == 240)
        #expect(pool.openConnections <= 3)
    }

    @Test func aCallerWaitsForABusyConnectionAndGivesUpAfterTheWait() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 1, wait: .milliseconds(300))
        let lent = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? pool.withConnection { _ in
                lent.signal()
                release.wait()
            }
            done.signal()
        }
        lent.wait()
        let error = #expect(throws: PostgresError.self) { try pool.withConnection { _ in } }
        #expect(error?.message.contains("came free") == true)
        release.signal()
        done.wait()
        #expect(try pool.withConnection { try $0.query("SELECT 1")[0].decode(0, as: Int.self) } == 1)
    }

    @Test func aConnectionTheServerClosedIsDroppedAndReplaced() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 2)
        let pid = try pool.withConnection { try $0.query("SELECT pg_backend_pid()")[0].decode(0, as: Int.self) }
        try PostgresConnection(url: pool.url).query("SELECT pg_terminate_backend($1)", [pid])
        // The terminated one fails its next statement and is not given back to the pool.
        _ = try? pool.withConnection { try $0.query("SELECT 1") }
        let next = try pool.withConnection { try $0.query("SELECT pg_backend_pid()")[0].decode(0, as: Int.self) }
        #expect(next != pid)
    }

    /// A server that restarted dropped every connection at once: the first caller to find
    /// its connection gone takes the idle ones with it, so the next caller connects afresh
    /// instead of failing on another dead connection.
    @Test func oneConnectionFoundDeadTakesTheIdleOnesWithIt() throws {
        let url = try TemporaryPostgres.shared.newDatabase()
        let pool = try PostgresPool(url: url, size: 3)
        try pool.withConnection { _ in try pool.withConnection { _ in try pool.withConnection { _ in } } }
        #expect(pool.openConnections == 3)
        let admin = try PostgresConnection(url: url)
        try admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        #expect(throws: PostgresError.self) { try pool.withConnection { try $0.query("SELECT 1") } }
        #expect(pool.openConnections == 0)
        #expect(try pool.withConnection { try $0.query("SELECT 1")[0].decode(0, as: Int.self) } == 1)
    }

    /// A transaction that notified a channel tells the channel's observers once, after its
    /// commit and before the call returns, however often it notified; one rolled back, and
    /// one that notified nothing, tell nobody.
    @Test func aCommitTellsTheObserversOfTheChannelsItNotified() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 2)
        try pool.withConnection { try $0.execute("CREATE TABLE note (id int)") }
        let heard = NSLock()
        nonisolated(unsafe) var calls: [String] = []
        func observe(_ channel: String) -> PostgresCommitObservation {
            pool.observeCommits(notifying: channel) {
                // Right after the commit: another connection sees the row already.
                let rows = (try? pool.withConnection { try $0.query("SELECT count(*) FROM note")[0].decode(0, as: Int.self) }) ?? -1
                heard.withLock { calls.append("\(channel) \(rows)") }
            }
        }
        let live = observe("live"), other = observe("other")
        defer { live.cancel(); other.cancel() }
        func heardSoFar() -> [String] { heard.withLock { calls } }

        try pool.transaction { connection in
            try connection.query("INSERT INTO note VALUES (1)")
            connection.notifyAfterCommit("live")
            connection.notifyAfterCommit("live")
            #expect(heardSoFar().isEmpty, "nothing before the commit")
        }
        #expect(heardSoFar() == ["live 1"])

        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try pool.transaction { connection in
                try connection.query("INSERT INTO note VALUES (2)")
                connection.notifyAfterCommit("live")
                throw Refused()
            }
        }
        try pool.transaction { try $0.query("INSERT INTO note VALUES (3)") }
        #expect(heardSoFar() == ["live 1"], "a rollback and a commit that notified nothing tell nobody")

        try pool.transaction { $0.notifyAfterCommit("other") }
        live.cancel()
        try pool.transaction { $0.notifyAfterCommit("live") }
        #expect(heardSoFar() == ["live 1", "other 2"], "each channel its own observers, until cancelled")
    }

    /// Notes given with a channel reach its observers with the commit, in the order given;
    /// a rolled-back transaction's notes reach nobody, and the next transaction starts afresh.
    @Test func aCommitHandsItsNotesToTheChannelsObserversInOrder() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 1)
        let heard = NSLock()
        nonisolated(unsafe) var notes: [[Int]] = []
        let observation = pool.observeCommits(notifying: "live") { given in
            heard.withLock { notes.append(given.compactMap { $0 as? Int }) }
        }
        defer { observation.cancel() }
        func heardSoFar() -> [[Int]] { heard.withLock { notes } }

        try pool.transaction { connection in
            connection.notifyAfterCommit("live", note: 3)
            connection.notifyAfterCommit("other", note: 99)
            connection.notifyAfterCommit("live", note: 1)
            connection.notifyAfterCommit("live")
            connection.notifyAfterCommit("live", note: 2)
        }
        #expect(heardSoFar() == [[3, 1, 2]])
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try pool.transaction { connection in
                connection.notifyAfterCommit("live", note: 7)
                throw Refused()
            }
        }
        try pool.transaction { $0.notifyAfterCommit("live") }
        #expect(heardSoFar() == [[3, 1, 2], []], "the rolled-back note is gone; a notice without notes hands none")
    }
}
