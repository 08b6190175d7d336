import Foundation
import GRDB

/// Counts failed logins in the database (so the limits hold across restarts) and says how
/// long to wait before the next attempt. Two counts, so that nobody can lock an owner out:
/// - per account *and* address: a few failures make that pair wait out a window. The owner
///   signing in from elsewhere is not affected by a stranger guessing.
/// - per address, across accounts: past a few failures each further attempt waits twice as
///   long as the one before. Guessing many accounts from one place slows to a crawl, yet
///   nobody there is locked out for good.
struct LoginThrottle: Sendable {
    /// One login attempt: `account` names the account tried (its id when it exists, else
    /// the name typed), `address` where the attempt came from.
    struct Attempt: Sendable {
        let account: String
        let address: String
    }

    /// Failures one address may make on one account within `pairWindow` before waiting.
    static let pairLimit = 5
    static let pairWindow: TimeInterval = 15 * 60
    /// Failures one address may make (on any accounts) before each attempt must wait: a
    /// household or a class behind one address mistypes more than one person does.
    static let addressFreeFailures = 10
    static let firstAddressWait: TimeInterval = 1
    static let longestAddressWait: TimeInterval = 15 * 60
    /// An address's failures are forgotten after this long without one. Longer than the
    /// longest wait, so an address at the cap keeps waiting the cap instead of starting over.
    static let addressMemory: TimeInterval = 60 * 60

    let database: AppDatabase

    /// Lets an attempt go ahead, counted as a failure until `recordSuccess` says otherwise,
    /// or returns the wait still required. Checking and counting in one transaction means
    /// attempts sent all at once cannot slip past the limit before any failure is recorded.
    func admit(_ attempt: Attempt, at date: Date) throws -> Duration? {
        try database.pool.write { db in
            // Counts whose time is up are gone first, so what is left is counted on.
            try forgetExpired(at: date, db)
            let wait = max(try pairWait(attempt, at: date, db), try addressWait(attempt.address, at: date, db))
            if wait > 0 { return .seconds(Int(wait.rounded(.up))) }
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

    /// The right password: this attempt was no failure, and the address's failures on this
    /// account no longer count. Its failures on other accounts stay, or one good account
    /// would unlock guessing the rest.
    func recordSuccess(_ attempt: Attempt) throws {
        try database.pool.write { db in
            try db.execute(sql: "DELETE FROM loginFailureByAccount WHERE account = ? AND address = ?",
                           arguments: [attempt.account, attempt.address])
            try db.execute(sql: "UPDATE loginFailureByAddress SET failures = failures - 1 WHERE address = ? AND failures > 0",
                           arguments: [attempt.address])
        }
    }

    /// The wait after `failures`: none for the first few, then 1 s doubling up to the cap.
    static func addressWait(afterFailures failures: Int) -> TimeInterval {
        guard failures > addressFreeFailures else { return 0 }
        let doublings = min(failures - addressFreeFailures - 1, 30)
        return min(firstAddressWait * Double(1 << doublings), longestAddressWait)
    }

    private func pairWait(_ attempt: Attempt, at date: Date, _ db: Database) throws -> TimeInterval {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT failures, windowStartedAt FROM loginFailureByAccount WHERE account = ? AND address = ?
            """, arguments: [attempt.account, attempt.address]) else { return 0 }
        let failures: Int = row["failures"]
        let started: Date = row["windowStartedAt"]
        guard failures >= Self.pairLimit else { return 0 }
        return started.addingTimeInterval(Self.pairWindow).timeIntervalSince(date)
    }

    /// Measured from the address's last failure, so waiting it out is the only way on.
    private func addressWait(_ address: String, at date: Date, _ db: Database) throws -> TimeInterval {
        guard let row = try Row.fetchOne(db, sql: "SELECT failures, lastFailedAt FROM loginFailureByAddress WHERE address = ?",
                                         arguments: [address]) else { return 0 }
        let last: Date = row["lastFailedAt"]
        guard date.timeIntervalSince(last) < Self.addressMemory else { return 0 }
        return last.addingTimeInterval(Self.addressWait(afterFailures: row["failures"])).timeIntervalSince(date)
    }

    /// Deletes counts that no longer count: a window that has ended starts over at the next
    /// failure, and no address is kept longer than it can make anybody wait.
    private func forgetExpired(at date: Date, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM loginFailureByAccount WHERE windowStartedAt <= ?",
                       arguments: [date.addingTimeInterval(-Self.pairWindow)])
        try db.execute(sql: "DELETE FROM loginFailureByAddress WHERE lastFailedAt <= ?",
                       arguments: [date.addingTimeInterval(-Self.addressMemory)])
    }
}
