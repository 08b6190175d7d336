import Foundation
import Logging
import MQTTClient
import Synchronization

extension MosquittoPasswordTool: BrokerPasswordHashing {
    public func mosquittoHash(of password: String) throws -> String { try hash(password) }
}

/// Keeps the broker's users and permissions (the private mosquitto's files, or a RabbitMQ
/// cluster's users through its management API) as the database says: each person's
/// account may read its rooms' canonical messages and write commands into them under its
/// own name. It looks after every commit that appended a room event to the live log (a room
/// made, joined or left), when an account is made or revoked (`refresh`), and every `pollInterval`
/// (a suspension, or a change another process made); it hands the broker the accounts only
/// when they changed. A broker that others may change too (RabbitMQ: rebuilt, or a user
/// deleted by hand) gets them again every `reapplyInterval` even when they did not, so it
/// comes back to what the database says; applying what the broker already holds changes
/// nothing there.
///
/// Threads: a thread of its own; `refresh` from any thread.
public final class BrokerAccess: Sendable {
    private let store: any MQTTAccountStore
    private let liveEvents: any LiveEventStore
    private let topics: LiveTopics
    private let kind: AccountsBroker.Kind
    private let apply: @Sendable ([BrokerAccount]) throws -> Void
    private let logger: Logger
    private let loop: SendingLoop
    private let reapplyInterval: Duration?
    /// What was handed over last, and when.
    private let applied = Mutex<(accounts: [BrokerAccount], at: ContinuousClock.Instant)?>(nil)

    /// - Parameter apply: hands the accounts to the broker (`MosquittoBroker.setAccounts`,
    ///   `RabbitMQAccounts.apply`).
    /// - Parameter reapplyInterval: how often unchanged accounts are handed over again; nil
    ///   for the kind's own: 30 s for RabbitMQ, never for the private mosquitto, whose files
    ///   only the site writes.
    public init(stores: Stores, topics: LiveTopics, kind: AccountsBroker.Kind = .mosquitto, pollInterval: Duration = .seconds(2),
                reapplyInterval: Duration? = nil, logger: Logger, apply: @escaping @Sendable ([BrokerAccount]) throws -> Void) {
        store = stores.mqttAccounts
        liveEvents = stores.liveEvents
        self.topics = topics
        self.kind = kind
        self.reapplyInterval = reapplyInterval ?? (kind == .rabbitMQ ? .seconds(30) : nil)
        self.apply = apply
        self.logger = logger
        loop = SendingLoop(name: "fotofolio.broker-access", pollInterval: pollInterval)
    }

    /// What the broker lets each account do, from the grants: read each room's messages,
    /// write commands into each room under the account's name, read its refusals. Each has
    /// the hash in the broker's own form; an account without one (made for the other kind of
    /// broker) is left out.
    public static func accounts(_ grants: [BrokerGrant], topics: LiveTopics, kind: AccountsBroker.Kind = .mosquitto) -> [BrokerAccount] {
        grants.compactMap { grant in
            let hash = kind == .mosquitto ? grant.mosquittoHash : grant.rabbitHash
            guard !hash.isEmpty else { return nil }
            return BrokerAccount(username: grant.brokerUsername, passwordHash: hash,
                                 read: grant.rooms.map(topics.messages(of:)) + [topics.accountRefusals(grant.brokerUsername)],
                                 write: grant.rooms.map { topics.accountCommand(grant.brokerUsername, room: $0) })
        }
    }

    /// Whether a commit that appended these events can change what the broker grants: a room
    /// made, joined or left (each a `room` event). A message, a read mark or any other event
    /// cannot, so the grants are not read again for every message sent; a suspension or an
    /// account is followed by `refresh` and the poll.
    public static func changesGrants(_ events: [AppendedLiveEvent]) -> Bool {
        events.contains { $0.event.kind == .room }
    }

    /// Brings the broker up to date now, then keeps it so on the thread.
    public func start() {
        sync()
        loop.start(observe: { [liveEvents] failed, changed in
            liveEvents.observeCommits(failed: failed, changed: { events in if Self.changesGrants(events) { changed() } })
        }, failed: { [logger] error in
            logger.warning("Broker accounts follow the poll alone: \(error)")
        }, work: { [weak self] in self?.sync() })
    }

    public func stop() { loop.stop() }

    /// Something changed: look now (on the thread).
    public func refresh() { loop.kick() }

    /// Reads the grants and hands them over if they differ from what was handed over last,
    /// or that was `reapplyInterval` ago. Returns whether it did.
    @discardableResult
    public func sync(at date: Date = Date()) -> Bool {
        do {
            let accounts = Self.accounts(try store.grants(at: date), topics: topics, kind: kind)
            let now = ContinuousClock.now
            let due = applied.withLock { last in
                guard let last, last.accounts == accounts else { return true }
                return reapplyInterval.map { now - last.at >= $0 } ?? false
            }
            guard due else { return false }
            try apply(accounts)
            applied.withLock { $0 = (accounts, now) }
            return true
        } catch {
            logger.warning("Could not bring the broker's accounts up to date: \(error)")
            return false
        }
    }
}
