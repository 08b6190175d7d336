/// The MQTT topics of the messenger under a configurable prefix (default `fotofolio`):
/// `{prefix}/chat-room/{id}/message` carries canonical messages, `…/new-message` takes
/// commands from the site's trusted clients, and `…/event` carries read and room events to
/// MQTT-native clients; `{prefix}/live/events` carries each commit's live events between the
/// site's own processes. A person's own account (`MQTTAccount`) writes its commands under
/// its name, `{prefix}/people/{account}/chat-room/{id}/new-message`, and hears why one was
/// refused on `{prefix}/people/{account}/refused`.
public struct LiveTopics: Sendable, Equatable {
    public let prefix: String

    public init(prefix: String = "fotofolio") {
        self.prefix = prefix
    }

    /// The full topic of an outbox entry (`Outbox.messageTopic(of: 12)` → `fotofolio/chat-room/12/message`).
    public func topic(_ suffix: String) -> String { "\(prefix)/\(suffix)" }

    /// Where each process announces the live events its commits appended, for the others'
    /// hubs (`LiveAnnouncement`). Only the site's own broker users may write it.
    public var announcements: String { topic("live/events") }
    /// Commands from MQTT-native clients.
    public var commandFilter: String { topic("chat-room/+/new-message") }

    /// Commands from people's own accounts, each under its account's name.
    public var accountCommandFilter: String { topic("people/+/chat-room/+/new-message") }
    /// Where an account writes a command into a room.
    public func accountCommand(_ account: String, room: Int64) -> String { topic("people/\(account)/chat-room/\(room)/new-message") }
    /// Where an account hears why a command was refused.
    public func accountRefusals(_ account: String) -> String { topic("people/\(account)/refused") }
    /// A room's canonical messages.
    public func messages(of room: Int64) -> String { topic("chat-room/\(room)/message") }

    /// The account and room of `{prefix}/people/{account}/chat-room/{id}/new-message`.
    public func accountCommand(in topic: String) -> (account: String, room: Int64)? {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let prefixLevels = prefix.split(separator: "/", omittingEmptySubsequences: false).count
        guard levels.count == prefixLevels + 5, levels[prefixLevels] == "people", levels[prefixLevels + 2] == "chat-room",
              levels[prefixLevels + 4] == "new-message", let room = Int64(levels[prefixLevels + 3]) else { return nil }
        return (String(levels[prefixLevels + 1]), room)
    }

    /// The room id in `{prefix}/chat-room/{id}/…`, if the topic has that shape.
    public func room(in topic: String) -> Int64? {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let prefixLevels = prefix.split(separator: "/", omittingEmptySubsequences: false).count
        guard levels.count == prefixLevels + 3, levels[prefixLevels] == "chat-room" else { return nil }
        return Int64(levels[prefixLevels + 1])
    }
}
