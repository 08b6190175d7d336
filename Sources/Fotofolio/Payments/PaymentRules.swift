/// Who may do what with a booking's money once it is recorded, decided alike by both stores
/// inside the transaction that changes it (`PaymentStore`).
public enum PaymentRules {
    /// A mark may be taken back until what became of the payment is recorded.
    public static func checkUnmark(_ part: PaymentPart, received: [PaymentPart: ReceivedPayment]) throws(PaymentMarkProblem) {
        if received[part]?.settlement != nil { throw .settled }
    }

    /// What became of a payment is recorded for a cancelled booking's payment received; a
    /// refund is final, and is not before the money arrived.
    public static func checkSettle(_ part: PaymentPart, of booking: Booking, received: [PaymentPart: ReceivedPayment],
                                   as settlement: PaymentSettlement) throws(PaymentMarkProblem) {
        guard booking.cancellation != nil else { throw .notCancelled }
        guard let payment = received[part] else { throw .notReceived }
        if payment.settlement?.outcome == .refunded { throw .alreadyRefunded }
        if settlement.outcome == .refunded, settlement.on < payment.paidOn { throw .refundBeforePayment }
    }

    /// The photographer issues an invoice themselves only with bank details to pay to, for a
    /// booking that stands, and a VAT payer's deposit only once it arrived
    /// (`Invoice.mayIssueBeforePayment`; one received before the bank details were given has none yet).
    public static func checkIssue(_ part: PaymentPart, of booking: Booking, payee: Payee?,
                                  received: [PaymentPart: ReceivedPayment]) throws(PaymentMarkProblem) {
        guard let payee else { throw .noPayee }
        guard booking.cancellation == nil else { throw .cancelled }
        guard received[part] != nil || Invoice.mayIssueBeforePayment(part, payee: payee) else { throw .depositOnReceipt }
    }
}

extension PaymentRules {
    /// What the booking's payments say was received, as the checks read it.
    static func received(_ payments: [PaymentDue]) -> [PaymentPart: ReceivedPayment] {
        Dictionary(uniqueKeysWithValues: payments.compactMap { due in
            due.paidOn.map { (due.part, ReceivedPayment(paidOn: $0, settlement: due.settlement)) }
        })
    }

    /// Whether the page offers the photographer to issue the payment's invoice: what
    /// `checkIssue` allows, for a payment without an invoice yet.
    public static func mayIssue(_ part: PaymentPart, of booking: Booking, payments: [PaymentDue], payee: Payee?,
                                invoices: [Invoice]) -> Bool {
        guard invoices.invoice(of: part) == nil else { return false }
        return (try? checkIssue(part, of: booking, payee: payee, received: received(payments))) != nil
    }

    /// Whether the page asks what became of the payment: what `checkSettle` allows for some outcome.
    public static func maySettle(_ part: PaymentPart, of booking: Booking, payments: [PaymentDue]) -> Bool {
        let received = received(payments)
        guard let paidOn = received[part]?.paidOn else { return false }
        return (try? checkSettle(part, of: booking, received: received, as: PaymentSettlement(.kept, on: paidOn))) != nil
    }

    /// A euro invoice needs the day's rate to say its amounts in crowns.
    public static func checkRate(of booking: Booking, _ rate: ExchangeRate?) throws(PaymentMarkProblem) {
        if booking.payment.currency == .eur, rate == nil { throw .rateMissing }
    }
}

extension Array where Element == Invoice {
    /// The part's invoice (not a credit note).
    public func invoice(of part: PaymentPart) -> Invoice? { first { $0.part == part && $0.kind == .invoice } }

    /// The credit note of the part's refund.
    public func creditNote(of part: PaymentPart) -> Invoice? { first { $0.part == part && $0.kind == .creditNote } }
}
