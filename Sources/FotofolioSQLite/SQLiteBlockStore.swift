import Foundation
import Fotofolio
import GRDB

/// Blocks in `block` (blocker, blocked, when); who may write is `user.whoMayWrite`.
struct SQLiteBlockStore: BlockStore {
    let database: AppDatabase

    func block(_ blockedId: Int64, by blockerId: Int64, at date: Date) throws {
        try database.write { db in
            guard try User.exists(db, key: blockedId) else { throw SafetyError.unknownPerson }
            try db.execute(sql: "INSERT INTO block (blockerId, blockedId, createdAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           arguments: [blockerId, blockedId, date])
        }
    }

    func unblock(_ blockedId: Int64, by blockerId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM block WHERE blockerId = ? AND blockedId = ?", arguments: [blockerId, blockedId])
        }
    }

    func blockedPeople(by blockerId: Int64) throws -> [BlockedPerson] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT user.*, block.createdAt AS blockedAt FROM block JOIN user ON user.id = block.blockedId
                WHERE block.blockerId = ? ORDER BY block.createdAt DESC, block.blockedId DESC
                """, arguments: [blockerId]).map { row in
                BlockedPerson(user: try User(row: row), blockedAt: row["blockedAt"])
            }
        }
    }

    func blockedIds(by blockerId: Int64) throws -> [Int64] {
        // One statement, on every signed-in feed page: no transaction around it.
        try database.unsafeRead { db in
            try Int64.fetchAll(db.cachedStatement(sql: "SELECT blockedId FROM block WHERE blockerId = ? ORDER BY blockedId"),
                               arguments: [blockerId])
        }
    }

    func contact(from senderId: Int64, to targetId: Int64) throws -> (facts: ContactFacts, hasDirectRoom: Bool) {
        try database.read { db in
            let facts = try Self.facts(from: senderId, to: targetId, db)
            let key = "\(min(senderId, targetId)):\(max(senderId, targetId))"
            let hasRoom = try ChatRoom.filter(ChatRoom.Columns.directKey == key).fetchCount(db) > 0
            return (facts, hasRoom)
        }
    }

    /// What `ContactRules` decides on, read in the caller's transaction; `.unknownUser` when
    /// either person does not exist.
    static func facts(from senderId: Int64, to targetId: Int64, _ db: Database) throws -> ContactFacts {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT target.whoMayWrite AS policy, sender.role AS senderRole,
                   EXISTS (SELECT 1 FROM block WHERE blockerId = sender.id AND blockedId = target.id) AS blockedBySender,
                   EXISTS (SELECT 1 FROM block WHERE blockerId = target.id AND blockedId = sender.id) AS blockedByTarget,
                   EXISTS (SELECT 1 FROM chatMember mine JOIN chatMessage written ON written.roomId = mine.roomId
                           WHERE mine.userId = sender.id AND written.authorId = target.id) AS known
            FROM user AS sender, user AS target WHERE sender.id = ? AND target.id = ?
            """), arguments: [senderId, targetId]) else { throw MessengerError.unknownUser }
        guard let policy = WritePolicy(rawValue: row["policy"]), let role = User.Role(rawValue: row["senderRole"]) else {
            throw MessengerError.unknownUser
        }
        return ContactFacts(blockedBySender: row["blockedBySender"], blockedByTarget: row["blockedByTarget"],
                            targetPolicy: policy, senderRole: role, known: row["known"])
    }
}
