import Foundation
import Fotofolio
import GRDB

/// Messages in `chatMessage` (with `chatMention`), rooms in `chatRoom`, members and their
/// read markers in `chatMember`.
struct SQLiteMessengerStore: MessengerStore {
    let database: AppDatabase
    /// A search names the person's rooms in its match up to this many (`SQLiteMessageSearch`).
    var mostRoomsNamedInSearch = SQLiteMessageSearch.mostRoomsNamed

    func send(_ content: String, uuid: String, attachments: [MessageAttachment], in roomId: Int64, by userId: Int64,
              limits: SpamLimits, at date: Date) throws -> SendResult {
        try database.write { db in
            let room = try MessengerReading.room(roomId, memberOf: userId, db)
            if room.kind == .direct { try Self.checkNoBlock(in: roomId, for: userId, db) }
            if let earlier = try MessageText.sentBefore(try MessengerReading.message(uuid: uuid, db), content: content, in: roomId,
                                                        by: userId) {
                return SendResult(message: earlier, isNew: false)
            }
            let linksInert = try Self.checkSpam(content, in: roomId, by: userId, limits, at: date, db)
            let message = try Self.post(content, uuid: uuid, attachments: attachments, in: roomId, by: userId,
                                        linksInert: linksInert, at: date, db)
            return SendResult(message: message, isNew: true)
        }
    }

