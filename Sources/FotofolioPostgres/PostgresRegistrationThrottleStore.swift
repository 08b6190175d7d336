import Foundation
import Fotofolio
import Postgres

/// Registrations by address in `registration_by_address`.
struct PostgresRegistrationThrottleStore: RegistrationThrottleStore {
    let pool: PostgresPool

    func registrations(from address: String, after date: Date, limit: Int) throws -> [Date] {
        try pool.withConnection { connection in try Self.registrations(from: address, after: date, limit: limit, connection) }
    }

    static func registrations(from address: String, after date: Date, limit: Int, _ connection: PostgresConnection) throws -> [Date] {
        try connection.query("""
            SELECT registered_at FROM registration_by_address WHERE address = $1 AND registered_at > $2
            ORDER BY registered_at DESC LIMIT $3
            """, [address, date.stored, max(0, limit)]).map { try $0.decode(0) }
    }

    /// Counts a new account made from `address` within the caller's transaction, or throws
    /// `RegistrationThrottled` when the address has made enough. The address stays locked
    /// until the transaction ends, so two forms sent at once are counted in turn.
    static func admit(_ address: String, by throttle: RegistrationThrottle, at date: Date, _ connection: PostgresConnection) throws {
        try AddressLock.take(address, for: .registration, connection)
        let recent = try registrations(from: address, after: date.addingTimeInterval(-RegistrationThrottle.window),
                                       limit: throttle.limit, connection)
        if let wait = throttle.wait(after: recent, at: date) { throw RegistrationThrottled(retryAfter: wait) }
        // Older records no longer count; no address is kept longer than that.
        try connection.query("DELETE FROM registration_by_address WHERE registered_at <= $1",
                             [date.addingTimeInterval(-RegistrationThrottle.window).stored])
        try connection.query("INSERT INTO registration_by_address (address, registered_at) VALUES ($1, $2)", [address, date.stored])
    }
}
