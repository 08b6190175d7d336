import Foundation
import Logging
import MQTTClient

/// What this server process hears on MQTT: the other processes' live events
/// (`LiveAnnouncement`, one topic: a process serves any user, so subscriptions that follow
/// who is connected would only add churn), which go to the live hub, and `new-message`
/// commands from MQTT-native clients, which go through the same `MessengerService.send` as a
/// browser's post.
///
/// On the shared command topic a command names its author by username
/// (`{"type":"new-message","data":{"uuid":…,"content":…,"author":{"username":…}}}`): only the
/// site's own broker users can publish there, which operators give only to the bots they
/// trust to speak for those people. A person's own account (`MQTTAccount`) publishes under
/// its name instead (`LiveTopics.accountCommand`); the broker lets it write only there and
/// only into its rooms, and the server takes the author from the topic, never from the
/// payload, so an account can never speak as someone else. The MQTT messenger's own payload
/// (`@type`, a 64-character `uuid`, `timestamp` in seconds) is accepted as it is; the time is
/// the server's. Why an account's command was refused goes back to it on
/// `LiveTopics.accountRefusals`.
public final class MessengerBridge: Sendable {
    private let client: MQTTClient
    private let topics: LiveTopics
    /// This process's name in its own announcements, which come back and are not read.
    private let node: String
    private let hub: LiveHub
    private let messenger: MessengerService
    private let accounts: AccountsService
    private let mqttAccounts: (any MQTTAccountStore)?
    private let logger: Logger

    /// A command's message is published like any other: its commit is observed (`LiveDelivery`).
    /// - Parameter mqttAccounts: people's own accounts, where the broker is one that knows them.
    public init(client: MQTTClient, topics: LiveTopics, node: String = "", hub: LiveHub, messenger: MessengerService,
                accounts: AccountsService, mqttAccounts: (any MQTTAccountStore)? = nil, logger: Logger) {
        self.node = node
        self.mqttAccounts = mqttAccounts
        self.client = client
        self.topics = topics
        self.hub = hub
        self.messenger = messenger
        self.accounts = accounts
        self.logger = logger
    }

    /// Every subscription is at most once. Announced events are in the log, and one lost with
    /// a dropped connection is made good by the gap it leaves, the read on reconnecting and the
    /// safety poll;
    /// a command is posted with its uuid, so a client that saw no message resends it. And at
    /// most once lets a broker keep nothing for a subscriber: RabbitMQ's MQTT plugin (3.10)
    /// gives an at-least-once subscription a durable queue on the one broker node the client
    /// reached, and when that node died, the node's reconnections elsewhere were refused until
    /// it came back (deploy/README.md, "RabbitMQ instead of mosquitto").
    public func start() throws {
        try client.subscribe(to: topics.announcements, qos: .atMostOnce) { [hub, node] message in
            // Its own: the hub had them at the commit.
            if !node.isEmpty, LiveAnnouncement.isAnnounced(message.payload, by: node) { return }
            // Anything else than an announcement still says something was written: read the log.
            if let events = LiveAnnouncement.decoded(message.payload), !events.isEmpty { hub.receive(events) } else { hub.wake() }
        }
        try client.subscribe(to: topics.commandFilter, qos: .atMostOnce) { [weak self] message in self?.command(message) }
        if mqttAccounts != nil {
            try client.subscribe(to: topics.accountCommandFilter, qos: .atMostOnce) { [weak self] message in
                self?.accountCommand(message)
            }
        }
        // Whatever was written while the connection was down is in the log: read it now.
        client.observeState { [hub] state in if state.isConnected { hub.wake() } }
    }

    private struct Command: Decodable {
        struct Data: Decodable {
            struct Author: Decodable { let username: String }
            let uuid: String
            let content: String
            /// Required on the shared topic; from an account, only ever its own person.
            let author: Author?
        }
        let type: String
        let data: Data
    }

    private func command(_ message: MQTTMessage) {
        guard let room = topics.room(in: message.topic) else { return }
        // A message is at most 16 KiB: a command many times larger is not read at all.
        guard message.payload.count <= LiveEventLog.maximumPayloadBytes else {
            logger.warning("MQTT command on \(message.topic) refused: \(message.payload.count) bytes")
            return
        }
        do {
            let command = try JSONDecoder().decode(Command.self, from: Data(message.payload))
            guard command.type == "new-message" else { throw CommandProblem("type must be \"new-message\"") }
            guard let author = command.data.author else { throw CommandProblem("data.author.username is missing") }
            guard let user = try accounts.user(username: author.username), let userId = user.id else {
                throw CommandProblem("no user \"\(author.username)\"")
            }
            let result = try messenger.send(MessageDraft(uuid: command.data.uuid, content: command.data.content),
                                            in: room, by: userId)
            logger.info("MQTT command posted message \(result.message.id) in room \(room) as \(user.username)")
        } catch let error as MessengerError {
            logger.warning("MQTT command on \(message.topic) refused: \(error.message)")
        } catch {
            logger.warning("MQTT command on \(message.topic) refused: \(error)")
        }
    }

    /// A command from a person's own account: its author is the account's person.
    private func accountCommand(_ message: MQTTMessage) {
        guard let mqttAccounts, let (name, room) = topics.accountCommand(in: message.topic),
              MQTTAccountRules.isWellFormedBrokerUsername(name) else { return }
        var uuid: String?
        do {
            guard message.payload.count <= LiveEventLog.maximumPayloadBytes else {
                throw CommandProblem("a command is at most \(LiveEventLog.maximumPayloadBytes) bytes")
            }
            guard let account = try mqttAccounts.account(brokerUsername: name) else { return }
            let command: Command
            do {
                command = try JSONDecoder().decode(Command.self, from: Data(message.payload))
            } catch {
                throw CommandProblem("the payload must be {\"type\":\"new-message\",\"data\":{\"uuid\":…,\"content\":…}}")
            }
            uuid = command.data.uuid
            guard command.type == "new-message" else { throw CommandProblem("type must be \"new-message\"") }
            guard let user = try accounts.user(id: account.userId) else { return }
            if let author = command.data.author, author.username != user.username {
                throw CommandProblem("an account writes only as @\(user.username)")
            }
            let result = try messenger.send(MessageDraft(uuid: command.data.uuid, content: command.data.content),
                                            in: room, by: account.userId)
            try mqttAccounts.markUsed(account.id, at: Date())
            logger.info("MQTT account \(name) posted message \(result.message.id) in room \(room)")
        } catch {
            logger.warning("MQTT command of account \(name) in room \(room) refused: \(error)")
            // The person hears what they can act on, never the server's own trouble.
            let reason = switch error {
            case let error as MessengerError: error.message
            case let error as CommandProblem: error.description
            default: "the server could not take it now; send it again with the same uuid"
            }
            refuse(to: name, room: room, uuid: uuid, reason: reason)
        }
    }

    /// Tells the account why: `{"type":"refused","data":{"room":…,"uuid":…,"reason":…}}`.
    private func refuse(to account: String, room: Int64, uuid: String?, reason: String) {
        var data: [(key: String, value: JSONText)] = [("room", .integer(room)), ("reason", .string(reason))]
        if let uuid, uuid.utf8.count <= 64 { data.insert(("uuid", .string(uuid)), at: 1) }
        let payload = JSONText.object(["type": .string("refused"), "data": .members(data)]).rendered
        try? client.publish(payload, to: topics.accountRefusals(account), qos: .atMostOnce)
    }

    private struct CommandProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
