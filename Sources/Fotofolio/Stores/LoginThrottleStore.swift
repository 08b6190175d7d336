import Foundation

/// The counts of failed logins, kept across restarts: per account and address, and per
/// address alone (see `LoginThrottle`).
public protocol LoginThrottleStore: Sendable {
    /// In one transaction, so attempts sent all at once cannot slip past the limit: forgets
    /// counts whose time is up (`LoginThrottle.pairWindow`, `LoginThrottle.addressMemory`),
    /// then returns `LoginThrottle.wait(pair:address:at:)` for the counts left when it is not
    /// nil, and otherwise counts the attempt as a failure for its pair (the window starting
    /// now when new) and for its address (failed last now) and returns nil.
    func admit(_ attempt: LoginAttempt, at date: Date) throws -> Duration?

    /// In one transaction: forgets the pair's failures and takes one failure off the
    /// address's count (never below zero).
    func recordSuccess(_ attempt: LoginAttempt) throws
}
