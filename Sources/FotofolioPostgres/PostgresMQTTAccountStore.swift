import Foundation
import Fotofolio
import Postgres

/// People's MQTT accounts in `mqtt_account`.
struct PostgresMQTTAccountStore: MQTTAccountStore {
    let pool: PostgresPool

    private static let columns = "id, user_id, label, broker_username, mosquitto_hash, rabbit_hash, created_at, last_used_at"

    private static func account(_ row: PostgresRow) throws -> MQTTAccount {
        MQTTAccount(id: try row.decode(0), userId: try row.decode(1), label: try row.decode(2), brokerUsername: try row.decode(3),
                    mosquittoHash: try row.decode(4), rabbitHash: try row.decode(5), createdAt: try row.decode(6),
                    lastUsedAt: try row.decodeIfPresent(7))
    }

    func add(_ account: NewMQTTAccount, for userId: Int64, at date: Date) throws -> MQTTAccount {
        try pool.transaction { connection in
            // The person's row locked: two requests at once count one after the other.
            try connection.query("SELECT 1 FROM account WHERE id = $1 FOR UPDATE", [userId])
            let held = try connection.query("SELECT count(*) FROM mqtt_account WHERE user_id = $1", [userId])[0].decode(0, as: Int64.self)
            guard held < MQTTAccountRules.perPerson else { throw MQTTAccountError.tooMany(limit: MQTTAccountRules.perPerson) }
            return try Self.account(try connection.query("""
                INSERT INTO mqtt_account (user_id, label, broker_username, mosquitto_hash, rabbit_hash, created_at)
                VALUES ($1, $2, $3, $4, $5, $6) RETURNING \(Self.columns)
                """, [userId, account.label, account.brokerUsername, account.mosquittoHash, account.rabbitHash, date.stored])[0])
        }
    }

    func accounts(of userId: Int64) throws -> [MQTTAccount] {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.columns) FROM mqtt_account WHERE user_id = $1 ORDER BY created_at DESC, id DESC",
                                 [userId]).map(Self.account)
        }
    }

    func remove(_ id: Int64, of userId: Int64) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM mqtt_account WHERE id = $1 AND user_id = $2", [id, userId]).affected > 0
        }
    }

    func account(brokerUsername: String) throws -> MQTTAccount? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.columns) FROM mqtt_account WHERE broker_username = $1", [brokerUsername])
                .first.map(Self.account)
        }
    }

    func markUsed(_ id: Int64, at date: Date) throws {
        try pool.withConnection { connection in
            try connection.query("UPDATE mqtt_account SET last_used_at = $1 WHERE id = $2", [date.stored, id])
        }
    }

    func grants(at date: Date) throws -> [BrokerGrant] {
        try pool.withConnection { connection in
            var grants: [BrokerGrant] = []
            for row in try connection.query("""
                SELECT a.broker_username, a.mosquitto_hash, a.rabbit_hash, m.room_id FROM mqtt_account a
                LEFT JOIN chat_member m ON m.user_id = a.user_id
                WHERE NOT EXISTS (SELECT 1 FROM suspension s WHERE s.user_id = a.user_id AND (s.until IS NULL OR s.until > $1))
                ORDER BY a.broker_username, m.room_id
                """, [date.stored]) {
                let name: String = try row.decode(0)
                if grants.last?.brokerUsername != name {
                    grants.append(BrokerGrant(brokerUsername: name, mosquittoHash: try row.decode(1), rabbitHash: try row.decode(2), rooms: []))
                }
                if let room: Int64 = try row.decodeIfPresent(3) { grants[grants.count - 1].rooms.append(room) }
            }
            return grants
        }
    }
}
