import Foundation
import Fotofolio
import Postgres

/// Blocks in `block` (blocker, blocked, when); who may write is `account.who_may_write`.
struct PostgresBlockStore: BlockStore {
    let pool: PostgresPool

    func block(_ blockedId: Int64, by blockerId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            guard try !connection.query("SELECT 1 FROM account WHERE id = $1", [blockedId]).isEmpty else {
                throw SafetyError.unknownPerson
            }
            try connection.query("""
                INSERT INTO block (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
                """, [blockerId, blockedId, date.stored])
        }
    }

    func unblock(_ blockedId: Int64, by blockerId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM block WHERE blocker_id = $1 AND blocked_id = $2", [blockerId, blockedId])
        }
    }

    func blockedPeople(by blockerId: Int64) throws -> [BlockedPerson] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT \(AccountColumns.columns.all(of: "account")), block.created_at AS blocked_at
                FROM block JOIN account ON account.id = block.blocked_id
                WHERE block.blocker_id = $1 ORDER BY block.created_at DESC, block.blocked_id DESC
                """, [blockerId]).map { row in
                BlockedPerson(user: try row.record(User.self), blockedAt: try row.decode("blocked_at", as: Date.self))
            }
        }
    }

    func blockedIds(by blockerId: Int64) throws -> [Int64] {
        try pool.withConnection { connection in
            try connection.query("SELECT blocked_id FROM block WHERE blocker_id = $1 ORDER BY blocked_id", [blockerId])
                .map { try $0.decode(0, as: Int64.self) }
        }
    }

    func contact(from senderId: Int64, to targetId: Int64) throws -> (facts: ContactFacts, hasDirectRoom: Bool) {
        try pool.transaction(.repeatableRead) { connection in
            let facts = try Self.facts(from: senderId, to: targetId, connection)
            let key = "\(min(senderId, targetId)):\(max(senderId, targetId))"
            let hasRoom = try !connection.query("SELECT 1 FROM chat_room WHERE direct_key = $1", [key]).isEmpty
            return (facts, hasRoom)
        }
    }

    /// What `ContactRules` decides on, read in the caller's transaction; `.unknownUser` when
    /// either person does not exist.
    static func facts(from senderId: Int64, to targetId: Int64, _ connection: PostgresConnection) throws -> ContactFacts {
        guard let row = try connection.query("""
            SELECT target.who_may_write AS policy, sender.role AS sender_role,
                   EXISTS (SELECT 1 FROM block WHERE blocker_id = sender.id AND blocked_id = target.id) AS blocked_by_sender,
                   EXISTS (SELECT 1 FROM block WHERE blocker_id = target.id AND blocked_id = sender.id) AS blocked_by_target,
                   EXISTS (SELECT 1 FROM chat_message written JOIN chat_member mine ON mine.room_id = written.room_id
                           WHERE written.author_id = target.id AND mine.user_id = sender.id) AS known
            FROM account AS sender, account AS target WHERE sender.id = $1 AND target.id = $2
            """, [senderId, targetId]).first,
            let policy = WritePolicy(rawValue: try row.decode("policy", as: String.self)),
            let role = User.Role(rawValue: try row.decode("sender_role", as: String.self))
        else { throw MessengerError.unknownUser }
        return ContactFacts(blockedBySender: try row.decode("blocked_by_sender"), blockedByTarget: try row.decode("blocked_by_target"),
                            targetPolicy: policy, senderRole: role, known: try row.decode("known"))
    }

    /// A direct room is closed to writing while either of its two people blocks the other.
    static func checkNoBlock(in roomId: Int64, for userId: Int64, _ connection: PostgresConnection) throws {
        let blocker = try connection.query("""
            SELECT block.blocker_id FROM chat_member other
            JOIN block ON (block.blocker_id = other.user_id AND block.blocked_id = $1) OR (block.blocker_id = $1 AND block.blocked_id = other.user_id)
            WHERE other.room_id = $2 AND other.user_id <> $1 LIMIT 1
            """, [userId, roomId]).first?.decode(0, as: Int64.self)
        try ContactRules.checkWriting(blocker: blocker, for: userId)
    }
}
