import Foundation
import Fotofolio
import Postgres

/// Bank details in `payee`, received payments in `booking_payment`. Each change is one
/// statement, so two at the same moment leave the later one.
struct PostgresPaymentStore: PaymentStore {
    let pool: PostgresPool

    func payee(of userId: Int64) throws -> Payee? {
        try pool.withConnection { connection in
            try connection.query("SELECT * FROM payee WHERE user_id = $1", [userId]).first.map(Self.payee)
        }
    }

    static func payee(_ row: PostgresRow) throws -> Payee {
        try PayeeRecord(userId: try row.decode("user_id"), iban: try row.decode("iban"), name: try row.decode("name"),
                        address: try row.decode("address"), companyId: try row.decodeIfPresent("company_id"),
                        vatNumber: try row.decodeIfPresent("vat_number"), paymentNote: try row.decode("payment_note"),
                        invoicePrefix: try row.decode("invoice_prefix")).payee()
    }

    func setPayee(_ payee: Payee, at date: Date) throws {
        try pool.withConnection { connection in
            try connection.query("""
                INSERT INTO payee (user_id, iban, name, address, company_id, vat_number, payment_note, invoice_prefix, updated_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                ON CONFLICT (user_id) DO UPDATE SET iban = excluded.iban, name = excluded.name, address = excluded.address,
                    company_id = excluded.company_id, vat_number = excluded.vat_number, payment_note = excluded.payment_note,
                    invoice_prefix = excluded.invoice_prefix, updated_at = excluded.updated_at
                """, [payee.userId, payee.account.iban.text, payee.name, payee.address, payee.companyId?.text, payee.vatNumber?.text,
                      payee.paymentNote, payee.invoicePrefix, date.stored])
        }
    }

    func removePayee(of userId: Int64) throws {
        try pool.withConnection { connection in try connection.query("DELETE FROM payee WHERE user_id = $1", [userId]) }
    }

    func paid(bookings bookingIds: [Int64]) throws -> [Int64: [PaymentPart: ReceivedPayment]] {
        guard !bookingIds.isEmpty else { return [:] }
        return try pool.withConnection { connection in
            var paid: [Int64: [PaymentPart: ReceivedPayment]] = [:]
            for row in try connection.query("SELECT * FROM booking_payment WHERE booking_id = ANY($1::bigint[])", [IdList(bookingIds)]) {
                guard let part = PaymentPart(rawValue: try row.decode("part")) else { continue }
                paid[try row.decode("booking_id"), default: [:]][part] = try Self.received(row)
            }
            return paid
        }
    }

    static func received(_ row: PostgresRow) throws -> ReceivedPayment {
        var settlement: PaymentSettlement?
        if let outcome = try row.decodeIfPresent("settlement", as: String.self).flatMap(PaymentSettlement.Outcome.init(rawValue:)) {
            settlement = PaymentSettlement(outcome, on: try PostgresBookingStore.day(row, "settled_on"))
        }
        return ReceivedPayment(paidOn: try PostgresBookingStore.day(row, "paid_on"), settlement: settlement)
    }

    static func received(of bookingId: Int64, _ connection: PostgresConnection) throws -> [PaymentPart: ReceivedPayment] {
        var received: [PaymentPart: ReceivedPayment] = [:]
        for row in try connection.query("SELECT * FROM booking_payment WHERE booking_id = $1", [bookingId]) {
            if let part = PaymentPart(rawValue: try row.decode("part")) { received[part] = try Self.received(row) }
        }
        return received
    }

    /// The photographer's booking, its row locked for the transaction (one change of its money
    /// at a time); `.unknown` to anyone not part of it.
    private static func ownBooking(_ bookingId: Int64, of photographerId: Int64, _ connection: PostgresConnection) throws -> Booking {
        try connection.query("SELECT id FROM booking WHERE id = $1 FOR UPDATE", [bookingId])
        guard let booking = try PostgresBookingStore.booking(bookingId, connection), booking.involves(photographerId)
        else { throw BookingError.unknown }
        guard booking.photographerId == photographerId else { throw BookingError.onlyThePhotographer }
        return booking
    }

