import Foundation
import Fotofolio
import Postgres

/// Messages in `chat_message` (with `chat_mention`), rooms in `chat_room`, members and their
/// read markers in `chat_member`. Every change appends its live event with
/// `PostgresLiveEventLog.append` and its outbox row with `PostgresOutbox.enqueue` in its own
/// transaction, which tells the log's observers once it has committed.
///
/// Races the SQLite store never sees, since it has one writer, end as it would end there: a
/// uuid sent twice at once stores one message (the later send finds it and answers as a
/// resend would), two callers making the same direct room get one room, and changes to a
/// room's members lock the room's row, so the last member can never leave by racing another.
struct PostgresMessengerStore: MessengerStore {
    let pool: PostgresPool

    func send(_ content: String, uuid: String, attachments: [MessageAttachment], in roomId: Int64, by userId: Int64,
              limits: SpamLimits, at date: Date) throws -> SendResult {
        do {
            return try storing(content, uuid: uuid, attachments: attachments, in: roomId, by: userId, limits: limits, at: date)
        } catch let error as PostgresError where error.isUniqueViolation && error.constraint == "chat_message_uuid_key" {
            // The same uuid was being stored at the same moment: now it is there, answer as a resend.
            return try storing(content, uuid: uuid, attachments: attachments, in: roomId, by: userId, limits: limits, at: date)
        }
    }

    func attachment(_ attachmentId: Int64, in roomId: Int64, for userId: Int64) throws -> RoomAttachment? {
        try reading { connection in
            guard let row = try connection.query("""
                SELECT \(PostgresMessengerReading.attachmentColumns), chat_attachment.message_id
                FROM chat_attachment JOIN chat_message ON chat_message.id = chat_attachment.message_id
                WHERE chat_attachment.id = $1 AND chat_message.room_id = $2 AND chat_message.deleted_at IS NULL
                  AND NOT EXISTS (SELECT 1 FROM removed_message WHERE message_id = chat_message.id)
                  AND EXISTS (SELECT 1 FROM chat_member WHERE chat_member.room_id = chat_message.room_id AND chat_member.user_id = $3)
                """, [attachmentId, roomId, userId]).first else { return nil }
            return RoomAttachment(attachment: try PostgresMessengerReading.attachment(row), roomId: roomId,
                                  messageId: try row.decode(11, as: Int64.self))
        }
    }

    func checkMayWrite(in roomId: Int64, by userId: Int64) throws {
        try reading { connection in
            let room = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
            if room.kind == .direct { try PostgresBlockStore.checkNoBlock(in: roomId, for: userId, connection) }
        }
    }

    /// The message's attachments, in order, in the open transaction.
    static func insert(_ attachments: [MessageAttachment], of messageId: Int64, by ownerId: Int64,
                       _ connection: PostgresConnection) throws {
        for (position, attachment) in attachments.enumerated() {
            try connection.query("""
                INSERT INTO chat_attachment (message_id, position, owner_id, kind, name, byte_count, file, width, height,
                                             thumbnail_file, thumbnail_width, thumbnail_height, photo_id)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                """, [messageId, Int64(position), ownerId, attachment.kind.rawValue, attachment.name, Int64(attachment.byteCount),
                      attachment.file, Int64(attachment.width), Int64(attachment.height), attachment.thumbnailFile,
                      Int64(attachment.thumbnailWidth), Int64(attachment.thumbnailHeight), attachment.photoId])
        }
    }

    private func storing(_ content: String, uuid: String, attachments: [MessageAttachment], in roomId: Int64, by userId: Int64,
                         limits: SpamLimits, at date: Date) throws -> SendResult {
        try pool.transaction { connection in
            let room = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
            if room.kind == .direct { try PostgresBlockStore.checkNoBlock(in: roomId, for: userId, connection) }
            if let earlier = try MessageText.sentBefore(try PostgresMessengerReading.message(uuid: uuid, connection), content: content,
                                                        in: roomId, by: userId) {
                return SendResult(message: earlier, isNew: false)
            }
            let linksInert = try Self.checkSpam(content, in: roomId, by: userId, limits, at: date, connection)
            let message = try Self.post(content, uuid: uuid, attachments: attachments, in: roomId, by: userId,
                                        linksInert: linksInert, at: date, connection)
            return SendResult(message: message, isNew: true)
        }
    }

