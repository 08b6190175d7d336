import Foundation
import Logging
import Mail

/// Turns a queued mail into a message: the words in the recipient's language, the links at
/// the site's public address. The web layer does it, with the templates of the pages.
public protocol MailComposing: Sendable {
    /// The message, or nil when the mail has nothing left to say (the messages it was about
    /// were read meanwhile, the card is gone): it is cancelled, not sent.
    func compose(_ mail: QueuedMail) throws -> MailMessage?
}

/// Where mail goes: an SMTP server, or — without one — a folder of `.eml` files that the
/// operator's mail page shows.
public enum MailOutlet: Sendable {
    case smtp(SMTPTransport, envelopeSender: String)
    case directory(MailDirectory)
}

/// Sends the mail outbox: due mails oldest first, each marked sent, retried with backoff
/// (`MailRules.nextAttempt`) or failed with the server's answer. A mail is marked sent only
/// after the server took it, so a process killed mid-send sends it again — with the same
/// `Message-ID` (its key), so a receiving server or reader tells the two apart.
///
/// Threads: a thread of its own; `kick` from any thread.
public final class MailSender: Sendable {
    private let store: any MailStore
    private let composer: any MailComposing
    private let outlet: MailOutlet
    private let logger: Logger
    private let missedMessageDelay: TimeInterval
    private let firstRetry: TimeInterval
    private let loop: SendingLoop
    private static let batch = 20

    /// - Parameter pollInterval: how often due mails are looked for without a kick (retries,
    ///   delayed batches, mails queued by other processes).
    /// - Parameter missedMessageDelay: how long a message stays unread before it is mailed.
    /// - Parameter firstRetry: the wait after a first failed attempt (doubling from there).
    public init(stores: Stores, composer: any MailComposing, outlet: MailOutlet, logger: Logger,
                pollInterval: Duration = .seconds(5), missedMessageDelay: TimeInterval = 600,
                firstRetry: TimeInterval = MailRules.firstRetry) {
        self.missedMessageDelay = missedMessageDelay
        self.firstRetry = firstRetry
        store = stores.mail
        self.composer = composer
        self.outlet = outlet
        self.logger = logger
        loop = SendingLoop(name: "fotofolio.mail", pollInterval: pollInterval)
    }

    public func start() {
        loop.start(observe: store.observeCommits, failed: { [logger] error in
            logger.error("Mail stopped following the outbox: \(error)")
        }, work: { [self] in sendDue() })
    }

    /// Ends the loop after the mail being sent, if any.
    public func stop() { loop.stop() }

    /// Mails may have been queued: look now.
    public func kick() { loop.kick() }

    /// Sends every mail due by `date`; returns how many were handled (sent, retried, failed
    /// or cancelled).
    @discardableResult
    public func sendDue(at date: @autoclosure () -> Date = Date()) -> Int {
        SendingLoop.drain(batch: Self.batch, read: {
            let now = date()
            return try store.due(at: now, missedBefore: now.addingTimeInterval(-missedMessageDelay), limit: Self.batch)
        }, failed: { error in
            logger.error("Cannot read the mail outbox: \(error)")
        }, handle: { mail in send(mail, at: date()) })
    }

    private func send(_ mail: QueuedMail, at date: Date) {
        do {
            guard let message = try composer.compose(mail) else {
                try store.markCancelled(mail.id, at: date)
                return
            }
            do {
                try deliver(message.bytes(), of: mail, at: date)
                try store.markSent(mail.id, at: date, keeping: mail.content.withoutSecrets)
            } catch let error as MailDeliveryError {
                try failed(mail, error, at: date)
            }
        } catch {
            logger.error("Mail \(mail.key) waits: \(error)")
            try? retry(mail, reason: "\(error)", at: date)
        }
    }

    private func deliver(_ bytes: [UInt8], of mail: QueuedMail, at date: Date) throws {
        switch outlet {
        case .smtp(let transport, let sender):
            try transport.send(bytes, from: sender, to: mail.address)
        case .directory(let directory):
            try directory.write(bytes, name: mail.key, at: date)
        }
    }

    private func failed(_ mail: QueuedMail, _ error: MailDeliveryError, at date: Date) throws {
        switch error {
        case .transient(let reason):
            logger.warning("Mail \(mail.key) to be tried again: \(reason)")
            try retry(mail, reason: reason, at: date)
        case .permanent(let code, let reply):
            logger.warning("Mail \(mail.key) refused: \(reply)")
            try store.markFailed(mail.id, at: date, error: reply, hardBounce: MailRules.isHardBounce(code: code, reply: reply))
        }
    }

    private func retry(_ mail: QueuedMail, reason: String, at date: Date) throws {
        if let next = MailRules.nextAttempt(after: mail.attempts + 1, createdAt: mail.createdAt, now: date, first: firstRetry) {
            try store.markRetry(mail.id, next: next, error: reason)
        } else {
            try store.markFailed(mail.id, at: date, error: "Given up: \(reason)", hardBounce: false)
        }
    }
}
