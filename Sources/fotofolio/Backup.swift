import ArgumentParser
import Fotofolio
import FotofolioPostgres
import FotofolioSQLite
import Foundation
import Postgres

/// `fotofolio backup --to FILE`: a consistent copy of the database, made while the server runs.
struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the database to a file while the server runs (the media folder is copied with any file tool).")

    @Option(help: "Folder of the database and uploads. (FOTOFOLIO_DATA_DIR, default ./data)")
    var dataDir: String?

    @Option(help: "A PostgreSQL database to back up (with pg_dump) instead of the data folder's SQLite. (FOTOFOLIO_DATABASE_URL)")
    var databaseUrl: String?

    @Option(help: "The backup file to write; an older one there is replaced once the new one is complete.")
    var to: String

    func run() throws {
        umask(0o077) // a backup holds everyone's messages and password hashes
        if let url = databaseUrl ?? ProcessInfo.processInfo.environment["FOTOFOLIO_DATABASE_URL"] {
            do {
                try PostgresBackup.backup(url: url, to: to)
            } catch let error as PostgresBackup.Failure {
                throw failure(error.description)
            }
            print("Backed up the PostgreSQL database to \(to).")
            return
        }
        let directory = dataDir ?? ProcessInfo.processInfo.environment["FOTOFOLIO_DATA_DIR"] ?? "data"
        guard FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("fotofolio.sqlite")) else {
            throw failure("\(directory) has no database to back up.")
        }
        do {
            try AppDatabase(directory: directory).backup(to: to)
        } catch let error as AppDatabase.BackupError {
            throw failure(error.description)
        }
        print("Backed up \(directory) to \(to).")
    }
}

/// `fotofolio restore --from FILE`: a backup becomes the database of an empty data folder.
struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a backup the database of a data folder that has none yet (stop the server first).")

    @Option(help: "Folder to restore into; it must not have a database yet. (FOTOFOLIO_DATA_DIR, default ./data)")
    var dataDir: String?

    @Option(help: "A PostgreSQL database with no tables yet to restore into (with pg_restore) instead of the data folder. (FOTOFOLIO_DATABASE_URL)")
    var databaseUrl: String?

    @Option(help: "The backup file written by `fotofolio backup`.")
    var from: String

    func run() throws {
        umask(0o077)
        if let url = databaseUrl ?? ProcessInfo.processInfo.environment["FOTOFOLIO_DATABASE_URL"] {
            do {
                try PostgresBackup.restore(url: url, from: from)
            } catch let error as PostgresBackup.Failure {
                throw failure(error.description)
            } catch let error as PostgresError {
                throw failure("PostgreSQL: \(error)")
            }
            print("Restored \(from) into the PostgreSQL database.")
            return
        }
        let directory = dataDir ?? ProcessInfo.processInfo.environment["FOTOFOLIO_DATA_DIR"] ?? "data"
        do {
            try AppDatabase.restore(from: from, intoDirectory: directory)
        } catch let error as AppDatabase.BackupError {
            throw failure(error.description)
        }
        print("Restored \(from) into \(directory).")
    }
}