    func mark(_ part: PaymentPart, of bookingId: Int64, paidOn day: CalendarDay?, rate: ExchangeRate?, by photographerId: Int64,
              texts: InvoiceTexts, at date: Date) throws -> Invoice? {
        try pool.transaction { connection in
            let booking = try Self.ownBooking(bookingId, of: photographerId, connection)
            guard let day else {
                try PaymentRules.checkUnmark(part, received: try Self.received(of: bookingId, connection))
                try connection.query("DELETE FROM booking_payment WHERE booking_id = $1 AND part = $2", [bookingId, part.rawValue])
                return try Self.invoice(of: bookingId, part, connection)
            }
            try connection.query("""
                INSERT INTO booking_payment (booking_id, part, paid_on, marked_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (booking_id, part) DO UPDATE SET paid_on = excluded.paid_on, marked_at = excluded.marked_at
                """, [bookingId, part.rawValue, day.text, date.stored])
            if let issued = try Self.invoice(of: bookingId, part, connection) { return issued }
            guard let payee = try Self.payee(of: photographerId, connection) else { return nil }
            return try Self.issue(part, of: booking, payee: payee, rate: rate, texts: texts, at: date, connection)
        }
    }

    func issueInvoice(_ part: PaymentPart, of bookingId: Int64, rate: ExchangeRate?, by photographerId: Int64, texts: InvoiceTexts,
                      at date: Date) throws -> Invoice {
        try pool.transaction { connection in
            let booking = try Self.ownBooking(bookingId, of: photographerId, connection)
            if let issued = try Self.invoice(of: bookingId, part, connection) { return issued }
            let payee = try Self.payee(of: photographerId, connection)
            try PaymentRules.checkIssue(part, of: booking, payee: payee, received: try Self.received(of: bookingId, connection))
            return try Self.issue(part, of: booking, payee: payee!, rate: rate, texts: texts, at: date, connection)
        }
    }

    func settle(_ part: PaymentPart, of bookingId: Int64, as settlement: PaymentSettlement, by photographerId: Int64,
                texts: InvoiceTexts, at date: Date) throws -> Invoice? {
        try pool.transaction { connection in
            let booking = try Self.ownBooking(bookingId, of: photographerId, connection)
            try PaymentRules.checkSettle(part, of: booking, received: try Self.received(of: bookingId, connection), as: settlement)
            try connection.query("UPDATE booking_payment SET settlement = $1, settled_on = $2 WHERE booking_id = $3 AND part = $4",
                                 [settlement.outcome.rawValue, settlement.on.text, bookingId, part.rawValue])
            guard settlement.outcome == .refunded, let original = try Self.invoice(of: bookingId, part, connection) else { return nil }
            let today = CalendarDay(date)
            let prefix = try Self.payee(of: photographerId, connection)?.invoicePrefix(on: today) ?? InvoiceSeries.defaultPrefix(on: today)
            let note = Invoice.creditNote(correcting: original, number: try Self.nextNumber(of: photographerId, prefix: prefix, connection),
                                          uuid: UUID().uuidString, issuedOn: today, refundedOn: settlement.on, description: texts.refund)
            return try Self.insert(note, at: date, connection)
        }
    }

    private static func payee(of userId: Int64, _ connection: PostgresConnection) throws -> Payee? {
        try connection.query("SELECT * FROM payee WHERE user_id = $1", [userId]).first.map(payee)
    }

