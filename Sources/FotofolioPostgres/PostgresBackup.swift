import Foundation
import Postgres
import Spawn

/// Backups of a PostgreSQL database with PostgreSQL's own tools: `pg_dump` reads the whole
/// database in one snapshot while the server goes on writing, and `pg_restore` brings it back
/// in one transaction into a database that has no tables yet.
public enum PostgresBackup {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the database to `path` in `pg_dump`'s custom format, beside `path` first and
    /// renamed over it once complete.
    public static func backup(url: String, to path: String) throws {
        let partial = path + ".partial-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: partial) }
        try run("pg_dump", ["--format=custom", "--no-owner", "--file", partial, "--dbname", url])
        guard rename(partial, path) == 0 else {
            throw Failure(description: "Cannot write the backup to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Restores a backup into the database at `url`, which must have no tables yet; all or
    /// nothing (one transaction).
    public static func restore(url: String, from path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw Failure(description: "There is no backup at \(path).")
        }
        let tables = try PostgresConnection(url: url)
            .query("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()")[0]
            .decode(0, as: Int.self)
        guard tables == 0 else {
            throw Failure(description: "The database already has tables; restore into an empty database.")
        }
        try run("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", "--dbname", url, path])
    }

    /// Runs one of PostgreSQL's client tools (Debian's wrapper picks the newest installed).
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let path = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(tool) is not installed: apt-get install postgresql-client")
        }
        let result = try ChildProcess.run(path, arguments)
        guard result.status == .exited(0) else {
            throw Failure(description: "\(tool) failed: \(result.output.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
