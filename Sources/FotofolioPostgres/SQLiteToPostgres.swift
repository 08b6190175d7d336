import Foundation
import Fotofolio
import FotofolioSQLite
import GRDB
import Postgres

/// Moves an installation from SQLite to PostgreSQL: every table's rows, copied in one
/// PostgreSQL transaction into a migrated, empty database, with their ids, so links, feed
/// cursors and browsers' last live sequence keep meaning the same. The media files stay
/// where they are. Afterwards the rows of every table are counted on both sides.
public struct SQLiteToPostgres {
    /// One table: its SQLite and PostgreSQL names, in an order that satisfies foreign keys.
    struct Table {
        let sqlite: String
        let postgres: String
        /// Columns left out: PostgreSQL computes them, or they belong to the running site.
        var skipped: Set<String> = []
        /// Columns (SQLite's names) pointing at a table copied after this one, where the
        /// tables point at each other: written by id once every table is copied.
        var linkedLater: [String] = []
    }

    static let tables: [Table] = [
        Table(sqlite: "serverStart", postgres: "server_start"),
        // avatarPhotoId points at a photo, whose owner is an account: filled in after the photos.
        Table(sqlite: "user", postgres: "account", skipped: ["search"], linkedLater: ["avatarPhotoId"]),
        Table(sqlite: "session", postgres: "session"),
        Table(sqlite: "emailConfirmation", postgres: "email_confirmation"),
        Table(sqlite: "loginFailureByAccount", postgres: "login_failure_by_account"),
        Table(sqlite: "loginFailureByAddress", postgres: "login_failure_by_address"),
        Table(sqlite: "registrationByAddress", postgres: "registration_by_address"),
        Table(sqlite: "photo", postgres: "photo"),
        Table(sqlite: "filmJob", postgres: "film_job"),
        Table(sqlite: "portfolio", postgres: "portfolio"),
        Table(sqlite: "portfolioPhoto", postgres: "portfolio_photo"),
        Table(sqlite: "portfolioTag", postgres: "portfolio_tag"),
        Table(sqlite: "shareLink", postgres: "share_link"),
        Table(sqlite: "gallery", postgres: "gallery"),
        Table(sqlite: "galleryPhoto", postgres: "gallery_photo"),
        Table(sqlite: "galleryPick", postgres: "gallery_pick"),
        Table(sqlite: "rating", postgres: "rating"),
        Table(sqlite: "selectionEntry", postgres: "selection_entry"),
        Table(sqlite: "block", postgres: "block"),
        Table(sqlite: "chatRoom", postgres: "chat_room"),
        Table(sqlite: "chatMember", postgres: "chat_member"),
        Table(sqlite: "chatMessage", postgres: "chat_message"),
        Table(sqlite: "chatMention", postgres: "chat_mention"),
        Table(sqlite: "chatMessageVersion", postgres: "chat_message_version"),
        Table(sqlite: "chatReaction", postgres: "chat_reaction"),
        Table(sqlite: "chatAttachment", postgres: "chat_attachment"),
        // A demand's answers (shoot requests) point at it, and it at the booking of one of
        // them: its bookingId is filled in after the bookings.
        Table(sqlite: "demand", postgres: "demand", linkedLater: ["bookingId"]),
        Table(sqlite: "demandTag", postgres: "demand_tag"),
        Table(sqlite: "demandPhoto", postgres: "demand_photo"),
        Table(sqlite: "demandHidden", postgres: "demand_hidden"),
        Table(sqlite: "demandReach", postgres: "demand_reach"),
        Table(sqlite: "shootRequest", postgres: "shoot_request"),
        Table(sqlite: "shootTerms", postgres: "shoot_terms"),
        Table(sqlite: "shootOffer", postgres: "shoot_offer"),
        Table(sqlite: "booking", postgres: "booking"),
        Table(sqlite: "bookingPayment", postgres: "booking_payment"),
        Table(sqlite: "payee", postgres: "payee"),
        Table(sqlite: "invoiceCounter", postgres: "invoice_counter"),
        Table(sqlite: "invoice", postgres: "invoice"),
        Table(sqlite: "busyDay", postgres: "busy_day"),
        Table(sqlite: "calendarToken", postgres: "calendar_token"),
        Table(sqlite: "liveEvent", postgres: "live_event"),
        Table(sqlite: "operator", postgres: "operator"),
        Table(sqlite: "report", postgres: "report"),
        Table(sqlite: "hiddenPortfolio", postgres: "hidden_portfolio"),
        Table(sqlite: "hiddenPhoto", postgres: "hidden_photo"),
        Table(sqlite: "removedMessage", postgres: "removed_message"),
        Table(sqlite: "suspension", postgres: "suspension"),
        Table(sqlite: "moderationAction", postgres: "moderation_action"),
        Table(sqlite: "outbox", postgres: "outbox", skipped: ["claimed_by", "claimed_until"]),
        Table(sqlite: "mail", postgres: "mail", skipped: ["claimed_by", "claimed_until"]),
        Table(sqlite: "mailBounce", postgres: "mail_bounce"),
        Table(sqlite: "mailSettings", postgres: "mail_settings"),
        Table(sqlite: "mailSecret", postgres: "mail_secret"),
        Table(sqlite: "passwordReset", postgres: "password_reset"),
        Table(sqlite: "passwordResetRequest", postgres: "password_reset_request"),
        // Devices keep their subscriptions and the key they were made for; what waits to be
        // pushed and who is live belong to the running site, not to its data.
        Table(sqlite: "pushSubscription", postgres: "push_subscription"),
        Table(sqlite: "pushKey", postgres: "push_key"),
        // People's MQTT clients keep working on the new database: the hashes come along.
        Table(sqlite: "mqttAccount", postgres: "mqtt_account"),
    ]

