import Foundation
import Fotofolio
import Postgres

/// Edits and deletions by a message's author (the texts it held in `chat_message_version`)
/// and members' reactions (`chat_reaction`). Each locks the message's row, so two changes
/// of one message (two tabs saving, a reaction given twice at once) end one after the other.
extension PostgresMessengerStore {
    func edit(_ messageId: Int64, in roomId: Int64, to content: String, by userId: Int64, at date: Date) throws -> ChatMessage {
        try pool.transaction { connection in
            let message = try Self.message(messageId, in: roomId, for: userId, connection)
            try MessageChanges.checkEditing(message, by: userId, at: date)
            guard content != message.content else { return message }
            try Self.keepVersion(of: message, at: date, connection)
            try connection.query("""
                UPDATE chat_message SET content = $1, edited_at = $2, search = \(PostgresMessageSearch.vector("$4")) WHERE id = $3
                """, [content, date.stored, messageId, SearchWords.indexText(content)])
            try connection.query("DELETE FROM chat_mention WHERE message_id = $1", [messageId])
            try Self.noteMentions(in: content, of: messageId, in: roomId, by: userId, connection)
            return try Self.announceChange(of: messageId, at: date, connection)
        }
    }

    func delete(_ messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date) throws -> ChatMessage {
        try pool.transaction { connection in
            let message = try Self.message(messageId, in: roomId, for: userId, connection)
            guard try MessageChanges.checkDeleting(message, by: userId) else { return message }
            try Self.keepVersion(of: message, at: date, connection)
            // An empty vector, not NULL: nothing is indexed for it again.
            try connection.query("UPDATE chat_message SET content = '', deleted_at = $1, search = ''::tsvector WHERE id = $2",
                                 [date.stored, messageId])
            try connection.query("DELETE FROM chat_mention WHERE message_id = $1", [messageId])
            // Its files go with it: `UnusedPhotos` removes what no row names any more.
            try connection.query("DELETE FROM chat_attachment WHERE message_id = $1", [messageId])
            try connection.query("""
                UPDATE push SET state = 'skipped', reason = 'deleted' WHERE message_id = $1 AND state = 'pending' AND kind = 'message'
                """, [messageId])
            let deleted = try PostgresMessengerReading.message(id: messageId, connection)!
            try PostgresModerationStore.rewriteCopies(of: deleted, connection)
            try Self.announce(deleted, changed: true, at: date, connection)
            try Self.recountUnread(afterDeleting: deleted, at: date, connection)
            return deleted
        }
    }

    func react(_ reaction: Reaction, to messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date) throws -> ChatMessage {
        try pool.transaction { connection in
            let message = try Self.message(messageId, in: roomId, for: userId, connection)
            try MessageChanges.checkReacting(to: message)
            let taken = try connection.query("""
                DELETE FROM chat_reaction WHERE message_id = $1 AND user_id = $2 AND reaction = $3 RETURNING 1
                """, [messageId, userId, reaction.rawValue])
            if taken.isEmpty {
                try connection.query("""
                    INSERT INTO chat_reaction (message_id, user_id, reaction, reacted_at) VALUES ($1, $2, $3, $4)
                    """, [messageId, userId, reaction.rawValue, date.stored])
            }
            return try Self.announceChange(of: messageId, at: date, connection)
        }
    }

    func versions(of messageId: Int64) throws -> [MessageVersion] {
        try reading { connection in
            try connection.query("SELECT content, replaced_at FROM chat_message_version WHERE message_id = $1 ORDER BY id", [messageId])
                .map { MessageVersion(content: try $0.decode(0), replacedAt: try $0.decode(1)) }
        }
    }

    /// The message, locked, when it is in the room and `userId` is a member of it.
    private static func message(_ messageId: Int64, in roomId: Int64, for userId: Int64, _ connection: PostgresConnection) throws
        -> ChatMessage {
        _ = try PostgresMessengerReading.room(roomId, memberOf: userId, connection)
        guard try !connection.query("SELECT 1 FROM chat_message WHERE id = $1 AND room_id = $2 FOR UPDATE", [messageId, roomId]).isEmpty,
              let message = try PostgresMessengerReading.message(id: messageId, connection)
        else { throw MessengerError.unknownMessage }
        return message
    }

    /// Those who had not read the deleted message hear their unread counts without it, as a
    /// read would tell them (for them alone; their marker stays where it was).
    private static func recountUnread(afterDeleting message: ChatMessage, at date: Date, _ connection: PostgresConnection) throws {
        let readers = try connection.query("""
            SELECT user_id, coalesce(last_read_message_id, 0) FROM chat_member
            WHERE room_id = $1 AND user_id <> $2 AND coalesce(last_read_message_id, 0) < $3
            """, [message.roomId, message.authorId, message.id])
        for reader in readers {
            let userId = try reader.decode(0, as: Int64.self)
            let payload = MessageEnvelope.read(
                roomId: message.roomId, messageId: try reader.decode(1, as: Int64.self),
                unread: try PostgresMessengerReading.unreadCount(in: message.roomId, for: userId, connection),
                unreadTotal: try PostgresMessengerReading.unreadTotal(for: userId, connection))
            try PostgresLiveEventLog.append(.read, roomId: message.roomId, for: userId, payload: payload, at: date.stored, connection)
            try PostgresOutbox.enqueue(topic: Outbox.eventTopic(of: message.roomId), payload: payload, at: date.stored, connection)
        }
    }

    private static func keepVersion(of message: ChatMessage, at date: Date, _ connection: PostgresConnection) throws {
        try connection.query("INSERT INTO chat_message_version (message_id, content, replaced_at) VALUES ($1, $2, $3)",
                             [message.id, message.content, date.stored])
    }

    private static func announceChange(of messageId: Int64, at date: Date, _ connection: PostgresConnection) throws -> ChatMessage {
        let changed = try PostgresMessengerReading.message(id: messageId, connection)!
        try announce(changed, changed: true, at: date, connection)
        return changed
    }
}
