import Foundation

/// Links that confirm an e-mail address, sent by mail. Only a hash of each token is stored;
/// a link works once, for 48 hours, and only while the address is still the person's. Until
/// confirmed, the account works all the same.
public struct EmailConfirmations: Sendable {
    public static let lifetime: TimeInterval = 48 * 3600
    let store: any EmailConfirmationsStore
    let mail: any MailStore

    public init(stores: Stores) {
        store = stores.emailConfirmations
        mail = stores.mail
    }

    /// A new link for the person's current address, queued as a mail in the same transaction;
    /// with `previousAddress` (an address just changed), the old address is told too.
    /// Returns the token (for tests; it is in the mail).
    @discardableResult
    public func issue(for user: User, previousAddress: String? = nil, at date: Date = Date()) throws -> String {
        let token = RandomToken.make()
        guard let id = user.id else { throw EmailConfirmationError.unsavedAccount }
        var mails = [NewMail(to: id, address: user.email, content: .confirmEmail(token: token), dueAt: date)]
        if let previousAddress, previousAddress.lowercased() != user.email.lowercased() {
            mails.append(NewMail(to: id, address: previousAddress, content: .emailChanged(newAddress: user.email), dueAt: date))
        }
        try store.insert(tokenHash: SessionStore.hash(token), for: id, email: user.email,
                         expiresAt: date.addingTimeInterval(Self.lifetime), mails: mails, at: date)
        return token
    }

    /// Sends the link again when the person asks, at most once per `MailRules.resendInterval`
    /// and `MailRules.resendsPerDay` a day; otherwise throws `ResendThrottled` with the wait.
    @discardableResult
    public func resend(for user: User, at date: Date = Date()) throws -> String {
        guard let id = user.id else { throw EmailConfirmationError.unsavedAccount }
        let sent = try mail.queued(.confirmEmail, to: id, since: date.addingTimeInterval(-24 * 3600))
        if let wait = Self.resendWait(after: sent, at: date) { throw ResendThrottled(retryAfter: wait) }
        return try issue(for: user, at: date)
    }

    /// The wait before another link may be sent, given when links went in the last day (newest first).
    public static func resendWait(after sent: [Date], at date: Date) -> Duration? {
        var until: Date?
        if let newest = sent.first, date.timeIntervalSince(newest) < MailRules.resendInterval {
            until = newest.addingTimeInterval(MailRules.resendInterval)
        }
        if sent.count >= MailRules.resendsPerDay, let oldest = sent.prefix(MailRules.resendsPerDay).last {
            let dayLater = oldest.addingTimeInterval(24 * 3600)
            until = max(until ?? dayLater, dayLater)
        }
        guard let until else { return nil }
        return .seconds(max(1, Int(until.timeIntervalSince(date).rounded(.up))))
    }

    /// Uses the link: what happened, for the page that says so.
    public func confirm(_ token: String, at date: Date = Date()) throws -> EmailConfirmationOutcome {
        guard token.utf8.count <= 64 else { return .unknown }
        return try store.confirm(tokenHash: SessionStore.hash(token), at: date)
    }
}

/// Another confirmation mail was asked for too soon.
public struct ResendThrottled: Error, Sendable, Equatable {
    public let retryAfter: Duration

    public init(retryAfter: Duration) {
        self.retryAfter = retryAfter
    }
}

enum EmailConfirmationError: Error {
    case unsavedAccount
}

extension EmailConfirmationOutcome {
    /// What a link found in the store does at `date`: `issuedFor` is the address it was
    /// issued for (nil for links older than the record of it), `current` the person's.
    public static func of(link expiresAt: Date, usedAt: Date?, issuedFor: String?, current: String, userId: Int64,
                          at date: Date) -> EmailConfirmationOutcome {
        if usedAt != nil { return .alreadyUsed }
        if expiresAt <= date { return .expired }
        if let issuedFor, issuedFor.lowercased() != current.lowercased() { return .addressChanged }
        return .confirmed(userId: userId)
    }
}
