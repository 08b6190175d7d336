import Foundation
import WebPush

/// A person's devices that take pushes: what the notifications settings page adds, lists
/// and removes.
public struct PushSubscriptions: Sendable {
    private let store: any PushStore
    private let policy: PushEndpointPolicy

    public init(stores: Stores, policy: PushEndpointPolicy) {
        store = stores.push
        self.policy = policy
    }

    /// Stores the subscription once its keys are keys on the curve and its endpoint is one a
    /// push may go to; throws `PushRefusal` otherwise, storing nothing.
    public func subscribe(_ new: NewPushSubscription, for userId: Int64, at date: Date) throws -> PushSubscription {
        _ = try PushSubscriptionKeys(p256dh: new.p256dh, auth: new.auth)
        _ = try policy.check(new.endpoint)
        return try store.add(new, for: userId, at: date)
    }

    /// Newest first.
    public func list(of userId: Int64) throws -> [PushSubscription] {
        try store.subscriptions(of: userId)
    }

    /// False when it is not the person's or already gone.
    public func remove(_ id: Int64, of userId: Int64) throws -> Bool {
        try store.remove(id, of: userId)
    }
}
