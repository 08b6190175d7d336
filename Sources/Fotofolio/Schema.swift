import GRDB

/// The database schema as a sequence of versioned migrations. Never edit a migration that
/// has shipped; add a new one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 server instance") { db in
            // One row per server start, so operators can see restarts and versions over time.
            try db.create(table: "serverStart") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("startedAt", .datetime).notNull()
                table.column("version", .text).notNull()
            }
        }
        migrator.registerMigration("v2 accounts") { db in
            try db.create(table: "user") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("username", .text).notNull().unique()
                table.column("fullName", .text).notNull()
                table.column("email", .text).notNull().collate(.nocase).unique()
                table.column("emailConfirmedAt", .datetime)
                table.column("location", .text).notNull()
                table.column("role", .text).notNull().check { ["client", "creator"].contains($0) }
                table.column("bio", .text)
                table.column("yearsOfExperience", .integer)
                table.column("hourlyRate", .integer)
                table.column("priceByAgreement", .boolean).notNull().defaults(to: false)
                table.column("passwordHash", .text).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "session") { table in
                table.primaryKey("tokenHash", .text)
                table.column("userId", .integer).notNull().indexed().references("user", onDelete: .cascade)
                table.column("csrfToken", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "emailConfirmation") { table in
                table.primaryKey("tokenHash", .text)
                table.column("userId", .integer).notNull().indexed().references("user", onDelete: .cascade)
                table.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "loginThrottle") { table in
                table.primaryKey("key", .text)
                table.column("failures", .integer).notNull()
                table.column("windowStartedAt", .datetime).notNull()
            }
        }
        return migrator
    }
}
