import Foundation
import WebPush

/// When a push goes, how long it may wait, how it is tried again, and who gets one.
public enum PushRules {
    /// A presence row older than this is a node that stopped saying so (it died): ignored.
    public static let presenceFresh: TimeInterval = 60
    /// The first retry waits this long, each next one twice as long…
    public static let firstRetry: TimeInterval = 5
    /// …but never longer than this.
    public static let longestRetry: TimeInterval = 10 * 60
    /// A push not taken by its push service within this time is given up: news a day old is
    /// what the mail outbox and the page are for.
    public static let givingUpAfter: TimeInterval = 24 * 3600
    /// How long a push service keeps a push for a device that is offline (the `TTL` header).
    public static let ttl: Int = 24 * 3600
    /// Adding one more removes the person's least recently used.
    public static let subscriptionsPerPerson = 20
    /// A subscription's user agent is kept to this many bytes.
    public static let userAgentBytes = 300

    /// When to try again after `attempts` failed attempts (at least one), or nil to give up.
    /// - Parameter first: the first wait (`firstRetry` unless the operator chose another).
    public static func nextAttempt(after attempts: Int, createdAt: Date, now: Date, first: TimeInterval = firstRetry) -> Date? {
        RetrySchedule(first: first, longest: longestRetry, givingUpAfter: givingUpAfter).nextAttempt(after: attempts, createdAt: createdAt, now: now)
    }

    /// The push service's `Topic`: a newer push of the same room or gallery replaces one a
    /// device has not fetched yet.
    public static func topic(of content: PushContent) -> String {
        PushTopic.make(tag(of: content))
    }

    /// The notification's tag on the device: one notification per room or gallery.
    public static func tag(of content: PushContent) -> String {
        switch content {
        case .message(_, let roomId), .read(let roomId): "room-\(roomId)"
        case .gallery(let galleryId, _): "gallery-\(galleryId)"
        case .demand(let demandId): "demand-\(demandId)"
        }
    }

    /// Messages wake a phone at once; a gallery's step is normal news; closing a read
    /// notification can wait for the device's next wake-up.
    public static func urgency(of content: PushContent) -> PushUrgency {
        switch content {
        case .message: .high
        case .gallery, .demand: .normal
        case .read: .low
        }
    }

    /// Whether a push of this content waits for nobody: a read closes notifications even on a
    /// device whose person has a tab open; news goes only when no tab of theirs is live.
    public static func needsAbsence(_ content: PushContent) -> Bool {
        switch content {
        case .message, .gallery, .demand: true
        case .read: false
        }
    }

    /// Whether a new message pushes to a member who did not write it: the same rule as mail
    /// (`MessageMail.tells`); the messages cadence is a mail cadence and does not apply.
    public static func pushes(_ kind: MessageMail, roomIsDirect: Bool, mentioned: Bool, settings: MailSettings) -> Bool {
        kind.tells(roomIsDirect: roomIsDirect, mentioned: mentioned, settings: settings)
    }

    /// Whether a gallery's step pushes to its recipient: the galleries switch of mail.
    public static func pushes(_ event: GalleryMailEvent, settings: MailSettings) -> Bool {
        settings.galleries
    }

    /// Whether a new demand pushes to a photographer it matches: the shoots switch of mail.
    public static func pushesDemands(settings: MailSettings) -> Bool {
        settings.shoots
    }

    /// Idempotency keys, so a step queued twice (a retried transaction) is one push.
    public static func messageKey(_ messageId: Int64, subscription: Int64) -> String { "m\(messageId):s\(subscription)" }
    public static func demandKey(_ demandId: Int64, subscription: Int64) -> String { "d\(demandId):s\(subscription)" }
    public static func galleryKey(_ galleryId: Int64, _ event: GalleryMailEvent, subscription: Int64) -> String {
        "g\(galleryId):\(event.rawValue):s\(subscription)"
    }
    public static func readKey(room roomId: Int64, upTo messageId: Int64, subscription: Int64) -> String {
        "r\(roomId):\(messageId):s\(subscription)"
    }

    /// The text cut to at most `limit` UTF-8 bytes on a scalar boundary.
    static func cut(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > limit { break }
            kept.append(scalar)
        }
        return String(kept)
    }
}
