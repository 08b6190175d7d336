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
        return migrator
    }
}
