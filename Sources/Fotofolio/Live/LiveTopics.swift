/// The MQTT topics of the messenger under a configurable prefix (default `fotofolio`):
/// `{prefix}/chat-room/{id}/message` carries canonical messages, `…/new-message` takes
/// commands from MQTT-native clients, and `…/event` wakes other server processes for read
/// and room events.
public struct LiveTopics: Sendable, Equatable {
    public let prefix: String

    public init(prefix: String = "fotofolio") {
        self.prefix = prefix
    }

    /// The full topic of an outbox entry (`Outbox.messageTopic(of: 12)` → `fotofolio/chat-room/12/message`).
    public func topic(_ suffix: String) -> String { "\(prefix)/\(suffix)" }

    /// Every room's canonical messages, read and room events: what wakes a hub.
    public var wakeFilters: [String] { [topic("chat-room/+/message"), topic("chat-room/+/event")] }
    /// Commands from MQTT-native clients.
    public var commandFilter: String { topic("chat-room/+/new-message") }

    /// The room id in `{prefix}/chat-room/{id}/…`, if the topic has that shape.
    public func room(in topic: String) -> Int64? {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let prefixLevels = prefix.split(separator: "/", omittingEmptySubsequences: false).count
        guard levels.count == prefixLevels + 3, levels[prefixLevels] == "chat-room" else { return nil }
        return Int64(levels[prefixLevels + 1])
    }
}
