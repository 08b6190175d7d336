import Foundation

/// A payload waiting to be published to MQTT.
public struct OutboxEntry: Sendable, Equatable, Codable {
    public var id: Int64
    /// Without the configured prefix, e.g. `chat-room/12/message`.
    public var topic: String
    public var payload: String

    public init(id: Int64, topic: String, payload: String) {
        self.id = id
        self.topic = topic
        self.payload = payload
    }
}

/// What the messenger has stored and MQTT has not yet acknowledged. Rows are written in the
/// transaction of the change, so nothing stored is left unpublished after a crash; the
/// publisher marks each row sent once the broker has it.
public final class Outbox: Sendable {
    let store: any OutboxStore

    public init(stores: Stores) {
        store = stores.outbox
    }

    /// The topic of a room's canonical message events.
    public static func messageTopic(of roomId: Int64) -> String { "chat-room/\(roomId)/message" }
    /// The topic of a room's other events (reads, membership), for MQTT-native clients.
    public static func eventTopic(of roomId: Int64) -> String { "chat-room/\(roomId)/event" }

    /// Unsent entries with ids above `id`, oldest first.
    public func pending(after id: Int64 = 0, limit: Int) throws -> [OutboxEntry] {
        try store.pending(after: id, limit: max(0, limit))
    }

    /// Takes the entries off the pending list, in one write; marking one again changes nothing.
    public func markSent(_ ids: [Int64], at date: Date = Date()) throws {
        guard !ids.isEmpty else { return }
        try store.markSent(ids, at: date)
    }

    public func pendingCount() throws -> Int {
        try store.pendingCount()
    }

    /// Deletes entries sent before `date`; returns how many were deleted.
    @discardableResult
    public func prune(sentBefore date: Date) throws -> Int {
        try store.prune(sentBefore: date)
    }
}
