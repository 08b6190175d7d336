import Foundation
import GRDB

/// Counts failed logins per account and per address in the database (so limits hold across
/// restarts), and says how long to wait once a limit is reached.
struct LoginThrottle: Sendable {
    struct Keys: Sendable {
        let account: String
        let address: String
    }

    /// Failures allowed in one window before waiting is required.
    static let accountLimit = 5
    static let addressLimit = 20
    static let window: TimeInterval = 15 * 60

    let database: AppDatabase

    static func keys(identifier: String, address: String) -> Keys {
        Keys(account: "account:" + identifier, address: "address:" + address)
    }

    /// The wait still required, or nil when an attempt may be made now.
    func waitBeforeNextAttempt(_ keys: Keys, at date: Date) throws -> Duration? {
        try database.pool.read { db in
            var wait: TimeInterval = 0
            for (key, limit) in [(keys.account, Self.accountLimit), (keys.address, Self.addressLimit)] {
                guard let row = try Row.fetchOne(db, sql: "SELECT failures, windowStartedAt FROM loginThrottle WHERE key = ?", arguments: [key]),
                      let started: Date = row["windowStartedAt"] else { continue }
                let failures: Int = row["failures"]
                let remaining = started.addingTimeInterval(Self.window).timeIntervalSince(date)
                if failures >= limit, remaining > 0 { wait = max(wait, remaining) }
            }
            return wait > 0 ? .seconds(Int(wait.rounded(.up))) : nil
        }
    }

    func recordFailure(_ keys: Keys, at date: Date) throws {
        try database.pool.write { db in
            for key in [keys.account, keys.address] {
                // A window that has ended starts over at this failure.
                try db.execute(sql: """
                    INSERT INTO loginThrottle (key, failures, windowStartedAt) VALUES (?, 1, ?)
                    ON CONFLICT(key) DO UPDATE SET
                      failures = CASE WHEN windowStartedAt <= ? THEN 1 ELSE failures + 1 END,
                      windowStartedAt = CASE WHEN windowStartedAt <= ? THEN excluded.windowStartedAt ELSE windowStartedAt END
                    """, arguments: [key, date, date.addingTimeInterval(-Self.window), date.addingTimeInterval(-Self.window)])
            }
        }
    }

    func reset(_ key: String) throws {
        try database.pool.write { db in try db.execute(sql: "DELETE FROM loginThrottle WHERE key = ?", arguments: [key]) }
    }
}
