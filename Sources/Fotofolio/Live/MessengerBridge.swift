import Foundation
import Logging
import MQTTClient

/// What this server process hears on MQTT: every room's canonical messages and events wake
/// the live hub (one wildcard subscription each: a process serves any user, and the hub
/// reads what is new from the database anyway, so per-room subscriptions that follow who is
/// connected would only add churn), and `new-message` commands from MQTT-native clients go
/// through the same `MessengerService.send` as a browser's post.
///
/// A command names its author by username (`{"type":"new-message","data":{"uuid":…,
/// "content":…,"author":{"username":…}}}`); only accounts with broker credentials can
/// publish at all, and the author must be a member of the room. Operators give broker
/// accounts only to the people and bots they trust to speak for those users.
public final class MessengerBridge: Sendable {
    private let client: MQTTClient
    private let topics: LiveTopics
    private let hub: LiveHub
    private let messenger: MessengerService
    private let accounts: AccountsService
    private let logger: Logger

    /// A command's message is published like any other: its commit is observed (`LiveDelivery`).
    public init(client: MQTTClient, topics: LiveTopics, hub: LiveHub, messenger: MessengerService,
                accounts: AccountsService, logger: Logger) {
        self.client = client
        self.topics = topics
        self.hub = hub
        self.messenger = messenger
        self.accounts = accounts
        self.logger = logger
    }

    /// Both subscriptions are at most once. A wake-up only says "read the log", and one lost
    /// with a dropped connection is made good by the read on reconnecting and the safety poll;
    /// a command is posted with its uuid, so a client that saw no message resends it. And at
    /// most once lets a broker keep nothing for a subscriber: RabbitMQ's MQTT plugin (3.10)
    /// gives an at-least-once subscription a durable queue on the one broker node the client
    /// reached, and when that node died, the node's reconnections elsewhere were refused until
    /// it came back (deploy/README.md, "RabbitMQ instead of mosquitto").
    public func start() throws {
        for filter in topics.wakeFilters {
            try client.subscribe(to: filter, qos: .atMostOnce) { [hub] _ in hub.wake() }
        }
        try client.subscribe(to: topics.commandFilter, qos: .atMostOnce) { [weak self] message in self?.command(message) }
        // Whatever was written while the connection was down is in the log: read it now.
        client.observeState { [hub] state in if state.isConnected { hub.wake() } }
    }

    private struct Command: Decodable {
        struct Data: Decodable {
            struct Author: Decodable { let username: String }
            let uuid: String
            let content: String
            let author: Author
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
            guard let user = try accounts.user(username: command.data.author.username), let userId = user.id else {
                throw CommandProblem("no user \"\(command.data.author.username)\"")
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

    private struct CommandProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
