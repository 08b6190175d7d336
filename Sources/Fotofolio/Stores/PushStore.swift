import Foundation

/// Push subscriptions (`pushSubscription`), the push outbox (`push`), the site's VAPID key
/// (`pushKey`) and which people hold a live stream on which node (`livePresence`). Pushes are
/// queued in the transaction of what causes them (a message, a gallery's step, a read); the
/// sender takes due ones and marks what happened to each.
public protocol PushStore: Sendable {
    /// Adds a subscription — or, for an endpoint already stored, replaces its keys, moving it
    /// to this person — and keeps at most `PushRules.subscriptionsPerPerson` per person: the
    /// least recently used goes.
    func add(_ subscription: NewPushSubscription, for userId: Int64, at date: Date) throws -> PushSubscription
    /// The person's subscriptions, newest first.
    func subscriptions(of userId: Int64) throws -> [PushSubscription]
    /// Removes one of the person's own; false when it is not theirs or already gone.
    func remove(_ id: Int64, of userId: Int64) throws -> Bool
    /// The push service said it is gone (404/410): removed, and its pending pushes with it.
    func removeGone(_ subscriptionId: Int64) throws

    /// The site's VAPID private key (32 raw bytes): made once, by the first process that asks
    /// (calling `make`), and the same for every node.
    func vapidKey(make: () -> [UInt8]) throws -> [UInt8]

    /// Pending pushes due by `date`, oldest due first, at most `limit`. Where several
    /// processes send, the ones returned are claimed for this process for a while (a lease).
    func due(at date: Date, limit: Int) throws -> [QueuedPush]
    /// The push service took it; the subscription's `lastUsedAt` becomes `date`.
    func markSent(_ id: Int64, at date: Date) throws
    /// The attempt failed for now: tried again at `next`.
    func markRetry(_ id: Int64, next: Date, error: String) throws
    func markFailed(_ id: Int64, at date: Date, error: String) throws
    /// Not sent, and never will be: `reason` is a `PushSkip` ("live", "read", "gone").
    func markSkipped(_ id: Int64, at date: Date, reason: String) throws
    func counts() throws -> PushCounts

    /// The people with a live stream on `node`, replacing what the node said before.
    func setPresent(_ userIds: Set<Int64>, node: String, at date: Date) throws
    /// Whether any node said within `PushRules.presenceFresh` before `date` that the person
    /// has a live stream.
    func isPresent(_ userId: Int64, at date: Date) throws -> Bool

    /// Calls `changed` after each commit of this process that queued a push.
    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable () -> Void) -> any StoreObservation
}
