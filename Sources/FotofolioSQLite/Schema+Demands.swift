import GRDB

extension Schema {
    /// Demands: what a client needs, posted for matching photographers to answer. Days are
    /// `yyyy-mm-dd` text; a demand's state is derived from its dates and these columns.
    static func createDemands(_ db: Database) throws {
        try db.create(table: "demand") { table in
            table.autoIncrementedPrimaryKey("id")
            // The form's: sent twice, it posts once.
            table.column("uuid", .text).notNull().unique()
            table.column("clientId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("firstDay", .text).notNull()
            table.column("lastDay", .text).notNull()
            table.column("town", .text).notNull()
            // The town folded as tags are, compared with a photographer's.
            table.column("townKey", .text).notNull()
            table.column("hours", .integer).notNull()
            table.column("budget", .integer).notNull()
            table.column("description", .text).notNull()
            table.column("openUntil", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("editedAt", .datetime)
            table.column("closedAt", .datetime)
            table.column("bookingId", .integer).references("booking", onDelete: .setNull)
            table.column("hiddenAt", .datetime)
        }
        // The client's list, and how many they posted in the last day.
        try db.create(index: "demand_byClient", on: "demand", columns: ["clientId", "createdAt"])
        // Matching walks only the open ones, the newest first.
        try db.execute(sql: """
            CREATE INDEX demand_open ON demand (createdAt, id)
                WHERE closedAt IS NULL AND bookingId IS NULL AND hiddenAt IS NULL
            """)
        try db.create(table: "demandTag") { table in
            table.column("demandId", .integer).notNull().references("demand", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("label", .text).notNull()
            table.column("folded", .text).notNull()
            table.primaryKey(["demandId", "folded"])
        }
        // Demands a photographer no longer wants in their feed.
        try db.create(table: "demandHidden") { table in
            table.column("userId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("demandId", .integer).notNull().references("demand", onDelete: .cascade)
            table.column("hiddenAt", .datetime).notNull()
            table.primaryKey(["userId", "demandId"])
        }
        // Photographers who take demands from anywhere, not only their town.
        try db.create(table: "demandReach") { table in
            table.primaryKey("userId", .integer).references("user", onDelete: .cascade)
        }
        try db.alter(table: "shootRequest") { table in
            table.add(column: "demandId", .integer).references("demand", onDelete: .setNull)
            table.add(column: "withdrawnAt", .datetime)
        }
        // Photographers report a demand they are shown.
        try widenReportKinds(to: ["profile", "portfolio", "photo", "message", "rating", "demand"], db)
        // A new demand is pushed to the devices of the photographers it matches.
        try allowDemandPushes(db)
        // A new demand is told to the open pages of the photographers it matches.
        try allowLiveEvents(of: ["message", "read", "room", "gallery", "seen", "demand"], db)
        // One answer per photographer and demand.
        try db.execute(sql: """
            CREATE UNIQUE INDEX shootRequest_byDemand ON shootRequest (demandId, photographerId) WHERE demandId IS NOT NULL
            """)
    }

    /// A demand's reference photos (`DemandPhoto`), in the client's order. Each row names its
    /// photo record, which keeps the files from `UnusedPhotos` and counts their bytes to the
    /// client, and the two files the demand shows.
    static func createDemandPhotos(_ db: Database) throws {
        try db.create(table: "demandPhoto") { table in
            table.column("demandId", .integer).notNull().references("demand", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("photoId", .integer).notNull().indexed().references("photo", onDelete: .cascade)
            table.column("file", .text).notNull()
            table.column("width", .integer).notNull()
            table.column("height", .integer).notNull()
            table.column("thumbnailFile", .text).notNull()
            table.column("thumbnailWidth", .integer).notNull()
            table.column("thumbnailHeight", .integer).notNull()
            table.primaryKey(["demandId", "position"])
        }
    }
}
