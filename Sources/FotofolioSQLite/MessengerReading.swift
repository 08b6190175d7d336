import Foundation
import Fotofolio
import GRDB

/// Loads rooms and messages with their people in a few queries, whatever their number, and
/// answers the membership questions every messenger rule starts with.
enum MessengerReading {
    static func room(_ roomId: Int64, _ db: Database) throws -> ChatRoom {
        guard let room = try ChatRoom.fetchOne(db.cachedStatement(sql: "SELECT * FROM chatRoom WHERE id = ?"), arguments: [roomId])
        else { throw MessengerError.unknownRoom }
        return room
    }

    /// The room, when `userId` is in it; otherwise why not.
    static func room(_ roomId: Int64, memberOf userId: Int64, _ db: Database) throws -> ChatRoom {
        let room = try room(roomId, db)
        guard try isMember(userId, of: roomId, db) else { throw MessengerError.notAMember }
        return room
    }

    static func isMember(_ userId: Int64, of roomId: Int64, _ db: Database) throws -> Bool {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM chatMember WHERE roomId = ? AND userId = ?"),
                         arguments: [roomId, userId]) != nil
    }

    /// Members of each room, in the order they joined.
    static func members(of roomIds: [Int64], _ db: Database) throws -> [Int64: [RoomMember]] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT chatMember.roomId, user.id, user.username, user.fullName, user.sharesSeen,
                   chatMember.lastReadMessageId, chatMember.lastReadAt FROM chatMember
            JOIN user ON user.id = chatMember.userId
            WHERE chatMember.roomId IN (SELECT value FROM json_each(?))
            ORDER BY chatMember.roomId, chatMember.joinedAt, chatMember.rowid
            """, arguments: [String(describing: roomIds)])
        return Dictionary(grouping: rows) { $0["roomId"] as Int64 }.mapValues { rows in
            rows.map { row in
                let lastRead: ReadMark? = if let messageId: Int64 = row["lastReadMessageId"], let at: Date = row["lastReadAt"] {
                    ReadMark(messageId: messageId, at: at)
                } else { nil }
                return RoomMember(userId: row["id"], username: row["username"], name: row["fullName"], lastRead: lastRead,
                                  sharesSeen: row["sharesSeen"])
            }
        }
    }

    static func message(uuid: String, _ db: Database) throws -> ChatMessage? {
        try messages("WHERE chatMessage.uuid = ?", [uuid], db).first
    }

    static func message(id: Int64, _ db: Database) throws -> ChatMessage? {
        try messages("WHERE chatMessage.id = ?", [id], db).first
    }

    /// Messages matching `clause` (the `WHERE` and `ORDER BY` of a query on `chatMessage`),
    /// in that order, with their authors and mentions. The clauses are the callers' own
    /// constants, so each makes one statement, compiled once per connection.
    static func messages(_ clause: String, _ arguments: StatementArguments, _ db: Database) throws -> [ChatMessage] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT chatMessage.*, user.username, user.fullName,
                   EXISTS (SELECT 1 FROM removedMessage WHERE messageId = chatMessage.id) AS removed FROM chatMessage
            JOIN user ON user.id = chatMessage.authorId \(clause)
            """), arguments: arguments)
        guard !rows.isEmpty else { return [] }
        let mentionRows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT chatMention.messageId, user.username FROM chatMention JOIN user ON user.id = chatMention.userId
            WHERE chatMention.messageId IN (SELECT value FROM json_each(?))
            """), arguments: [String(describing: rows.map { $0["id"] as Int64 })])
        let mentioned = Dictionary(grouping: mentionRows) { $0["messageId"] as Int64 }
            .mapValues { Set($0.map { $0["username"] as String }) }
        let reactions = try self.reactions(of: rows.map { $0["id"] as Int64 }, db)
        let attachments = try self.attachments(of: rows.map { $0["id"] as Int64 }, db)
        return rows.map { row in
            let id: Int64 = row["id"], removed: Bool = row["removed"]
            let deletedAt: Date? = row["deletedAt"]
            let content: String = removed || deletedAt != nil ? "" : row["content"]
            let usernames = removed ? [] : mentioned[id] ?? []
            // Only who is mentioned is stored; the order comes from the text.
            let inOrder = MessageText(content, mentioning: usernames).mentions
            return ChatMessage(
                id: id, roomId: row["roomId"], uuid: row["uuid"], content: content, sentAt: row["sentAt"],
                author: MessageAuthor(username: row["username"], name: row["fullName"]), authorId: row["authorId"],
                mentions: inOrder + usernames.subtracting(inOrder).sorted(), isRemoved: removed, linksInert: row["linksInert"],
                card: removed ? nil : MessageCard(kind: row["cardKind"], id: row["cardId"]),
                editedAt: row["editedAt"], isDeleted: deletedAt != nil, reactions: reactions[id] ?? [],
                attachments: removed || deletedAt != nil ? [] : attachments[id] ?? [])
        }
    }

    /// The attachments of each message, in the order they were sent.
    static func attachments(of messageIds: [Int64], _ db: Database) throws -> [Int64: [MessageAttachment]] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM chatAttachment WHERE messageId IN (SELECT value FROM json_each(?)) ORDER BY messageId, position
            """), arguments: [String(describing: messageIds)])
        return Dictionary(grouping: rows) { $0["messageId"] as Int64 }.mapValues { $0.map(attachment) }
    }

    static func attachment(_ row: Row) -> MessageAttachment {
        MessageAttachment(
            id: row["id"], kind: AttachmentKind(rawValue: row["kind"]) ?? .pdf, name: row["name"], byteCount: row["byteCount"],
            file: row["file"], width: row["width"], height: row["height"], thumbnailFile: row["thumbnailFile"],
            thumbnailWidth: row["thumbnailWidth"], thumbnailHeight: row["thumbnailHeight"], photoId: row["photoId"])
    }

    /// The reactions on each message, who gave them in the order they did.
    static func reactions(of messageIds: [Int64], _ db: Database) throws -> [Int64: [MessageReaction]] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT chatReaction.messageId, chatReaction.reaction, chatReaction.userId, user.username, user.fullName
            FROM chatReaction JOIN user ON user.id = chatReaction.userId
            WHERE chatReaction.messageId IN (SELECT value FROM json_each(?))
            ORDER BY chatReaction.reactedAt, chatReaction.rowid
            """), arguments: [String(describing: messageIds)])
        return Dictionary(grouping: rows) { $0["messageId"] as Int64 }.mapValues { rows in
            MessageReaction.grouped(rows.compactMap { row in
                Reaction(rawValue: row["reaction"]).map {
                    ($0, MessageAuthor(username: row["username"], name: row["fullName"]), row["userId"] as Int64)
                }
            })
        }
    }

    /// Messages by others after what `userId` has read in the room (a deleted one no longer counts).
    static func unreadCount(in roomId: Int64, for userId: Int64, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM chatMember me JOIN chatMessage m ON m.roomId = me.roomId
            WHERE me.roomId = ? AND me.userId = ? AND m.id > IFNULL(me.lastReadMessageId, 0) AND m.authorId <> me.userId
              AND m.deletedAt IS NULL
            """, arguments: [roomId, userId]) ?? 0
    }

    static func unreadTotal(for userId: Int64, _ db: Database) throws -> Int {
        // Cached: every signed-in page's badge asks it.
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) FROM chatMember me JOIN chatMessage m ON m.roomId = me.roomId
            WHERE me.userId = ? AND m.id > IFNULL(me.lastReadMessageId, 0) AND m.authorId <> me.userId
              AND m.deletedAt IS NULL
            """), arguments: [userId]) ?? 0
    }

    /// The rooms of `userId` (all of them, or just `onlyRoomId`) as they see them, the most
    /// recently active first.
    static func summaries(for userId: Int64, onlyRoomId: Int64? = nil, _ db: Database) throws -> [RoomSummary] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT chatRoom.*, me.lastReadMessageId AS readerLastRead,
                (SELECT MAX(m.id) FROM chatMessage m WHERE m.roomId = chatRoom.id) AS lastMessageId,
                (SELECT COUNT(*) FROM chatMessage m WHERE m.roomId = chatRoom.id
                    AND m.id > IFNULL(me.lastReadMessageId, 0) AND m.authorId <> me.userId AND m.deletedAt IS NULL) AS unreadCount,
                EXISTS (SELECT 1 FROM chatMessage m
                    JOIN chatMention ON chatMention.messageId = m.id AND chatMention.userId = me.userId
                    WHERE m.roomId = chatRoom.id AND m.id > IFNULL(me.lastReadMessageId, 0)) AS mentionsReader
            FROM chatMember me JOIN chatRoom ON chatRoom.id = me.roomId
            WHERE me.userId = ?1 AND (?2 IS NULL OR chatRoom.id = ?2)
            """, arguments: [userId, onlyRoomId])
        let roomIds = rows.map { $0["id"] as Int64 }
        let members = try self.members(of: roomIds, db)
        let lastIds = rows.compactMap { $0["lastMessageId"] as Int64? }
        let lastMessages = try messages(
            "WHERE chatMessage.id IN (SELECT value FROM json_each(?))", [String(describing: lastIds)], db)
        let lastByRoom = Dictionary(lastMessages.map { ($0.roomId, $0) }) { first, _ in first }
        let veiled = Dictionary(try Row.fetchAll(db.cachedStatement(sql: veiledRoomsSQL), arguments: [userId, onlyRoomId]).map {
            ($0["roomId"] as Int64, $0["clientId"] as Int64)
        }) { first, _ in first }
        let summaries = try rows.map { row in
            let room = try ChatRoom(row: row)
            let people = members[room.id] ?? []
            var summary = RoomSummary(
                room: room, title: RoomSummary.title(of: room, members: people, for: userId), members: people,
                lastMessage: lastByRoom[room.id], unreadCount: row["unreadCount"],
                mentionsReader: row["mentionsReader"], lastReadMessageId: row["readerLastRead"])
            if let client = veiled[room.id] { summary.veil(client) }
            return summary
        }
        return summaries.byLatestActivity()
    }

    /// The rooms where the reader (`?1`; only `?2` when not NULL) answered a demand and its
    /// client is veiled (`RoomSummary.veil`): the room began with the answer's demand card
    /// (it did not exist before, so the name was never shown in it) and the client has written
    /// nothing in it since.
    static let veiledRoomsSQL = """
        SELECT shootRequest.roomId, shootRequest.clientId FROM shootRequest
        WHERE shootRequest.photographerId = ?1 AND shootRequest.demandId IS NOT NULL AND (?2 IS NULL OR shootRequest.roomId = ?2)
          AND NOT EXISTS (SELECT 1 FROM chatMessage WHERE roomId = shootRequest.roomId AND authorId = shootRequest.clientId)
          AND (SELECT MIN(id) FROM chatMessage WHERE roomId = shootRequest.roomId)
              = (SELECT id FROM chatMessage WHERE cardId = shootRequest.id AND cardKind = 'request')
        """
}
