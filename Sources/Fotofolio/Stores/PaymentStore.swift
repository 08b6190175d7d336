import Foundation

/// Photographers' bank details (`Payee`) and which payments of a booking its photographer
/// marked received. Only the booking's photographer marks (`BookingError.onlyThePhotographer`;
/// `.unknown` for anyone not part of it), in any state: money may arrive after a shoot or
/// before a cancellation, and what arrived is what happened.
public protocol PaymentStore: Sendable {
    func payee(of userId: Int64) throws -> Payee?

    /// Replaces the person's bank details.
    func setPayee(_ payee: Payee, at date: Date) throws

    func removePayee(of userId: Int64) throws

    /// The payments marked received, by booking: the day each part arrived, and after a
    /// cancellation what became of it.
    func paid(bookings bookingIds: [Int64]) throws -> [Int64: [PaymentPart: ReceivedPayment]]

    /// Marks a part received on `day` (nil: not received after all, refused once it is settled:
    /// `PaymentRules.checkUnmark`). Marking again changes the day.
    /// Marked received, the part gets its invoice in the same transaction when the
    /// photographer has bank details and it has none yet: the next number of the photographer's
    /// series (`InvoiceSeries`, a counter row per prefix, so two markings at once take two
    /// numbers and a rolled-back one takes none), as `Invoice.issued` writes it; a euro one
    /// with `rate` (`PaymentRules.checkRate`). Taking a mark
    /// back keeps the invoice. Returns the part's invoice, if it has one.
    @discardableResult
    func mark(_ part: PaymentPart, of bookingId: Int64, paidOn day: CalendarDay?, rate: ExchangeRate?, by photographerId: Int64,
              texts: InvoiceTexts, at date: Date) throws -> Invoice?

    /// Issues the part's invoice before the money arrives, as the photographer asks
    /// (`PaymentRules.checkIssue`), numbered as `mark` numbers; the invoice it has already, if any.
    func issueInvoice(_ part: PaymentPart, of bookingId: Int64, rate: ExchangeRate?, by photographerId: Int64, texts: InvoiceTexts,
                      at date: Date) throws -> Invoice

    /// Records what became of a part received on a cancelled booking (`PaymentRules.checkSettle`).
    /// A refund of a part with an invoice gets its credit note (`Invoice.creditNote`), numbered
    /// in the same series; returns it.
    @discardableResult
    func settle(_ part: PaymentPart, of bookingId: Int64, as settlement: PaymentSettlement, by photographerId: Int64,
                texts: InvoiceTexts, at date: Date) throws -> Invoice?

    /// The invoices and credit notes of these bookings, by booking, oldest first.
    func invoices(of bookingIds: [Int64]) throws -> [Int64: [Invoice]]

    func invoice(_ id: Int64) throws -> Invoice?

    /// The photographer's newest terms (their text may be empty: no terms any more).
    func currentTerms(of photographerId: Int64) throws -> ShootTerms?

    /// Saves `text` (checked) as the photographer's next version, unless it is the current
    /// text already; earlier versions stay as they were.
    func saveTerms(_ text: String, of photographerId: Int64, at date: Date) throws -> ShootTerms

    /// The version, for its photographer or a client of a shoot one of whose offers carries it.
    func terms(_ id: Int64, for userId: Int64) throws -> ShootTerms?
}
