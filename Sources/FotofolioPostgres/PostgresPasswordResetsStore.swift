import Foundation
import Fotofolio
import Postgres

/// Reset links in `password_reset` (kept once used, for the per-account limit) and requests
/// per client address in `password_reset_request`.
struct PostgresPasswordResetsStore: PasswordResetsStore {
    let pool: PostgresPool

    func request(from clientAddress: String, limit: Int, issue: PasswordResetIssue?, perAccountLimit: Int, at date: Date) throws
        -> PasswordResetRequestOutcome {
        try pool.transaction { connection in
            // One address's requests are counted one at a time, so two at once cannot both slip under the limit.
            try connection.query("SELECT pg_advisory_xact_lock(hashtext('password_reset_request:' || $1))", [clientAddress])
            let hourAgo = date.addingTimeInterval(-3600).stored
            try connection.query("DELETE FROM password_reset_request WHERE requested_at <= $1", [hourAgo])
            let recent = try connection.query("SELECT count(*) FROM password_reset_request WHERE client_address = $1",
                                              [clientAddress])[0].decode(0, as: Int.self)
            guard recent < limit else { return .throttled }
            try connection.query("INSERT INTO password_reset_request (client_address, requested_at) VALUES ($1, $2)",
                                 [clientAddress, date.stored])
            guard let issue else { return .nothingSent }
            try connection.query("SELECT 1 FROM account WHERE id = $1 FOR UPDATE", [issue.userId])
            let links = try connection.query("SELECT count(*) FROM password_reset WHERE user_id = $1 AND created_at > $2",
                                             [issue.userId, hourAgo])[0].decode(0, as: Int.self)
            guard links < perAccountLimit else { return .nothingSent }
            try connection.query("INSERT INTO password_reset (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
                                 [issue.tokenHash, issue.userId, date.stored, issue.expiresAt.stored])
            try PostgresMailStore.enqueue(issue.mail, at: date, connection)
            return .issued
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
