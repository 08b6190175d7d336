import GRDB

extension Schema {
    /// "Seen" (`ReadReceipts`): each person's choice, when each member read as far as their
    /// marker (members who read before it was kept have none until they read again), and
    /// the live log's `seen` events.
    static func createSeen(_ db: Database) throws {
        try db.alter(table: "user") { table in table.add(column: "sharesSeen", .boolean).notNull().defaults(to: true) }
        try db.alter(table: "chatMember") { table in table.add(column: "lastReadAt", .datetime) }
        try allowLiveEvents(of: ["message", "read", "room", "gallery", "seen"], db)
    }
}
