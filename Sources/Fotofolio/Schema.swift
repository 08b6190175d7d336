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
        migrator.registerMigration("v3 photos and portfolios") { db in
            try createPhotos(db)
            try createPortfolios(db)
            try db.alter(table: "user") { table in
                table.add(column: "avatarPhotoId", .integer).references("photo", onDelete: .setNull)
            }
        }
        return migrator
    }

    /// A processed upload: the kept original, the variants served, and how it was shot.
    /// Owned by a person; a portfolio or an avatar uses it.
    private static func createPhotos(_ db: Database) throws {
        try db.create(table: "photo") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("ownerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("originalFile", .text).notNull()
            table.column("format", .text).notNull()
            table.column("width", .integer).notNull()
            table.column("height", .integer).notNull()
            table.column("byteCount", .integer).notNull()
            table.column("placeholderColor", .text).notNull()
            table.column("cropCenterX", .double).notNull()
            table.column("cropCenterY", .double).notNull()
            table.column("cropZoom", .double).notNull()
            table.column("variants", .jsonText).notNull()
            table.column("shot", .jsonText).notNull()
            table.column("credit", .text)
            table.column("licence", .text)
            table.column("licenceURL", .text)
            table.column("createdAt", .datetime).notNull()
        }
    }

    private static func createPortfolios(_ db: Database) throws {
        try db.create(table: "portfolio") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("ownerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("name", .text).notNull()
            table.column("description", .text).notNull()
            table.column("hidesShotDetails", .boolean).notNull().defaults(to: false)
            table.column("coverPhotoId", .integer).references("photo", onDelete: .setNull)
            table.column("createdAt", .datetime).notNull().indexed()
            table.column("updatedAt", .datetime).notNull()
        }
        try db.create(table: "portfolioPhoto") { table in
            table.column("portfolioId", .integer).notNull().references("portfolio", onDelete: .cascade)
            table.column("photoId", .integer).notNull().unique().references("photo", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("altText", .text).notNull()
            table.primaryKey(["portfolioId", "photoId"])
        }
        try db.create(table: "portfolioTag") { table in
            table.column("portfolioId", .integer).notNull().references("portfolio", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("label", .text).notNull()
            // Lower case without diacritics: "portret" finds "Portrét".
            table.column("folded", .text).notNull().indexed()
            table.primaryKey(["portfolioId", "folded"])
        }
    }
}
