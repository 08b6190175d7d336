import Foundation

/// Limits how many accounts one address makes in an hour, so a script cannot fill the site
/// with throwaway accounts. Counted by the store, so a restart does not reset the limit.
public struct RegistrationThrottle: Sendable {
    public static let window: TimeInterval = 60 * 60

    /// Accounts one address may make within `window`.
    public let limit: Int

    /// The wait before another account, given the address's registrations within the window
    /// (newest first, at most `limit`); nil when it may make one now. The wait lasts until
    /// the oldest registration that keeps the address at the limit is an hour old.
    public func wait(after recent: [Date], at date: Date) -> Duration? {
        guard recent.count >= limit, let oldest = recent.last else { return nil }
        let wait = oldest.addingTimeInterval(Self.window).timeIntervalSince(date)
        return wait > 0 ? .seconds(Int(wait.rounded(.up))) : nil
    }

    /// The wait before `address` may make another account, or nil when it may now. Read
    /// before the costly password hash, so a refused form costs little.
    func wait(for address: String, at date: Date, in store: any RegistrationThrottleStore) throws -> Duration? {
        wait(after: try store.registrations(from: address, after: date.addingTimeInterval(-Self.window), limit: limit), at: date)
    }
}

/// Too many accounts came from this address lately; another may be made after the wait.
public struct RegistrationThrottled: Error, Sendable, Equatable {
    public let retryAfter: Duration

    public init(retryAfter: Duration) {
        self.retryAfter = retryAfter
    }
}
