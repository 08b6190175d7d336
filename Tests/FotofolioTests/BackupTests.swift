import Foundation
import FotofolioDemo
import GRDB
import Testing
import Waiting
@testable import Fotofolio
@testable import FotofolioSQLite

/// A backup made while people keep writing is one consistent moment of the database, and a
/// restore into an empty data folder brings back every table as the backup has it.
@Suite(.enabled(if: TestStore.kind == .sqlite, "backs up SQLite's own database file")) final class BackupTests {
    let folder = NSTemporaryDirectory() + "fotofolio-backup-" + UUID().uuidString

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test func aBackupMadeDuringWritesRestoresEveryTableAsItWas() throws {
        let database = try AppDatabase(directory: folder + "/live")
        try DemoWorld(database: database).seed()
        try DemoConversations(database: database).seed()
        let messenger = MessengerService(stores: .sqlite(database))
        let (author, room) = try database.pool.read { db in
            try Row.fetchOne(db, sql: "SELECT authorId, roomId FROM chatMessage LIMIT 1").map { ($0[0] as Int64, $0[1] as Int64) }!
        }
        // Someone keeps writing for as long as the backup takes.
        let stop = ManagedAtomicFlag(), writing = ManagedAtomicFlag()
        let writer = Thread {
            var number = 0
            while !stop.isSet {
                _ = try? messenger.send(MessageDraft(uuid: UUID().uuidString, content: "během zálohy \(number)"),
                                        in: room, by: author)
                writing.set()
                number += 1
            }
        }
        writer.start()
        defer { stop.set() }
        #expect(eventually { writing.isSet })
        let backupFile = folder + "/fotofolio-backup.sqlite"
        try database.backup(to: backupFile)
        stop.set()

        let restored = try AppDatabase.restore(from: backupFile, intoDirectory: folder + "/restored")
        let backup = try DatabaseQueue(path: backupFile)
        let tables = try backup.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'userSearch_%' AND name NOT LIKE 'chatMessageSearch_%' ORDER BY name")
        }
        #expect(tables.count > 15)
        for table in tables {
            let (original, copy) = (try Self.dump(table, backup), try Self.dump(table, restored.pool))
            #expect(original == copy, "table \(table) differs after the restore")
        }
        // One moment: every message in the copy has its live event and its outbox row.
        try backup.read { db in
            let messages = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chatMessage")!
            // A message's own event, not the ones of its later changes (the demo's edit and reactions).
            let events = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM liveEvent WHERE kind = 'message' AND json_extract(payload, '$.data.changed') IS NULL
                """)!
            #expect(messages > 0 && events == messages, "the backup caught a message without its live event")
        }
    }

    @Test func aRestoreNeverOverwritesADatabase() throws {
        let database = try AppDatabase(directory: folder + "/live")
        try database.backup(to: folder + "/backup.sqlite")
        let error = #expect(throws: AppDatabase.BackupError.self) {
            try AppDatabase.restore(from: folder + "/backup.sqlite", intoDirectory: folder + "/live")
        }
        #expect(error?.description.contains("already has a database") == true)
    }

    @Test func aFileThatIsNotABackupIsRefusedWithItsReason() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: folder + "/note.txt"))
        let error = #expect(throws: AppDatabase.BackupError.self) {
            try AppDatabase.restore(from: folder + "/note.txt", intoDirectory: folder + "/restored")
        }
        #expect(error?.description.contains("is not a Fotofolio backup") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/restored/fotofolio.sqlite"))
    }

    /// Every row of `table` in a fixed order, as text.
    private static func dump(_ table: String, _ reader: some DatabaseReader) throws -> [String] {
        try reader.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY rowid")
                .map { $0.description }
        }
    }
}

/// A flag one thread sets and another reads.
private final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
