import Foundation
import Fotofolio
import Postgres

/// Reset links in `password_reset` (kept once used, for the per-account limit) and requests
/// per client address in `password_reset_request`.
struct PostgresPasswordResetsStore: PasswordResetsStore {
    let pool: PostgresPool

    func admitRequest(from clientAddress: String, at date: Date, limit: Int) throws -> Bool {
        try pool.transaction { connection in
            // One address's requests are counted one at a time, so two at once cannot both slip under the limit.
            try connection.query("SELECT pg_advisory_xact_lock(hashtext('password_reset_request:' || $1))", [clientAddress])
            try connection.query("DELETE FROM password_reset_request WHERE requested_at <= $1", [date.addingTimeInterval(-3600).stored])
            let recent = try connection.query("SELECT count(*) FROM password_reset_request WHERE client_address = $1",
                                              [clientAddress])[0].decode(0, as: Int.self)
            guard recent < limit else { return false }
            try connection.query("INSERT INTO password_reset_request (client_address, requested_at) VALUES ($1, $2)",
                                 [clientAddress, date.stored])
            return true
        }
    }

    func issue(tokenHash: String, for userId: Int64, expiresAt: Date, mail: NewMail, at date: Date, perAccountLimit: Int) throws -> Bool {
        try pool.transaction { connection in
            try connection.query("SELECT 1 FROM account WHERE id = $1 FOR UPDATE", [userId])
            let recent = try connection.query("SELECT count(*) FROM password_reset WHERE user_id = $1 AND created_at > $2",
                                              [userId, date.addingTimeInterval(-3600).stored])[0].decode(0, as: Int.self)
            guard recent < perAccountLimit else { return false }
            try connection.query("INSERT INTO password_reset (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
                                 [tokenHash, userId, date.stored, expiresAt.stored])
            try PostgresMailStore.enqueue(mail, at: date, connection)
            return true
        }
    }

    func holder(ofTokenHash tokenHash: String, at date: Date) throws -> Int64? {
        try pool.withConnection { connection in
            try connection.query("SELECT user_id FROM password_reset WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
                                 [tokenHash, date.stored]).first?.decode(0, as: Int64.self)
        }
    }

    func reset(tokenHash: String, passwordHash: String, at date: Date) throws -> Int64? {
        try pool.transaction { connection in
            guard let userId = try connection.query("""
                UPDATE password_reset SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING user_id
                """, [date.stored, tokenHash]).first?.decode(0, as: Int64.self) else { return nil }
            try connection.query("UPDATE account SET password_hash = $1 WHERE id = $2", [passwordHash, userId])
            try PostgresSessionsStore.deleteAll(of: userId, keepingSession: nil, connection)
            return userId
        }
    }
}
