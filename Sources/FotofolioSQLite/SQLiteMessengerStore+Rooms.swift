import Foundation
import Fotofolio
import GRDB

/// Making rooms and changing who is in them. A direct room's `directKey` ("smallerId:largerId")
/// is unique, so a second one for the same pair cannot be made.
extension SQLiteMessengerStore {
    func directRoom(between userId: Int64, and otherId: Int64, limits: SpamLimits, at date: Date) throws -> ChatRoom {
        let key = "\(min(userId, otherId)):\(max(userId, otherId))"
        let existing = ChatRoom.filter(ChatRoom.Columns.directKey == key)
        do {
            return try database.write { db in try Self.directRoom(between: userId, and: otherId, limits: limits, at: date, db) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // Another writer made the room between our read and our insert: use theirs.
            if let room = try database.read({ db in try existing.fetchOne(db) }) {
                return room
            }
            throw error
        }
    }

    /// The pair's direct room, made in the open transaction when they have none yet.
    /// `invited`: the other asked to be written to (a demand's answer), so only blocks stop it,
    /// not their write policy (`ContactRules.checkInvited`).
    static func directRoom(between userId: Int64, and otherId: Int64, limits: SpamLimits, invited: Bool = false, at date: Date,
                           _ db: Database) throws -> ChatRoom {
        let key = "\(min(userId, otherId)):\(max(userId, otherId))"
        if let room = try ChatRoom.filter(ChatRoom.Columns.directKey == key).fetchOne(db) { return room }
        try requireUsers([userId, otherId], db)
        let facts = try SQLiteBlockStore.facts(from: userId, to: otherId, db)
        if invited { try ContactRules.checkInvited(facts) } else { try ContactRules.checkStart(facts) }
        try checkStarts(by: userId, limits, at: date, db)
        return try insertRoom(.direct, name: nil, directKey: key, by: userId, members: [userId, otherId], at: date, db)
    }

    func createGroup(named name: String, memberIds: [Int64], limits: SpamLimits, at date: Date) throws -> ChatRoom {
        try database.write { db in
            try Self.requireUsers(memberIds, db)
            for memberId in memberIds.dropFirst() {
                try ContactRules.checkStart(SQLiteBlockStore.facts(from: memberIds[0], to: memberId, db))
            }
            try Self.checkStarts(by: memberIds[0], limits, at: date, db)
            return try Self.insertRoom(.group, name: name, directKey: nil, by: memberIds[0], members: memberIds, at: date, db)
        }
    }

    func rename(_ roomId: Int64, to name: String, by userId: Int64, at date: Date) throws {
        try database.write { db in
            var room = try Self.managedGroup(roomId, by: userId, db)
            let name = try MessageText.validatedRoomName(name)
            guard name != room.name else { return }
            try db.execute(sql: "UPDATE chatRoom SET name = ? WHERE id = ?", arguments: [name, roomId])
            room.name = name
            try Self.announce(room, at: date, db)
        }
    }

    func addMember(_ memberId: Int64, to roomId: Int64, by userId: Int64, at date: Date) throws {
        try database.write { db in
            let room = try Self.managedGroup(roomId, by: userId, db)
            try Self.requireUsers([memberId], db)
            guard try !MessengerReading.isMember(memberId, of: roomId, db) else { throw MessengerError.alreadyAMember }
            try ContactRules.checkStart(SQLiteBlockStore.facts(from: userId, to: memberId, db))
            try db.execute(sql: """
                INSERT INTO chatMember (roomId, userId, joinedAt, lastReadMessageId)
                VALUES (?1, ?2, ?3, (SELECT MAX(id) FROM chatMessage WHERE roomId = ?1))
                """, arguments: [roomId, memberId, date])
            try Self.announce(room, at: date, db)
        }
    }

    func removeMember(_ memberId: Int64, from roomId: Int64, by userId: Int64, at date: Date) throws {
        try database.write { db in
            let room = try MessengerReading.room(roomId, memberOf: userId, db)
            try RoomRules.checkRemoving(memberId, from: room, by: userId)
            guard try MessengerReading.isMember(memberId, of: roomId, db) else { return }
            let memberCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chatMember WHERE roomId = ?", arguments: [roomId]) ?? 0
            try RoomRules.checkRemoving(fromMembers: memberCount)
            try db.execute(sql: "DELETE FROM chatMember WHERE roomId = ? AND userId = ?", arguments: [roomId, memberId])
            try Self.announce(room, at: date, db)
            // The removed person no longer receives the room's events: tell them directly.
            let usernames = try Self.memberUsernames(of: roomId, db)
            try SQLiteLiveEventStore.append(
                .room, roomId: roomId, for: memberId,
                payload: MessageEnvelope.room(room, memberUsernames: usernames, removed: true), at: date, db)
        }
    }

    /// The group, when `userId` is in it and created it; otherwise why they may not change it.
    private static func managedGroup(_ roomId: Int64, by userId: Int64, _ db: Database) throws -> ChatRoom {
        let room = try MessengerReading.room(roomId, memberOf: userId, db)
        try RoomRules.checkManaging(room, by: userId)
        return room
    }

    /// A new account's conversations started in the last day, against the limits.
    private static func checkStarts(by userId: Int64, _ limits: SpamLimits, at date: Date, _ db: Database) throws {
        guard let createdAt = try Date.fetchOne(db, sql: "SELECT createdAt FROM user WHERE id = ?", arguments: [userId]),
              limits.isNew(createdAt: createdAt, at: date) else { return }
        let started = try Date.fetchAll(db, sql: """
            SELECT createdAt FROM chatRoom WHERE createdBy = ? AND createdAt > ? ORDER BY createdAt
            """, arguments: [userId, limits.startsCounted(at: date)])
        try limits.checkStart(accountCreatedAt: createdAt, started: started, at: date)
    }

    private static func requireUsers(_ userIds: [Int64], _ db: Database) throws {
        let found = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id IN (SELECT value FROM json_each(?))",
                                     arguments: [String(describing: Array(Set(userIds)))]) ?? 0
        guard found == Set(userIds).count else { throw MessengerError.unknownUser }
    }

