import Foundation
import Fotofolio
import GRDB

/// People's MQTT accounts in `mqttAccount`.
struct SQLiteMQTTAccountStore: MQTTAccountStore {
    let database: AppDatabase

    private static let columns = "id, userId, label, brokerUsername, mosquittoHash, rabbitHash, createdAt, lastUsedAt"

    private static func account(_ row: Row) -> MQTTAccount {
        MQTTAccount(id: row[0], userId: row[1], label: row[2], brokerUsername: row[3], mosquittoHash: row[4],
                    rabbitHash: row[5], createdAt: row[6], lastUsedAt: row[7])
    }

    func add(_ account: NewMQTTAccount, for userId: Int64, at date: Date) throws -> MQTTAccount {
        try database.write { db in
            let held = try Int.fetchOne(db, sql: "SELECT count(*) FROM mqttAccount WHERE userId = ?", arguments: [userId]) ?? 0
            guard held < MQTTAccountRules.perPerson else { throw MQTTAccountError.tooMany(limit: MQTTAccountRules.perPerson) }
            try db.execute(sql: """
                INSERT INTO mqttAccount (userId, label, brokerUsername, mosquittoHash, rabbitHash, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [userId, account.label, account.brokerUsername, account.mosquittoHash, account.rabbitHash, date])
            // Read back: the time as stored, to the millisecond.
            return try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM mqttAccount WHERE id = ?",
                                    arguments: [db.lastInsertedRowID]).map(Self.account)!
        }
    }

    func accounts(of userId: Int64) throws -> [MQTTAccount] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM mqttAccount WHERE userId = ? ORDER BY createdAt DESC, id DESC",
                             arguments: [userId]).map(Self.account)
        }
    }

    func remove(_ id: Int64, of userId: Int64) throws -> Bool {
        try database.write { db in
            try db.execute(sql: "DELETE FROM mqttAccount WHERE id = ? AND userId = ?", arguments: [id, userId])
            return db.changesCount > 0
        }
    }

    func account(brokerUsername: String) throws -> MQTTAccount? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM mqttAccount WHERE brokerUsername = ?",
                             arguments: [brokerUsername]).map(Self.account)
        }
    }

    func markUsed(_ id: Int64, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE mqttAccount SET lastUsedAt = ? WHERE id = ?", arguments: [date, id])
        }
    }

    func grants(at date: Date) throws -> [BrokerGrant] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT a.brokerUsername, a.mosquittoHash, a.rabbitHash, m.roomId FROM mqttAccount a
                LEFT JOIN chatMember m ON m.userId = a.userId
                WHERE NOT EXISTS (SELECT 1 FROM suspension s WHERE s.userId = a.userId AND (s.until IS NULL OR s.until > ?))
                ORDER BY a.brokerUsername, m.roomId
                """, arguments: [date])
            var grants: [BrokerGrant] = []
            for row in rows {
                let name: String = row[0]
                if grants.last?.brokerUsername != name {
                    grants.append(BrokerGrant(brokerUsername: name, mosquittoHash: row[1], rabbitHash: row[2], rooms: []))
                }
                if let room = row[3] as Int64? { grants[grants.count - 1].rooms.append(room) }
            }
            return grants
        }
    }
}
