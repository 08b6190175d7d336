import Foundation
import Fotofolio
import GRDB

/// Confirmation tokens in `emailConfirmation`.
struct SQLiteEmailConfirmationsStore: EmailConfirmationsStore {
    let database: AppDatabase

    func insert(tokenHash: String, for userId: Int64, expiresAt: Date) throws {
        try database.pool.write { db in
            try db.execute(sql: "INSERT INTO emailConfirmation (tokenHash, userId, expiresAt) VALUES (?, ?, ?)",
                           arguments: [tokenHash, userId, expiresAt])
        }
    }

    func confirm(tokenHash key: String, at date: Date) throws -> Int64? {
        try database.pool.write { db in
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
