import Foundation
import Fotofolio
import Postgres

/// Health checks and server starts on the PostgreSQL database.
struct PostgresDatabaseHealth: DatabaseHealth, ServerStartStore {
    let pool: PostgresPool

    func ping() throws {
        try pool.withConnection { connection in _ = try connection.query("SELECT 1") }
    }

    func appliedMigrations() throws -> [String] {
        try PostgresSchema.appliedMigrations(pool)
    }

    func recordStart(version: String, at date: Date) throws {
        try pool.withConnection { connection in
            try connection.query("INSERT INTO server_start (started_at, version) VALUES ($1, $2)", [date.stored, version])
        }
    }
}
