import Foundation
import Fotofolio
import GRDB

/// Edits and deletions by a message's author (the texts it held in `chatMessageVersion`) and
/// members' reactions (`chatReaction`).
extension SQLiteMessengerStore {
    func edit(_ messageId: Int64, in roomId: Int64, to content: String, by userId: Int64, at date: Date) throws -> ChatMessage {
        try database.write { db in
            let message = try Self.message(messageId, in: roomId, for: userId, db)
            try MessageChanges.checkEditing(message, by: userId, at: date)
            guard content != message.content else { return message }
            try Self.keepVersion(of: message, at: date, db)
            try db.execute(sql: "UPDATE chatMessage SET content = ?, editedAt = ? WHERE id = ?", arguments: [content, date, messageId])
            try db.execute(sql: "UPDATE chatMessageSearch SET words = ? WHERE rowid = ?",
                           arguments: [SQLiteMessageSearch.text(of: content, in: roomId), messageId])
            try db.execute(sql: "DELETE FROM chatMention WHERE messageId = ?", arguments: [messageId])
            try Self.noteMentions(in: content, of: messageId, in: roomId, by: userId, db)
            return try Self.announceChange(of: messageId, at: date, db)
        }
    }

    func delete(_ messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date) throws -> ChatMessage {
        try database.write { db in
            let message = try Self.message(messageId, in: roomId, for: userId, db)
            guard try MessageChanges.checkDeleting(message, by: userId) else { return message }
            try Self.keepVersion(of: message, at: date, db)
            try db.execute(sql: "UPDATE chatMessage SET content = '', deletedAt = ? WHERE id = ?", arguments: [date, messageId])
            try db.execute(sql: "DELETE FROM chatMessageSearch WHERE rowid = ?", arguments: [messageId])
            try db.execute(sql: "DELETE FROM chatMention WHERE messageId = ?", arguments: [messageId])
            // Its files go with it: `UnusedPhotos` removes what no row names any more.
            try db.execute(sql: "DELETE FROM chatAttachment WHERE messageId = ?", arguments: [messageId])
            try db.execute(sql: """
                UPDATE push SET state = 'skipped', reason = 'deleted' WHERE messageId = ? AND state = 'pending' AND kind = 'message'
                """, arguments: [messageId])
            let deleted = try MessengerReading.message(id: messageId, db)!
            try SQLiteModerationStore.rewriteCopies(of: deleted, db)
            try Self.announce(deleted, changed: true, at: date, db)
            try Self.recountUnread(afterDeleting: deleted, at: date, db)
            return deleted
        }
    }

    func react(_ reaction: Reaction, to messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date) throws -> ChatMessage {
        try database.write { db in
            let message = try Self.message(messageId, in: roomId, for: userId, db)
            try MessageChanges.checkReacting(to: message)
            try db.execute(sql: "DELETE FROM chatReaction WHERE messageId = ? AND userId = ? AND reaction = ?",
                           arguments: [messageId, userId, reaction.rawValue])
            if db.changesCount == 0 {
                try db.execute(sql: "INSERT INTO chatReaction (messageId, userId, reaction, reactedAt) VALUES (?, ?, ?, ?)",
                               arguments: [messageId, userId, reaction.rawValue, date])
            }
            return try Self.announceChange(of: messageId, at: date, db)
        }
    }

    func versions(of messageId: Int64) throws -> [MessageVersion] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT content, replacedAt FROM chatMessageVersion WHERE messageId = ? ORDER BY id",
                             arguments: [messageId])
                .map { MessageVersion(content: $0["content"], replacedAt: $0["replacedAt"]) }
        }
    }

    /// The message, when it is in the room and `userId` is a member of it.
    private static func message(_ messageId: Int64, in roomId: Int64, for userId: Int64, _ db: Database) throws -> ChatMessage {
        _ = try MessengerReading.room(roomId, memberOf: userId, db)
        guard let message = try MessengerReading.message(id: messageId, db), message.roomId == roomId else {
            throw MessengerError.unknownMessage
        }
        return message
    }

    /// Those who had not read the deleted message hear their unread counts without it, as a
    /// read would tell them (for them alone; their marker stays where it was).
    private static func recountUnread(afterDeleting message: ChatMessage, at date: Date, _ db: Database) throws {
        let readers = try Row.fetchAll(db, sql: """
            SELECT userId, IFNULL(lastReadMessageId, 0) AS lastRead FROM chatMember
            WHERE roomId = ? AND userId <> ? AND IFNULL(lastReadMessageId, 0) < ?
            """, arguments: [message.roomId, message.authorId, message.id])
        for reader in readers {
            let userId: Int64 = reader["userId"]
            let payload = MessageEnvelope.read(
                roomId: message.roomId, messageId: reader["lastRead"],
                unread: try MessengerReading.unreadCount(in: message.roomId, for: userId, db),
                unreadTotal: try MessengerReading.unreadTotal(for: userId, db))
            try SQLiteLiveEventStore.append(.read, roomId: message.roomId, for: userId, payload: payload, at: date, db)
            try SQLiteOutboxStore.enqueue(topic: Outbox.eventTopic(of: message.roomId), payload: payload, at: date, db)
        }
    }

    private static func keepVersion(of message: ChatMessage, at date: Date, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO chatMessageVersion (messageId, content, replacedAt) VALUES (?, ?, ?)",
                       arguments: [message.id, message.content, date])
    }

    private static func announceChange(of messageId: Int64, at date: Date, _ db: Database) throws -> ChatMessage {
        let changed = try MessengerReading.message(id: messageId, db)!
        try announce(changed, changed: true, at: date, db)
        return changed
    }
}
