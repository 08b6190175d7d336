import Foundation
import Fotofolio
import GRDB

/// Registrations by address in `registrationByAddress`.
struct SQLiteRegistrationThrottleStore: RegistrationThrottleStore {
    let database: AppDatabase

    func registrations(from address: String, after date: Date, limit: Int) throws -> [Date] {
        try database.read { db in try Self.registrations(from: address, after: date, limit: limit, db) }
    }

    static func registrations(from address: String, after date: Date, limit: Int, _ db: Database) throws -> [Date] {
        try Date.fetchAll(db, sql: """
            SELECT registeredAt FROM registrationByAddress WHERE address = ? AND registeredAt > ? ORDER BY registeredAt DESC LIMIT ?
            """, arguments: [address, date, limit])
    }

    /// Counts a new account made from `address` within the caller's transaction, or throws
    /// `RegistrationThrottled` when the address has made enough.
    static func admit(_ address: String, by throttle: RegistrationThrottle, at date: Date, _ db: Database) throws {
        let recent = try registrations(from: address, after: date.addingTimeInterval(-RegistrationThrottle.window), limit: throttle.limit, db)
        if let wait = throttle.wait(after: recent, at: date) { throw RegistrationThrottled(retryAfter: wait) }
        // Older records no longer count; no address is kept longer than that.
        try db.execute(sql: "DELETE FROM registrationByAddress WHERE registeredAt <= ?",
                       arguments: [date.addingTimeInterval(-RegistrationThrottle.window)])
        try db.execute(sql: "INSERT INTO registrationByAddress (address, registeredAt) VALUES (?, ?)", arguments: [address, date])
    }
}
