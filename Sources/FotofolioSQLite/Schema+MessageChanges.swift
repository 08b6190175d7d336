import Foundation
import Fotofolio
import GRDB

extension Schema {
    /// A message's author edits it for a while and deletes it at any time (`MessageChanges`):
    /// the message keeps when it was last edited and deleted, and the texts it held before,
    /// which only the moderation desk reads. Members react to messages, one of each
    /// `Reaction` per person.
    static func createMessageChanges(_ db: Database) throws {
        try db.alter(table: "chatMessage") { table in
            table.add(column: "editedAt", .datetime)
            table.add(column: "deletedAt", .datetime)
        }
        try db.create(table: "chatMessageVersion") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("messageId", .integer).notNull().indexed().references("chatMessage", onDelete: .cascade)
            table.column("content", .text).notNull()
            table.column("replacedAt", .datetime).notNull()
        }
        let reactions = Reaction.allCases.map(\.rawValue)
        try db.create(table: "chatReaction") { table in
            table.column("messageId", .integer).notNull().references("chatMessage", onDelete: .cascade)
            table.column("userId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("reaction", .text).notNull().check { reactions.contains($0) }
            table.column("reactedAt", .datetime).notNull()
            table.primaryKey(["messageId", "userId", "reaction"])
        }
    }
}
