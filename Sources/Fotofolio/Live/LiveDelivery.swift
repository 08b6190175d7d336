import Foundation
import Logging
import MQTTClient

/// The live path of one server process: the hub that feeds its streams, and — with a broker —
/// the outbox publisher and the bridge that hears other processes and MQTT-native clients.
///
/// Without a broker (a single process in tests) a write wakes the hub directly.
public final class LiveDelivery: Sendable {
    public let hub: LiveHub
    public let topics: LiveTopics
    private let client: MQTTClient?
    private let publisher: OutboxPublisher?
    private let bridge: MessengerBridge?
    private let retention: LiveLogRetention

    public init(database: AppDatabase, messenger: MessengerService, accounts: AccountsService,
                transport: LiveTransport?, logger: Logger) throws {
        let hub = try LiveHub(log: LiveEventLog(database: database), messenger: messenger, logger: logger)
        let topics = transport?.topics ?? LiveTopics()
        self.hub = hub
        self.topics = topics
        retention = LiveLogRetention(database: database, logger: logger)
        self.client = transport?.client
        if let client = transport?.client {
            let publisher = OutboxPublisher(outbox: Outbox(database: database), client: client, topics: topics, logger: logger)
            self.publisher = publisher
            bridge = MessengerBridge(client: client, topics: topics, hub: hub, messenger: messenger, accounts: accounts,
                                     written: { publisher.kick() }, logger: logger)
        } else {
            publisher = nil
            bridge = nil
        }
    }

    /// Subscribes, publishes what the outbox holds, and starts the hub's timers. A zero
    /// `pollInterval` leaves delivery to MQTT wake-ups alone.
    public func start(heartbeatInterval: TimeInterval = 15, pollInterval: TimeInterval = 5) throws {
        try bridge?.start()
        publisher?.start()
        hub.start(heartbeatInterval: heartbeatInterval, pollInterval: pollInterval > 0 ? pollInterval : nil)
        retention.start()
    }

    public func stop() {
        hub.stop()
        retention.stop()
    }

    /// A service wrote live events and outbox rows: send them on their way.
    public func written() {
        if let publisher { publisher.kick() } else { hub.wake() }
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

    public init(client: MQTTClient, topics: LiveTopics = LiveTopics()) {
        self.client = client
        self.topics = topics
    }
}

/// A snapshot of the live path for a status page.
public struct LiveStatus: Sendable {
    public let broker: MQTTConnectionState?
    public let outboxBacklog: Int
    public let streams: Int
    public let lastEventAt: Date?
}
