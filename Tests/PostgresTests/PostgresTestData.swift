import Foundation
import FotofolioPostgres
import Postgres
import PostgresCluster

/// A new database on the tests' cluster, with the schema applied (a copy of the migrated template).
func migratedDatabase(connections: Int) throws -> PostgresPool {
    let pool = try PostgresPool(url: try TemporaryPostgres.shared.newMigratedDatabase(), size: connections)
    return pool
}

/// Writes an account with what a row needs and returns its id.
@discardableResult
func insertAccount(_ username: String, fullName: String? = nil, email: String, location: String = "Plzeň",
                   role: String = "creator", at date: Date = Date(), _ connection: PostgresConnection) throws -> Int64 {
    try connection.query("""
        INSERT INTO account (username, full_name, email, location, role, password_hash, created_at)
        VALUES ($1, $2, $3, $4, $5, 'x', $6) RETURNING id
        """, [username, fullName ?? username, email, location, role, date])[0].decode(0, as: Int64.self)
}
