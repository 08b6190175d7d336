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
        booking.payments(paid: try store.paid(bookings: [booking.id])[booking.id] ?? [:])
    }

    /// The payments of several bookings at once (the bookings list).
    public func payments(of bookings: [Booking]) throws -> [Int64: [PaymentDue]] {
        let paid = try store.paid(bookings: bookings.map(\.id))
        return Dictionary(uniqueKeysWithValues: bookings.map { ($0.id, $0.payments(paid: paid[$0.id] ?? [:])) })
    }

    /// The photographer marks a payment received on the day typed (`yyyy-mm-dd`, not in the
    /// future, not before the booking was made), or, with `received` false, not received.
    /// A booking without that payment is `.unknown`. A payment received gets its invoice
    /// (`PaymentStore.mark`), its line said by `describe`; returns the part's invoice, if any.
    @discardableResult
    public func mark(_ part: PaymentPart, of bookingId: Int64, received: Bool, on dayText: String, by photographerId: Int64,
                     describe: (Booking, PaymentPart) -> String = Payments.plainDescription, at date: Date = Date()) throws -> Invoice? {
        guard let booking = try bookings.bookings(of: photographerId).first(where: { $0.id == bookingId }) else {
            throw BookingError.unknown
        }
        guard booking.photographerId == photographerId else { throw BookingError.onlyThePhotographer }
        guard booking.payments().contains(where: { $0.part == part }) else { throw BookingError.unknown }
        var day: CalendarDay?
        if received {
            guard let typed = CalendarDay(dayText.trimmingCharacters(in: .whitespaces)) else { throw PaymentMarkProblem.notADay }
            guard typed <= CalendarDay(date) else { throw PaymentMarkProblem.inTheFuture }
            guard typed >= CalendarDay(booking.createdAt).adding(days: -366) else { throw PaymentMarkProblem.tooEarly }
            day = typed
        }
        return try store.mark(part, of: bookingId, paidOn: day, by: photographerId, description: describe(booking, part), at: date)
    }

    /// "deposit: Svatba, 2027-06-14", for callers with no words of their own.
    public static func plainDescription(_ booking: Booking, _ part: PaymentPart) -> String {
        "\(part.rawValue): \(booking.kind), \(booking.day.text)"
    }

    public func invoices(of bookings: [Booking]) throws -> [Int64: [PaymentPart: Invoice]] {
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

    /// The day the invoice's payment was marked received, while it is.
    public func paidOn(_ invoice: Invoice) throws -> CalendarDay? {
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
        let message = [payee.paymentNote, partName, booking.kind, booking.day.text].filter { !$0.isEmpty }.joined(separator: " ")
        return QRPayment(account: payee.account.iban, amount: payment.amount, variableSymbol: UInt64(booking.id), dueDay: payment.dueDay,
                         recipient: payee.name, message: message)
    }
}

/// Why a day typed for a received payment was refused (`payments.problems.*`).
public enum PaymentMarkProblem: String, Error, Sendable {
    case notADay
    case inTheFuture
    case tooEarly
}
