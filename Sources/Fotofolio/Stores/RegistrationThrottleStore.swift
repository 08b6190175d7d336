import Foundation

/// The registrations each address made lately (`AccountsStore.insert` counts them). Kept
/// across restarts; records older than `RegistrationThrottle.window` may be forgotten.
public protocol RegistrationThrottleStore: Sendable {
    /// When `address` registered after `date`, newest first, at most `limit` of them.
    func registrations(from address: String, after date: Date, limit: Int) throws -> [Date]
}
