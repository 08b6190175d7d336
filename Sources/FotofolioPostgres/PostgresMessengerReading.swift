import Foundation
import Fotofolio
import Postgres

/// Loads rooms and messages with their people in a few queries, whatever their number, and
/// answers the membership questions every messenger rule starts with.
enum PostgresMessengerReading {
    static func room(_ roomId: Int64, locking: Bool = false, _ connection: PostgresConnection) throws -> ChatRoom {
        guard let row = try connection.query("""
            SELECT id, kind, name, created_by, created_at FROM chat_room WHERE id = $1 \(locking ? "FOR UPDATE" : "")
            """, [roomId]).first else { throw MessengerError.unknownRoom }
        return try Self.room(row)
    }

    /// The room, when `userId` is in it; otherwise why not. `locking` holds the room's row
    /// until the transaction ends, so changes to its members are made one after the other.
    static func room(_ roomId: Int64, memberOf userId: Int64, locking: Bool = false, _ connection: PostgresConnection) throws -> ChatRoom {
        let room = try room(roomId, locking: locking, connection)
        guard try isMember(userId, of: roomId, connection) else { throw MessengerError.notAMember }
        return room
    }

    static func room(_ row: PostgresRow) throws -> ChatRoom {
        let kindText = try row.decode("kind", as: String.self)
        guard let kind = ChatRoom.Kind(rawValue: kindText) else {
            throw PostgresError(sqlState: nil, message: "a room of unknown kind \(kindText)")
        }
        return ChatRoom(id: try row.decode("id"), kind: kind, name: try row.decodeIfPresent("name"),
                        createdBy: try row.decode("created_by"), createdAt: try row.decode("created_at"))
    }

    static func isMember(_ userId: Int64, of roomId: Int64, _ connection: PostgresConnection) throws -> Bool {
        try !connection.query("SELECT 1 FROM chat_member WHERE room_id = $1 AND user_id = $2", [roomId, userId]).isEmpty
    }

    /// Members of each room, in the order they joined: people joining a room together get
    /// `joined_at` a microsecond apart in the order given (see `PostgresMessengerStore`).
    static func members(of roomIds: [Int64], _ connection: PostgresConnection) throws -> [Int64: [RoomMember]] {
        let rows = try connection.query("""
            SELECT chat_member.room_id, account.id, account.username, account.full_name, account.shares_seen,
                   chat_member.last_read_message_id, chat_member.last_read_at FROM chat_member
            JOIN account ON account.id = chat_member.user_id
            WHERE chat_member.room_id = ANY($1::bigint[])
            ORDER BY chat_member.room_id, chat_member.joined_at, chat_member.user_id
            """, [IdList(roomIds)])
        var members: [Int64: [RoomMember]] = [:]
        for row in rows {
            let lastRead: ReadMark? = if let messageId = try row.decodeIfPresent(5, as: Int64.self),
                                         let at = try row.decodeIfPresent(6, as: Date.self) {
                ReadMark(messageId: messageId, at: at)
            } else { nil }
            members[try row.decode(0), default: []].append(
                RoomMember(userId: try row.decode(1), username: try row.decode(2), name: try row.decode(3), lastRead: lastRead,
                           sharesSeen: try row.decode(4)))
        }
        return members
    }

    static func memberUsernames(of roomId: Int64, _ connection: PostgresConnection) throws -> [String] {
        try members(of: [roomId], connection)[roomId, default: []].map(\.username)
    }

    static func message(uuid: String, _ connection: PostgresConnection) throws -> ChatMessage? {
        try messages("WHERE chat_message.uuid = $1", [uuid], connection).first
    }

    static func message(id: Int64, _ connection: PostgresConnection) throws -> ChatMessage? {
        try messages("WHERE chat_message.id = $1", [id], connection).first
    }

