import Foundation
import GRDB
import PollingThreads
import Synchronization
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

@Suite(.enabled(if: TestStore.kind == .sqlite, "opens SQLite's own database file")) final class AppDatabaseTests {
    let directory = NSTemporaryDirectory() + "fotofolio-db-" + UUID().uuidString

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    @Test func openingCreatesTheFileInWALModeWithForeignKeys() throws {
        let database = try AppDatabase(directory: directory)
        #expect(FileManager.default.fileExists(atPath: directory + "/fotofolio.sqlite"))
        let (journal, foreignKeys) = try database.pool.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
    }

    @Test func readsInAScopeAreOneReadOnOneSnapshot() throws {
        let database = try AppDatabase(directory: directory)
        let starts = { try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") ?? -1 } }
        let ((first, second, connections), reads) = try AppDatabase.countingReads {
            try database.reading {
                let first = try starts()
                // Another thread's write commits meanwhile: the scope still sees its moment.
                DispatchQueue.global().sync { try? database.recordStart(version: "1") }
                let second = try database.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") ?? -1 }
                let connections = try Set([database.read { db in ObjectIdentifier(db) }, database.unsafeRead { db in ObjectIdentifier(db) },
                                           database.reading { try database.read { db in ObjectIdentifier(db) } }])
                return (first, second, connections)
            }
        }
        #expect(first == 0 && second == 0 && connections.count == 1)
        #expect(reads == 1, "one reader for the whole scope")
        // Apart, each read is its own and sees the write.
        let apart = try AppDatabase.countingReads {
            [try starts(), try database.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT 1") ?? -1 }]
        }
        #expect(apart.value == [1, 1] && apart.reads == 2)
    }

    @Test func everyMigrationIsAppliedOnceAcrossReopenings() throws {
        let first = try AppDatabase(directory: directory)
        try first.recordStart(version: "1")
        let applied = try first.appliedMigrations()
        #expect(applied == Schema.migrator.migrations)
        try first.pool.close()
        let second = try AppDatabase(directory: directory)
        #expect(try second.appliedMigrations() == applied)
        #expect(try second.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") } == 1)
    }

    @Test func pingFailsOnceTheDatabaseIsClosed() throws {
        let database = try AppDatabase(directory: directory)
        try database.ping()
        try database.pool.close()
        #expect(throws: (any Error).self) { try database.ping() }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedWithAnError() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("not sqlite at all, just text".utf8).write(to: URL(fileURLWithPath: directory + "/fotofolio.sqlite"))
        #expect(throws: (any Error).self) { try AppDatabase(directory: directory) }
    }

    @Test func aPollingThreadReadsOnAConnectionOfItsOwnAndSeesEveryCommit() throws {
        let database = try AppDatabase(directory: directory)
        let connection = { try database.read { db in ObjectIdentifier(db) } }
        let starts = { try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") ?? -1 } }
        let pooled = try connection()
        let (first, second, seen, reads) = try PollingThread.run {
            let first = try connection()
            try database.recordStart(version: "1")
            let (seen, reads) = try AppDatabase.countingReads { try starts() }
            return (first, try connection(), seen, reads)
        }
        #expect(first == second && first != pooled, "the thread's own connection, not the pool's")
        #expect(database.threadReaders.count == 1)
        #expect(seen == 1 && reads == 1, "a commit before the read is seen, and the read is counted")
        #expect(try connection() == pooled, "a thread that does not poll reads through the pool")
    }

    @Test func pollingThreadsEachHaveTheirOwnConnection() throws {
        let database = try AppDatabase(directory: directory)
        let connections = Mutex<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let mine = try? PollingThread.run { try database.read { db in ObjectIdentifier(db) } }
            _ = connections.withLock { $0.insert(mine!) }
        }
        #expect(connections.withLock { $0.count } == database.threadReaders.count)
    }

    @Test func aReadInsideAWriteOnAPollingThreadSeesTheWrite() throws {
        let database = try AppDatabase(directory: directory)
        let counts = try PollingThread.run {
            try database.write { db in
                try db.execute(sql: "INSERT INTO serverStart (startedAt, version) VALUES (?, ?)", arguments: [Date(), "1"])
                return (try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") },
                        try database.reading { try database.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") } })
            }
        }
        #expect(counts.0 == 1 && counts.1 == 1, "on the writer's connection, not the thread's")
        #expect(database.threadReaders.count == 0)
    }

    @Test func aScopeOnAPollingThreadIsOneSnapshotOnItsConnection() throws {
        let database = try AppDatabase(directory: directory)
        let (first, second, connections) = try PollingThread.run {
            try database.reading {
                let first = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") ?? -1 }
                DispatchQueue.global().sync { try? database.recordStart(version: "1") }
                let second = try database.unsafeRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM serverStart") ?? -1 }
                let connections = try Set([database.read { db in ObjectIdentifier(db) },
                                           database.reading { try database.read { db in ObjectIdentifier(db) } }])
                return (first, second, connections)
            }
        }
        #expect(first == 0 && second == 0 && connections.count == 1)
    }
}
