import GRDB

extension Schema {
    /// Push subscriptions, the push outbox, the site's VAPID key, and which people hold a
    /// live stream on which node.
    static func createPush(_ db: Database) throws {
        try db.create(table: "pushSubscription") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("userId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("endpoint", .text).notNull().unique()
            table.column("p256dh", .text).notNull()
            table.column("auth", .text).notNull()
            table.column("userAgent", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("lastUsedAt", .datetime)
        }
        try createPushOutbox(kinds: ["message", "gallery", "read"], db)
        try indexPushOutbox(db)
        try db.create(table: "pushKey") { table in
            table.primaryKey("id", .integer).check { $0 == 1 }
            table.column("privateKey", .blob).notNull()
        }
        try db.create(table: "livePresence") { table in
            table.column("userId", .integer).notNull()
            table.column("node", .text).notNull()
            table.column("seenAt", .datetime).notNull()
            table.primaryKey(["userId", "node"])
        }
        try db.create(index: "livePresence_byNode", on: "livePresence", columns: ["node"])
    }

    /// The push outbox, its pushes of `kinds`.
    static func createPushOutbox(named name: String = "push", kinds: [String], _ db: Database) throws {
        try db.create(table: name) { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("key", .text).notNull().unique()
            table.column("subscriptionId", .integer).notNull().references("pushSubscription", onDelete: .cascade)
            table.column("recipientId", .integer).notNull()
            table.column("kind", .text).notNull().check { kinds.contains($0) }
            table.column("roomId", .integer)
            // The message a message push tells of: a read up to it skips the push.
            table.column("messageId", .integer)
            table.column("content", .text).notNull()
            table.column("state", .text).notNull().check { ["pending", "sent", "failed", "skipped"].contains($0) }
            table.column("reason", .text)
            table.column("createdAt", .datetime).notNull()
            table.column("dueAt", .datetime).notNull()
            table.column("attempts", .integer).notNull().defaults(to: 0)
            table.column("lastError", .text)
            table.column("sentAt", .datetime)
        }
    }

    /// The indexes of the push outbox the sender and reads use.
    static func indexPushOutbox(_ db: Database) throws {
        // What the sender reads: pending pushes by when they are due.
        try db.execute(sql: "CREATE INDEX push_due ON push (dueAt) WHERE state = 'pending'")
        // What a read looks at: a device's pushes of a room.
        try db.execute(sql: "CREATE INDEX push_bySubscriptionRoom ON push (subscriptionId, roomId, kind, id)")
        try db.execute(sql: "CREATE INDEX push_pendingByRecipientRoom ON push (recipientId, roomId) WHERE state = 'pending'")
    }

    /// The push outbox again with `demand` among its kinds (SQLite changes no check in place),
    /// its rows kept.
    static func allowDemandPushes(_ db: Database) throws {
        try createPushOutbox(named: "newPush", kinds: ["message", "gallery", "read", "demand"], db)
        try db.execute(sql: "INSERT INTO newPush SELECT * FROM push")
        try db.drop(table: "push")
        try db.rename(table: "newPush", to: "push")
        try indexPushOutbox(db)
    }
}