    /// Stores a message in the open transaction: its mentions, the author's read marker at
    /// it, its live event and outbox entry, and the mail it may tell the other members
    /// (`mail`: a shoot step at once, anything else if it stays unread). Returns it as
    /// stored (to the millisecond).
    static func post(_ content: String, uuid: String, card: MessageCard? = nil, attachments: [MessageAttachment] = [],
                     mail: MessageMail = .missed, in roomId: Int64,
                     by userId: Int64, linksInert: Bool, at date: Date, _ connection: PostgresConnection) throws -> ChatMessage {
        let messageId = try connection.query("""
            INSERT INTO chat_message (room_id, author_id, uuid, content, sent_at, links_inert, card_kind, card_id, search)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, \(PostgresMessageSearch.vector("$9"))) RETURNING id
            """, [roomId, userId, uuid, content, date.stored, linksInert, card?.kind, card?.id,
                  SearchWords.indexText(content)])[0].decode(0, as: Int64.self)
        try insert(attachments, of: messageId, by: userId, connection)
        try noteMentions(in: content, of: messageId, in: roomId, by: userId, connection)
        try PostgresMailStore.noteMessage(messageId, mail, in: roomId, by: userId, at: date, connection)
        try PostgresPushStore.noteMessage(messageId, mail, in: roomId, by: userId, at: date, connection)
        try connection.query("UPDATE chat_member SET last_read_message_id = $1, last_read_at = $4 WHERE room_id = $2 AND user_id = $3",
                             [messageId, roomId, userId, date.stored])
        // Read back, so the envelope carries the time as stored (to the millisecond).
        let message = try PostgresMessengerReading.message(id: messageId, connection)!
        try announce(message, at: date, connection)
        return message
    }

    /// A `.message` live event and outbox entry of the message as now stored: new, or changed
    /// (a card whose state moved: `changed`; a message removed), which open conversations
    /// replace by uuid.
    static func announce(_ message: ChatMessage, changed: Bool = false, at date: Date, _ connection: PostgresConnection) throws {
        let envelope = MessageEnvelope.envelope(of: message, changed: changed)
        try PostgresLiveEventLog.append(.message, roomId: message.roomId, payload: envelope, message: message, at: date.stored, connection)
        try PostgresOutbox.enqueue(topic: Outbox.messageTopic(of: message.roomId), payload: envelope, at: date.stored, connection)
    }

    func search(_ search: MessageSearch, for userId: Int64, limit: Int) throws -> [ChatMessage] {
        guard !search.isEmpty else { return [] }
        return try reading { connection in
            try PostgresMessengerReading.messages("""
                WHERE chat_message.search @@ $1::tsquery
                  AND chat_message.room_id IN (SELECT room_id FROM chat_member WHERE user_id = $2)
                  AND chat_message.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM removed_message WHERE message_id = chat_message.id)
                ORDER BY chat_message.id DESC LIMIT $3
                """, [search.tsQuery, userId, max(0, limit)], connection)
        }
    }

    func messages(of roomId: Int64, for userId: Int64, before messageId: Int64?, limit: Int) throws -> [ChatMessage] {
        try reading { connection in
            _ = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
            return try PostgresMessengerReading.messages("""
                WHERE chat_message.room_id = $1 AND chat_message.id < $2 ORDER BY chat_message.id DESC LIMIT $3
                """, [roomId, messageId ?? Int64.max, max(0, limit)], connection).reversed()
        }
    }

    func messages(of roomId: Int64, for userId: Int64, around date: Date, limit: Int) throws
        -> (earlier: [ChatMessage], later: [ChatMessage]) {
        try reading { connection in
            _ = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
            let earlier = try PostgresMessengerReading.messages("""
                WHERE chat_message.room_id = $1 AND chat_message.sent_at <= $2 ORDER BY chat_message.id DESC LIMIT $3
                """, [roomId, date.stored, max(0, limit)], connection)
            let later = try PostgresMessengerReading.messages("""
                WHERE chat_message.room_id = $1 AND chat_message.sent_at > $2 ORDER BY chat_message.id LIMIT $3
                """, [roomId, date.stored, max(0, limit)], connection)
            return (earlier, later)
        }
    }

    func timeSpan(of roomId: Int64, for userId: Int64) throws -> ClosedRange<Date>? {
        try reading { connection in
            _ = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
            let row = try connection.query("SELECT min(sent_at), max(sent_at) FROM chat_message WHERE room_id = $1", [roomId])[0]
            guard let first = try row.decodeIfPresent(0, as: Date.self), let last = try row.decodeIfPresent(1, as: Date.self)
            else { return nil }
            return first...last
        }
    }

    func markRead(_ roomId: Int64, by userId: Int64, upTo messageId: Int64, at date: Date) throws -> Bool {
        try pool.transaction { connection in
            let room = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
            guard let target = try connection.query("SELECT max(id) FROM chat_message WHERE room_id = $1 AND id <= $2",
                                                    [roomId, messageId])[0].decodeIfPresent(0, as: Int64.self) else { return false }
            let moved = try connection.query("""
                UPDATE chat_member SET last_read_message_id = $1, last_read_at = $4
                WHERE room_id = $2 AND user_id = $3 AND coalesce(last_read_message_id, 0) < $1
                """, [target, roomId, userId, date.stored]).affected
            guard moved > 0 else { return false }
            if room.kind == .direct { try Self.tellSeen(room, readBy: userId, at: date, connection) }
            let payload = MessageEnvelope.read(
                roomId: roomId, messageId: target,
                unread: try PostgresMessengerReading.unreadCount(in: roomId, for: userId, connection),
                unreadTotal: try PostgresMessengerReading.unreadTotal(for: userId, connection))
            try PostgresLiveEventLog.append(.read, roomId: roomId, for: userId, payload: payload, at: date.stored, connection)
            try PostgresOutbox.enqueue(topic: Outbox.eventTopic(of: roomId), payload: payload, at: date.stored, connection)
            try PostgresPushStore.noteRead(roomId, by: userId, upTo: target, at: date, connection)
            return true
        }
    }

