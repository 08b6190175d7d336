import Foundation
import Fotofolio
import GRDB

/// Failed logins in `loginFailureByAccount` and `loginFailureByAddress`.
struct SQLiteLoginThrottleStore: LoginThrottleStore {
    let database: AppDatabase

    func admit(_ attempt: LoginAttempt, at date: Date) throws -> Duration? {
        try database.write { db in
            // Counts whose time is up are gone first, so what is left is counted on.
            try forgetExpired(at: date, db)
            if let wait = LoginThrottle.wait(pair: try pairFailures(attempt, db), address: try addressFailures(attempt.address, db), at: date) {
                return wait
            }
            try db.execute(sql: """
                INSERT INTO loginFailureByAccount (account, address, failures, windowStartedAt) VALUES (?, ?, 1, ?)
                ON CONFLICT(account, address) DO UPDATE SET failures = failures + 1
                """, arguments: [attempt.account, attempt.address, date])
            try db.execute(sql: """
                INSERT INTO loginFailureByAddress (address, failures, lastFailedAt) VALUES (?, 1, ?)
                ON CONFLICT(address) DO UPDATE SET failures = failures + 1, lastFailedAt = excluded.lastFailedAt
                """, arguments: [attempt.address, date])
            return nil
        }
    }

    func recordSuccess(_ attempt: LoginAttempt) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM loginFailureByAccount WHERE account = ? AND address = ?",
                           arguments: [attempt.account, attempt.address])
            try db.execute(sql: "UPDATE loginFailureByAddress SET failures = failures - 1 WHERE address = ? AND failures > 0",
                           arguments: [attempt.address])
        }
    }

    private func pairFailures(_ attempt: LoginAttempt, _ db: Database) throws -> LoginFailures? {
        try Row.fetchOne(db, sql: """
            SELECT failures, windowStartedAt FROM loginFailureByAccount WHERE account = ? AND address = ?
            """, arguments: [attempt.account, attempt.address])
            .map { LoginFailures(count: $0["failures"], since: $0["windowStartedAt"]) }
    }

    private func addressFailures(_ address: String, _ db: Database) throws -> LoginFailures? {
        try Row.fetchOne(db, sql: "SELECT failures, lastFailedAt FROM loginFailureByAddress WHERE address = ?",
                         arguments: [address])
            .map { LoginFailures(count: $0["failures"], since: $0["lastFailedAt"]) }
    }

    /// Deletes counts that no longer count: a window that has ended starts over at the next
    /// failure, and no address is kept longer than it can make anybody wait.
    private func forgetExpired(at date: Date, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM loginFailureByAccount WHERE windowStartedAt <= ?",
                       arguments: [date.addingTimeInterval(-LoginThrottle.pairWindow)])
        try db.execute(sql: "DELETE FROM loginFailureByAddress WHERE lastFailedAt <= ?",
                       arguments: [date.addingTimeInterval(-LoginThrottle.addressMemory)])
    }
}
