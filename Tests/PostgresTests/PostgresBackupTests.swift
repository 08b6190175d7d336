import Foundation
import FotofolioPostgres
import Postgres
import PostgresCluster
import Testing

/// A PostgreSQL backup taken while someone writes restores into an empty database with every
/// table as it was at one moment; a database with tables is never restored into.
@Suite final class PostgresBackupTests {
    let folder = NSTemporaryDirectory() + "fotofolio-pg-backup-" + UUID().uuidString

    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test func aBackupTakenDuringWritesRestoresEveryTable() throws {
        let source = try migratedDatabase(connections: 2)
        try source.transaction { connection in try insertAccount("eva", fullName: "Eva Nováková", email: "eva@example.cz", connection) }
        // Someone keeps appending to the live log while the backup is taken.
        let stop = NSLock()
        nonisolated(unsafe) var stopped = false
        let writing = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var first = true
            while !stop.withLock({ stopped }) {
                _ = try? source.transaction { connection in
                    try PostgresLiveEventLog.append(.room, roomId: 1, payload: "{}", at: Date(), connection)
                    try PostgresOutbox.enqueue(topic: "t", payload: "{}", at: Date(), connection)
                }
                if first { writing.signal(); first = false }
            }
            done.signal()
        }
        writing.wait()
        let file = folder + "/backup.dump"
        try PostgresBackup.backup(url: source.url, to: file)
        stop.withLock { stopped = true }
        done.wait()

        let target = try PostgresPool(url: try TemporaryPostgres.shared.newDatabase(), size: 1)
        try PostgresBackup.restore(url: target.url, from: file)
        try target.withConnection { connection in
            #expect(try connection.query("SELECT username FROM account")[0].decode(0, as: String.self) == "eva")
            let (events, outbox, last) = (
                try connection.query("SELECT count(*) FROM live_event")[0].decode(0, as: Int64.self),
                try connection.query("SELECT count(*) FROM outbox")[0].decode(0, as: Int64.self),
                try connection.query("SELECT last FROM live_sequence")[0].decode(0, as: Int64.self))
            #expect(events > 0 && events == outbox && last == events, "one moment: every event with its outbox row and its sequence")
        }
        #expect(try PostgresSchema.migrate(target).isEmpty, "the restored schema is the current one")
    }

    @Test func aDatabaseWithTablesIsNotRestoredInto() throws {
        let pool = try PostgresPool(url: try TemporaryPostgres.shared.newMigratedDatabase(), size: 1)
        try PostgresBackup.backup(url: pool.url, to: folder + "/backup.dump")
        let error = #expect(throws: PostgresBackup.Failure.self) {
            try PostgresBackup.restore(url: pool.url, from: folder + "/backup.dump")
        }
        #expect(error?.description.contains("already has tables") == true)
    }
}