    /// The series' next number, taken in the caller's transaction: the counter's row lock
    /// makes two issues at once take two numbers.
    private static func nextNumber(of photographerId: Int64, prefix: String, _ connection: PostgresConnection) throws -> String {
        let sequence = try connection.query("""
            INSERT INTO invoice_counter (photographer_id, prefix, last) VALUES ($1, $2, 1)
            ON CONFLICT (photographer_id, prefix) DO UPDATE SET last = invoice_counter.last + 1 RETURNING last
            """, [photographerId, prefix])[0].decode(0, as: Int64.self)
        return InvoiceSeries.number(prefix: prefix, sequence: sequence)
    }

    /// The part's invoice as `Invoice.issued` writes it, numbered and kept.
    private static func issue(_ part: PaymentPart, of booking: Booking, payee: Payee, rate: ExchangeRate?, texts: InvoiceTexts, at date: Date,
                              _ connection: PostgresConnection) throws -> Invoice {
        try PaymentRules.checkRate(of: booking, rate)
        let today = CalendarDay(date)
        let number = try nextNumber(of: booking.photographerId, prefix: payee.invoicePrefix(on: today), connection)
        let customer = try connection.query("SELECT full_name, location FROM account WHERE id = $1", [booking.clientId]).first
            .map { Invoice.Party(name: try $0.decode("full_name"), address: try $0.decode("location")) }
            ?? Invoice.Party(name: "", address: "")
        guard let invoice = Invoice.issued(for: booking, part: part, received: try received(of: booking.id, connection),
                                           depositInvoice: try Self.invoice(of: booking.id, .deposit, connection), payee: payee,
                                           customer: customer, number: number, uuid: UUID().uuidString, issuedOn: today, texts: texts, rate: rate)
        else { throw BookingError.unknown }
        return try insert(invoice, at: date, connection)
    }

    private static func insert(_ invoice: Invoice, at date: Date, _ connection: PostgresConnection) throws -> Invoice {
        try Self.invoice(connection.query("""
            INSERT INTO invoice (number, uuid, booking_id, part, photographer_id, client_id, issued_on, tax_point_on, due_on, amount,
                                 vat_percent, supplier, customer, description, iban, variable_symbol, kind, corrects, deposit, currency,
                                 rate, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) RETURNING *
            """, [invoice.number, invoice.uuid, invoice.bookingId, invoice.part.rawValue, invoice.photographerId, invoice.clientId,
                  invoice.issuedOn.text, invoice.taxPointOn.text, invoice.dueOn.text, invoice.amount.halers, Int64(invoice.vatPercent),
                  InvoiceCoding.text(invoice.supplier), InvoiceCoding.text(invoice.customer), invoice.description, invoice.iban,
                  Int64(invoice.variableSymbol), invoice.kind.rawValue, invoice.corrects.map(InvoiceCoding.text),
                  invoice.deposit.map(InvoiceCoding.text), invoice.currency.rawValue, invoice.rate?.thousandths, date.stored])[0])
    }

    func invoices(of bookingIds: [Int64]) throws -> [Int64: [Invoice]] {
        guard !bookingIds.isEmpty else { return [:] }
        return try pool.withConnection { connection in
            var invoices: [Int64: [Invoice]] = [:]
            for row in try connection.query("SELECT * FROM invoice WHERE booking_id = ANY($1::bigint[]) ORDER BY id", [IdList(bookingIds)]) {
                let invoice = try Self.invoice(row)
                invoices[invoice.bookingId, default: []].append(invoice)
            }
            return invoices
        }
    }

    func invoice(_ id: Int64) throws -> Invoice? {
        try pool.withConnection { connection in
            try connection.query("SELECT * FROM invoice WHERE id = $1", [id]).first.map(Self.invoice)
        }
    }

    // MARK: Terms

    func currentTerms(of photographerId: Int64) throws -> ShootTerms? {
        try pool.withConnection { connection in
            try connection.query("SELECT * FROM shoot_terms WHERE photographer_id = $1 ORDER BY version DESC LIMIT 1", [photographerId])
                .first.map(Self.terms)
        }
    }

