import Foundation

/// The log of live events (`LiveEvent`), appended to by `MessengerStore` in the transaction
/// of each change. Sequences strictly increase and are never reused, even after pruning.
public protocol LiveEventStore: Sendable {
    /// The newest sequence, 0 while the log is empty.
    func latestSequence() throws -> Int64

    /// Events for everyone and for anyone after `sequence`, oldest first, at most `limit`.
    func events(after sequence: Int64, limit: Int) throws -> [LiveEvent]

    /// Events after `sequence` addressed to `userId`, or to a whole room `userId` is a member
    /// of now; oldest first, at most `limit`.
    func events(after sequence: Int64, for userId: Int64, limit: Int) throws -> [LiveEvent]

    /// The oldest sequence still in the log; nil while it is empty.
    func oldestSequence() throws -> Int64?

    /// In one transaction: deletes events written before `date`, then the oldest beyond the
    /// newest `maximumCount` (at least one is kept), but never the newest event. Returns how
    /// many were deleted.
    func prune(olderThan date: Date, keepingAtMost maximumCount: Int) throws -> Int

    /// Calls `changed` after every committed transaction that appended to the log (by this
    /// process), right after the commit and on a thread of the store's, so `changed` must only
    /// schedule work. It is given the events the transaction appended, in sequence order, each
    /// with its recipients as of its place in the log (`AppendedLiveEvent`); a transaction
    /// that only changed earlier events (a deletion rewriting them, pruning) may call it with
    /// none. A rolled-back transaction calls nothing. `failed` hears why observing stopped,
    /// if it ever does; cancelling the observation stops it.
    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable ([AppendedLiveEvent]) -> Void) -> any StoreObservation
}

/// Something a store watches for its caller until cancelled.
public protocol StoreObservation: Sendable {
    func cancel()
}
