import Foundation

/// Something a browser should learn at once: a new message, how far someone read, a room
/// that changed. Its sequence is the SSE event id; a reconnecting browser asks for what
/// came after the last one it saw. A row of an unknown kind throws when read.
public struct LiveEvent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case message, read, room
        /// How far the other person of a direct room has read (`ReadReceipts`), for one person.
        case seen
        /// A proofing gallery's picks or state changed (`roomId` 0, for one person).
        case gallery
        /// A new demand matches a photographer (`roomId` 0, for that photographer).
        case demand
    }

    /// Strictly increasing, never reused.
    public var sequence: Int64
    public var kind: Kind
    public var roomId: Int64
    /// nil: for every current member of the room; set: for that person only.
    public var userId: Int64?
    /// The JSON envelope (see `MessageEnvelope`).
    public var payload: String

    public init(sequence: Int64, kind: Kind, roomId: Int64, userId: Int64?, payload: String) {
        self.sequence = sequence
        self.kind = kind
        self.roomId = roomId
        self.userId = userId
        self.payload = payload
    }
}

/// A live event as its transaction appended it, with the people it was for at that place in
/// the log: the one it names, or the members of its room as the transaction saw them after it
/// took its sequence (so a member removed by an earlier event is not among them, and one
/// added earlier is), and for a `message` event the message as the transaction stored it. A
/// hub delivers it to them without reading the log, the room or the message again.
public struct AppendedLiveEvent: Sendable, Equatable {
    public var event: LiveEvent
    /// Whose streams get it, ascending; `[userId]` for an event that names one person.
    public var recipients: [Int64]
    /// The message a `message` event announces, as its envelope was made from it (what a
    /// member reads: `MessengerService.message(_:for:)`); nil for other kinds.
    public var message: ChatMessage?

    public init(event: LiveEvent, recipients: [Int64], message: ChatMessage? = nil) {
        self.event = event
        self.recipients = recipients
        self.message = message
    }
}

/// The log of live events, written by the messenger in the transaction of each change and
/// read by every server node's hub and by browsers catching up after a reconnect.
public final class LiveEventLog: Sendable {
    let store: any LiveEventStore

    public init(stores: Stores) {
        store = stores.liveEvents
    }

    /// The newest sequence, 0 while the log is empty: where a fresh hub starts reading.
    public func latestSequence() throws -> Int64 {
        try store.latestSequence()
    }

    /// Events for everyone after `sequence`, oldest first: what a hub fans out to its streams.
    public func events(after sequence: Int64, limit: Int) throws -> [LiveEvent] {
        try store.events(after: sequence, limit: max(0, limit))
    }

    /// The replay for one person after `sequence`, oldest first: events addressed to them,
    /// and events for a whole room they are a member of now (a person who left sees none
    /// of that room's events, except the one telling them they were removed).
    public func events(after sequence: Int64, for userId: Int64, limit: Int) throws -> [LiveEvent] {
        try store.events(after: sequence, for: userId, limit: max(0, limit))
    }

    /// The oldest sequence still in the log (nil while it is empty). A replay after a sequence
    /// before `oldest - 1` would miss the pruned events in between.
    public func oldestSequence() throws -> Int64? {
        try store.oldestSequence()
    }

    /// Deletes events written before `date`, and the oldest beyond `maximumCount`, but never
    /// the newest event: it is what `latestSequence` reads. A browser away longer than the
    /// log reaches back is told to reload instead (`LiveHub`). Returns how many were deleted.
    @discardableResult
    public func prune(olderThan date: Date, keepingAtMost maximumCount: Int = .max) throws -> Int {
        try store.prune(olderThan: date, keepingAtMost: maximumCount)
    }

    /// Calls `changed` after every commit that appended to the log, with what it appended;
    /// see `LiveEventStore`.
    func observeCommits(failed: @escaping @Sendable (any Error) -> Void,
                        changed: @escaping @Sendable ([AppendedLiveEvent]) -> Void) -> any StoreObservation {
        store.observeCommits(failed: failed, changed: changed)
    }

    /// The largest payload an event may have: a quarter of what a live stream may hold
    /// unsent (1 MiB), so an event always fits a stream. A message's 16 KiB, even with every
    /// character escaped in its JSON, stays far below it.
    public static let maximumPayloadBytes = 256 * 1024

    /// An event larger than a stream carries; stores refuse to append one.
    public struct PayloadTooLarge: Error, CustomStringConvertible {
        public let bytes: Int
        public var description: String { "A live event of \(bytes) bytes is larger than a stream may carry." }

        public init(bytes: Int) {
            self.bytes = bytes
        }
    }
}