    /// What was copied: rows per PostgreSQL table, the same on both sides.
    public struct Report: Sendable {
        public let rows: [(table: String, count: Int)]
        public var total: Int { rows.reduce(0) { $0 + $1.count } }
    }

    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    let source: AppDatabase
    let target: PostgresPool

    public init(from source: AppDatabase, to target: PostgresPool) {
        self.source = source
        self.target = target
    }

    /// Copies everything; refuses a target that already holds people or messages.
    public func copy() throws -> Report {
        try PostgresSchema.migrate(target)
        let report = try source.pool.read { db in
            try target.transaction { connection in
                let existing = try connection.query("SELECT (SELECT count(*) FROM account) + (SELECT count(*) FROM chat_message)")[0]
                    .decode(0, as: Int.self)
                guard existing == 0 else {
                    throw Refused(description: "The PostgreSQL database already holds people or messages; copy into an empty one.")
                }
                // The site's secrets come with its data: unsubscribe links already mailed keep working.
                try connection.query("DELETE FROM mail_secret")
                var rows: [(String, Int)] = []
                for table in Self.tables {
                    rows.append((table.postgres, try copy(table, db, connection)))
                }
                for table in Self.tables {
                    for column in table.linkedLater { try copyLink(column, of: table, db, connection) }
                }
                try continueIdentities(connection)
                // SQLite's index is its own table; PostgreSQL's is a column, made anew.
                try PostgresMessageSearch.indexMissing(connection)
                // Where the live log goes on: after every sequence SQLite ever handed out, also
                // those pruned since, so a browser's Last-Event-ID keeps its meaning.
                let handedOut = try Int64.fetchOne(db, sql: """
                    SELECT max(IFNULL((SELECT seq FROM sqlite_sequence WHERE name = 'liveEvent'), 0),
                               IFNULL((SELECT max(sequence) FROM liveEvent), 0))
                    """) ?? 0
                try connection.query("UPDATE live_sequence SET last = $1", [handedOut])
                return Report(rows: rows)
            }
        }
        try check(report)
        // The planner's statistics now, not when autovacuum gets round to the new rows: a site
        // moved to PostgreSQL is served with plans for its data from its first request.
        try target.withConnection { connection in _ = try connection.query("ANALYZE") }
        return report
    }

