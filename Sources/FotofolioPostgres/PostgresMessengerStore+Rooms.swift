import Foundation
import Fotofolio
import Postgres

/// Making rooms and changing who is in them. A direct room's `direct_key`
/// ("smallerId:largerId") is unique, so a second one for the same pair cannot be made.
extension PostgresMessengerStore {
    func directRoom(between userId: Int64, and otherId: Int64, limits: SpamLimits, at date: Date) throws -> ChatRoom {
        let key = "\(min(userId, otherId)):\(max(userId, otherId))"
        do {
            return try pool.transaction { connection in
                try Self.directRoom(between: userId, and: otherId, limits: limits, at: date, connection).room
            }
        } catch let error as PostgresError where error.isUniqueViolation && error.constraint == "chat_room_direct_key_key" {
            // Another writer made the room between our read and our insert: use theirs.
            if let room = try pool.withConnection({ connection in try Self.directRoom(key, connection) }) { return room }
            throw error
        }
    }

    /// The pair's direct room, made in the open transaction when they have none yet (then
    /// `isNew`, its room event appended). Another writer making it at the same moment ends
    /// the transaction with a unique violation of `chat_room_direct_key_key`. `invited`: the
    /// other asked to be written to (a demand's answer), so only blocks stop it, not their
    /// write policy (`ContactRules.checkInvited`).
    static func directRoom(between userId: Int64, and otherId: Int64, limits: SpamLimits, invited: Bool = false, at date: Date,
                           _ connection: PostgresConnection) throws -> (room: ChatRoom, isNew: Bool) {
        let key = "\(min(userId, otherId)):\(max(userId, otherId))"
        if let room = try directRoom(key, connection) { return (room, false) }
        try requireUsers([userId, otherId], connection)
        let facts = try PostgresBlockStore.facts(from: userId, to: otherId, connection)
        if invited { try ContactRules.checkInvited(facts) } else { try ContactRules.checkStart(facts) }
        try checkStarts(by: userId, limits, at: date, connection)
        let room = try insertRoom(.direct, name: nil, directKey: key, by: userId, members: [userId, otherId], at: date, connection)
        return (room, true)
    }

    func createGroup(named name: String, memberIds: [Int64], limits: SpamLimits, at date: Date) throws -> ChatRoom {
        try pool.transaction { connection in
            try Self.requireUsers(memberIds, connection)
            for memberId in memberIds.dropFirst() {
                try ContactRules.checkStart(PostgresBlockStore.facts(from: memberIds[0], to: memberId, connection))
            }
            try Self.checkStarts(by: memberIds[0], limits, at: date, connection)
            return try Self.insertRoom(.group, name: name, directKey: nil, by: memberIds[0], members: memberIds, at: date, connection)
        }
    }

