import Foundation
import GRDB

/// Limits how many accounts one address makes in an hour, so a script cannot fill the site
/// with throwaway accounts. Kept in the database, so a restart does not reset the limit.
struct RegistrationThrottle: Sendable {
    static let window: TimeInterval = 60 * 60

    let database: AppDatabase
    /// Accounts one address may make within `window`.
    let limit: Int

    /// The wait before `address` may make another account, or nil when it may now. Read
    /// before the costly password hash, so a refused form costs little.
    func wait(for address: String, at date: Date) throws -> Duration? {
        try database.pool.read { db in try wait(for: address, at: date, db) }
    }

    /// Counts a new account made from `address`, or throws when the address has made
    /// enough: called in the transaction that stores the account, so two forms sent at
    /// once cannot both slip under the limit.
    func admit(_ address: String, at date: Date, _ db: Database) throws {
        if let wait = try wait(for: address, at: date, db) { throw RegistrationThrottled(retryAfter: wait) }
        // Older records no longer count; no address is kept longer than that.
        try db.execute(sql: "DELETE FROM registrationByAddress WHERE registeredAt <= ?", arguments: [date.addingTimeInterval(-Self.window)])
        try db.execute(sql: "INSERT INTO registrationByAddress (address, registeredAt) VALUES (?, ?)", arguments: [address, date])
    }

    /// Until the oldest registration that keeps the address at the limit is an hour old.
    private func wait(for address: String, at date: Date, _ db: Database) throws -> Duration? {
        let recent = try Date.fetchAll(db, sql: """
            SELECT registeredAt FROM registrationByAddress WHERE address = ? AND registeredAt > ? ORDER BY registeredAt DESC LIMIT ?
            """, arguments: [address, date.addingTimeInterval(-Self.window), limit])
        guard recent.count >= limit, let oldest = recent.last else { return nil }
        let wait = oldest.addingTimeInterval(Self.window).timeIntervalSince(date)
        return wait > 0 ? .seconds(Int(wait.rounded(.up))) : nil
    }
}

/// Too many accounts came from this address lately; another may be made after the wait.
public struct RegistrationThrottled: Error, Sendable, Equatable {
    public let retryAfter: Duration
}
