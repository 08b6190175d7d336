import Foundation

/// The mail outbox (`mail`) and each person's mail settings. Mails are queued in the
/// transaction of what causes them (`enqueue` here, or the same rule inside another store's
/// transaction); the sender takes due ones and marks what happened to each.
public protocol MailStore: Sendable {
    /// Queues the mail in a transaction of its own, unless the recipient turned its kind off
    /// (`MailSettings.wants`), its address bounced too often (`MailRules.mayMail`), or a mail
    /// of the same batch is still waiting. Returns whether it was queued.
    @discardableResult
    func enqueue(_ mail: NewMail, at date: Date) throws -> Bool

    /// Pending mails due by `date` — missed-message mails only once due by `missedBefore`
    /// (`date` less the unread delay) — oldest due first, at most `limit`. Where several processes
    /// send, the ones returned are claimed for this process for a while (a lease), so no
    /// other process sends them meanwhile; one that dies leaves them to the others.
    func due(at date: Date, missedBefore: Date, limit: Int) throws -> [QueuedMail]

    /// The mail went; its content is replaced by `content` (the same without secrets).
    func markSent(_ id: Int64, at date: Date, keeping content: MailContent) throws
    /// The attempt failed for now: tried again at `next`.
    func markRetry(_ id: Int64, next: Date, error: String) throws
    /// The mail failed for good; with `hardBounce` the address's bounce count goes up.
    func markFailed(_ id: Int64, at date: Date, error: String, hardBounce: Bool) throws
    /// Not sent, and never will be (its reason went away, e.g. the messages were read).
    func markCancelled(_ id: Int64, at date: Date) throws

    /// The newest mails first, at most `limit`.
    func recent(limit: Int) throws -> [MailRecord]
    func record(key: String) throws -> MailRecord?
    /// What waits at `date` (due, on its first try or retrying), what is scheduled for later
    /// (a payment's reminder, a digest), and what failed.
    func counts(at date: Date) throws -> MailCounts
    /// Hard bounces recorded for the address (ignoring letter case).
    func bounces(of address: String) throws -> Int

    func settings(of userId: Int64) throws -> MailSettings
    func save(_ settings: MailSettings, of userId: Int64) throws

    /// The site's key for signing unsubscribe links: made once, with the schema, and the
    /// same for every node.
    func signingKey() throws -> String

    /// When mails of `kind` were queued for the person since `date`, newest first.
    func queued(_ kind: MailKind, to recipientId: Int64, since date: Date) throws -> [Date]

    /// Calls `changed` after each commit of this process that queued a mail.
    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable () -> Void) -> any StoreObservation
}

/// Links that set a new password, each known by the hash of its token, and the requests
/// each client address made lately.
public protocol PasswordResetsStore: Sendable {
    /// One request for a link, in one transaction, so a request for an account costs what one
    /// for nobody does: counts the client address's requests within the last hour and, at
    /// `limit`, answers `.throttled`; otherwise records this one and, with `issue` (an account
    /// was named), stores the token's hash and queues its mail unless `perAccountLimit` links
    /// went to the person within the last hour.
    func request(from clientAddress: String, limit: Int, issue: PasswordResetIssue?, perAccountLimit: Int, at date: Date) throws
        -> PasswordResetRequestOutcome

    /// Whose password the token would set at `date`: nil when it is unknown, used or expired
    /// (showing the form uses nothing).
    func holder(ofTokenHash tokenHash: String, at date: Date) throws -> Int64?

    /// In one transaction: uses up the token; when it was unused and unexpired, sets the
    /// person's password hash, ends every session of theirs and returns their id; nil otherwise.
    func reset(tokenHash: String, passwordHash: String, at date: Date) throws -> Int64?
}

/// A reset link to store and mail, for `PasswordResetsStore.request`.
public struct PasswordResetIssue: Sendable {
    public var tokenHash: String
    public var userId: Int64
    public var expiresAt: Date
    public var mail: NewMail

    public init(tokenHash: String, userId: Int64, expiresAt: Date, mail: NewMail) {
        self.tokenHash = tokenHash
        self.userId = userId
        self.expiresAt = expiresAt
        self.mail = mail
    }
}

public enum PasswordResetRequestOutcome: Sendable, Equatable {
    /// The client address asked too often this hour: nothing was done.
    case throttled
    /// A link was stored and its mail queued.
    case issued
    /// Nothing to mail: no account, or the account had its links this hour.
    case nothingSent
}

extension MailStore {
    public func counts() throws -> MailCounts { try counts(at: Date()) }
}
