import GRDB

extension Schema {
    /// People's own MQTT clients (`MQTTAccount`): gone with their person.
    static func createMQTTAccounts(_ db: Database) throws {
        try db.create(table: "mqttAccount") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("userId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("label", .text).notNull()
            table.column("brokerUsername", .text).notNull().unique()
            table.column("mosquittoHash", .text).notNull()
            table.column("rabbitHash", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("lastUsedAt", .datetime)
        }
    }
}
