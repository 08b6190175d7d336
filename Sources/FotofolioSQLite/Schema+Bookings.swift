import Fotofolio
import GRDB

extension Schema {
    /// Shoots from request to booking, busy days, calendar feed tokens; the card a message
    /// shows; and what each rating rests on.
    static func createBookings(_ db: Database) throws {
        try db.create(table: "shootRequest") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("roomId", .integer).notNull().indexed().references("chatRoom", onDelete: .cascade)
            table.column("clientId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("photographerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("kind", .text).notNull()
            table.column("firstDay", .text).notNull()
            table.column("lastDay", .text).notNull()
            table.column("town", .text).notNull()
            table.column("hours", .integer).notNull()
            table.column("budget", .integer).notNull()
            table.column("message", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("declineReason", .text)
            table.column("declinedAt", .datetime)
        }
        try db.create(table: "shootOffer") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("requestId", .integer).notNull().indexed().references("shootRequest", onDelete: .cascade)
            table.column("day", .text).notNull()
            table.column("startMinutes", .integer).notNull()
            table.column("hours", .integer).notNull()
            table.column("place", .text).notNull()
            table.column("price", .integer).notNull()
            table.column("included", .text).notNull()
            table.column("validUntil", .text).notNull()
            table.column("createdAt", .datetime).notNull()
        }
        try db.create(table: "booking") { table in
            table.autoIncrementedPrimaryKey("id")
            // One booking per request.
            table.column("requestId", .integer).notNull().unique().references("shootRequest", onDelete: .cascade)
            table.column("offerId", .integer).notNull().unique().references("shootOffer", onDelete: .cascade)
            table.column("roomId", .integer).notNull().references("chatRoom", onDelete: .cascade)
            table.column("clientId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("photographerId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("kind", .text).notNull()
            table.column("day", .text).notNull()
            table.column("startMinutes", .integer).notNull()
            table.column("hours", .integer).notNull()
            table.column("startsAt", .datetime).notNull()
            table.column("endsAt", .datetime).notNull()
            table.column("place", .text).notNull()
            table.column("price", .integer).notNull()
            table.column("included", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("cancelledById", .integer).references("user", onDelete: .setNull)
            table.column("cancelReason", .text)
            table.column("cancelledAt", .datetime)
        }
        // A photographer's busy days: by hand (no booking) or by a confirmed booking. One row
        // per day, so two bookings cannot take the same day whoever writes first.
        try db.create(table: "busyDay") { table in
            table.column("photographerId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("day", .text).notNull()
            table.column("bookingId", .integer).references("booking", onDelete: .cascade)
            table.primaryKey(["photographerId", "day"])
        }
        // The feed's "free on": who is busy that day.
        try db.create(index: "busyDay_byDay", on: "busyDay", columns: ["day", "photographerId"])
        try db.create(table: "calendarToken") { table in
            table.primaryKey("userId", .integer).references("user", onDelete: .cascade)
            table.column("token", .text).notNull().unique()
            table.column("createdAt", .datetime).notNull()
        }
        try db.alter(table: "chatMessage") { table in
            table.add(column: "cardKind", .text)
            table.add(column: "cardId", .integer)
        }
        // A shoot's card messages, announced again when their state moves.
        try db.execute(sql: "CREATE INDEX chatMessage_byCard ON chatMessage (cardId, cardKind) WHERE cardId IS NOT NULL")
        // Ratings given before a rating needed contact stay, said so.
        try db.alter(table: "rating") { table in
            table.add(column: "basis", .text).notNull().defaults(to: "beforeBookings")
        }
    }
}