    func rename(_ roomId: Int64, to name: String, by userId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            var room = try Self.managedGroup(roomId, by: userId, connection)
            let name = try MessageText.validatedRoomName(name)
            guard name != room.name else { return }
            try connection.query("UPDATE chat_room SET name = $1 WHERE id = $2", [name, roomId])
            room.name = name
            try Self.announce(room, at: date, connection)
        }
    }

    func addMember(_ memberId: Int64, to roomId: Int64, by userId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            let room = try Self.managedGroup(roomId, by: userId, connection)
            try Self.requireUsers([memberId], connection)
            guard try !PostgresMessengerReading.isMember(memberId, of: roomId, connection) else { throw MessengerError.alreadyAMember }
            try ContactRules.checkStart(PostgresBlockStore.facts(from: userId, to: memberId, connection))
            // After everyone already in, even when they joined in the same millisecond.
            try connection.query("""
                INSERT INTO chat_member (room_id, user_id, joined_at, last_read_message_id)
                VALUES ($1, $2, greatest($3::timestamptz,
                                         (SELECT max(joined_at) + interval '1 microsecond' FROM chat_member WHERE room_id = $1)),
                        (SELECT max(id) FROM chat_message WHERE room_id = $1))
                """, [roomId, memberId, date.stored])
            try Self.announce(room, at: date, connection)
        }
    }

    func removeMember(_ memberId: Int64, from roomId: Int64, by userId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            let room = try PostgresMessengerReading.room(roomId, memberOf: userId, locking: true, connection)
            try RoomRules.checkRemoving(memberId, from: room, by: userId)
            guard try PostgresMessengerReading.isMember(memberId, of: roomId, connection) else { return }
            let memberCount = try connection.query("SELECT count(*) FROM chat_member WHERE room_id = $1", [roomId])[0]
                .decode(0, as: Int.self)
            try RoomRules.checkRemoving(fromMembers: memberCount)
            try connection.query("DELETE FROM chat_member WHERE room_id = $1 AND user_id = $2", [roomId, memberId])
            try Self.announce(room, at: date, connection)
            // The removed person no longer receives the room's events: tell them directly.
            let usernames = try PostgresMessengerReading.memberUsernames(of: roomId, connection)
            try PostgresLiveEventLog.append(
                .room, roomId: roomId, for: memberId,
                payload: MessageEnvelope.room(room, memberUsernames: usernames, removed: true), at: date.stored, connection)
        }
    }

    private static func directRoom(_ key: String, _ connection: PostgresConnection) throws -> ChatRoom? {
        try connection.query("SELECT id, kind, name, created_by, created_at FROM chat_room WHERE direct_key = $1", [key])
            .first.map(PostgresMessengerReading.room)
    }

    /// The group, locked, when `userId` is in it and created it; otherwise why they may not change it.
    private static func managedGroup(_ roomId: Int64, by userId: Int64, _ connection: PostgresConnection) throws -> ChatRoom {
        let room = try PostgresMessengerReading.room(roomId, memberOf: userId, locking: true, connection)
        try RoomRules.checkManaging(room, by: userId)
        return room
    }

    /// A new account's conversations started in the last day, against the limits. The
    /// account's row is locked (in a mode that does not wait for the key-share locks others
    /// take on it), so two nodes starting its conversations at once count one after the other.
    private static func checkStarts(by userId: Int64, _ limits: SpamLimits, at date: Date, _ connection: PostgresConnection) throws {
        guard let createdAt = try connection.query("SELECT created_at FROM account WHERE id = $1 FOR NO KEY UPDATE", [userId]).first?
                .decode(0, as: Date.self),
              limits.isNew(createdAt: createdAt, at: date) else { return }
        let started = try connection.query("""
            SELECT created_at FROM chat_room WHERE created_by = $1 AND created_at > $2 ORDER BY created_at
            """, [userId, limits.startsCounted(at: date).stored]).map { try $0.decode(0, as: Date.self) }
        try limits.checkStart(accountCreatedAt: createdAt, started: started, at: date)
    }

    /// Each of the people exists, and stays until the transaction ends.
    private static func requireUsers(_ userIds: [Int64], _ connection: PostgresConnection) throws {
        let unique = Set(userIds)
        let found = try connection.query("SELECT id FROM account WHERE id = ANY($1::bigint[]) FOR KEY SHARE", [IdList(unique)]).count
        guard found == unique.count else { throw MessengerError.unknownUser }
    }

    /// A new room and its members, who join a microsecond apart in the order given.
    private static func insertRoom(
        _ kind: ChatRoom.Kind, name: String?, directKey: String?, by creatorId: Int64, members: [Int64], at date: Date,
        _ connection: PostgresConnection
    ) throws -> ChatRoom {
        let room = try PostgresMessengerReading.room(connection.query("""
            INSERT INTO chat_room (kind, name, created_by, created_at, direct_key) VALUES ($1, $2, $3, $4, $5)
            RETURNING id, kind, name, created_by, created_at
            """, [kind.rawValue, name, creatorId, date.stored, directKey])[0])
        for (position, memberId) in members.enumerated() {
            try connection.query("""
                INSERT INTO chat_member (room_id, user_id, joined_at) VALUES ($1, $2, $3::timestamptz + $4 * interval '1 microsecond')
                """, [room.id, memberId, date.stored, position])
        }
        try announce(room, at: date, connection)
        return room
    }

    /// A room event for its current members, and its outbox entry for MQTT-native clients.
    private static func announce(_ room: ChatRoom, at date: Date, _ connection: PostgresConnection) throws {
        let payload = MessageEnvelope.room(room, memberUsernames: try PostgresMessengerReading.memberUsernames(of: room.id, connection))
        try PostgresLiveEventLog.append(.room, roomId: room.id, payload: payload, at: date.stored, connection)
        try PostgresOutbox.enqueue(topic: Outbox.eventTopic(of: room.id), payload: payload, at: date.stored, connection)
    }
}
