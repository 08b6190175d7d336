import Fotofolio
import GRDB

extension Schema {
    /// Proofing galleries, their photos with watermarked previews, and the client's picks;
    /// and `gallery` events in the live log.
    static func createGalleries(_ db: Database) throws {
        try db.create(table: "gallery") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("photographerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("clientId", .integer).indexed().references("user", onDelete: .setNull)
            table.column("title", .text).notNull()
            table.column("message", .text).notNull()
            table.column("pickLimit", .integer)
            table.column("token", .text).notNull().unique()
            table.column("createdAt", .datetime).notNull()
            table.column("submittedAt", .datetime)
            table.column("deliveredAt", .datetime)
            table.column("downloadCount", .integer).notNull().defaults(to: 0)
        }
        try db.create(table: "galleryPhoto") { table in
            table.column("galleryId", .integer).notNull().references("gallery", onDelete: .cascade)
            // A photo is in one gallery at most.
            table.column("photoId", .integer).notNull().unique().references("photo", onDelete: .cascade)
            table.column("position", .integer).notNull()
            table.column("fileName", .text).notNull()
            // The watermarked variants, as `photo.variants` holds the plain ones.
            table.column("previews", .text).notNull()
            table.primaryKey(["galleryId", "position"])
        }
        try db.create(table: "galleryPick") { table in
            table.column("galleryId", .integer).notNull().references("gallery", onDelete: .cascade)
            table.column("photoId", .integer).notNull().references("photo", onDelete: .cascade)
            table.column("comment", .text).notNull()
            table.column("pickedAt", .datetime).notNull()
            table.primaryKey(["galleryId", "photoId"])
        }
        try allowLiveEvents(of: ["message", "read", "room", "gallery"], db)
    }

    /// The live log's check of kinds, widened to `kinds`: SQLite changes a check only by
    /// building the table again. Sequences are copied as they are, so the autoincrement goes
    /// on from the newest (which pruning always keeps).
    static func allowLiveEvents(of kinds: [String], _ db: Database) throws {
        try db.create(table: "liveEvent_new") { table in
            table.autoIncrementedPrimaryKey("sequence")
            table.column("kind", .text).notNull().check { kinds.contains($0) }
            table.column("roomId", .integer).notNull()
            table.column("userId", .integer)
            table.column("payload", .text).notNull()
            table.column("createdAt", .datetime).notNull()
        }
        try db.execute(sql: """
            INSERT INTO liveEvent_new (sequence, kind, roomId, userId, payload, createdAt)
            SELECT sequence, kind, roomId, userId, payload, createdAt FROM liveEvent
            """)
        try db.drop(table: "liveEvent")
        try db.rename(table: "liveEvent_new", to: "liveEvent")
        try db.create(index: "liveEvent_on_userId", on: "liveEvent", columns: ["userId"])
        try db.create(index: "liveEvent_inRoom", on: "liveEvent", columns: ["roomId", "sequence"])
    }
}
