import Foundation
import GRDB

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

    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Stores the message once per UUID. Sending the same UUID again (a retry after a lost
    /// reply) returns the stored message with `isNew` false; using it for a different
    /// message throws `uuidTakenByAnotherMessage`. Members it `@mentions` are noted, and the
    /// author's own read marker moves to it.
    public func send(_ draft: MessageDraft, in roomId: Int64, by userId: Int64, at date: Date = Date()) throws -> SendResult {
        let content = try MessageText.validated(draft.content)
        let uuid = try MessageText.validatedUUID(draft.uuid)
        return try database.pool.write { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            if let earlier = try MessengerReading.message(uuid: uuid, db) {
                guard earlier.roomId == roomId, earlier.authorId == userId, earlier.content == content
                else { throw MessengerError.uuidTakenByAnotherMessage }
                return SendResult(message: earlier, isNew: false)
            }
            try db.execute(sql: """
                INSERT INTO chatMessage (roomId, authorId, uuid, content, sentAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [roomId, userId, uuid, content, date])
            let messageId = db.lastInsertedRowID
            try Self.noteMentions(in: content, of: messageId, in: roomId, by: userId, db)
            try db.execute(sql: "UPDATE chatMember SET lastReadMessageId = ? WHERE roomId = ? AND userId = ?",
                           arguments: [messageId, roomId, userId])
            // Read back, so the envelope carries the time as stored (to the millisecond).
            let message = try MessengerReading.message(id: messageId, db)!
            let envelope = MessageEnvelope.envelope(of: message)
            try LiveEventLog.append(.message, roomId: roomId, payload: envelope, at: date, db)
            try Outbox.enqueue(topic: Outbox.messageTopic(of: roomId), payload: envelope, at: date, db)
            return SendResult(message: message, isNew: true)
        }
    }

    /// Up to `limit` messages before the message `before` (or the latest ones), oldest first:
    /// a page of history scrolling back.
    public func history(of roomId: Int64, for userId: Int64, before messageId: Int64? = nil, limit: Int = pageSize) throws -> [ChatMessage] {
        try database.pool.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            return try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.id < ? ORDER BY chatMessage.id DESC LIMIT ?
                """, [roomId, messageId ?? Int64.max, Self.clamped(limit)], db).reversed()
        }
    }

    /// The `limit` messages sent nearest to `date`, oldest first: where a timeline opens
    /// when someone jumps to a day.
    public func messages(of roomId: Int64, for userId: Int64, around date: Date, limit: Int = pageSize) throws -> [ChatMessage] {
        try database.pool.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            let limit = Self.clamped(limit)
            let earlier = try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.sentAt <= ? ORDER BY chatMessage.id DESC LIMIT ?
                """, [roomId, date, limit], db)
            let later = try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.sentAt > ? ORDER BY chatMessage.id LIMIT ?
                """, [roomId, date, limit], db)
            let distance = { (message: ChatMessage) in abs(message.sentAt.timeIntervalSince(date)) }
            let nearest = (earlier + later).sorted { distance($0) != distance($1) ? distance($0) < distance($1) : $0.id < $1.id }
            return nearest.prefix(limit).sorted { $0.id < $1.id }
        }
    }

    /// When the room's first and last messages were sent (nil while it has none): the span a
    /// timeline covers.
    public func timeSpan(of roomId: Int64, for userId: Int64) throws -> ClosedRange<Date>? {
        try database.pool.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            let row = try Row.fetchOne(db, sql: "SELECT MIN(sentAt) AS first, MAX(sentAt) AS last FROM chatMessage WHERE roomId = ?",
                                       arguments: [roomId])
            guard let first: Date = row?["first"], let last: Date = row?["last"] else { return nil }
            return first...last
        }
    }

    /// Notes that the reader has read the room up to `messageId` (or the room's latest message
    /// before it). The marker never moves back; returns true when it moved. The reader's other
    /// tabs and devices learn the new counts from a live event addressed to them alone.
    @discardableResult
    public func markRead(_ roomId: Int64, by userId: Int64, upTo messageId: Int64, at date: Date = Date()) throws -> Bool {
        try database.pool.write { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            guard let target = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM chatMessage WHERE roomId = ? AND id <= ?",
                                                  arguments: [roomId, messageId]) else { return false }
            try db.execute(sql: """
                UPDATE chatMember SET lastReadMessageId = ?1
                WHERE roomId = ?2 AND userId = ?3 AND IFNULL(lastReadMessageId, 0) < ?1
                """, arguments: [target, roomId, userId])
            guard db.changesCount > 0 else { return false }
            let payload = MessageEnvelope.read(
                roomId: roomId, messageId: target,
                unread: try MessengerReading.unreadCount(in: roomId, for: userId, db),
                unreadTotal: try MessengerReading.unreadTotal(for: userId, db))
            try LiveEventLog.append(.read, roomId: roomId, for: userId, payload: payload, at: date, db)
            try Outbox.enqueue(topic: Outbox.eventTopic(of: roomId), payload: payload, at: date, db)
            return true
        }
    }

    /// Messages by others the person has not read, in all their rooms.
    public func unreadTotal(for userId: Int64) throws -> Int {
        try database.pool.read { db in try MessengerReading.unreadTotal(for: userId, db) }
    }

    /// The unread total and the live log's newest sequence, read together.
    public func unreadSnapshot(for userId: Int64) throws -> UnreadSnapshot {
        try database.pool.read { db in
            UnreadSnapshot(
                total: try MessengerReading.unreadTotal(for: userId, db),
                sequence: try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(sequence), 0) FROM liveEvent") ?? 0)
        }
    }

    /// One message, for a member of its room; nil when there is none or the reader is not
    /// (or no longer) in its room.
    public func message(_ messageId: Int64, for userId: Int64) throws -> ChatMessage? {
        try database.pool.read { db in
            guard let message = try MessengerReading.message(id: messageId, db),
                  try MessengerReading.isMember(userId, of: message.roomId, db) else { return nil }
            return message
        }
    }

    /// The room as `userId` sees it.
    public func room(_ roomId: Int64, for userId: Int64) throws -> RoomSummary {
        try database.pool.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            return try MessengerReading.summaries(for: userId, onlyRoomId: roomId, db)[0]
        }
    }

    /// The person's rooms, the most recently active first (by their last message, or when
    /// they were made while still empty).
    public func rooms(of userId: Int64, matching filter: RoomFilter = .all) throws -> [RoomSummary] {
        try database.pool.read { db in try MessengerReading.summaries(for: userId, db).filter(filter.admits) }
    }

    /// Who is in the room now, in the order they joined: whom a room's live events reach.
    public func memberIds(of roomId: Int64) throws -> [Int64] {
        try database.pool.read { db in
            _ = try MessengerReading.room(roomId, db)
            return try Int64.fetchAll(db, sql: """
                SELECT userId FROM chatMember WHERE roomId = ? ORDER BY joinedAt, rowid
                """, arguments: [roomId])
        }
    }

    private static func noteMentions(in content: String, of messageId: Int64, in roomId: Int64, by authorId: Int64, _ db: Database) throws {
        guard content.contains("@") else { return }
        let others = try Row.fetchAll(db, sql: """
            SELECT user.id, user.username FROM chatMember JOIN user ON user.id = chatMember.userId
            WHERE chatMember.roomId = ? AND chatMember.userId <> ?
            """, arguments: [roomId, authorId])
        let idsByUsername = Dictionary(others.map { (($0["username"] as String).lowercased(), $0["id"] as Int64) }) { first, _ in first }
        for username in MessageText(content, mentioning: Set(idsByUsername.keys)).mentions {
            try db.execute(sql: "INSERT OR IGNORE INTO chatMention (messageId, userId) VALUES (?, ?)",
                           arguments: [messageId, idsByUsername[username]!])
        }
    }

    private static func clamped(_ limit: Int) -> Int { min(max(limit, 0), largestPage) }
}
