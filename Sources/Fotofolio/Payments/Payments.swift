import Foundation

/// Money on bookings, paid by bank transfer: a photographer's bank details, each booking's
/// payments (`Booking.payments`) with what the photographer marked received, and the QR
/// payment a client's banking app scans for each.
public struct Payments: Sendable {
    let store: any PaymentStore
    let bookings: any BookingStore
    let accounts: any AccountsStore

    public init(stores: Stores) {
        store = stores.payments
        bookings = stores.bookings
        accounts = stores.accounts
    }

    public func payee(of userId: Int64) throws -> Payee? {
        try store.payee(of: userId)
    }

    /// Checks and keeps a photographer's bank details; clients have none to keep
    /// (`BookingError.notAPhotographer`).
    @discardableResult
    public func savePayee(_ form: PayeeForm, for userId: Int64, at date: Date = Date()) throws -> Payee {
        guard try accounts.user(id: userId)?.role == .creator else { throw BookingError.notAPhotographer }
        let payee = try form.validated(for: userId)
        try store.setPayee(payee, at: date)
        return payee
    }

    public func removePayee(of userId: Int64) throws {
        try store.removePayee(of: userId)
    }

    /// The booking's payments with what was received, for either of its two people.
    public func payments(of booking: Booking) throws -> [PaymentDue] {
        booking.payments(received: try store.paid(bookings: [booking.id])[booking.id] ?? [:])
    }

    /// The payments of several bookings at once (the bookings list).
    public func payments(of bookings: [Booking]) throws -> [Int64: [PaymentDue]] {
        let paid = try store.paid(bookings: bookings.map(\.id))
        return Dictionary(uniqueKeysWithValues: bookings.map { ($0.id, $0.payments(received: paid[$0.id] ?? [:])) })
    }

    /// The photographer marks a payment received on the day typed (`yyyy-mm-dd`, not in the
    /// future, not before the booking was made), or, with `received` false, not received.
    /// A booking without that payment is `.unknown`. A payment received gets its invoice
    /// (`PaymentStore.mark`), its line said by `texts`; returns the part's invoice, if any.
    /// A euro payment's invoice takes `rateText`, the crowns of a euro that day (`ExchangeRate`).
    @discardableResult
    public func mark(_ part: PaymentPart, of bookingId: Int64, received: Bool, on dayText: String, rate rateText: String = "",
                     by photographerId: Int64, texts: (Booking) -> InvoiceTexts = InvoiceTexts.plain,
                     at date: Date = Date()) throws -> Invoice? {
        let booking = try ownBooking(bookingId, part, of: photographerId)
        var day: CalendarDay?
        if received {
            let typed = try Self.day(dayText, at: date)
            guard typed >= CalendarDay(booking.createdAt).adding(days: -366) else { throw PaymentMarkProblem.tooEarly }
            day = typed
        }
        return try store.mark(part, of: bookingId, paidOn: day, rate: try Self.rate(rateText, for: booking), by: photographerId,
                              texts: texts(booking), at: date)
    }

    /// The rate typed for a euro booking (nil when none was typed: the store asks for it only
    /// when it issues an invoice); a crown booking has none.
    private static func rate(_ text: String, for booking: Booking) throws -> ExchangeRate? {
        guard booking.payment.currency == .eur, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do {
            return try ExchangeRate.parse(text)
        } catch {
            throw error == .outOfRange ? PaymentMarkProblem.rateOutOfRange : PaymentMarkProblem.rateFormat
        }
    }

    /// The photographer issues a payment's invoice before the money arrives (`PaymentRules.checkIssue`).
    @discardableResult
    public func issueInvoice(_ part: PaymentPart, of bookingId: Int64, rate rateText: String = "", by photographerId: Int64,
                             texts: (Booking) -> InvoiceTexts = InvoiceTexts.plain, at date: Date = Date()) throws -> Invoice {
        let booking = try ownBooking(bookingId, part, of: photographerId)
        return try store.issueInvoice(part, of: bookingId, rate: try Self.rate(rateText, for: booking), by: photographerId,
                                      texts: texts(booking), at: date)
    }

    /// After a cancellation, the photographer records that a payment received was kept, or
    /// refunded on the day typed (`PaymentRules.checkSettle`); a refund gets its credit note.
    @discardableResult
    public func settle(_ part: PaymentPart, of bookingId: Int64, _ outcome: PaymentSettlement.Outcome, on dayText: String,
                       by photographerId: Int64, texts: (Booking) -> InvoiceTexts = InvoiceTexts.plain, at date: Date = Date()) throws -> Invoice? {
        let booking = try ownBooking(bookingId, part, of: photographerId)
        let day = outcome == .refunded ? try Self.day(dayText, at: date) : CalendarDay(date)
        return try store.settle(part, of: bookingId, as: PaymentSettlement(outcome, on: day), by: photographerId, texts: texts(booking),
                                at: date)
    }

