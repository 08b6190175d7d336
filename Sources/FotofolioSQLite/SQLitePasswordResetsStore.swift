import Foundation
import Fotofolio
import GRDB

/// Reset links in `passwordReset` (kept once used, for the per-account limit) and requests
/// per client address in `passwordResetRequest`.
struct SQLitePasswordResetsStore: PasswordResetsStore {
    let database: AppDatabase

    func request(from clientAddress: String, limit: Int, issue: PasswordResetIssue?, perAccountLimit: Int, at date: Date) throws
        -> PasswordResetRequestOutcome {
        try database.write { db in
            let hourAgo = date.addingTimeInterval(-3600)
            try db.execute(sql: "DELETE FROM passwordResetRequest WHERE requestedAt <= ?", arguments: [hourAgo])
            let recent = try Int.fetchOne(db, sql: "SELECT count(*) FROM passwordResetRequest WHERE clientAddress = ?",
                                          arguments: [clientAddress]) ?? 0
            guard recent < limit else { return .throttled }
            try db.execute(sql: "INSERT INTO passwordResetRequest (clientAddress, requestedAt) VALUES (?, ?)",
                           arguments: [clientAddress, date])
            guard let issue else { return .nothingSent }
            let links = try Int.fetchOne(db, sql: "SELECT count(*) FROM passwordReset WHERE userId = ? AND createdAt > ?",
                                         arguments: [issue.userId, hourAgo]) ?? 0
            guard links < perAccountLimit else { return .nothingSent }
            try db.execute(sql: "INSERT INTO passwordReset (tokenHash, userId, createdAt, expiresAt) VALUES (?, ?, ?, ?)",
                           arguments: [issue.tokenHash, issue.userId, date, issue.expiresAt])
            try SQLiteMailStore.enqueue(issue.mail, at: date, db)
            return .issued
        }
    }

    func holder(ofTokenHash tokenHash: String, at date: Date) throws -> Int64? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT userId FROM passwordReset WHERE tokenHash = ? AND usedAt IS NULL AND expiresAt > ?",
                               arguments: [tokenHash, date])
        }
    }

    func reset(tokenHash: String, passwordHash: String, at date: Date) throws -> Int64? {
        try database.write { db in
            guard let userId = try Int64.fetchOne(db, sql: """
                UPDATE passwordReset SET usedAt = ? WHERE tokenHash = ? AND usedAt IS NULL AND expiresAt > ? RETURNING userId
                """, arguments: [date, tokenHash, date]) else { return nil }
            try db.execute(sql: "UPDATE user SET passwordHash = ? WHERE id = ?", arguments: [passwordHash, userId])
            try SQLiteSessionsStore.deleteAll(of: userId, keepingSession: nil, db)
            return userId
        }
    }
}
