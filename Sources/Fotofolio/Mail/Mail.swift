import Foundation

/// What a mail is about. Account mails (confirmation, reset, a changed address) always go;
/// the person turns notices of the other kinds on or off (`MailSettings`).
public enum MailKind: String, Codable, Sendable, CaseIterable {
    case confirmEmail
    case emailChanged
    case passwordReset
    case shoot
    case gallery
    case missedMessages
    case moderation

    /// Sent whatever the person's preferences say: they keep the account reachable.
    public var isAccountMail: Bool {
        switch self {
        case .confirmEmail, .emailChanged, .passwordReset, .moderation: true
        case .shoot, .gallery, .missedMessages: false
        }
    }
}

/// What one mail says, in the terms of the domain; the words and the markup are chosen when it
/// is sent, in the recipient's language. Secrets (a confirmation or reset token) travel here
/// until the mail has gone, and are wiped from the row once it is sent.
public enum MailContent: Codable, Sendable, Equatable {
    case confirmEmail(token: String)
    /// To the old address, after a change: where mail goes now.
    case emailChanged(newAddress: String)
    case passwordReset(token: String)
    /// A shoot card (request, offer, acceptance, cancellation) posted as this message.
    case shoot(messageId: Int64)
    case gallery(galleryId: Int64, event: GalleryMailEvent)
    /// Messages to the person unread since `since`.
    case missedMessages(since: Date)
    case moderation(ModerationMail)
    /// To the client, the day before a payment of a booking is due (`PaymentReminder`):
    /// sent only if it is still not marked received then and still due on `dueOn`.
    case paymentReminder(bookingId: Int64, part: PaymentPart, dueOn: String)
    /// To the client who just booked: what to pay and by when (`PaymentReminder.mails`).
    case bookingPayments(bookingId: Int64)
    /// To a photographer a new demand matches, once (`DemandStore.post`): sent only while it
    /// is still open to them and they have not answered it.
    case demand(demandId: Int64)

    public var kind: MailKind {
        switch self {
        case .confirmEmail: .confirmEmail
        case .emailChanged: .emailChanged
        case .passwordReset: .passwordReset
        case .shoot, .paymentReminder, .bookingPayments, .demand: .shoot
        case .gallery: .gallery
        case .missedMessages: .missedMessages
        case .moderation: .moderation
        }
    }

    /// The same mail without the secrets it carried, to keep once it is sent.
    public var withoutSecrets: MailContent {
        switch self {
        case .confirmEmail: .confirmEmail(token: "")
        case .passwordReset: .passwordReset(token: "")
        default: self
        }
    }
}

public enum GalleryMailEvent: String, Codable, Sendable {
    /// To the client: the gallery is ready for picking.
    case ready
    /// To the client: the photos are delivered.
    case delivered
    /// To the photographer: the client sent their picks.
    case picksSent
}

/// What an operator did to the person, why, and until when.
public struct ModerationMail: Codable, Sendable, Equatable {
    public enum Action: String, Codable, Sendable { case hidden, suspended }
    public var action: Action
    public var reason: String
    public var until: Date?

    public init(action: Action, reason: String, until: Date?) {
        self.action = action
        self.reason = reason
        self.until = until
    }
}

/// A mail to queue in the transaction of what causes it.
public struct NewMail: Sendable, Equatable {
    public var recipientId: Int64
    /// Where it goes, read when it is queued (the old address for `emailChanged`).
    public var address: String
    public var content: MailContent
    /// Not sent before this moment (a missed-message batch waits for its delay).
    public var dueAt: Date
    /// Names the mail everywhere it goes: its `Message-ID`, its file without a mail server.
    public var key: String
    /// At most one mail not yet sent per batch (e.g. one missed-message mail per person);
    /// queueing another with the same batch while one waits changes nothing.
    public var batch: String?

    public init(to recipientId: Int64, address: String, content: MailContent, dueAt: Date, batch: String? = nil,
                key: String = MailKey.make()) {
        self.recipientId = recipientId
        self.address = address
        self.content = content
        self.dueAt = dueAt
        self.key = key
        self.batch = batch
    }
}

/// A mail waiting to be sent.
public struct QueuedMail: Sendable, Equatable {
    public var id: Int64
    public var key: String
    public var recipientId: Int64
    public var address: String
    public var content: MailContent
    public var createdAt: Date
    /// Sending attempts before this one.
    public var attempts: Int

    public init(id: Int64, key: String, recipientId: Int64, address: String, content: MailContent, createdAt: Date, attempts: Int) {
        self.id = id
        self.key = key
        self.recipientId = recipientId
        self.address = address
        self.content = content
        self.createdAt = createdAt
        self.attempts = attempts
    }
}

public enum MailState: String, Codable, Sendable {
    case pending, sent, failed, cancelled
}

/// One mail as the operator's list shows it.
public struct MailRecord: Sendable, Equatable {
    public var id: Int64
    public var key: String
    public var kind: MailKind
    public var address: String
    public var state: MailState
    public var createdAt: Date
    public var sentAt: Date?
    public var attempts: Int
    public var lastError: String?

    public init(id: Int64, key: String, kind: MailKind, address: String, state: MailState, createdAt: Date, sentAt: Date?,
                attempts: Int, lastError: String?) {
        self.id = id
        self.key = key
        self.kind = kind
        self.address = address
        self.state = state
        self.createdAt = createdAt
        self.sentAt = sentAt
        self.attempts = attempts
        self.lastError = lastError
    }
}

/// How many mails are due and wait, wait after a failed attempt, are scheduled for later
/// (a payment's reminder; not waiting, nothing is late), and failed for good (/status, /metrics).
public struct MailCounts: Sendable, Equatable {
    public var pending: Int
    public var retrying: Int
    public var failed: Int
    public var scheduled: Int

    public init(pending: Int, retrying: Int, failed: Int, scheduled: Int = 0) {
        self.pending = pending
        self.retrying = retrying
        self.failed = failed
        self.scheduled = scheduled
    }
}

/// The idempotency key of a mail: 128 random bits as hex, safe in a `Message-ID` and a file name.
public enum MailKey {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.string(withUnsafeBytes(of: (generator.next() as UInt64, generator.next() as UInt64)) { Array($0) })
    }
}

/// How mail content and settings are kept in a text column, alike on both stores.
public enum MailColumn {
    public static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func value<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
