import Foundation

/// Counts failed logins in the database (so the limits hold across restarts) and says how
/// long to wait before the next attempt. Two counts, so that nobody can lock an owner out:
/// - per account *and* address: a few failures make that pair wait out a window. The owner
///   signing in from elsewhere is not affected by a stranger guessing.
/// - per address, across accounts: past a few failures each further attempt waits twice as
///   long as the one before. Guessing many accounts from one place slows to a crawl, yet
///   nobody there is locked out for good.
public struct LoginThrottle: Sendable {
    /// Failures one address may make on one account within `pairWindow` before waiting.
    public static let pairLimit = 5
    public static let pairWindow: TimeInterval = 15 * 60
    /// Failures one address may make (on any accounts) before each attempt must wait: a
    /// household or a class behind one address mistypes more than one person does.
    public static let addressFreeFailures = 10
    static let firstAddressWait: TimeInterval = 1
    static let longestAddressWait: TimeInterval = 15 * 60
    /// An address's failures are forgotten after this long without one. Longer than the
    /// longest wait, so an address at the cap keeps waiting the cap instead of starting over.
    public static let addressMemory: TimeInterval = 60 * 60

    let store: any LoginThrottleStore

    /// Lets an attempt go ahead, counted as a failure until `recordSuccess` says otherwise,
    /// or returns the wait still required.
    func admit(_ attempt: LoginAttempt, at date: Date) throws -> Duration? {
        try store.admit(attempt, at: date)
    }

    /// The right password: this attempt was no failure, and the address's failures on this
    /// account no longer count. Its failures on other accounts stay, or one good account
    /// would unlock guessing the rest.
    func recordSuccess(_ attempt: LoginAttempt) throws {
        try store.recordSuccess(attempt)
    }

    /// The wait an attempt must still make, given the failures counted for its pair (nil:
    /// none) and for its address; nil when it may go ahead.
    public static func wait(pair: LoginFailures?, address: LoginFailures?, at date: Date) -> Duration? {
        let wait = max(pair.map { pairWait($0, at: date) } ?? 0, address.map { addressWait($0, at: date) } ?? 0)
        return wait > 0 ? .seconds(Int(wait.rounded(.up))) : nil
    }

    /// The wait after `failures`: none for the first few, then 1 s doubling up to the cap.
    static func addressWait(afterFailures failures: Int) -> TimeInterval {
        guard failures > addressFreeFailures else { return 0 }
        let doublings = min(failures - addressFreeFailures - 1, 30)
        return min(firstAddressWait * Double(1 << doublings), longestAddressWait)
    }

    /// Measured from the start of the pair's window.
    private static func pairWait(_ pair: LoginFailures, at date: Date) -> TimeInterval {
        guard pair.count >= pairLimit else { return 0 }
        return pair.since.addingTimeInterval(pairWindow).timeIntervalSince(date)
    }

    /// Measured from the address's last failure, so waiting it out is the only way on.
    private static func addressWait(_ address: LoginFailures, at date: Date) -> TimeInterval {
        guard date.timeIntervalSince(address.since) < addressMemory else { return 0 }
        return address.since.addingTimeInterval(addressWait(afterFailures: address.count)).timeIntervalSince(date)
    }
}

/// One login attempt: `account` names the account tried (its id when it exists, else the
/// name typed), `address` where the attempt came from.
public struct LoginAttempt: Sendable {
    public let account: String
    public let address: String
}

/// Failures counted for a pair (since its window started) or an address (since its last failure).
public struct LoginFailures: Sendable {
    public let count: Int
    public let since: Date

    public init(count: Int, since: Date) {
        self.count = count
        self.since = since
    }
}