    func saveTerms(_ text: String, of photographerId: Int64, at date: Date) throws -> ShootTerms {
        try pool.transaction { connection in
            // One writer of a photographer's versions at a time: two saves at once are two versions in order.
            try connection.query("SELECT id FROM account WHERE id = $1 FOR UPDATE", [photographerId])
            let current = try connection.query("SELECT * FROM shoot_terms WHERE photographer_id = $1 ORDER BY version DESC LIMIT 1",
                                               [photographerId]).first.map(Self.terms)
            if let current, current.text == text { return current }
            if current == nil, text.isEmpty { throw TermsProblem.invalidText }
            return try Self.terms(connection.query("""
                INSERT INTO shoot_terms (photographer_id, version, text, hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *
                """, [photographerId, Int64((current?.version ?? 0) + 1), text, ShootTerms.hash(of: text), date.stored])[0])
        }
    }

    func terms(_ id: Int64, for userId: Int64) throws -> ShootTerms? {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT * FROM shoot_terms WHERE id = $1 AND (photographer_id = $2 OR EXISTS (
                    SELECT 1 FROM shoot_offer JOIN shoot_request ON shoot_request.id = shoot_offer.request_id
                    WHERE shoot_offer.terms_id = $1 AND shoot_request.client_id = $2))
                """, [id, userId]).first.map(Self.terms)
        }
    }

    static func terms(_ row: PostgresRow) throws -> ShootTerms {
        ShootTerms(id: try row.decode("id"), photographerId: try row.decode("photographer_id"),
                   version: Int(try row.decode("version", as: Int64.self)), text: try row.decode("text"), hash: try row.decode("hash"),
                   createdAt: try row.decode("created_at"))
    }

    /// The part's invoice (not its credit note).
    static func invoice(of bookingId: Int64, _ part: PaymentPart, _ connection: PostgresConnection) throws -> Invoice? {
        try connection.query("SELECT * FROM invoice WHERE booking_id = $1 AND part = $2 AND kind = 'invoice'", [bookingId, part.rawValue])
            .first.map(invoice)
    }

    static func invoice(_ row: PostgresRow) throws -> Invoice {
        let partText = try row.decode("part", as: String.self)
        guard let part = PaymentPart(rawValue: partText) else { throw PostgresError(sqlState: nil, message: "part holds \(partText)") }
        return Invoice(id: try row.decode("id"), number: try row.decode("number"), uuid: try row.decode("uuid"),
                       bookingId: try row.decode("booking_id"), part: part, photographerId: try row.decode("photographer_id"),
                       clientId: try row.decode("client_id"), issuedOn: try PostgresBookingStore.day(row, "issued_on"),
                       taxPointOn: try PostgresBookingStore.day(row, "tax_point_on"), dueOn: try PostgresBookingStore.day(row, "due_on"),
                       amount: Amount(halers: try row.decode("amount")), vatPercent: Int(try row.decode("vat_percent", as: Int64.self)),
                       supplier: try InvoiceCoding.party(try row.decode("supplier")),
                       customer: try InvoiceCoding.party(try row.decode("customer")), description: try row.decode("description"),
                       iban: try row.decode("iban"), variableSymbol: UInt64(max(0, try row.decode("variable_symbol", as: Int64.self))),
                       kind: Invoice.Kind(rawValue: try row.decode("kind")) ?? .invoice,
                       corrects: try InvoiceCoding.value(Invoice.Reference.self, try row.decodeIfPresent("corrects", as: String.self)),
                       deposit: try InvoiceCoding.value(Invoice.Deposit.self, try row.decodeIfPresent("deposit", as: String.self)),
                       currency: Currency(rawValue: try row.decodeIfPresent("currency", as: String.self) ?? "") ?? .czk,
                       rate: try row.decodeIfPresent("rate", as: Int64.self).map(ExchangeRate.init(thousandths:)))
    }
}