    /// The photographer's own booking with that payment; `.unknown` to anyone else.
    private func ownBooking(_ bookingId: Int64, _ part: PaymentPart, of photographerId: Int64) throws -> Booking {
        guard let booking = try bookings.bookings(of: photographerId).first(where: { $0.id == bookingId }) else {
            throw BookingError.unknown
        }
        guard booking.photographerId == photographerId else { throw BookingError.onlyThePhotographer }
        guard booking.payments().contains(where: { $0.part == part }) else { throw BookingError.unknown }
        return booking
    }

    /// A day typed for money that moved: `yyyy-mm-dd`, not in the future.
    private static func day(_ text: String, at date: Date) throws -> CalendarDay {
        guard let typed = CalendarDay(text.trimmingCharacters(in: .whitespaces)) else { throw PaymentMarkProblem.notADay }
        guard typed <= CalendarDay(date) else { throw PaymentMarkProblem.inTheFuture }
        return typed
    }

    /// Every invoice and credit note of these bookings, oldest first.
    public func invoices(of bookings: [Booking]) throws -> [Int64: [Invoice]] {
        try store.invoices(of: bookings.map(\.id))
    }

    // MARK: Terms

    public func currentTerms(of photographerId: Int64) throws -> ShootTerms? {
        try store.currentTerms(of: photographerId)
    }

    /// A photographer's terms as typed: a new version when the text changed. Saving an empty
    /// text when there were none is nothing to save (`TermsProblem.invalidText`).
    @discardableResult
    public func saveTerms(_ raw: String, of photographerId: Int64, at date: Date = Date()) throws -> ShootTerms {
        guard try accounts.user(id: photographerId)?.role == .creator else { throw BookingError.notAPhotographer }
        return try store.saveTerms(try ShootTerms.validated(raw), of: photographerId, at: date)
    }

    public func terms(_ id: Int64, for userId: Int64) throws -> ShootTerms? {
        try store.terms(id, for: userId)
    }

    /// The invoice's payment as marked received, while it is.
    public func received(_ invoice: Invoice) throws -> ReceivedPayment? {
        try store.paid(bookings: [invoice.bookingId])[invoice.bookingId]?[invoice.part]
    }

    /// The invoice, for its photographer or its client only.
    public func invoice(_ id: Int64, for userId: Int64) throws -> Invoice? {
        guard let invoice = try store.invoice(id), invoice.involves(userId) else { return nil }
        return invoice
    }

    /// The QR payment of one of a booking's payments, to the photographer's account. The
    /// message names the payment and the shoot after the photographer's own note; the
    /// variable symbol is the booking's number.
    public static func qrPayment(_ payment: PaymentDue, of booking: Booking, to payee: Payee, partName: String) -> QRPayment {
        QRPayment(account: payee.account.iban, amount: payment.amount, variableSymbol: UInt64(booking.id), dueDay: payment.dueDay,
                  recipient: payee.name, message: message(of: booking, to: payee, partName: partName))
    }

    /// The code a payment is paid with: a QR Platba in crowns, the EPC's SEPA code in euros.
    public static func paymentCode(_ payment: PaymentDue, of booking: Booking, to payee: Payee, partName: String) -> PaymentCode {
        switch booking.payment.currency {
        case .czk: .spayd(qrPayment(payment, of: booking, to: payee, partName: partName))
        case .eur: .epc(EPCPayment(account: payee.account.iban, amount: payment.amount, variableSymbol: UInt64(booking.id),
                                   recipient: payee.name, message: message(of: booking, to: payee, partName: partName)))
        }
    }

    /// The photographer's note, the payment, the shoot and its day.
    static func message(of booking: Booking, to payee: Payee, partName: String) -> String {
        [payee.paymentNote, partName, booking.kind, booking.day.text].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// What a payment's code carries: the Czech QR Platba, or the EPC's code for a euro transfer.
public enum PaymentCode: Sendable, Equatable {
    case spayd(QRPayment)
    case epc(EPCPayment)

    public var text: String {
        switch self {
        case .spayd(let payment): payment.text
        case .epc(let payment): payment.text
        }
    }

    /// The message as the code writes it.
    public var message: String {
        switch self {
        case .spayd(let payment): QRPayment.value(payment.message, limit: QRPayment.messageLimit)
        case .epc(let payment): payment.remittance
        }
    }
}

/// Why a step with a payment was refused (`payments.problems.*`): a day typed for a payment
/// received or refunded, or a state that does not allow it (`PaymentRules`).
public enum PaymentMarkProblem: String, Error, Sendable {
    case notADay
    case inTheFuture
    case tooEarly
    /// Taking back a mark whose payment was kept or refunded.
    case settled
    /// Recording a refund or a kept payment on a booking not cancelled.
    case notCancelled
    case notReceived
    case alreadyRefunded
    case refundBeforePayment
    /// Neither kept nor refunded was chosen.
    case notAnOutcome
    /// Issuing an invoice without bank details.
    case noPayee
    case cancelled
    /// A VAT payer's deposit is invoiced once it arrives.
    case depositOnReceipt
    /// A euro payment's invoice without the rate of its day, or a rate mistyped.
    case rateMissing
    case rateFormat
    case rateOutOfRange
}
