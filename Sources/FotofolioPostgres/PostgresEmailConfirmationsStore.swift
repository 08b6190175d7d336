import Foundation
import Fotofolio
import Postgres

/// Confirmation tokens in `email_confirmation`.
struct PostgresEmailConfirmationsStore: EmailConfirmationsStore {
    let pool: PostgresPool

    func insert(tokenHash: String, for userId: Int64, expiresAt: Date) throws {
        try pool.withConnection { connection in
            try connection.query("INSERT INTO email_confirmation (token_hash, user_id, expires_at) VALUES ($1, $2, $3)",
                                 [tokenHash, userId, expiresAt.stored])
        }
    }

    func confirm(tokenHash key: String, at date: Date) throws -> Int64? {
        try pool.transaction { connection in
            // Deleting first uses the token up: a second confirmation at the same moment finds nothing.
            guard let row = try connection.query("DELETE FROM email_confirmation WHERE token_hash = $1 RETURNING user_id, expires_at",
                                                 [key]).first,
                  try row.decode(1, as: Date.self) > date else { return nil }
            let userId = try row.decode(0, as: Int64.self)
            try connection.query("UPDATE account SET email_confirmed_at = $1 WHERE id = $2", [date.stored, userId])
            return userId
        }
    }
}
