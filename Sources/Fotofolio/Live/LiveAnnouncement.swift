import Dispatch
import Foundation
import Logging
import MQTTClient

/// What a server process tells the others over MQTT after each of its commits that appended
/// to the live log: the events as appended, with their recipients (`AppendedLiveEvent`). A
/// node whose hub is just before them delivers them without reading the log or the rooms, so
/// the database's work per message does not grow with the number of nodes; a node that
/// missed some reads the log from its position, as before.
///
/// On the wire (`LiveTopics.announcements`, written only by the site's own broker users):
/// `{"node":"…","events":[{"sequence":…,"kind":"message","room":…,"user":…,"recipients":[…],"payload":"…","message":{…}}]}`,
/// `node` naming the process that announced (its own announcement coming back is not read),
/// `user` omitted for a whole room's event, `message` (a `ChatMessage`) for any but a
/// `message` event. A commit larger than `maximumBytes` is announced
/// as `{"events":[]}`, which says only "read the log".
public enum LiveAnnouncement {
    /// The largest announcement read, and sent with its events.
    public static let maximumBytes = 4 * 1024 * 1024
    /// The most recipients one event may name (a room's members are far fewer).
    public static let mostRecipients = 100_000

    private struct Wire: Codable {
        struct Event: Codable {
            let sequence: Int64
            let kind: LiveEvent.Kind
            let room: Int64
            let user: Int64?
            let recipients: [Int64]
            let payload: String
            let message: ChatMessage?
        }
        let node: String?
        let events: [Event]
    }

    /// The announcement of a commit's events by `node`; without them when they would be too large.
    public static func encoded(_ events: [AppendedLiveEvent], from node: String = "") -> [UInt8] {
        let wire = Wire(node: nil, events: events.map {
            Wire.Event(sequence: $0.event.sequence, kind: $0.event.kind, room: $0.event.roomId, user: $0.event.userId,
                       recipients: $0.recipients, payload: $0.event.payload, message: $0.message)
        })
        let said = Array(#"{"node":"#.utf8) + Array(JSONText.string(node).rendered.utf8) + [UInt8(ascii: ",")]
        guard let bytes = try? JSONEncoder().encode(wire), said.count + bytes.count <= maximumBytes else {
            return said + Array(#""events":[]}"#.utf8)
        }
        // The node first, so a process tells its own announcement by its first bytes alone.
        return said + bytes.dropFirst()
    }

    /// Whether `bytes` is an announcement by `node` (it begins as `encoded` begins it).
    public static func isAnnounced(_ bytes: [UInt8], by node: String) -> Bool {
        let said = Array(#"{"node":"#.utf8) + Array(JSONText.string(node).rendered.utf8) + [UInt8(ascii: ",")]
        return bytes.starts(with: said)
    }

    /// The events announced, or nil for anything that is not a well-formed announcement
    /// within the limits (the hub then reads the log instead). An empty list: read the log.
    public static func decoded(_ bytes: [UInt8]) -> [AppendedLiveEvent]? {
        guard bytes.count <= maximumBytes, let wire = try? JSONDecoder().decode(Wire.self, from: Data(bytes)) else { return nil }
        var events: [AppendedLiveEvent] = []
        events.reserveCapacity(wire.events.count)
        for event in wire.events {
            guard event.sequence > 0, event.room >= 0, event.recipients.count <= mostRecipients,
                  event.payload.utf8.count <= LiveEventLog.maximumPayloadBytes else { return nil }
            if let user = event.user, event.recipients != [user] { return nil }
            if let message = event.message {
                guard event.kind == .message, message.id > 0, message.roomId == event.room,
                      message.content.utf8.count <= LiveEventLog.maximumPayloadBytes else { return nil }
            }
            events.append(AppendedLiveEvent(
                event: LiveEvent(sequence: event.sequence, kind: event.kind, roomId: event.room, userId: event.user,
                                 payload: event.payload),
                recipients: event.recipients, message: event.message))
        }
        return events
    }
}

/// Publishes this process's commits to the other processes (`LiveAnnouncement`), off the
/// committing thread, at least once while the broker is reachable: the client keeps what it
/// could not send yet and sends it after reconnecting. One lost (the process stopped) only
/// makes the others read the log at their next gap, wake-up or safety poll.
final class LiveAnnouncer: Sendable {
    /// This process among the site's, in its announcements: a random name made at start.
    let node: String
    private let client: MQTTClient
    private let topic: String
    private let logger: Logger
    private let queue = DispatchQueue(label: "fotofolio.live-announcer")

    init(client: MQTTClient, topics: LiveTopics, logger: Logger) {
        node = (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        self.client = client
        topic = topics.announcements
        self.logger = logger
    }

    func announce(_ events: [AppendedLiveEvent]) {
        guard !events.isEmpty else { return }
        queue.async { [client, topic, logger, node] in
            do {
                try client.publish(LiveAnnouncement.encoded(events, from: node), to: topic, qos: .atLeastOnce)
            } catch {
                logger.warning("Live events \(events[0].event.sequence)… not announced to other nodes: \(error)")
            }
        }
    }
}
