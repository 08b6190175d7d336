import Foundation
import Logging
import WebPush

/// Sends the push outbox, the second step of the notification ladder: a push whose person
/// has a live tab open is skipped (the tab told them); otherwise its words are composed,
/// encrypted to the device (RFC 8291), signed for (VAPID, RFC 8292) and posted to the
/// device's push service. A push is marked sent only after the service took it, so a
/// process killed mid-send sends at most that one again — with the same `Topic`, so the
/// service and the device replace rather than add.
///
/// Threads: a thread of its own; `kick` from any thread.
public final class PushSender: Sendable {
    private let store: any PushStore
    private let composer: any PushComposing
    private let transport: PushTransport
    private let policy: PushEndpointPolicy
    private let key: VAPIDKey
    private let subject: String
    private let logger: Logger
    private let firstRetry: TimeInterval
    private let loop: SendingLoop
    private static let batch = 20
    /// How long a VAPID signature holds (RFC 8292 allows at most 24 hours).
    static let signatureLifetime: TimeInterval = 12 * 3600

    /// - Parameter subject: the operator's contact for push services (`mailto:` or `https:`).
    /// - Parameter pollInterval: how often due pushes are looked for without a kick (retries,
    ///   pushes queued by other processes).
    /// - Parameter firstRetry: the wait after a first failed attempt (doubling from there).
    public init(stores: Stores, composer: any PushComposing, transport: PushTransport, policy: PushEndpointPolicy,
                key: VAPIDKey, subject: String, logger: Logger, pollInterval: Duration = .seconds(2),
                firstRetry: TimeInterval = PushRules.firstRetry) {
        store = stores.push
        self.composer = composer
        self.transport = transport
        self.policy = policy
        self.key = key
        self.subject = subject
        self.logger = logger
        self.firstRetry = firstRetry
        loop = SendingLoop(name: "fotofolio.push", pollInterval: pollInterval)
    }

    public func start() {
        loop.start(observe: store.observeCommits, failed: { [logger] error in
            logger.error("Push stopped following the outbox: \(error)")
        }, work: { [self] in sendDue() })
    }

    /// Ends the loop after the push being sent, if any.
    public func stop() { loop.stop() }

    /// Pushes may have been queued: look now.
    public func kick() { loop.kick() }

    /// Sends every push due by `date`; returns how many were handled (sent, skipped, retried
    /// or failed).
    @discardableResult
    public func sendDue(at date: @autoclosure () -> Date = Date()) -> Int {
        SendingLoop.drain(batch: Self.batch, read: { try store.due(at: date(), limit: Self.batch) }, failed: { error in
            logger.error("Cannot read the push outbox: \(error)")
        }, handle: { push in send(push, at: date()) })
    }

    private func send(_ push: QueuedPush, at date: Date) {
        do {
            if PushRules.needsAbsence(push.content), try store.isPresent(push.recipientId, at: date) {
                try store.markSkipped(push.id, at: date, reason: PushSkip.live.rawValue)
                return
            }
            guard let payload = try composer.compose(push) else {
                try store.markSkipped(push.id, at: date, reason: PushSkip.read.rawValue)
                return
            }
            let plaintext = Array(try JSONEncoder().encode(payload))
            guard plaintext.count <= PushEncryption.maxPlaintext else {
                try store.markFailed(push.id, at: date, error: "The payload has \(plaintext.count) bytes")
                return
            }
            let target: PushTarget
            let keys: PushSubscriptionKeys
            do {
                target = try policy.check(push.subscription.endpoint)
                keys = try PushSubscriptionKeys(p256dh: push.subscription.p256dh, auth: push.subscription.auth)
            } catch let refusal as PushRefusal {
                // Allowed when stored, refused now (the operator's allowance changed, or the
                // host now resolves to a private address): no push will ever go there.
                logger.warning("Push \(push.key) refused: \(refusal.reason)")
                try store.markFailed(push.id, at: date, error: refusal.reason)
                try store.removeGone(push.subscription.id)
                return
            }
            let request = PushRequest(
                target: target, body: try PushEncryption.encrypt(plaintext, to: keys), ttl: PushRules.ttl,
                urgency: PushRules.urgency(of: push.content), topic: PushRules.topic(of: push.content),
                authorization: try key.authorization(for: target.url, subject: subject,
                                                     expiresAt: date.addingTimeInterval(Self.signatureLifetime)))
            try record(transport.send(request), of: push, at: date)
        } catch {
            logger.error("Push \(push.key) waits: \(error)")
            try? retry(push, reason: "\(error)", after: nil, at: date)
        }
    }

    private func record(_ outcome: PushOutcome, of push: QueuedPush, at date: Date) throws {
        switch outcome {
        case .accepted:
            try store.markSent(push.id, at: date)
        case .gone(let status):
            logger.info("Push subscription \(push.subscription.id) is gone (\(status))")
            try store.markSkipped(push.id, at: date, reason: PushSkip.gone.rawValue)
            try store.removeGone(push.subscription.id)
        case .retry(let status, let after, let reason):
            logger.warning("Push \(push.key) to be tried again: \(status.map(String.init) ?? "no answer") \(reason)")
            try retry(push, reason: status.map { "\($0) \(reason)" } ?? reason, after: after, at: date)
        case .refused(let status, let reason):
            logger.warning("Push \(push.key) refused: \(status) \(reason)")
            try store.markFailed(push.id, at: date, error: "\(status) \(reason)")
        }
    }

    /// Backs off by `PushRules.nextAttempt`, or later when the service asked (`Retry-After`);
    /// gives up once that would be past `PushRules.givingUpAfter`.
    private func retry(_ push: QueuedPush, reason: String, after: TimeInterval?, at date: Date) throws {
        if let backoff = PushRules.nextAttempt(after: push.attempts + 1, createdAt: push.createdAt, now: date, first: firstRetry) {
            let next = max(backoff, date.addingTimeInterval(max(0, after ?? 0)))
            if next.timeIntervalSince(push.createdAt) <= PushRules.givingUpAfter {
                try store.markRetry(push.id, next: next, error: reason)
                return
            }
        }
        try store.markFailed(push.id, at: date, error: "Given up: \(reason)")
    }
}