    /// Messages matching `clause` (the `WHERE` and `ORDER BY` of a query on `chat_message`),
    /// in that order, with their authors, mentions and cards (none on a removed message).
    static func messages(_ clause: String, _ parameters: [any PostgresEncodable], _ connection: PostgresConnection) throws -> [ChatMessage] {
        let rows = try connection.query("""
            SELECT chat_message.id, chat_message.room_id, chat_message.uuid, chat_message.content, chat_message.sent_at,
                   chat_message.author_id, account.username, account.full_name,
                   EXISTS (SELECT 1 FROM removed_message WHERE message_id = chat_message.id) AS removed,
                   chat_message.links_inert, chat_message.card_kind, chat_message.card_id,
                   chat_message.edited_at, chat_message.deleted_at
            FROM chat_message JOIN account ON account.id = chat_message.author_id \(clause)
            """, parameters)
        guard !rows.isEmpty else { return [] }
        let ids = try rows.map { try $0.decode(0, as: Int64.self) }
        var mentioned: [Int64: Set<String>] = [:]
        for row in try connection.query("""
            SELECT chat_mention.message_id, account.username FROM chat_mention JOIN account ON account.id = chat_mention.user_id
            WHERE chat_mention.message_id = ANY($1::bigint[])
            """, [IdList(ids)]) {
            mentioned[try row.decode(0), default: []].insert(try row.decode(1))
        }
        let reactions = try self.reactions(of: ids, connection)
        let attachments = try self.attachments(of: ids, connection)
        return try rows.map { row in
            let id = try row.decode(0, as: Int64.self), removed = try row.decode(8, as: Bool.self)
            let deletedAt: Date? = try row.decodeIfPresent(13)
            let content = removed || deletedAt != nil ? "" : try row.decode(3, as: String.self)
            let usernames = removed ? [] : mentioned[id] ?? []
            // Only who is mentioned is stored; the order comes from the text.
            let inOrder = MessageText(content, mentioning: usernames).mentions
            return ChatMessage(
                id: id, roomId: try row.decode(1), uuid: try row.decode(2), content: content, sentAt: try row.decode(4),
                author: MessageAuthor(username: try row.decode(6), name: try row.decode(7)), authorId: try row.decode(5),
                mentions: inOrder + usernames.subtracting(inOrder).sorted(), isRemoved: removed,
                linksInert: try row.decode(9, as: Bool.self),
                card: removed ? nil : MessageCard(kind: try row.decodeIfPresent(10), id: try row.decodeIfPresent(11)),
                editedAt: try row.decodeIfPresent(12), isDeleted: deletedAt != nil, reactions: reactions[id] ?? [],
                attachments: removed || deletedAt != nil ? [] : attachments[id] ?? [])
        }
    }

    static let attachmentColumns = """
        chat_attachment.id, chat_attachment.kind, chat_attachment.name, chat_attachment.byte_count, chat_attachment.file,
        chat_attachment.width, chat_attachment.height, chat_attachment.thumbnail_file, chat_attachment.thumbnail_width,
        chat_attachment.thumbnail_height, chat_attachment.photo_id
        """

    /// The attachments of each message, in the order they were sent.
    static func attachments(of messageIds: [Int64], _ connection: PostgresConnection) throws -> [Int64: [MessageAttachment]] {
        var found: [Int64: [MessageAttachment]] = [:]
        for row in try connection.query("""
            SELECT \(attachmentColumns), chat_attachment.message_id FROM chat_attachment
            WHERE chat_attachment.message_id = ANY($1::bigint[]) ORDER BY chat_attachment.message_id, chat_attachment.position
            """, [IdList(messageIds)]) {
            found[try row.decode(11, as: Int64.self), default: []].append(try attachment(row))
        }
        return found
    }

    /// An attachment from the first columns of a row (`attachmentColumns`).
    static func attachment(_ row: PostgresRow) throws -> MessageAttachment {
        MessageAttachment(
            id: try row.decode(0, as: Int64.self), kind: AttachmentKind(rawValue: try row.decode(1, as: String.self)) ?? .pdf,
            name: try row.decode(2), byteCount: Int(try row.decode(3, as: Int64.self)), file: try row.decode(4),
            width: Int(try row.decode(5, as: Int64.self)), height: Int(try row.decode(6, as: Int64.self)),
            thumbnailFile: try row.decodeIfPresent(7, as: String.self),
            thumbnailWidth: Int(try row.decode(8, as: Int64.self)), thumbnailHeight: Int(try row.decode(9, as: Int64.self)),
            photoId: try row.decodeIfPresent(10, as: Int64.self))
    }

    /// The reactions on each message, who gave them in the order they did.
    static func reactions(of messageIds: [Int64], _ connection: PostgresConnection) throws -> [Int64: [MessageReaction]] {
        var rows: [Int64: [(reaction: Reaction, author: MessageAuthor, userId: Int64)]] = [:]
        for row in try connection.query("""
            SELECT chat_reaction.message_id, chat_reaction.reaction, chat_reaction.user_id, account.username, account.full_name
            FROM chat_reaction JOIN account ON account.id = chat_reaction.user_id
            WHERE chat_reaction.message_id = ANY($1::bigint[])
            ORDER BY chat_reaction.reacted_at, chat_reaction.user_id
            """, [IdList(messageIds)]) {
            guard let reaction = Reaction(rawValue: try row.decode(1)) else { continue }
            rows[try row.decode(0), default: []].append(
                (reaction, MessageAuthor(username: try row.decode(3), name: try row.decode(4)), try row.decode(2)))
        }
        return rows.mapValues(MessageReaction.grouped)
    }

