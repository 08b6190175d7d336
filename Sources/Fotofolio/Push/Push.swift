import Foundation

/// A browser's push subscription: where its push service takes pushes for one device, and
/// the keys they are encrypted to (RFC 8291), base64url as the browser gave them.
public struct PushSubscription: Sendable, Equatable, Codable {
    public let id: Int64
    public let userId: Int64
    public let endpoint: String
    public let p256dh: String
    public let auth: String
    /// The browser that subscribed, so the person can tell their devices apart.
    public let userAgent: String
    public let createdAt: Date
    /// When a push last went to it; nil until the first.
    public let lastUsedAt: Date?

    public init(id: Int64, userId: Int64, endpoint: String, p256dh: String, auth: String, userAgent: String,
                createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.userId = userId
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.userAgent = userAgent
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A subscription to store; the user agent is cut to `PushRules.userAgentBytes` here, once.
public struct NewPushSubscription: Sendable {
    public let endpoint: String
    public let p256dh: String
    public let auth: String
    public let userAgent: String

    public init(endpoint: String, p256dh: String, auth: String, userAgent: String) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.userAgent = PushRules.cut(userAgent, toBytes: PushRules.userAgentBytes)
    }
}

/// What a push says, in domain terms; the words are composed when it is sent, in the
/// recipient's language (`PushComposing`).
public enum PushContent: Codable, Sendable, Equatable {
    /// A message, a mention or a shoot card.
    case message(messageId: Int64, roomId: Int64)
    case gallery(galleryId: Int64, event: GalleryMailEvent)
    /// Closes the room's notification on a device: the person read it elsewhere.
    case read(roomId: Int64)
    /// A new demand matches the photographer (`DemandStore.post`).
    case demand(demandId: Int64)

    /// The stored kind, so stores find a room's message or read pushes without the JSON.
    public var kind: String {
        switch self {
        case .message: "message"
        case .gallery: "gallery"
        case .read: "read"
        case .demand: "demand"
        }
    }

    /// The room a push is about; nil for a gallery's and a demand's.
    public var roomId: Int64? {
        switch self {
        case .message(_, let roomId), .read(let roomId): roomId
        case .gallery, .demand: nil
        }
    }
}

/// A push waiting to be sent, with the subscription it goes to.
public struct QueuedPush: Sendable {
    public let id: Int64
    public let key: String
    public let recipientId: Int64
    public let subscription: PushSubscription
    public let content: PushContent
    public let createdAt: Date
    public let attempts: Int

    public init(id: Int64, key: String, recipientId: Int64, subscription: PushSubscription, content: PushContent,
                createdAt: Date, attempts: Int) {
        self.id = id
        self.key = key
        self.recipientId = recipientId
        self.subscription = subscription
        self.content = content
        self.createdAt = createdAt
        self.attempts = attempts
    }
}

/// The payload the service worker reads: JSON, at most `PushEncryption.maxPlaintext` bytes.
public struct PushPayload: Sendable, Equatable, Codable {
    public var title: String
    public var body: String
    /// A path on the site, e.g. `/messages/12`.
    public var url: String
    /// `room-12`, `gallery-3`: one notification per tag on a device.
    public var tag: String
    /// True: close the notifications with this tag (the person read them elsewhere).
    public var close: Bool

    public init(title: String, body: String, url: String, tag: String, close: Bool = false) {
        self.title = title
        self.body = body
        self.url = url
        self.tag = tag
        self.close = close
    }
}

/// Words for a push in the recipient's language; the web layer composes them.
public protocol PushComposing: Sendable {
    /// The payload, or nil when nothing is left to say (the message was read or is gone):
    /// the push is skipped, not sent.
    func compose(_ push: QueuedPush) throws -> PushPayload?
}

/// How many pushes wait (first try or retry) and failed for good (/status, /metrics).
public struct PushCounts: Sendable, Equatable {
    public var waiting: Int
    public var failed: Int

    public init(waiting: Int, failed: Int) {
        self.waiting = waiting
        self.failed = failed
    }
}

/// Why a push was not sent, as stored.
public enum PushSkip: String, Sendable {
    /// A tab of the person's held a live stream: it told them itself.
    case live
    /// The message was read (or is gone) before the push went.
    case read
    /// The subscription is no more.
    case gone
}
