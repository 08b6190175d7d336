import Crypto
import Foundation

/// How soon the push service should bring a push to a device on battery (RFC 8030 §5.3).
public enum PushUrgency: String, Sendable {
    case veryLow = "very-low", low, normal, high
}

/// One push: the encrypted body and the headers that go with it.
public struct PushRequest: Sendable {
    public let target: PushTarget
    public let body: [UInt8]
    /// Seconds the push service keeps the push for a device that is offline (RFC 8030 §5.2),
    /// never negative.
    public let ttl: Int
    public let urgency: PushUrgency
    /// A later push with the same topic replaces a waiting one (RFC 8030 §5.4); nil when the
    /// topic given was not at most 32 base64url characters, so the header is left out.
    public let topic: String?
    /// What `VAPIDKey.authorization` made.
    public let authorization: String

    public init(target: PushTarget, body: [UInt8], ttl: Int, urgency: PushUrgency, topic: String?, authorization: String) {
        (self.target, self.body, self.urgency, self.authorization) = (target, body, urgency, authorization)
        self.ttl = max(0, ttl)
        self.topic = topic.flatMap { PushTopic.isValid($0) ? $0 : nil }
    }
}

/// What the push service answered.
public enum PushOutcome: Sendable, Equatable {
    /// 201, or any 2xx.
    case accepted
    /// 404 or 410: the subscription is no more.
    case gone(status: Int)
    /// 429, 5xx, no connection, a timeout: worth trying again, not before `after` seconds
    /// when the service said so (Retry-After).
    case retry(status: Int?, after: TimeInterval?, reason: String)
    /// Any other answer (400, 401 and 403 for a refused VAPID token, 413): trying again
    /// would be refused again.
    case refused(status: Int, reason: String)
}

/// Topics (RFC 8030 §5.4): at most 32 characters of the base64url alphabet.
public enum PushTopic {
    public static let maxLength = 32

    /// `key` itself when it is a valid topic (`room-12`), else the first 32 characters of
    /// its SHA-256 in base64url: the same key always gives the same topic.
    public static func make(_ key: String) -> String {
        if isValid(key) { return key }
        return String(Base64URL.encode(SHA256.hash(data: Array(key.utf8))).prefix(maxLength))
    }

    public static func isValid(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= maxLength && Base64URL.isAlphabet(topic)
    }
}