    /// Messages by others after what `userId` has read in the room (a deleted one no longer counts).
    static func unreadCount(in roomId: Int64, for userId: Int64, _ connection: PostgresConnection) throws -> Int {
        try connection.query("""
            SELECT count(*) FROM chat_member me JOIN chat_message m ON m.room_id = me.room_id
            WHERE me.room_id = $1 AND me.user_id = $2 AND m.id > coalesce(me.last_read_message_id, 0) AND m.author_id <> me.user_id
              AND m.deleted_at IS NULL
            """, [roomId, userId])[0].decode(0)
    }

    static func unreadTotal(for userId: Int64, _ connection: PostgresConnection) throws -> Int {
        try connection.query("""
            SELECT count(*) FROM chat_member me JOIN chat_message m ON m.room_id = me.room_id
            WHERE me.user_id = $1 AND m.id > coalesce(me.last_read_message_id, 0) AND m.author_id <> me.user_id
              AND m.deleted_at IS NULL
            """, [userId])[0].decode(0)
    }

    /// The rooms of `userId` (all of them, or just `onlyRoomId`) as they see them, the most
    /// recently active first.
    static func summaries(for userId: Int64, onlyRoomId: Int64? = nil, _ connection: PostgresConnection) throws -> [RoomSummary] {
        let rows = try connection.query("""
            SELECT chat_room.id, chat_room.kind, chat_room.name, chat_room.created_by, chat_room.created_at,
                me.last_read_message_id AS reader_last_read,
                (SELECT max(m.id) FROM chat_message m WHERE m.room_id = chat_room.id) AS last_message_id,
                (SELECT count(*) FROM chat_message m WHERE m.room_id = chat_room.id
                    AND m.id > coalesce(me.last_read_message_id, 0) AND m.author_id <> me.user_id AND m.deleted_at IS NULL) AS unread_count,
                EXISTS (SELECT 1 FROM chat_message m
                    JOIN chat_mention ON chat_mention.message_id = m.id AND chat_mention.user_id = me.user_id
                    WHERE m.room_id = chat_room.id AND m.id > coalesce(me.last_read_message_id, 0)) AS mentions_reader
            FROM chat_member me JOIN chat_room ON chat_room.id = me.room_id
            WHERE me.user_id = $1 AND ($2::bigint IS NULL OR chat_room.id = $2::bigint)
            """, [userId, onlyRoomId])
        let rooms = try rows.map(room)
        let members = try self.members(of: rooms.map(\.id), connection)
        let lastIds = try rows.compactMap { try $0.decodeIfPresent("last_message_id", as: Int64.self) }
        let lastMessages = try messages("WHERE chat_message.id = ANY($1::bigint[])", [IdList(lastIds)], connection)
        let lastByRoom = Dictionary(lastMessages.map { ($0.roomId, $0) }) { first, _ in first }
        let veiled = Dictionary(try connection.query(veiledRoomsSQL, [userId, onlyRoomId]).map {
            (try $0.decode(0, as: Int64.self), try $0.decode(1, as: Int64.self))
        }) { first, _ in first }
        let summaries = try zip(rows, rooms).map { row, room in
            let people = members[room.id] ?? []
            var summary = RoomSummary(
                room: room, title: RoomSummary.title(of: room, members: people, for: userId), members: people,
                lastMessage: lastByRoom[room.id], unreadCount: try row.decode("unread_count"),
                mentionsReader: try row.decode("mentions_reader"), lastReadMessageId: try row.decodeIfPresent("reader_last_read"))
            if let client = veiled[room.id] { summary.veil(client) }
            return summary
        }
        return summaries.byLatestActivity()
    }

    /// The rooms where the reader (`$1`; only `$2` when not NULL) answered a demand and its
    /// client is veiled (`RoomSummary.veil`), as the SQLite store's `veiledRoomsSQL` says.
    static let veiledRoomsSQL = """
        SELECT r.room_id, r.client_id FROM shoot_request r
        WHERE r.photographer_id = $1 AND r.demand_id IS NOT NULL AND ($2::bigint IS NULL OR r.room_id = $2::bigint)
          AND NOT EXISTS (SELECT 1 FROM chat_message WHERE room_id = r.room_id AND author_id = r.client_id)
          AND (SELECT min(id) FROM chat_message WHERE room_id = r.room_id)
              = (SELECT id FROM chat_message WHERE card_id = r.id AND card_kind = 'request')
        """
}
