import Foundation
import Fotofolio
import GRDB
import Synchronization

/// The one SQLite database of a Fotofolio process: a WAL-mode pool with foreign keys on,
/// migrated to the current schema when opened. Open it once per process and pass it on.
public final class AppDatabase: Sendable {
    /// Readers run concurrently with the single writer (WAL).
    public let pool: DatabasePool

    /// The polling threads' own reader connections (`ThreadReaders`).
    let threadReaders: ThreadReaders

    /// Opens (creating if needed) `<directory>/fotofolio.sqlite` and migrates it. The data
    /// folder holds everyone's messages, password hashes and original photos: it is made
    /// private to the server's user (0700) whether it is new or not.
    public convenience init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
        try self.init(path: (directory as NSString).appendingPathComponent("fotofolio.sqlite"))
    }

    public init(path: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // Writers wait for each other instead of failing at once with SQLITE_BUSY.
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        try Schema.migrator.migrate(pool)
        threadReaders = ThreadReaders(path: path, configuration: configuration)
    }

    /// The reads `countingReads` counts.
    private final class ReadCount: Sendable {
        let value = Atomic<Int>(0)
    }

    @TaskLocal private static var readCount: ReadCount?

    /// `body`'s value and the reads it began on this thread or task: those that checked out a
    /// reader, not those that joined a read under way. A request's handler runs on one thread,
    /// so this counts a page's reads and nobody else's.
    public static func countingReads<T>(_ body: () throws -> T) rethrows -> (value: T, reads: Int) {
        let count = ReadCount()
        let value = try $readCount.withValue(count) { try body() }
        return (value, count.value.load(ordering: .relaxed))
    }

    /// Several reads as one moment: `body`'s reads (`read`, `unsafeRead`, and further
    /// `reading`) run on one reader connection in one transaction, so a page that asks five
    /// stores checks out one connection and sees one snapshot. Only for reading: a write
    /// inside would not be seen by the reads after it.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        try read { _ in try body() }
    }

    /// A read as one moment: inside `reading` (or another read) on its connection and
    /// snapshot; otherwise in a transaction of its own. The stores read through this.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try unsafeRead { db in
            if db.isInsideTransaction { return try body(db) }
            // The transaction's statements are prepared once per connection: GRDB's
            // `inTransaction` compiles BEGIN and COMMIT again for every read.
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            do {
                let value = try body(db)
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                return value
            } catch {
                if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
                throw error
            }
        }
    }

    /// A read without a transaction of its own (one statement is one snapshot): inside
    /// `reading`, on its connection and in its transaction.
    /// On a polling thread it reads on the thread's own connection (`ThreadReaders`),
    /// elsewhere through the pool.
    func unsafeRead<T>(_ body: (Database) throws -> T) throws -> T {
        var begun = false
        defer { if begun { Self.readCount?.value.add(1, ordering: .relaxed) } }
        if let reader = threadReaders.current() {
            return try reader.unsafeReentrantRead { db in
                begun = !db.isInsideTransaction
                return try body(db)
            }
        }
        return try PoolDepth.inside {
            try pool.unsafeReentrantRead { db in
                begun = !db.isInsideTransaction
                return try body(db)
            }
        }
    }

    /// A write transaction. The stores write through this, so that a read inside a write
    /// stays on the writer's connection and sees what the write did.
    public func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try PoolDepth.inside { try pool.write(updates) }
    }

    /// Succeeds when the database answers a trivial query (for health checks).
    public func ping() throws {
        _ = try pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// Identifiers of the migrations applied to this database, oldest first.
    public func appliedMigrations() throws -> [String] {
        try pool.read { db in try Schema.migrator.appliedMigrations(db) }
    }
}

extension AppDatabase: DatabaseHealth, ServerStartStore {
    /// Notes a server start, so restarts and versions can be seen over time.
    public func recordStart(version: String, at date: Date = Date()) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT INTO serverStart (startedAt, version) VALUES (?, ?)", arguments: [date, version])
        }
    }
}
