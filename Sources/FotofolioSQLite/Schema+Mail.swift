import Fotofolio
import GRDB

extension Schema {
    /// The mail outbox, each person's mail settings and bounces, password-reset links, and
    /// confirmation links that remember their address and when they were used.
    static func createMail(_ db: Database) throws {
        let kinds = MailKind.allCases.map(\.rawValue)
        let states = [MailState.pending, .sent, .failed, .cancelled].map(\.rawValue)
        try db.create(table: "mail") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("key", .text).notNull().unique()
            table.column("kind", .text).notNull().check { kinds.contains($0) }
            table.column("recipientId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("address", .text).notNull()
            table.column("content", .text).notNull()
            table.column("batch", .text)
            table.column("state", .text).notNull().check { states.contains($0) }
            table.column("createdAt", .datetime).notNull()
            table.column("dueAt", .datetime).notNull()
            table.column("attempts", .integer).notNull().defaults(to: 0)
            table.column("sentAt", .datetime)
            table.column("lastError", .text)
        }
        // What the sender reads: pending mails by when they are due.
        try db.execute(sql: "CREATE INDEX mail_due ON mail (dueAt) WHERE state = 'pending'")
        // One waiting mail per batch.
        try db.execute(sql: "CREATE UNIQUE INDEX mail_batch ON mail (batch) WHERE state = 'pending' AND batch IS NOT NULL")
        try db.execute(sql: "CREATE INDEX mail_byRecipient ON mail (recipientId, kind, createdAt)")
        try db.create(table: "mailBounce") { table in
            table.primaryKey("address", .text).collate(.nocase)
            table.column("bounces", .integer).notNull()
            table.column("lastAt", .datetime).notNull()
        }
        // Columns, not a JSON text: every message sent reads its recipients' settings.
        let cadences = MailSettings.MessageCadence.allCases.map(\.rawValue)
        try db.create(table: "mailSettings") { table in
            table.primaryKey("userId", .integer).references("user", onDelete: .cascade)
            table.column("messages", .text).notNull().check { cadences.contains($0) }
            table.column("groupMessages", .boolean).notNull()
            table.column("shoots", .boolean).notNull()
            table.column("galleries", .boolean).notNull()
            table.column("language", .text).notNull()
        }
        try db.create(table: "passwordReset") { table in
            table.primaryKey("tokenHash", .text)
            table.column("userId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("createdAt", .datetime).notNull()
            table.column("expiresAt", .datetime).notNull()
            table.column("usedAt", .datetime)
        }
        try db.create(index: "passwordReset_byUser", on: "passwordReset", columns: ["userId", "createdAt"])
        try db.create(table: "passwordResetRequest") { table in
            table.column("clientAddress", .text).notNull()
            table.column("requestedAt", .datetime).notNull()
        }
        try db.create(index: "passwordResetRequest_byAddress", on: "passwordResetRequest", columns: ["clientAddress", "requestedAt"])
        try db.create(table: "mailSecret") { table in
            table.primaryKey("name", .text)
            table.column("value", .text).notNull()
        }
        try db.execute(sql: "INSERT INTO mailSecret (name, value) VALUES ('unsubscribe', lower(hex(randomblob(32))))")
        try db.alter(table: "emailConfirmation") { table in
            table.add(column: "email", .text)
            table.add(column: "usedAt", .datetime)
        }
    }
}
