import Foundation
import Logging
import MQTTClient
import Synchronization

/// The live path of one server process: the hub that feeds its streams, and — with a broker —
/// the outbox publisher and the bridge that hears other processes and MQTT-native clients.
///
/// Delivery follows the commit: every transaction that appends to the live event log sends
/// it on its way once it commits — straight to this process's hub, and with a broker
/// announced to the other processes (`LiveAnnouncement`) and, through the outbox, to
/// MQTT-native clients. No caller has to remember to; a transaction rolled back sends
/// nothing. Writes by other processes sharing the database arrive announced through the
/// broker (or by the hub's read of the log after a gap, and its safety poll); this process's
/// own announcement coming back is older than the hub's position and changes nothing.
public final class LiveDelivery: Sendable {
    public let hub: LiveHub
    /// Who holds a stream here, for the push sender on every node.
    public let presence: LivePresence
    public let topics: LiveTopics
    private let log: LiveEventLog
    private let client: MQTTClient?
    private let publisher: OutboxPublisher?
    private let bridge: MessengerBridge?
    private let announcer: LiveAnnouncer?
    /// Keeps the broker's accounts as the database says, where the broker takes people's own clients.
    public let brokerAccess: BrokerAccess?
    /// That broker, if this site's broker takes people's own clients.
    public let accountsBroker: AccountsBroker?
    private let retention: LiveLogRetention
    private let suspended: SuspendedStreams
    /// The observation of the log while started.
    private let commits = Mutex<(any StoreObservation)?>(nil)
    private let logger: Logger

    public init(stores: Stores, messenger: MessengerService, accounts: AccountsService,
                transport: LiveTransport?, logger: Logger) throws {
        self.logger = logger
        let log = LiveEventLog(stores: stores)
        let presence = LivePresence(stores: stores, logger: logger)
        let hub = try LiveHub(log: log, messenger: messenger, logger: logger, presence: presence)
        self.presence = presence
        let topics = transport?.topics ?? LiveTopics()
        self.hub = hub
        self.topics = topics
        self.log = log
        retention = LiveLogRetention(stores: stores, logger: logger)
        suspended = SuspendedStreams(stores: stores, hub: hub, logger: logger)
        self.client = transport?.client
        if let client = transport?.client {
            let publisher = OutboxPublisher(outbox: Outbox(stores: stores), client: client, topics: topics, logger: logger)
            self.publisher = publisher
            let announcer = LiveAnnouncer(client: client, topics: topics, logger: logger)
            self.announcer = announcer
            let accountsBroker = transport?.accountsBroker
            bridge = MessengerBridge(client: client, topics: topics, node: announcer.node, hub: hub, messenger: messenger, accounts: accounts,
                                     mqttAccounts: accountsBroker == nil ? nil : stores.mqttAccounts, logger: logger)
            brokerAccess = accountsBroker.map { BrokerAccess(stores: stores, topics: topics, kind: $0.kind, logger: logger, apply: $0.apply) }
            self.accountsBroker = accountsBroker
        } else {
            publisher = nil
            announcer = nil
            bridge = nil
            brokerAccess = nil
            accountsBroker = nil
        }
    }

    /// Subscribes, publishes what the outbox holds, and starts the hub's timers. A zero
    /// `pollInterval` leaves delivery to commits and announcements alone.
    public func start(heartbeatInterval: TimeInterval = 15, pollInterval: TimeInterval = 5) throws {
        followCommits()
        brokerAccess?.start()
        try bridge?.start()
        publisher?.start()
        hub.start(heartbeatInterval: heartbeatInterval, pollInterval: pollInterval > 0 ? pollInterval : nil)
        retention.start()
        suspended.start()
        presence.start()
    }

    public func stop() {
        commits.withLock { $0?.cancel(); $0 = nil }
        hub.stop()
        retention.stop()
        suspended.stop()
        presence.stop()
        brokerAccess?.stop()
    }

    /// Observes commits that change the log. The store calls back right after the commit,
    /// on a thread of its own, with the events it appended; every reaction only schedules
    /// work on its own queue. The hub gets them directly: the streams of the process that
    /// wrote get the event without the broker's round trip, and while the broker is away.
    /// The other processes get them announced (`LiveAnnouncement`); the outbox publisher is
    /// kicked for MQTT-native clients.
    private func followCommits() {
        let observation = log.observeCommits(failed: { [logger, hub] error in
            logger.error("Live delivery could not follow a commit of the event log: \(error)")
            hub.wake()
        }, changed: { [publisher, hub, announcer] events in
            publisher?.kick()
            hub.receive(events)
            announcer?.announce(events)
        })
        commits.withLock { $0?.cancel(); $0 = observation }
    }

