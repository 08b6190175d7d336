import Foundation
import Fotofolio
import WebPush

/// How this process pushes: where a push may go (the endpoint policy, with the origins the
/// operator allowed), who the push services may contact (the VAPID subject), how often it
/// looks for due pushes, and the transport.
public struct PushSetup: Sendable {
    public let policy: PushEndpointPolicy
    /// `mailto:` or `https:`: the operator's contact in every VAPID token.
    public let subject: String
    public let pollInterval: Duration
    public let firstRetry: TimeInterval
    public let transport: PushTransport

    public init(policy: PushEndpointPolicy = PushEndpointPolicy(allowedOrigins: []), subject: String,
                pollInterval: Duration = .seconds(2), firstRetry: TimeInterval = PushRules.firstRetry,
                transport: PushTransport = PushTransport()) {
        self.policy = policy
        self.subject = subject
        self.pollInterval = pollInterval
        self.firstRetry = firstRetry
        self.transport = transport
    }

    /// The site's VAPID key: made by the first process that asks and kept in the database,
    /// so every node signs with the same one and subscriptions outlive restarts.
    static func key(in stores: Stores) throws -> VAPIDKey {
        try VAPIDKey(privateKey: stores.push.vapidKey(make: { VAPIDKey().privateKeyRaw }))
    }
}
