import Foundation
import Fotofolio
import GRDB

/// The one SQLite database of a Fotofolio process: a WAL-mode pool with foreign keys on,
/// migrated to the current schema when opened. Open it once per process and pass it on.
public final class AppDatabase: Sendable {
    /// Readers run concurrently with the single writer (WAL).
    public let pool: DatabasePool

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
