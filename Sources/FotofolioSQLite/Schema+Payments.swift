import GRDB

extension Schema {
    /// Money on shoots: an offer's payment terms copied into its booking, the payments a
    /// photographer marked received, and photographers' bank details. Amounts are whole
    /// haléře; days are `yyyy-mm-dd` text.
    static func createPayments(_ db: Database) throws {
        // Every version of a photographer's terms, kept for what was agreed with it.
        try db.create(table: "shootTerms") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("photographerId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("version", .integer).notNull()
            table.column("text", .text).notNull()
            table.column("hash", .text).notNull()
            table.column("createdAt", .datetime).notNull()
            table.uniqueKey(["photographerId", "version"])
        }
        for table in ["shootOffer", "booking"] {
            try db.alter(table: table) { table in
                table.add(column: "deposit", .integer).notNull().defaults(to: 0)
                table.add(column: "depositDueDays", .integer).notNull().defaults(to: PaymentDefaults.depositDueDays)
                table.add(column: "restDueDays", .integer).notNull().defaults(to: 0)
                table.add(column: "termsId", .integer).references("shootTerms", onDelete: .setNull)
            }
        }
        try db.alter(table: "booking") { table in
            table.add(column: "termsHash", .text)
            table.add(column: "termsAcceptedAt", .datetime)
        }
        try db.create(table: "bookingPayment") { table in
            table.column("bookingId", .integer).notNull().references("booking", onDelete: .cascade)
            table.column("part", .text).notNull().check { ["deposit", "rest"].contains($0) }
            table.column("paidOn", .text).notNull()
            table.column("markedAt", .datetime).notNull()
            table.primaryKey(["bookingId", "part"])
        }
        try db.create(table: "payee") { table in
            table.primaryKey("userId", .integer).references("user", onDelete: .cascade)
            table.column("iban", .text).notNull()
            table.column("name", .text).notNull()
            table.column("address", .text).notNull()
            table.column("companyId", .text)
            table.column("vatNumber", .text)
            table.column("paymentNote", .text).notNull()
            table.column("invoicePrefix", .text).notNull().defaults(to: "")
            table.column("updatedAt", .datetime).notNull()
        }
        // Each series' last number: one row per photographer and prefix, written in the
        // transaction that issues, so numbers have no gaps and are never used twice.
        try db.create(table: "invoiceCounter") { table in
            table.column("photographerId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("prefix", .text).notNull()
            table.column("last", .integer).notNull()
            table.primaryKey(["photographerId", "prefix"])
        }
        try db.create(table: "invoice") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("number", .text).notNull()
            table.column("uuid", .text).notNull().unique()
            table.column("bookingId", .integer).notNull().references("booking", onDelete: .cascade)
            table.column("part", .text).notNull().check { ["deposit", "rest"].contains($0) }
            table.column("photographerId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("clientId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("issuedOn", .text).notNull()
            table.column("taxPointOn", .text).notNull()
            table.column("dueOn", .text).notNull()
            table.column("amount", .integer).notNull()
            table.column("vatPercent", .integer).notNull()
            table.column("supplier", .text).notNull()
            table.column("customer", .text).notNull()
            table.column("description", .text).notNull()
            table.column("iban", .text).notNull()
            table.column("variableSymbol", .integer).notNull()
            table.column("createdAt", .datetime).notNull()
            table.uniqueKey(["photographerId", "number"])
            table.uniqueKey(["bookingId", "part"])
        }
    }
}

/// The defaults of rows stored before offers had payment terms (`PaymentTerms.standard`).
enum PaymentDefaults {
    static let depositDueDays = 7
}

extension Schema {
    /// The currency of offers and bookings, what became of a payment after a cancellation,
    /// credit notes beside invoices, and the deposit a final invoice deducts. SQLite cannot change a table's unique keys, so
    /// `invoice` is made again with the key on (booking, part, kind) and its rows copied.
    static func settlePayments(_ db: Database) throws {
        for table in ["shootOffer", "booking"] {
            try db.alter(table: table) { table in
                table.add(column: "currency", .text).notNull().defaults(to: "CZK").check { ["CZK", "EUR"].contains($0) }
            }
        }
        try db.alter(table: "bookingPayment") { table in
            table.add(column: "settlement", .text).check { $0 == nil || ["kept", "refunded"].contains($0) }
            table.add(column: "settledOn", .text)
        }
        try db.create(table: "invoiceNew") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("number", .text).notNull()
            table.column("uuid", .text).notNull().unique()
            table.column("bookingId", .integer).notNull().references("booking", onDelete: .cascade)
            table.column("part", .text).notNull().check { ["deposit", "rest"].contains($0) }
            table.column("photographerId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("clientId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("issuedOn", .text).notNull()
            table.column("taxPointOn", .text).notNull()
            table.column("dueOn", .text).notNull()
            table.column("amount", .integer).notNull()
            table.column("vatPercent", .integer).notNull()
            table.column("supplier", .text).notNull()
            table.column("customer", .text).notNull()
            table.column("description", .text).notNull()
            table.column("iban", .text).notNull()
            table.column("variableSymbol", .integer).notNull()
            table.column("createdAt", .datetime).notNull()
            table.column("kind", .text).notNull().defaults(to: "invoice").check { ["invoice", "creditNote"].contains($0) }
            // JSON: the invoice a credit note corrects, the deposit a final invoice deducts.
            table.column("corrects", .text)
            table.column("deposit", .text)
            // A euro invoice's currency and its rate (crowns per euro, in thousandths).
            table.column("currency", .text).notNull().defaults(to: "CZK").check { ["CZK", "EUR"].contains($0) }
            table.column("rate", .integer).check { $0 == nil || $0 > 0 }
            table.uniqueKey(["photographerId", "number"])
            table.uniqueKey(["bookingId", "part", "kind"])
        }
        try db.execute(sql: """
            INSERT INTO invoiceNew (id, number, uuid, bookingId, part, photographerId, clientId, issuedOn, taxPointOn, dueOn, amount,
                                    vatPercent, supplier, customer, description, iban, variableSymbol, createdAt)
            SELECT id, number, uuid, bookingId, part, photographerId, clientId, issuedOn, taxPointOn, dueOn, amount,
                   vatPercent, supplier, customer, description, iban, variableSymbol, createdAt FROM invoice
            """)
        try db.drop(table: "invoice")
        try db.rename(table: "invoiceNew", to: "invoice")
    }
}
