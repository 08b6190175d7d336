import Foundation
import Fotofolio
import Postgres

/// Sessions in the `session` table, keyed by token hash.
struct PostgresSessionsStore: SessionsStore {
    let pool: PostgresPool

    func insert(_ session: Session, tokenHash: String, at date: Date) throws {
        try pool.withConnection { connection in
            try connection.query("""
                INSERT INTO session (token_hash, user_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
                """, [tokenHash, session.userId, session.csrfToken, date.stored, session.expiresAt.stored])
        }
    }

    func session(tokenHash: String) throws -> Session? {
        try pool.withConnection { connection in
            try connection.query("SELECT user_id, csrf_token, expires_at FROM session WHERE token_hash = $1", [tokenHash])
                .first.map { row in Session(userId: try row.decode(0), csrfToken: try row.decode(1), expiresAt: try row.decode(2)) }
        }
    }

    func sessionAndUser(tokenHash: String) throws -> (session: Session, user: User)? {
        try pool.withConnection { connection in
            let csrf = AccountColumns.columns.count + 1
            return try connection.query("""
                SELECT \(AccountColumns.columns.all(of: "account")), session.csrf_token, session.expires_at
                FROM session JOIN account ON account.id = session.user_id WHERE session.token_hash = $1
                """, [tokenHash]).first.map { row in
                let user = try row.record(User.self)
                return (Session(userId: try row.decode(0), csrfToken: try row.decode(csrf), expiresAt: try row.decode(csrf + 1)), user)
            }
        }
    }

    func extend(tokenHash: String, to expiresAt: Date) throws {
        try pool.withConnection { connection in
            try connection.query("UPDATE session SET expires_at = $1 WHERE token_hash = $2", [expiresAt.stored, tokenHash])
        }
    }

    func delete(tokenHash: String) throws {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM session WHERE token_hash = $1", [tokenHash])
        }
    }

    func deleteAll(of userId: Int64, keepingSession keptTokenHash: String?) throws {
        try pool.withConnection { connection in try Self.deleteAll(of: userId, keepingSession: keptTokenHash, connection) }
    }

    /// Within a caller's transaction, for changes that must sign other browsers out with them.
    static func deleteAll(of userId: Int64, keepingSession keptTokenHash: String?, _ connection: PostgresConnection) throws {
        // Without a token to keep, every row is distinct from NULL: all go.
        try connection.query("DELETE FROM session WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2::text",
                             [userId, keptTokenHash])
    }
}