    /// Copies one table's rows with their values unchanged; returns how many.
    private func copy(_ table: Table, _ db: Database, _ connection: PostgresConnection) throws -> Int {
        let types = try columnTypes(of: table.postgres, connection)
        let sqliteColumns = try db.columns(in: table.sqlite).map(\.name)
        let columns: [(sqlite: String, postgres: String, type: String)] = try sqliteColumns.compactMap { name in
            let postgres = Self.snakeCase(name)
            if table.skipped.contains(postgres) || table.linkedLater.contains(name) { return nil }
            guard let type = types[postgres] else {
                throw Refused(description: "\(table.sqlite).\(name) has no column \(postgres) in PostgreSQL's \(table.postgres)")
            }
            return (name, postgres, type)
        }
        let placeholders = columns.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let insert = "INSERT INTO \(table.postgres) (\(columns.map(\.postgres).joined(separator: ", "))) "
            + "OVERRIDING SYSTEM VALUE VALUES (\(placeholders))"
        let select = "SELECT \(columns.map { $0.sqlite.quotedDatabaseIdentifier }.joined(separator: ", ")) "
            + "FROM \(table.sqlite.quotedDatabaseIdentifier) ORDER BY rowid"
        var count = 0
        let rows = try Row.fetchCursor(db, sql: select)
        while let row = try rows.next() {
            let values: [any PostgresEncodable] = columns.indices.map { index in
                Self.text(row[index] as DatabaseValue, as: columns[index].type)
            }
            try connection.query(insert, values)
            count += 1
        }
        return count
    }

    /// Writes one column that `linkedLater` left out, row by row by id.
    private func copyLink(_ column: String, of table: Table, _ db: Database, _ connection: PostgresConnection) throws {
        let name = column.quotedDatabaseIdentifier
        let update = "UPDATE \(table.postgres) SET \(Self.snakeCase(column)) = $1 WHERE id = $2"
        for row in try Row.fetchAll(db, sql: """
            SELECT id, \(name) FROM \(table.sqlite.quotedDatabaseIdentifier) WHERE \(name) IS NOT NULL ORDER BY id
            """) {
            try connection.query(update, [row[1] as Int64, row[0] as Int64])
        }
    }

    /// A SQLite value as the text PostgreSQL reads for a column of `type`.
    static func text(_ value: DatabaseValue, as type: String) -> String? {
        switch value.storage {
        case .null: return nil
        case .int64(let number): return type == "boolean" ? (number != 0 ? "t" : "f") : String(number)
        case .double(let number): return number.postgresText
        // GRDB writes dates as "yyyy-MM-dd HH:mm:ss.SSS" in UTC; every connection is in UTC.
        case .string(let text): return text
        case .blob(let data): return data.postgresText
        }
    }

    /// Identity columns go on after the largest id copied.
    private func continueIdentities(_ connection: PostgresConnection) throws {
        let identities = try connection.query("""
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND is_identity = 'YES'
            """)
        for row in identities {
            let (table, column) = (try row.decode(0, as: String.self), try row.decode(1, as: String.self))
            try connection.execute("""
                SELECT setval(pg_get_serial_sequence('\(table)', '\(column)'),
                              GREATEST((SELECT max(\(column)) FROM \(table)), 1),
                              (SELECT max(\(column)) FROM \(table)) IS NOT NULL)
                """)
        }
    }

    private func columnTypes(of table: String, _ connection: PostgresConnection) throws -> [String: String] {
        var types: [String: String] = [:]
        for row in try connection.query("""
            SELECT column_name, data_type FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1
            """, [table]) {
            types[try row.decode(0)] = try row.decode(1)
        }
        return types
    }

    /// Counts every table on both sides after the copy.
    private func check(_ report: Report) throws {
        try source.pool.read { db in
            try target.withConnection { connection in
                for (table, copied) in zip(Self.tables, report.rows) {
                    let there = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.sqlite.quotedDatabaseIdentifier)") ?? 0
                    let here = try connection.query("SELECT count(*) FROM \(table.postgres)")[0].decode(0, as: Int.self)
                    guard there == here, here == copied.count else {
                        throw Refused(description: "\(table.sqlite) has \(there) rows in SQLite but \(here) in PostgreSQL")
                    }
                }
            }
        }
    }

    /// `lastReadMessageId` → `last_read_message_id`; `licenceURL` → `licence_url`. Names are
    /// Swift identifiers of ASCII letters and digits, read as bytes.
    static func snakeCase(_ name: String) -> String {
        let bytes = Array(name.utf8)
        func isUpper(_ index: Int) -> Bool { index >= 0 && index < bytes.count && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) }
        func isLower(_ index: Int) -> Bool { index >= 0 && index < bytes.count && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        for (index, byte) in bytes.enumerated() {
            if isUpper(index) {
                if index > 0 && (isLower(index - 1) || (isUpper(index - 1) && isLower(index + 1))) { result.append(UInt8(ascii: "_")) }
                result.append(byte + (UInt8(ascii: "a") - UInt8(ascii: "A")))
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