    /// For operators: the broker connection, unsent outbox rows, streams on this process.
    public var status: LiveStatus {
        let statistics = hub.statistics
        return LiveStatus(broker: client?.state, outboxBacklog: publisher?.backlog() ?? 0,
                          streams: statistics.streams, lastEventAt: statistics.lastEventAt)
    }
}

/// How live events travel between server processes and to MQTT-native clients: a connected
/// (or connecting) MQTT client and the topics under its prefix.
public struct LiveTransport: Sendable {
    public let client: MQTTClient
    public let topics: LiveTopics
    /// Set when the broker takes people's own clients (`MQTTAccount`): this site's private mosquitto.
    public let accountsBroker: AccountsBroker?

    public init(client: MQTTClient, topics: LiveTopics = LiveTopics(), accountsBroker: AccountsBroker? = nil) {
        self.client = client
        self.topics = topics
        self.accountsBroker = accountsBroker
    }
}

/// A broker whose users and permissions the site keeps (`BrokerAccess`), so people may
/// connect their own MQTT clients to it.
public struct AccountsBroker: Sendable {
    public enum Kind: Sendable {
        /// The private mosquitto: its password and ACL files.
        case mosquitto
        /// A RabbitMQ cluster: users and topic permissions through its management API.
        case rabbitMQ
    }

    public let kind: Kind
    /// The host people's clients connect to; nil for the site's own host (or this machine,
    /// when the broker takes no other machines).
    public let host: String?
    /// The port people's clients connect to.
    public let port: Int
    /// Whether that port is open on every address (else on 127.0.0.1 alone).
    public let reachableFromOtherMachines: Bool
    public let hashing: any BrokerPasswordHashing
    /// Hands the accounts to the broker.
    public let apply: @Sendable ([BrokerAccount]) throws -> Void

    public init(kind: Kind = .mosquitto, host: String? = nil, port: Int, reachableFromOtherMachines: Bool,
                hashing: any BrokerPasswordHashing, apply: @escaping @Sendable ([BrokerAccount]) throws -> Void) {
        self.kind = kind
        self.host = host
        self.port = port
        self.reachableFromOtherMachines = reachableFromOtherMachines
        self.hashing = hashing
        self.apply = apply
    }

    /// Whether a client must subscribe to each room's topic: RabbitMQ checks a subscription's
    /// filter against the account's topics as it is, so a wildcard is refused.
    public var subscribesPerRoom: Bool { kind == .rabbitMQ }

    /// The private mosquitto: its people's listener if it has one, else its loopback one.
    public static func mosquitto(_ broker: MosquittoBroker, hashing: any BrokerPasswordHashing = MosquittoPasswordTool()) -> AccountsBroker {
        AccountsBroker(port: broker.peoplePort ?? broker.port, reachableFromOtherMachines: broker.peoplePort != nil,
                       hashing: hashing) { [weak broker] accounts in try broker?.setAccounts(accounts) }
    }

    /// A RabbitMQ cluster that people's clients reach at `host` (nil: the site's host) and `port`.
    public static func rabbitMQ(_ accounts: RabbitMQAccounts, host: String?, port: Int) -> AccountsBroker {
        AccountsBroker(kind: .rabbitMQ, host: host, port: port, reachableFromOtherMachines: true,
                       hashing: RabbitMQHashingOnly()) { brokerAccounts in try accounts.apply(brokerAccounts) }
    }
}

/// On a RabbitMQ site no mosquitto hash is made (mosquitto's tool need not be installed);
/// `BrokerAccess` never gives mosquitto an account without one.
public struct RabbitMQHashingOnly: BrokerPasswordHashing {
    public init() {}
    public func mosquittoHash(of password: String) throws -> String { "" }
}

/// A snapshot of the live path for a status page.
public struct LiveStatus: Sendable {
    public let broker: MQTTConnectionState?
    public let outboxBacklog: Int
    public let streams: Int
    public let lastEventAt: Date?
}
