import ArgumentParser
import Fotofolio
import FotofolioPostgres
import FotofolioSQLite
import Foundation
import Postgres

/// `fotofolio migrate`: brings a database's schema up to this version, as `serve` does at
/// start, and lists the migrations it holds.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring the database's schema up to this version (serve does it at start too) and list its migrations.")

    @Option(help: "Folder of the SQLite database. (FOTOFOLIO_DATA_DIR, default ./data)")
    var dataDir: String?

    @Option(help: "A PostgreSQL database, postgres://user:password@host:port/database, instead of SQLite. (FOTOFOLIO_DATABASE_URL)")
    var databaseUrl: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let applied: [String]
        if let url = databaseUrl ?? environment["FOTOFOLIO_DATABASE_URL"] {
            do {
                let pool = try PostgresPool(url: url, size: 1)
                try PostgresSchema.migrate(pool)
                applied = try PostgresSchema.appliedMigrations(pool)
            } catch let error as PostgresError {
                throw failure("PostgreSQL: \(error)")
            }
        } else {
            umask(0o077)
            // Opening the database migrates it.
            applied = try AppDatabase(directory: dataDir ?? environment["FOTOFOLIO_DATA_DIR"] ?? "data").appliedMigrations()
        }
        for migration in applied { print(migration) }
    }
}
