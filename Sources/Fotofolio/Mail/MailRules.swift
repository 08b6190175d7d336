import Foundation

/// When mail is tried again, given up, or no longer sent to an address.
public enum MailRules {
    /// The first retry waits this long, each next one twice as long…
    public static let firstRetry: TimeInterval = 30
    /// …but never longer than this, so after the first hour a mail is tried every 10 minutes.
    public static let longestRetry: TimeInterval = 10 * 60
    /// A mail not delivered within this time is given up.
    public static let givingUpAfter: TimeInterval = 3 * 24 * 3600
    /// Hard bounces (5xx answers) after which an address is no longer mailed.
    public static let bouncesToStop = 3

    /// When to try again after `attempts` failed attempts (at least one), or nil to give up.
    /// - Parameter first: the first wait (`firstRetry` unless the operator chose another).
    public static func nextAttempt(after attempts: Int, createdAt: Date, now: Date, first: TimeInterval = firstRetry) -> Date? {
        RetrySchedule(first: first, longest: longestRetry, givingUpAfter: givingUpAfter).nextAttempt(after: attempts, createdAt: createdAt, now: now)
    }

    /// Whether an address with this many hard bounces is still mailed.
    public static func mayMail(bounces: Int) -> Bool { bounces < bouncesToStop }

    /// When a batch of missed messages begun at `date` is sent: after the delay, and for a
    /// digest at the next whole hour, or the next morning (07:00 UTC), after that.
    public static func missedMessagesDue(_ cadence: MailSettings.MessageCadence, from date: Date, delay: TimeInterval) -> Date? {
        let earliest = date.addingTimeInterval(delay)
        let seconds = earliest.timeIntervalSince1970
        switch cadence {
        case .never: return nil
        case .atOnce: return earliest
        case .hourly: return Date(timeIntervalSince1970: (seconds / 3600).rounded(.up) * 3600)
        case .daily:
            let morning = (seconds - 7 * 3600) / 86_400
            return Date(timeIntervalSince1970: morning.rounded(.up) * 86_400 + 7 * 3600)
        }
    }

    /// The batch a missed-message mail belongs to: one per person while it waits.
    public static func missedMessagesBatch(of userId: Int64) -> String { "missed:\(userId)" }

    /// Whether a message sent at `sentAt` belongs to a batch of missed messages begun at
    /// `since`. Both are kept to the millisecond, but read back through different ways (a
    /// column, a JSON number) they may differ in the last binary digit: compared in whole
    /// milliseconds, the batch's first message is always in it.
    public static func isInBatch(sentAt: Date, since: Date) -> Bool {
        (sentAt.timeIntervalSince1970 * 1000).rounded() >= (since.timeIntervalSince1970 * 1000).rounded()
    }

    /// Confirmation mails one person may ask for again: one per 5 minutes, 5 a day.
    public static let resendInterval: TimeInterval = 5 * 60
    public static let resendsPerDay = 5
    /// Reset mails per account an hour, and reset requests per client address an hour.
    public static let resetsPerAccountPerHour = 3
    public static let resetRequestsPerAddressPerHour = 10
}

extension MailRules {
    /// Whether a refusal says the address itself does not take mail (RFC 3463's 5.1.x, or
    /// the plain 550/551/553 of servers that send no enhanced code), rather than this one
    /// message being refused.
    public static func isHardBounce(code: Int, reply: String) -> Bool {
        if reply.contains(" 5.1.") { return true }
        if reply.contains(" 5.") { return false }
        return code == 550 || code == 551 || code == 553
    }
}

extension MailRules {
    /// Whether a mail of `kind` is queued for a person with these settings whose address
    /// bounced `bounces` times.
    public static func shouldQueue(_ kind: MailKind, settings: MailSettings, bounces: Int) -> Bool {
        settings.wants(kind) && mayMail(bounces: bounces)
    }
}

/// Texts kept beside a mail, bounded in bytes.
public enum MailStoreText {
    /// A server's answer or an error, cut to 1,000 bytes on a scalar boundary.
    public static func error(_ text: String) -> String {
        var kept = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > 1_000 { break }
            kept.unicodeScalars.append(scalar)
        }
        return kept
    }
}

/// What a new message in a conversation may tell its other members by mail.
public enum MessageMail: Sendable {
    /// An ordinary message: told only if it stays unread (`missedMessages`, batched).
    case missed
    /// A step of a shoot (request, offer, acceptance, decline, cancellation): told at once.
    case shoot
    /// Told by the step's other message: a demand's card, which its answer's offer card tells.
    case none
}

extension MessageMail {
    /// Whether a new message tells a member who did not write it at all — by mail or by push:
    /// a shoot step if they want shoots; an ordinary message in a direct room, where it
    /// mentions them, or in a group when they chose groups' messages too.
    public func tells(roomIsDirect: Bool, mentioned: Bool, settings: MailSettings) -> Bool {
        switch self {
        case .shoot: settings.shoots
        case .missed: roomIsDirect || mentioned || settings.groupMessages
        case .none: false
        }
    }

    /// Which of the room's other members `tells` can be true for, so a store reads only them:
    /// in a group of a hundred, an ordinary message is for the few it mentions or who chose
    /// groups' messages, not for everyone's settings read to decide. `tells` still decides
    /// for each one read.
    public func audience(roomIsDirect: Bool) -> MessageAudience {
        switch self {
        case .shoot: .everyone
        case .missed: roomIsDirect ? .everyone : .mentionedOrChoosingGroups
        case .none: .nobody
        }
    }
}

/// The members a new message can tell (`MessageMail.audience`).
public enum MessageAudience: Sendable, Equatable {
    case nobody
    case everyone
    /// Those it mentions, and those whose settings say `groupMessages`.
    case mentionedOrChoosingGroups
}

extension MailRules {
    /// The mail a new message queues for one member who did not write it, or nil. A shoot
    /// step goes at once; an ordinary message joins the member's batch of missed messages —
    /// in a group only when it mentions them or they chose groups' messages too — due by
    /// their cadence (the sender waits the unread delay on top: `MailStore.due`).
    public static func mail(for messageId: Int64, _ kind: MessageMail, to recipientId: Int64, address: String,
                            roomIsDirect: Bool, mentioned: Bool, settings: MailSettings, at date: Date) -> NewMail? {
        guard kind.tells(roomIsDirect: roomIsDirect, mentioned: mentioned, settings: settings) else { return nil }
        switch kind {
        case .none:
            return nil
        case .shoot:
            return NewMail(to: recipientId, address: address, content: .shoot(messageId: messageId), dueAt: date)
        case .missed:
            guard let due = missedMessagesDue(settings.messages, from: date, delay: 0) else { return nil }
            // To the millisecond, as messages' times are stored: the batch's first message is in it.
            let since = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
            return NewMail(to: recipientId, address: address, content: .missedMessages(since: since), dueAt: due,
                           batch: missedMessagesBatch(of: recipientId))
        }
    }
}

extension MailRules {
    /// Who a gallery's step is told to: the client of a gallery ready for picking or
    /// delivered, the photographer of picks sent. Nil for a gallery without a client account.
    public static func recipient(of event: GalleryMailEvent, in gallery: Gallery) -> Int64? {
        switch event {
        case .ready, .delivered: gallery.clientId
        case .picksSent: gallery.photographerId
        }
    }
}
