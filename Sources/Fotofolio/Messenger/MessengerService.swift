import Foundation

/// Conversations between people: rooms, messages, who has read what. Only members read or
/// write in a room. Every change is stored together with its live event and outbox entry in
/// one transaction, so what browsers and MQTT learn is exactly what was stored.
public final class MessengerService: Sendable {
    /// The most one message may hold: 4,000 characters (as people count them: Swift
    /// `Character`s) and 16 KiB.
    public static let messageLimit = TextLimit(characters: 4000, bytes: 16 * 1024)
    /// How many messages a page of history holds unless asked otherwise.
    public static let pageSize = 50
    /// The most messages one read returns, whatever limit is asked for.
    public static let largestPage = 500

    let store: any MessengerStore
    /// What slows a spammer: checked by the store in the transaction that starts or sends.
    public let limits: SpamLimits

    public init(stores: Stores, limits: SpamLimits = .standard) {
        store = stores.messenger
        self.limits = limits
    }

    /// Stores the message once per UUID. Sending the same UUID again (a retry after a lost
    /// reply) returns the stored message with `isNew` false; using it for a different
    /// message throws `uuidTakenByAnotherMessage`. Members it `@mentions` are noted, and the
    /// author's own read marker moves to it. A message with `attachments` (already stored
    /// as files, `AttachmentRules` checked) may have no text.
    public func send(_ draft: MessageDraft, attachments: [MessageAttachment] = [], in roomId: Int64, by userId: Int64,
                     at date: Date = Date()) throws -> SendResult {
        let (content, uuid) = try Self.validated(draft, withAttachments: !attachments.isEmpty)
        return try store.send(content, uuid: uuid, attachments: attachments, in: roomId, by: userId, limits: limits, at: date)
    }

    /// The draft's text and UUID as `send` would store them, or why it would refuse them:
    /// asked before a message's files are kept, so a refused text leaves none behind.
    @discardableResult
    public static func validated(_ draft: MessageDraft, withAttachments: Bool) throws(MessengerError)
        -> (content: String, uuid: String) {
        let content = !withAttachments || !MessageText.isBlank(draft.content) ? try MessageText.validated(draft.content) : ""
        return (content, try MessageText.validatedUUID(draft.uuid))
    }

    /// An attachment of a message in `roomId` for a member of it; nil for anyone else, for
    /// another room's attachment, and once the message is removed or deleted.
    public func attachment(_ attachmentId: Int64, in roomId: Int64, for userId: Int64) throws -> RoomAttachment? {
        try store.attachment(attachmentId, in: roomId, for: userId)
    }

    /// Refuses (`unknownRoom`, `notAMember`, a block) unless `userId` may write in the room
    /// now: asked before an upload's body is read, and again when its message is stored.
    public func checkMayWrite(in roomId: Int64, by userId: Int64) throws {
        try store.checkMayWrite(in: roomId, by: userId)
    }

    /// Up to `limit` messages before the message `before` (or the latest ones), oldest first:
    /// a page of history scrolling back.
    public func history(of roomId: Int64, for userId: Int64, before messageId: Int64? = nil, limit: Int = pageSize) throws -> [ChatMessage] {
        try store.messages(of: roomId, for: userId, before: messageId, limit: Self.clamped(limit))
    }

    /// The `limit` messages sent nearest to `date`, oldest first: where a timeline opens
    /// when someone jumps to a day.
    public func messages(of roomId: Int64, for userId: Int64, around date: Date, limit: Int = pageSize) throws -> [ChatMessage] {
        let limit = Self.clamped(limit)
        let (earlier, later) = try store.messages(of: roomId, for: userId, around: date, limit: limit)
        let distance = { (message: ChatMessage) in abs(message.sentAt.timeIntervalSince(date)) }
        let nearest = (earlier + later).sorted { distance($0) != distance($1) ? distance($0) < distance($1) : $0.id < $1.id }
        return nearest.prefix(limit).sorted { $0.id < $1.id }
    }

    /// When the room's first and last messages were sent (nil while it has none): the span a
    /// timeline covers.
    public func timeSpan(of roomId: Int64, for userId: Int64) throws -> ClosedRange<Date>? {
        try store.timeSpan(of: roomId, for: userId)
    }

    /// Notes that the reader has read the room up to `messageId` (or the room's latest message
    /// before it). The marker never moves back; returns true when it moved. The reader's other
    /// tabs and devices learn the new counts from a live event addressed to them alone.
    @discardableResult
    public func markRead(_ roomId: Int64, by userId: Int64, upTo messageId: Int64, at date: Date = Date()) throws -> Bool {
        try store.markRead(roomId, by: userId, upTo: messageId, at: date)
    }

    /// The newest messages of the person's own conversations that hold every word of `text`
    /// (`MessageSearch`); none for a text without letters or digits.
    public func search(_ text: String, for userId: Int64) throws -> (search: MessageSearch, messages: [ChatMessage]) {
        let search = MessageSearch(text)
        guard !search.isEmpty else { return (search, []) }
        return (search, try store.search(search, for: userId, limit: MessageSearch.limit))
    }

    /// Messages by others the person has not read, in all their rooms.
    public func unreadTotal(for userId: Int64) throws -> Int {
        try store.unreadTotal(for: userId)
    }

    /// The unread total and the live log's newest sequence, read together.
    public func unreadSnapshot(for userId: Int64) throws -> UnreadSnapshot {
        try store.unreadSnapshot(for: userId)
    }

    /// One message, for a member of its room; nil when there is none or the reader is not
    /// (or no longer) in its room.
    public func message(_ messageId: Int64, for userId: Int64) throws -> ChatMessage? {
        try store.message(messageId, for: userId)
    }

    /// The room as `userId` sees it.
    public func room(_ roomId: Int64, for userId: Int64) throws -> RoomSummary {
        try store.summary(of: roomId, for: userId)
    }

    /// The person's rooms, the most recently active first (by their last message, or when
    /// they were made while still empty).
    public func rooms(of userId: Int64, matching filter: RoomFilter = .all) throws -> [RoomSummary] {
        try store.summaries(for: userId).filter(filter.admits)
    }

    /// Who is in the room now, in the order they joined: whom a room's live events reach.
    public func memberIds(of roomId: Int64) throws -> [Int64] {
        try store.memberIds(of: roomId)
    }

    private static func clamped(_ limit: Int) -> Int { min(max(limit, 0), largestPage) }
}
