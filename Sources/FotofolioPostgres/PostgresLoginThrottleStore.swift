import Foundation
import Fotofolio
import Postgres

/// Failed logins in `login_failure_by_account` and `login_failure_by_address`. Each admission
/// holds a transaction lock on its address, so attempts from one address sent all at once, to
/// any node, are counted one after the other.
struct PostgresLoginThrottleStore: LoginThrottleStore {
    let pool: PostgresPool

    func admit(_ attempt: LoginAttempt, at date: Date) throws -> Duration? {
        try pool.transaction { connection in
            try AddressLock.take(attempt.address, for: .login, connection)
            // Counts whose time is up are gone first, so what is left is counted on.
            try forgetExpired(at: date, connection)
            let pair = try connection.query("""
                SELECT failures, window_started_at FROM login_failure_by_account WHERE account = $1 AND address = $2
                """, [attempt.account, attempt.address]).first.map(Self.failures)
            let address = try connection.query("SELECT failures, last_failed_at FROM login_failure_by_address WHERE address = $1",
                                               [attempt.address]).first.map(Self.failures)
            if let wait = LoginThrottle.wait(pair: pair, address: address, at: date) { return wait }
            try connection.query("""
                INSERT INTO login_failure_by_account (account, address, failures, window_started_at) VALUES ($1, $2, 1, $3)
                ON CONFLICT (account, address) DO UPDATE SET failures = login_failure_by_account.failures + 1
                """, [attempt.account, attempt.address, date.stored])
            try connection.query("""
                INSERT INTO login_failure_by_address (address, failures, last_failed_at) VALUES ($1, 1, $2)
                ON CONFLICT (address) DO UPDATE
                SET failures = login_failure_by_address.failures + 1, last_failed_at = excluded.last_failed_at
                """, [attempt.address, date.stored])
            return nil
        }
    }

    func recordSuccess(_ attempt: LoginAttempt) throws {
        try pool.transaction { connection in
            try connection.query("DELETE FROM login_failure_by_account WHERE account = $1 AND address = $2",
                                 [attempt.account, attempt.address])
            try connection.query("UPDATE login_failure_by_address SET failures = failures - 1 WHERE address = $1 AND failures > 0",
                                 [attempt.address])
        }
    }

    private static func failures(_ row: PostgresRow) throws -> LoginFailures {
        LoginFailures(count: try row.decode(0), since: try row.decode(1))
    }

    /// Deletes counts that no longer count: a window that has ended starts over at the next
    /// failure, and no address is kept longer than it can make anybody wait.
    private func forgetExpired(at date: Date, _ connection: PostgresConnection) throws {
        try connection.query("DELETE FROM login_failure_by_account WHERE window_started_at <= $1",
                             [date.addingTimeInterval(-LoginThrottle.pairWindow).stored])
        try connection.query("DELETE FROM login_failure_by_address WHERE last_failed_at <= $1",
                             [date.addingTimeInterval(-LoginThrottle.addressMemory).stored])
    }
}

/// A transaction-scoped advisory lock per address and purpose: what SQLite's single writer
/// gives the throttles for free, so two requests from one address are counted in turn.
enum AddressLock: Int32 {
    case login = 1
    case registration = 2

    static func take(_ address: String, for purpose: AddressLock, _ connection: PostgresConnection) throws {
        try connection.query("SELECT pg_advisory_xact_lock($1::integer, hashtext($2::text))", [purpose.rawValue, address])
    }
}