    func attachment(_ attachmentId: Int64, in roomId: Int64, for userId: Int64) throws -> RoomAttachment? {
        try database.read { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT chatAttachment.* FROM chatAttachment JOIN chatMessage ON chatMessage.id = chatAttachment.messageId
                WHERE chatAttachment.id = ? AND chatMessage.roomId = ? AND chatMessage.deletedAt IS NULL
                  AND NOT EXISTS (SELECT 1 FROM removedMessage WHERE messageId = chatMessage.id)
                  AND EXISTS (SELECT 1 FROM chatMember WHERE chatMember.roomId = chatMessage.roomId AND chatMember.userId = ?)
                """), arguments: [attachmentId, roomId, userId]) else { return nil }
            return RoomAttachment(attachment: MessengerReading.attachment(row), roomId: roomId, messageId: row["messageId"])
        }
    }

    func checkMayWrite(in roomId: Int64, by userId: Int64) throws {
        try database.read { db in
            let room = try MessengerReading.room(roomId, memberOf: userId, db)
            if room.kind == .direct { try Self.checkNoBlock(in: roomId, for: userId, db) }
        }
    }

    /// The message's attachments, in order, in the open transaction.
    static func insert(_ attachments: [MessageAttachment], of messageId: Int64, by ownerId: Int64, _ db: Database) throws {
        for (position, attachment) in attachments.enumerated() {
            try db.cachedStatement(sql: """
                INSERT INTO chatAttachment (messageId, position, ownerId, kind, name, byteCount, file, width, height,
                                            thumbnailFile, thumbnailWidth, thumbnailHeight, photoId)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [
                    messageId, position, ownerId, attachment.kind.rawValue, attachment.name, attachment.byteCount, attachment.file,
                    attachment.width, attachment.height, attachment.thumbnailFile, attachment.thumbnailWidth,
                    attachment.thumbnailHeight, attachment.photoId,
                ])
        }
    }

    /// Stores a message in the open transaction: its mentions, the author's read marker at
    /// it, its live event and outbox entry, and the mail it may tell the other members
    /// (`mail`: a shoot step at once, anything else if it stays unread). Returns it as
    /// stored (to the millisecond).
    static func post(_ content: String, uuid: String, card: MessageCard? = nil, attachments: [MessageAttachment] = [],
                     mail: MessageMail = .missed, in roomId: Int64,
                     by userId: Int64, linksInert: Bool, at date: Date, _ db: Database) throws -> ChatMessage {
        try db.cachedStatement(sql: """
            INSERT INTO chatMessage (roomId, authorId, uuid, content, sentAt, linksInert, cardKind, cardId) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [roomId, userId, uuid, content, date, linksInert, card?.kind, card?.id])
        let messageId = db.lastInsertedRowID
        try insert(attachments, of: messageId, by: userId, db)
        try db.cachedStatement(sql: "INSERT INTO chatMessageSearch (rowid, words) VALUES (?, ?)")
            .execute(arguments: [messageId, SQLiteMessageSearch.text(of: content, in: roomId)])
        try noteMentions(in: content, of: messageId, in: roomId, by: userId, db)
        try SQLiteMailStore.noteMessage(messageId, mail, in: roomId, by: userId, at: date, db)
        try SQLitePushStore.noteMessage(messageId, mail, in: roomId, by: userId, at: date, db)
        try db.cachedStatement(sql: "UPDATE chatMember SET lastReadMessageId = ?, lastReadAt = ? WHERE roomId = ? AND userId = ?")
            .execute(arguments: [messageId, date, roomId, userId])
        // Read back, so the envelope carries the time as stored (to the millisecond).
        let message = try MessengerReading.message(id: messageId, db)!
        try announce(message, at: date, db)
        return message
    }

    /// A `.message` live event and outbox entry of the message as now stored: new, or changed
    /// (a card whose state moved: `changed`; a message removed), which open conversations
    /// replace by uuid.
    static func announce(_ message: ChatMessage, changed: Bool = false, at date: Date, _ db: Database) throws {
        let envelope = MessageEnvelope.envelope(of: message, changed: changed)
        try SQLiteLiveEventStore.append(.message, roomId: message.roomId, payload: envelope, message: message, at: date, db)
        try SQLiteOutboxStore.enqueue(topic: Outbox.messageTopic(of: message.roomId), payload: envelope, at: date, db)
    }

    /// Holds a text the author just sent to other conversations; says whether its links stay
    /// plain (a new account writing before anyone else in the room).
    static func checkSpam(_ content: String, in roomId: Int64, by userId: Int64, _ limits: SpamLimits, at date: Date,
                                  _ db: Database) throws -> Bool {
        if limits.mayHold(content) {
            let others = try Int.fetchOne(db.cachedStatement(sql: """
                SELECT count(DISTINCT roomId) FROM chatMessage WHERE authorId = ? AND sentAt > ? AND content = ? AND roomId != ?
                """), arguments: [userId, limits.repeatsCounted(at: date), content, roomId]) ?? 0
            try limits.checkRepeat(content, sentToOtherConversations: others)
        }
        guard let createdAt = try Date.fetchOne(db.cachedStatement(sql: "SELECT createdAt FROM user WHERE id = ?"), arguments: [userId]),
              limits.isNew(createdAt: createdAt, at: date) else { return false }
        let othersWrote = try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM chatMessage WHERE roomId = ? AND authorId != ?)
            """), arguments: [roomId, userId]) ?? false
        return limits.linksInert(authorCreatedAt: createdAt, othersHaveWritten: othersWrote, at: date)
    }

    /// A direct room is closed to writing while either of its two people blocks the other.
    static func checkNoBlock(in roomId: Int64, for userId: Int64, _ db: Database) throws {
        let blocker = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT block.blockerId FROM chatMember other
            JOIN block ON (block.blockerId = other.userId AND block.blockedId = ?1) OR (block.blockerId = ?1 AND block.blockedId = other.userId)
            WHERE other.roomId = ?2 AND other.userId != ?1 LIMIT 1
            """), arguments: [userId, roomId])
        try ContactRules.checkWriting(blocker: blocker, for: userId)
    }

    func messages(of roomId: Int64, for userId: Int64, before messageId: Int64?, limit: Int) throws -> [ChatMessage] {
        try database.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            return try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.id < ? ORDER BY chatMessage.id DESC LIMIT ?
                """, [roomId, messageId ?? Int64.max, limit], db).reversed()
        }
    }

    func messages(of roomId: Int64, for userId: Int64, around date: Date, limit: Int) throws
        -> (earlier: [ChatMessage], later: [ChatMessage]) {
        try database.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            let earlier = try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.sentAt <= ? ORDER BY chatMessage.id DESC LIMIT ?
                """, [roomId, date, limit], db)
            let later = try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.sentAt > ? ORDER BY chatMessage.id LIMIT ?
                """, [roomId, date, limit], db)
            return (earlier, later)
        }
    }

    func timeSpan(of roomId: Int64, for userId: Int64) throws -> ClosedRange<Date>? {
        try database.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            let row = try Row.fetchOne(db, sql: "SELECT MIN(sentAt) AS first, MAX(sentAt) AS last FROM chatMessage WHERE roomId = ?",
                                       arguments: [roomId])
            guard let first: Date = row?["first"], let last: Date = row?["last"] else { return nil }
            return first...last
        }
    }

    func markRead(_ roomId: Int64, by userId: Int64, upTo messageId: Int64, at date: Date) throws -> Bool {
        try database.write { db in
            let room = try MessengerReading.room(roomId, memberOf: userId, db)
            guard let target = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM chatMessage WHERE roomId = ? AND id <= ?",
                                                  arguments: [roomId, messageId]) else { return false }
            try db.execute(sql: """
                UPDATE chatMember SET lastReadMessageId = ?1, lastReadAt = ?4
                WHERE roomId = ?2 AND userId = ?3 AND IFNULL(lastReadMessageId, 0) < ?1
                """, arguments: [target, roomId, userId, date])
            guard db.changesCount > 0 else { return false }
            if room.kind == .direct { try Self.tellSeen(room, readBy: userId, at: date, db) }
            let payload = MessageEnvelope.read(
                roomId: roomId, messageId: target,
                unread: try MessengerReading.unreadCount(in: roomId, for: userId, db),
                unreadTotal: try MessengerReading.unreadTotal(for: userId, db))
            try SQLiteLiveEventStore.append(.read, roomId: roomId, for: userId, payload: payload, at: date, db)
            try SQLiteOutboxStore.enqueue(topic: Outbox.eventTopic(of: roomId), payload: payload, at: date, db)
            try SQLitePushStore.noteRead(roomId, by: userId, upTo: target, at: date, db)
            return true
        }
    }

    /// A `seen` event for the other person of a direct room, when they may see how far
    /// `userId` has read (`ReadReceipts`), announced to the other nodes at the commit like every event.
    private static func tellSeen(_ room: ChatRoom, readBy userId: Int64, at date: Date, _ db: Database) throws {
        let members = try MessengerReading.members(of: [room.id], db)[room.id] ?? []
        for other in members where other.userId != userId {
            let blocked = try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM block WHERE (blockerId = ?1 AND blockedId = ?2) OR (blockerId = ?2 AND blockedId = ?1))
                """), arguments: [userId, other.userId]) ?? false
            guard let mark = ReadReceipts.seen(in: room, members: members, by: other.userId, blocked: blocked) else { continue }
            try SQLiteLiveEventStore.append(.seen, roomId: room.id, for: other.userId,
                                            payload: MessageEnvelope.seen(roomId: room.id, mark), at: date, db)
        }
    }

    func unreadTotal(for userId: Int64) throws -> Int {
        try database.read { db in try MessengerReading.unreadTotal(for: userId, db) }
    }

    func unreadSnapshot(for userId: Int64) throws -> UnreadSnapshot {
        try database.read { db in
            UnreadSnapshot(
                total: try MessengerReading.unreadTotal(for: userId, db),
                sequence: try Int64.fetchOne(db.cachedStatement(sql: "SELECT IFNULL(MAX(sequence), 0) FROM liveEvent")) ?? 0)
        }
    }

    func message(_ messageId: Int64, for userId: Int64) throws -> ChatMessage? {
        try database.read { db in
            guard let message = try MessengerReading.message(id: messageId, db),
                  try MessengerReading.isMember(userId, of: message.roomId, db) else { return nil }
            return message
        }
    }

    func summary(of roomId: Int64, for userId: Int64) throws -> RoomSummary {
        try database.read { db in
            _ = try MessengerReading.room(roomId, memberOf: userId, db)
            return try MessengerReading.summaries(for: userId, onlyRoomId: roomId, db)[0]
        }
    }

    func summaries(for userId: Int64) throws -> [RoomSummary] {
        try database.read { db in try MessengerReading.summaries(for: userId, db) }
    }

    func memberIds(of roomId: Int64) throws -> [Int64] {
        try database.read { db in
            _ = try MessengerReading.room(roomId, db)
            return try Int64.fetchAll(db.cachedStatement(sql: """
                SELECT userId FROM chatMember WHERE roomId = ? ORDER BY joinedAt, rowid
                """), arguments: [roomId])
        }
    }

    static func noteMentions(in content: String, of messageId: Int64, in roomId: Int64, by authorId: Int64, _ db: Database) throws {
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
}
