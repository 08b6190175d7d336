import Foundation
import Fotofolio
import Postgres

/// Confirmation tokens in `email_confirmation`, kept once used so a second opening can say so.
struct PostgresEmailConfirmationsStore: EmailConfirmationsStore {
    let pool: PostgresPool

    func insert(tokenHash: String, for userId: Int64, email: String, expiresAt: Date, mails: [NewMail], at date: Date) throws {
        try pool.transaction { connection in
            try connection.query("INSERT INTO email_confirmation (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, $4)",
                                 [tokenHash, userId, email, expiresAt.stored])
            for mail in mails { try PostgresMailStore.enqueue(mail, at: date, connection) }
        }
    }

    func confirm(tokenHash key: String, at date: Date) throws -> EmailConfirmationOutcome {
        try pool.transaction { connection in
            // Locked, so a second opening at the same moment waits and then finds it used.
            guard let row = try connection.query("""
                SELECT c.user_id, c.expires_at, c.used_at, c.email, a.email
                FROM email_confirmation c JOIN account a ON a.id = c.user_id WHERE c.token_hash = $1 FOR UPDATE OF c
                """, [key]).first else { return .unknown }
            let userId = try row.decode(0, as: Int64.self)
            let outcome = EmailConfirmationOutcome.of(
                link: try row.decode(1), usedAt: try row.decodeIfPresent(2, as: Date.self), issuedFor: try row.decodeIfPresent(3),
                current: try row.decode(4), userId: userId, at: date)
            guard outcome != .alreadyUsed else { return outcome }
            try connection.query("UPDATE email_confirmation SET used_at = $1 WHERE token_hash = $2", [date.stored, key])
            if case .confirmed = outcome {
                try connection.query("UPDATE account SET email_confirmed_at = $1 WHERE id = $2", [date.stored, userId])
            }
            return outcome
        }
    }
}
