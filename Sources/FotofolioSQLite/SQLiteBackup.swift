import Foundation
import Fotofolio
import GRDB

/// Backups of the SQLite database: a consistent copy made while the server runs, and the
/// way back into a data folder. The media files are not in it (they are plain files in the
/// data folder's `media`, copied with any file tool).
extension AppDatabase {
    /// Why a backup cannot be made or restored, in words for the person at the terminal.
    public struct BackupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes a copy of the whole database to `path`, as it was at one moment: the copy is
    /// read in one read transaction, so writers go on meanwhile and none of their later
    /// changes is half in it. The copy is written beside `path` and renamed over it once
    /// complete, so `path` is never a half-written file.
    public func backup(to path: String) throws {
        let partial = path + ".partial-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: partial) }
        let destination = try DatabaseQueue(path: partial)
        try pool.backup(to: destination)
        try destination.close()
        guard rename(partial, path) == 0 else {
            throw BackupError(description: "Cannot write the backup to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Brings a backup back as the database of `directory`, which must not have one yet
    /// (a running server's database is never overwritten), and migrates it to this version.
    /// A file that is not a Fotofolio backup, or one from a newer version, is refused.
    @discardableResult
    public static func restore(from backupPath: String, intoDirectory directory: String) throws -> AppDatabase {
        let target = (directory as NSString).appendingPathComponent("fotofolio.sqlite")
        guard !FileManager.default.fileExists(atPath: target) else {
            throw BackupError(description: "\(directory) already has a database; restore into an empty data folder, or move fotofolio.sqlite away first.")
        }
        guard FileManager.default.fileExists(atPath: backupPath) else {
            throw BackupError(description: "There is no backup at \(backupPath).")
        }
        var readOnly = Configuration()
        readOnly.readonly = true
        let backup: DatabaseQueue
        let applied: [String]
        do {
            backup = try DatabaseQueue(path: backupPath, configuration: readOnly)
            applied = try backup.read { db in try Schema.migrator.appliedMigrations(db) }
        } catch {
            throw BackupError(description: "\(backupPath) is not a Fotofolio backup: \(error)")
        }
        guard !applied.isEmpty else {
            throw BackupError(description: "\(backupPath) is not a Fotofolio backup: it has no Fotofolio schema.")
        }
        let known = Set(Schema.migrator.migrations)
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw BackupError(description: "\(backupPath) comes from a newer Fotofolio (its schema has “\(unknown)”); restore it with that version.")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let partial = target + ".partial"
        defer { try? FileManager.default.removeItem(atPath: partial) }
        let destination = try DatabaseQueue(path: partial)
        try backup.backup(to: destination)
        try destination.close()
        try backup.close()
        guard rename(partial, target) == 0 else {
            throw BackupError(description: "Cannot move the restored database into \(directory): \(String(cString: strerror(errno)))")
        }
        return try AppDatabase(directory: directory)
    }
}