    private static func insertRoom(
        _ kind: ChatRoom.Kind, name: String?, directKey: String?, by creatorId: Int64, members: [Int64], at date: Date, _ db: Database
    ) throws -> ChatRoom {
        try db.execute(sql: """
            INSERT INTO chatRoom (kind, name, createdBy, createdAt, directKey) VALUES (?, ?, ?, ?, ?)
            """, arguments: [kind.rawValue, name, creatorId, date, directKey])
        let room = try MessengerReading.room(db.lastInsertedRowID, db)
        for memberId in members {
            try db.execute(sql: "INSERT INTO chatMember (roomId, userId, joinedAt) VALUES (?, ?, ?)",
                           arguments: [room.id, memberId, date])
        }
        try announce(room, at: date, db)
        return room
    }

    /// A room event for its current members, and its outbox entry for MQTT-native clients.
    private static func announce(_ room: ChatRoom, at date: Date, _ db: Database) throws {
        let payload = MessageEnvelope.room(room, memberUsernames: try memberUsernames(of: room.id, db))
        try SQLiteLiveEventStore.append(.room, roomId: room.id, payload: payload, at: date, db)
        try SQLiteOutboxStore.enqueue(topic: Outbox.eventTopic(of: room.id), payload: payload, at: date, db)
    }

    private static func memberUsernames(of roomId: Int64, _ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT user.username FROM chatMember JOIN user ON user.id = chatMember.userId
            WHERE chatMember.roomId = ? ORDER BY chatMember.joinedAt, chatMember.rowid
            """, arguments: [roomId])
    }
}
