import Foundation
import Fotofolio
import GRDB

/// Confirmation tokens in `emailConfirmation`, kept once used so a second opening can say so.
struct SQLiteEmailConfirmationsStore: EmailConfirmationsStore {
    let database: AppDatabase

    func insert(tokenHash: String, for userId: Int64, email: String, expiresAt: Date, mails: [NewMail], at date: Date) throws {
        try database.write { db in
            try db.execute(sql: "INSERT INTO emailConfirmation (tokenHash, userId, email, expiresAt) VALUES (?, ?, ?, ?)",
                           arguments: [tokenHash, userId, email, expiresAt])
            for mail in mails { try SQLiteMailStore.enqueue(mail, at: date, db) }
        }
    }

    func confirm(tokenHash key: String, at date: Date) throws -> EmailConfirmationOutcome {
        try database.write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT c.userId, c.expiresAt, c.usedAt, c.email, u.email AS current
                FROM emailConfirmation c JOIN user u ON u.id = c.userId WHERE c.tokenHash = ?
                """, arguments: [key]) else { return .unknown }
            let userId: Int64 = row["userId"]
            let outcome = EmailConfirmationOutcome.of(link: row["expiresAt"], usedAt: row["usedAt"], issuedFor: row["email"],
                                                      current: row["current"], userId: userId, at: date)
            guard outcome != .alreadyUsed else { return outcome }
            try db.execute(sql: "UPDATE emailConfirmation SET usedAt = ? WHERE tokenHash = ?", arguments: [date, key])
            if case .confirmed = outcome {
                try db.execute(sql: "UPDATE user SET emailConfirmedAt = ? WHERE id = ?", arguments: [date, userId])
            }
            return outcome
        }
    }
}