    /// A `seen` event for the other person of a direct room, when they may see how far
    /// `userId` has read (`ReadReceipts`), announced to the other nodes at the commit like every event.
    private static func tellSeen(_ room: ChatRoom, readBy userId: Int64, at date: Date, _ connection: PostgresConnection) throws {
        let members = try PostgresMessengerReading.members(of: [room.id], connection)[room.id] ?? []
        for other in members where other.userId != userId {
            let blocked = try connection.query("""
                SELECT EXISTS (SELECT 1 FROM block WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1))
                """, [userId, other.userId])[0].decode(0, as: Bool.self)
            guard let mark = ReadReceipts.seen(in: room, members: members, by: other.userId, blocked: blocked) else { continue }
            try PostgresLiveEventLog.append(.seen, roomId: room.id, for: other.userId,
                                            payload: MessageEnvelope.seen(roomId: room.id, mark), at: date.stored, connection)
        }
    }

    func unreadTotal(for userId: Int64) throws -> Int {
        try pool.withConnection { connection in try PostgresMessengerReading.unreadTotal(for: userId, connection) }
    }

    func unreadSnapshot(for userId: Int64) throws -> UnreadSnapshot {
        try reading { connection in
            UnreadSnapshot(total: try PostgresMessengerReading.unreadTotal(for: userId, connection),
                           sequence: try connection.query("SELECT last FROM live_sequence")[0].decode(0, as: Int64.self))
        }
    }

    func message(_ messageId: Int64, for userId: Int64) throws -> ChatMessage? {
        try reading { connection in
            guard let message = try PostgresMessengerReading.message(id: messageId, connection),
                  try PostgresMessengerReading.isMember(userId, of: message.roomId, connection) else { return nil }
            return message
        }
    }

    func summary(of roomId: Int64, for userId: Int64) throws -> RoomSummary {
        try reading { connection in
            _ = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
            return try PostgresMessengerReading.summaries(for: userId, onlyRoomId: roomId, connection)[0]
        }
    }

    func summaries(for userId: Int64) throws -> [RoomSummary] {
        try reading { connection in try PostgresMessengerReading.summaries(for: userId, connection) }
    }

    func memberIds(of roomId: Int64) throws -> [Int64] {
        try reading { connection in
            _ = try PostgresMessengerReading.room(roomId, connection)
            return try PostgresMessengerReading.members(of: [roomId], connection)[roomId, default: []].map(\.userId)
        }
    }

    /// Several reads as one moment.
    func reading<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try pool.transaction(.repeatableRead, body)
    }

    static func noteMentions(in content: String, of messageId: Int64, in roomId: Int64, by authorId: Int64,
                             _ connection: PostgresConnection) throws {
        guard content.contains("@") else { return }
        var idsByUsername: [String: Int64] = [:]
        for row in try connection.query("""
            SELECT account.id, account.username FROM chat_member JOIN account ON account.id = chat_member.user_id
            WHERE chat_member.room_id = $1 AND chat_member.user_id <> $2
            """, [roomId, authorId]) {
            idsByUsername[try row.decode(1, as: String.self).lowercased()] = try row.decode(0, as: Int64.self)
        }
        for username in MessageText(content, mentioning: Set(idsByUsername.keys)).mentions {
            try connection.query("INSERT INTO chat_mention (message_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                 [messageId, idsByUsername[username]!])
        }
    }

    /// Holds a text the author just sent to other conversations; says whether its links stay
    /// plain (a new account writing before anyone else in the room).
    static func checkSpam(_ content: String, in roomId: Int64, by userId: Int64, _ limits: SpamLimits, at date: Date,
                          _ connection: PostgresConnection) throws -> Bool {
        if limits.mayHold(content) {
            let others = try connection.query("""
                SELECT count(DISTINCT room_id) FROM chat_message
                WHERE author_id = $1 AND sent_at > $2 AND content = $3 AND room_id <> $4
                """, [userId, limits.repeatsCounted(at: date).stored, content, roomId])[0]
                .decode(0, as: Int64.self)
            try limits.checkRepeat(content, sentToOtherConversations: Int(clamping: others))
        }
        guard let createdAt = try connection.query("SELECT created_at FROM account WHERE id = $1", [userId]).first?
                .decode(0, as: Date.self),
              limits.isNew(createdAt: createdAt, at: date) else { return false }
        let othersWrote = try connection.query("""
            SELECT EXISTS (SELECT 1 FROM chat_message WHERE room_id = $1 AND author_id <> $2)
            """, [roomId, userId])[0].decode(0, as: Bool.self)
        return limits.linksInert(authorCreatedAt: createdAt, othersHaveWritten: othersWrote, at: date)
    }
}

