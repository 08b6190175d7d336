import Foundation

/// When an outbox (mail, push) tries a row again: `first` after the first failed attempt,
/// twice as long after each next one but never longer than `longest`, and not at all once
/// that would be more than `givingUpAfter` after the row was made.
struct RetrySchedule: Sendable {
    let first: TimeInterval
    let longest: TimeInterval
    let givingUpAfter: TimeInterval

    /// When to try again after `attempts` failed attempts (at least one), or nil to give up.
    func nextAttempt(after attempts: Int, createdAt: Date, now: Date) -> Date? {
        let doublings = min(max(attempts, 1) - 1, 20)
        let wait = min(max(first, 0.1) * Double(1 << doublings), longest)
        let next = now.addingTimeInterval(wait)
        return next.timeIntervalSince(createdAt) > givingUpAfter ? nil : next
    }
}
