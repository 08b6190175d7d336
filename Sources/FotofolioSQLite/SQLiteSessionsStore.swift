import Foundation
import Fotofolio
import GRDB

/// Sessions in the `session` table, keyed by token hash.
struct SQLiteSessionsStore: SessionsStore {
    let database: AppDatabase

    func insert(_ session: Session, tokenHash: String, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO session (tokenHash, userId, csrfToken, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [tokenHash, session.userId, session.csrfToken, date, session.expiresAt])
        }
    }

    func session(tokenHash: String) throws -> Session? {
        // One statement, on every request with a session cookie: no transaction around it.
        try database.unsafeRead { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT userId, csrfToken, expiresAt FROM session WHERE tokenHash = ?"),
                             arguments: [tokenHash])
        }.map { row in Session(userId: row["userId"], csrfToken: row["csrfToken"], expiresAt: row["expiresAt"]) }
    }

    func sessionAndUser(tokenHash: String) throws -> (session: Session, user: User)? {
        // One statement, on every signed-in request: no transaction around it.
        try database.unsafeRead { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.sessionAndUser), arguments: [tokenHash]) else { return nil }
            let user = try User(accountRow: row)
            let session = Session(userId: try row.decode(atIndex: 0), csrfToken: try row.decode(atIndex: User.accountColumnCount),
                                  expiresAt: try row.decode(atIndex: User.accountColumnCount + 1))
            return (session, user)
        }
    }

    private static let sessionAndUser = """
        SELECT \(User.accountColumns(of: "user")), session.csrfToken, session.expiresAt
        FROM session JOIN user ON user.id = session.userId WHERE session.tokenHash = ?
        """

    func extend(tokenHash: String, to expiresAt: Date) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE session SET expiresAt = ? WHERE tokenHash = ?", arguments: [expiresAt, tokenHash])
        }
    }

    func delete(tokenHash: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [tokenHash])
        }
    }

    func deleteAll(of userId: Int64, keepingSession keptTokenHash: String?) throws {
        try database.write { db in try Self.deleteAll(of: userId, keepingSession: keptTokenHash, db) }
    }

    /// Within a caller's transaction, for changes that must sign other browsers out with them.
    static func deleteAll(of userId: Int64, keepingSession keptTokenHash: String?, _ db: Database) throws {
        // `IS NOT NULL` holds for every row: without a token to keep, all go.
        try db.execute(sql: "DELETE FROM session WHERE userId = ? AND tokenHash IS NOT ?",
                       arguments: [userId, keptTokenHash])
    }
}
