import Foundation
import GRDB

/// Links that confirm an e-mail address. Only a hash of each token is stored; a link is
/// good for 7 days. Until confirmed, the account works all the same.
public struct EmailConfirmations: Sendable {
    public static let lifetime: TimeInterval = 7 * 24 * 3600
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// A new token for the user's current address (to put in a link).
    public func issue(for userId: Int64, at date: Date = Date()) throws -> String {
        let token = RandomToken.make()
        try database.pool.write { db in
            try db.execute(sql: "INSERT INTO emailConfirmation (tokenHash, userId, expiresAt) VALUES (?, ?, ?)",
                           arguments: [SessionStore.hash(token), userId, date.addingTimeInterval(Self.lifetime)])
        }
        return token
    }

    /// Confirms the address the token was issued for; nil for an unknown or expired token.
    public func confirm(_ token: String, at date: Date = Date()) throws -> Int64? {
        try database.pool.write { db in
            let key = SessionStore.hash(token)
            guard let row = try Row.fetchOne(db, sql: "SELECT userId, expiresAt FROM emailConfirmation WHERE tokenHash = ?", arguments: [key]) else {
                return nil
            }
            try db.execute(sql: "DELETE FROM emailConfirmation WHERE tokenHash = ?", arguments: [key])
            let expiresAt: Date = row["expiresAt"]
            guard expiresAt > date else { return nil }
            let userId: Int64 = row["userId"]
            try db.execute(sql: "UPDATE user SET emailConfirmedAt = ? WHERE id = ?", arguments: [date, userId])
            return userId
        }
    }
}
