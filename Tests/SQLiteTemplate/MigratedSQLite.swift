import Foundation
import FotofolioSQLite
import GRDB

/// Migrated SQLite databases for tests, as quickly as a file copy: the migrations run once per
/// test process into a template (`VACUUM INTO` writes it whole, without its WAL), and each
/// test opens its own copy. Opening checks the copy's migrations as the server does; the
/// tests of the migrations themselves start from an empty file instead.
public enum MigratedSQLite {
    private static let template = Result<String, any Error> {
        let folder = NSTemporaryDirectory() + "fotofolio-sqlite-template-" + UUID().uuidString
        let database = try AppDatabase(directory: folder)
        let path = folder + "/template.sqlite"
        try database.pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        return path
    }

    /// A migrated database of its own in `directory` (made if missing), as `AppDatabase(directory:)` opens it.
    public static func open(directory: String) throws -> AppDatabase {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try template.get(), toPath: directory + "/fotofolio.sqlite")
        return try AppDatabase(directory: directory)
    }
}
