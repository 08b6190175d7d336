import Foundation
import Fotofolio
import GRDB

/// Bank details in `payee`, received payments in `bookingPayment`.
struct SQLitePaymentStore: PaymentStore {
    let database: AppDatabase

    func payee(of userId: Int64) throws -> Payee? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM payee WHERE userId = ?", arguments: [userId]).map { row in
                try Self.payee(row)
            }
        }
    }

    static func payee(_ row: Row) throws -> Payee {
        try PayeeRecord(userId: row["userId"], iban: row["iban"], name: row["name"], address: row["address"], companyId: row["companyId"],
                        vatNumber: row["vatNumber"], paymentNote: row["paymentNote"], invoicePrefix: row["invoicePrefix"]).payee()
    }

    func setPayee(_ payee: Payee, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO payee (userId, iban, name, address, companyId, vatNumber, paymentNote, invoicePrefix, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (userId) DO UPDATE SET iban = excluded.iban, name = excluded.name, address = excluded.address,
                    companyId = excluded.companyId, vatNumber = excluded.vatNumber, paymentNote = excluded.paymentNote,
                    invoicePrefix = excluded.invoicePrefix, updatedAt = excluded.updatedAt
                """, arguments: [payee.userId, payee.account.iban.text, payee.name, payee.address, payee.companyId?.text,
                                 payee.vatNumber?.text, payee.paymentNote, payee.invoicePrefix, date])
        }
    }

    func removePayee(of userId: Int64) throws {
        try database.write { db in try db.execute(sql: "DELETE FROM payee WHERE userId = ?", arguments: [userId]) }
    }

    func paid(bookings bookingIds: [Int64]) throws -> [Int64: [PaymentPart: ReceivedPayment]] {
        guard !bookingIds.isEmpty else { return [:] }
        return try database.read { db in
            var paid: [Int64: [PaymentPart: ReceivedPayment]] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM bookingPayment WHERE bookingId IN (SELECT value FROM json_each(?))
                """, arguments: [String(describing: bookingIds)])
            for row in rows {
                guard let part = PaymentPart(rawValue: row["part"]) else { continue }
                paid[row["bookingId"], default: [:]][part] = try Self.received(row)
            }
            return paid
        }
    }

    static func received(_ row: Row) throws -> ReceivedPayment {
        var settlement: PaymentSettlement?
        if let outcome = (row["settlement"] as String?).flatMap(PaymentSettlement.Outcome.init(rawValue:)) {
            settlement = PaymentSettlement(outcome, on: try SQLiteBookingStore.day(row, "settledOn"))
        }
        return ReceivedPayment(paidOn: try SQLiteBookingStore.day(row, "paidOn"), settlement: settlement)
    }

    static func received(of bookingId: Int64, _ db: Database) throws -> [PaymentPart: ReceivedPayment] {
        var received: [PaymentPart: ReceivedPayment] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM bookingPayment WHERE bookingId = ?", arguments: [bookingId]) {
            if let part = PaymentPart(rawValue: row["part"]) { received[part] = try Self.received(row) }
        }
        return received
    }

    /// The photographer's booking inside the transaction; `.unknown` to anyone not part of it.
    private static func ownBooking(_ bookingId: Int64, of photographerId: Int64, _ db: Database) throws -> Booking {
        guard let booking = try SQLiteBookingStore.booking(bookingId, db), booking.involves(photographerId)
        else { throw BookingError.unknown }
        guard booking.photographerId == photographerId else { throw BookingError.onlyThePhotographer }
        return booking
    }

    func mark(_ part: PaymentPart, of bookingId: Int64, paidOn day: CalendarDay?, rate: ExchangeRate?, by photographerId: Int64,
              texts: InvoiceTexts, at date: Date) throws -> Invoice? {
        try database.write { db in
            let booking = try Self.ownBooking(bookingId, of: photographerId, db)
            guard let day else {
                try PaymentRules.checkUnmark(part, received: try Self.received(of: bookingId, db))
                try db.execute(sql: "DELETE FROM bookingPayment WHERE bookingId = ? AND part = ?", arguments: [bookingId, part.rawValue])
                return try Self.invoice(of: bookingId, part, db)
            }
            try db.execute(sql: """
                INSERT INTO bookingPayment (bookingId, part, paidOn, markedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (bookingId, part) DO UPDATE SET paidOn = excluded.paidOn, markedAt = excluded.markedAt
                """, arguments: [bookingId, part.rawValue, day.text, date])
            if let issued = try Self.invoice(of: bookingId, part, db) { return issued }
            guard let payee = try Self.payee(of: photographerId, db) else { return nil }
            return try Self.issue(part, of: booking, payee: payee, rate: rate, texts: texts, at: date, db)
        }
    }

    func issueInvoice(_ part: PaymentPart, of bookingId: Int64, rate: ExchangeRate?, by photographerId: Int64, texts: InvoiceTexts,
                      at date: Date) throws -> Invoice {
        try database.write { db in
            let booking = try Self.ownBooking(bookingId, of: photographerId, db)
            if let issued = try Self.invoice(of: bookingId, part, db) { return issued }
            let payee = try Self.payee(of: photographerId, db)
            try PaymentRules.checkIssue(part, of: booking, payee: payee, received: try Self.received(of: bookingId, db))
            return try Self.issue(part, of: booking, payee: payee!, rate: rate, texts: texts, at: date, db)
        }
    }

    func settle(_ part: PaymentPart, of bookingId: Int64, as settlement: PaymentSettlement, by photographerId: Int64,
                texts: InvoiceTexts, at date: Date) throws -> Invoice? {
        try database.write { db in
            let booking = try Self.ownBooking(bookingId, of: photographerId, db)
            try PaymentRules.checkSettle(part, of: booking, received: try Self.received(of: bookingId, db), as: settlement)
            try db.execute(sql: "UPDATE bookingPayment SET settlement = ?, settledOn = ? WHERE bookingId = ? AND part = ?",
                           arguments: [settlement.outcome.rawValue, settlement.on.text, bookingId, part.rawValue])
            guard settlement.outcome == .refunded, let original = try Self.invoice(of: bookingId, part, db) else { return nil }
            let number = try Self.nextNumber(of: photographerId, prefix: try Self.prefix(of: photographerId, at: date, db), db)
            let note = Invoice.creditNote(correcting: original, number: number, uuid: UUID().uuidString, issuedOn: CalendarDay(date),
                                          refundedOn: settlement.on, description: texts.refund)
            return try Self.insert(note, at: date, db)
        }
    }

    private static func payee(of userId: Int64, _ db: Database) throws -> Payee? {
        try Row.fetchOne(db, sql: "SELECT * FROM payee WHERE userId = ?", arguments: [userId]).map(payee)
    }

    /// The prefix of the photographer's series today (their own, or the year's).
    private static func prefix(of photographerId: Int64, at date: Date, _ db: Database) throws -> String {
        try payee(of: photographerId, db)?.invoicePrefix(on: CalendarDay(date)) ?? InvoiceSeries.defaultPrefix(on: CalendarDay(date))
    }

    /// The series' next number, taken in the caller's transaction.
    private static func nextNumber(of photographerId: Int64, prefix: String, _ db: Database) throws -> String {
        let sequence = try Int64.fetchOne(db, sql: """
            INSERT INTO invoiceCounter (photographerId, prefix, last) VALUES (?, ?, 1)
            ON CONFLICT (photographerId, prefix) DO UPDATE SET last = last + 1 RETURNING last
            """, arguments: [photographerId, prefix])!
        return InvoiceSeries.number(prefix: prefix, sequence: sequence)
    }

    /// The part's invoice as `Invoice.issued` writes it, numbered and kept.
    private static func issue(_ part: PaymentPart, of booking: Booking, payee: Payee, rate: ExchangeRate?, texts: InvoiceTexts, at date: Date,
                              _ db: Database) throws -> Invoice {
        try PaymentRules.checkRate(of: booking, rate)
        let today = CalendarDay(date)
        let number = try nextNumber(of: booking.photographerId, prefix: payee.invoicePrefix(on: today), db)
        let customer = try Row.fetchOne(db, sql: "SELECT fullName, location FROM user WHERE id = ?", arguments: [booking.clientId])
            .map { Invoice.Party(name: $0["fullName"], address: $0["location"]) } ?? Invoice.Party(name: "", address: "")
        guard let invoice = Invoice.issued(for: booking, part: part, received: try received(of: booking.id, db),
                                           depositInvoice: try Self.invoice(of: booking.id, .deposit, db), payee: payee, customer: customer,
                                           number: number, uuid: UUID().uuidString, issuedOn: today, texts: texts, rate: rate)
        else { throw BookingError.unknown }
        return try insert(invoice, at: date, db)
    }

    private static func insert(_ invoice: Invoice, at date: Date, _ db: Database) throws -> Invoice {
        try db.execute(sql: """
            INSERT INTO invoice (number, uuid, bookingId, part, photographerId, clientId, issuedOn, taxPointOn, dueOn, amount, vatPercent,
                                 supplier, customer, description, iban, variableSymbol, kind, corrects, deposit, currency, rate, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [invoice.number, invoice.uuid, invoice.bookingId, invoice.part.rawValue, invoice.photographerId, invoice.clientId,
                             invoice.issuedOn.text, invoice.taxPointOn.text, invoice.dueOn.text, invoice.amount.halers, invoice.vatPercent,
                             InvoiceCoding.text(invoice.supplier), InvoiceCoding.text(invoice.customer), invoice.description,
                             invoice.iban, Int64(invoice.variableSymbol), invoice.kind.rawValue, invoice.corrects.map(InvoiceCoding.text),
                             invoice.deposit.map(InvoiceCoding.text), invoice.currency.rawValue, invoice.rate?.thousandths, date])
        return try Row.fetchOne(db, sql: "SELECT * FROM invoice WHERE id = ?", arguments: [db.lastInsertedRowID]).map(Self.invoice)!
    }

    func invoices(of bookingIds: [Int64]) throws -> [Int64: [Invoice]] {
        guard !bookingIds.isEmpty else { return [:] }
        return try database.read { db in
            var invoices: [Int64: [Invoice]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM invoice WHERE bookingId IN (SELECT value FROM json_each(?)) ORDER BY id",
                                        arguments: [String(describing: bookingIds)]) {
                let invoice = try Self.invoice(row)
                invoices[invoice.bookingId, default: []].append(invoice)
            }
            return invoices
        }
    }

    func invoice(_ id: Int64) throws -> Invoice? {
        try database.read { db in try Row.fetchOne(db, sql: "SELECT * FROM invoice WHERE id = ?", arguments: [id]).map(Self.invoice) }
    }

    // MARK: Terms

    func currentTerms(of photographerId: Int64) throws -> ShootTerms? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM shootTerms WHERE photographerId = ? ORDER BY version DESC LIMIT 1",
                             arguments: [photographerId]).map(Self.terms)
        }
    }

    func saveTerms(_ text: String, of photographerId: Int64, at date: Date) throws -> ShootTerms {
        try database.write { db in
            let current = try Row.fetchOne(db, sql: "SELECT * FROM shootTerms WHERE photographerId = ? ORDER BY version DESC LIMIT 1",
                                           arguments: [photographerId]).map(Self.terms)
            if let current, current.text == text { return current }
            if current == nil, text.isEmpty { throw TermsProblem.invalidText }
            try db.execute(sql: "INSERT INTO shootTerms (photographerId, version, text, hash, createdAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [photographerId, (current?.version ?? 0) + 1, text, ShootTerms.hash(of: text), date])
            return try Self.terms(Row.fetchOne(db, sql: "SELECT * FROM shootTerms WHERE id = ?", arguments: [db.lastInsertedRowID])!)
        }
    }

    func terms(_ id: Int64, for userId: Int64) throws -> ShootTerms? {
        try database.read { db in
            try Row.fetchOne(db, sql: """
                SELECT * FROM shootTerms WHERE id = ?1 AND (photographerId = ?2 OR EXISTS (
                    SELECT 1 FROM shootOffer JOIN shootRequest ON shootRequest.id = shootOffer.requestId
                    WHERE shootOffer.termsId = ?1 AND shootRequest.clientId = ?2))
                """, arguments: [id, userId]).map(Self.terms)
        }
    }

    static func terms(_ row: Row) -> ShootTerms {
        ShootTerms(id: row["id"], photographerId: row["photographerId"], version: row["version"], text: row["text"], hash: row["hash"],
                   createdAt: row["createdAt"])
    }

    /// The part's invoice (not its credit note).
    static func invoice(of bookingId: Int64, _ part: PaymentPart, _ db: Database) throws -> Invoice? {
        try Row.fetchOne(db, sql: "SELECT * FROM invoice WHERE bookingId = ? AND part = ? AND kind = 'invoice'",
                         arguments: [bookingId, part.rawValue]).map(invoice)
    }

    static func invoice(_ row: Row) throws -> Invoice {
        guard let part = PaymentPart(rawValue: row["part"]) else { throw StoredDayUnreadable(text: row["part"]) }
        let variableSymbol: Int64 = row["variableSymbol"]
        return Invoice(id: row["id"], number: row["number"], uuid: row["uuid"], bookingId: row["bookingId"], part: part,
                       photographerId: row["photographerId"], clientId: row["clientId"],
                       issuedOn: try SQLiteBookingStore.day(row, "issuedOn"), taxPointOn: try SQLiteBookingStore.day(row, "taxPointOn"),
                       dueOn: try SQLiteBookingStore.day(row, "dueOn"), amount: Amount(halers: row["amount"]), vatPercent: row["vatPercent"],
                       supplier: try InvoiceCoding.party(row["supplier"]), customer: try InvoiceCoding.party(row["customer"]),
                       description: row["description"], iban: row["iban"], variableSymbol: UInt64(max(0, variableSymbol)),
                       kind: Invoice.Kind(rawValue: row["kind"]) ?? .invoice,
                       corrects: try InvoiceCoding.value(Invoice.Reference.self, row["corrects"]),
                       deposit: try InvoiceCoding.value(Invoice.Deposit.self, row["deposit"]),
                       currency: Currency(rawValue: row["currency"] ?? "") ?? .czk,
                       rate: (row["rate"] as Int64?).map(ExchangeRate.init(thousandths:)))
    }
}
