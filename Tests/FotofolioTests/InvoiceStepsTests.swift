import Foundation
import Synchronization
import Testing
@testable import Fotofolio

/// Invoices beyond the one a payment received gets: the final invoice that deducts the deposit,
/// an invoice issued before the money arrives, and a refund after a cancellation with its
/// credit note. On the store `FOTOFOLIO_TEST_STORE` names.
@Suite struct InvoiceStepsTests {
    let base: PaymentsTests
    var shoots: ShootWorld { base.shoots }
    var payments: Payments { base.payments }

    init() throws {
        base = try PaymentsTests()
    }

    func savePayee(vat: Bool) throws {
        var form = base.payeeForm
        if vat { form.vatNumber = "CZ26168685" }
        try payments.savePayee(form, for: shoots.vojta, at: shoots.now)
    }

    func received(_ part: PaymentPart, of booking: Booking) throws -> Invoice? {
        try payments.mark(part, of: booking.id, received: true, on: shoots.today.text, by: shoots.vojta, at: shoots.now)
    }

    @Test func theFinalInvoiceOfANonPayerDeductsTheDepositFromTheWholePrice() throws {
        try savePayee(vat: false)
        let booking = try base.booking()
        let deposit = try #require(try received(.deposit, of: booking))
        #expect(deposit.amount == Amount(crowns: 1440) && deposit.deposit == nil)
        let final = try #require(try received(.rest, of: booking))
        #expect(final.amount == Amount(crowns: 4800), "the whole shoot")
        #expect(final.deposit == Invoice.Deposit(invoiceNumber: deposit.number, amount: Amount(crowns: 1440), vatPercent: 0, paidOn: shoots.today))
        #expect(final.payable == Amount(crowns: 3360))
        #expect(final.untaxedDeposits == Amount(crowns: 1440) && final.differenceTotal == Amount(crowns: 4800))
        #expect(final.description.hasPrefix("Svatba"), "the whole shoot's line, not the balance's")
    }

    @Test func theFinalInvoiceOfAVATPayerClaimsTheDepositsTaxBack() throws {
        try savePayee(vat: true)
        let booking = try base.booking()
        let deposit = try #require(try received(.deposit, of: booking))
        let final = try #require(try received(.rest, of: booking))
        let taxed = try #require(final.deposit)
        #expect(taxed.isTaxed && taxed.invoiceNumber == deposit.number)
        // 4 800 → 3 966,94 + 833,06; 1 440 → 1 190,08 + 249,92; what is taxed now is the difference.
        #expect(final.taxBase == Amount(halers: 396_694) && final.tax == Amount(halers: 83_306))
        #expect(taxed.taxBase == Amount(halers: 119_008) && taxed.tax == Amount(halers: 24_992))
        #expect(final.differenceBase == Amount(halers: 277_686) && final.differenceTax == Amount(halers: 58_314))
        #expect(final.differenceTotal == Amount(crowns: 3360) && final.payable == Amount(crowns: 3360) && final.untaxedDeposits == .zero)
    }

    @Test func anInvoiceIssuedBeforeTheMoneyIsThePaymentsOneInvoice() throws {
        let booking = try base.booking()
        #expect(throws: PaymentMarkProblem.noPayee) { try payments.issueInvoice(.rest, of: booking.id, by: shoots.vojta, at: shoots.now) }
        try savePayee(vat: true)
        // A VAT payer's deposit is invoiced with its tax document once it arrives.
        #expect(throws: PaymentMarkProblem.depositOnReceipt) {
            try payments.issueInvoice(.deposit, of: booking.id, by: shoots.vojta, at: shoots.now)
        }
        #expect(throws: BookingError.onlyThePhotographer) { try payments.issueInvoice(.rest, of: booking.id, by: shoots.jana, at: shoots.now) }
        #expect(throws: BookingError.unknown) { try payments.issueInvoice(.rest, of: booking.id, by: shoots.petra, at: shoots.now) }
        let issued = try payments.issueInvoice(.rest, of: booking.id, by: shoots.vojta, at: shoots.now)
        #expect(issued.taxPointOn == booking.day && issued.dueOn == shoots.today.adding(days: 8) && issued.deposit == nil)
        #expect(issued.amount == Amount(crowns: 3360), "no deposit received yet: the balance alone")
        #expect(try payments.issueInvoice(.rest, of: booking.id, by: shoots.vojta, at: shoots.now) == issued, "asked again, the same one")
        #expect(try received(.rest, of: booking) == issued, "paid later, it keeps its invoice")
    }

    @Test func aDepositReceivedBeforeTheBankDetailsMayBeInvoicedLater() throws {
        let booking = try base.booking()
        #expect(try received(.deposit, of: booking) == nil)
        try savePayee(vat: true)
        let invoice = try payments.issueInvoice(.deposit, of: booking.id, by: shoots.vojta, at: shoots.now)
        #expect(invoice.taxPointOn == shoots.today && invoice.amount == Amount(crowns: 1440))
    }

    @Test func aRefundAfterACancellationGetsACreditNoteAndIsFinal() throws {
        try savePayee(vat: true)
        let booking = try base.booking()
        let deposit = try #require(try received(.deposit, of: booking))
        #expect(throws: PaymentMarkProblem.notCancelled) {
            try payments.settle(.deposit, of: booking.id, .refunded, on: shoots.today.text, by: shoots.vojta, at: shoots.now)
        }
        _ = try shoots.bookings.cancel(booking.id, reason: "Nemoc", uuid: UUID().uuidString, by: shoots.jana, text: { "Zrušeno: \($0)" },
                                       at: shoots.later(300))
        #expect(throws: PaymentMarkProblem.notReceived) {
            try payments.settle(.rest, of: booking.id, .refunded, on: shoots.today.text, by: shoots.vojta, at: shoots.now)
        }
        #expect(throws: PaymentMarkProblem.refundBeforePayment) {
            try payments.settle(.deposit, of: booking.id, .refunded, on: shoots.today.adding(days: -1).text, by: shoots.vojta, at: shoots.now)
        }
        #expect(throws: PaymentMarkProblem.inTheFuture) {
            try payments.settle(.deposit, of: booking.id, .refunded, on: shoots.today.adding(days: 1).text, by: shoots.vojta, at: shoots.now)
        }
        #expect(throws: BookingError.onlyThePhotographer) {
            try payments.settle(.deposit, of: booking.id, .refunded, on: shoots.today.text, by: shoots.jana, at: shoots.now)
        }
        // Kept first, as the terms say; then sent back after all.
        #expect(try payments.settle(.deposit, of: booking.id, .kept, on: "", by: shoots.vojta, at: shoots.now) == nil)
        #expect(try payments.payments(of: booking).first?.settlement == PaymentSettlement(.kept, on: shoots.today))
        let note = try #require(try payments.settle(.deposit, of: booking.id, .refunded, on: shoots.today.text, by: shoots.vojta,
                                                    at: shoots.now))
        #expect(note.kind == .creditNote && note.amount == Amount(crowns: -1440) && note.vatPercent == 21)
        #expect(note.taxBase == Amount(halers: -119_008) && note.tax == Amount(halers: -24_992))
        #expect(note.corrects == Invoice.Reference(id: deposit.id, number: deposit.number, uuid: deposit.uuid, issuedOn: deposit.issuedOn.text))
        #expect(note.number == "\(shoots.today.year)-0002", "the same series, the next number")
        #expect(try payments.invoices(of: [booking])[booking.id] == [deposit, note])
        #expect(try payments.invoice(note.id, for: shoots.jana) == note)
        // Final: no second refund, and the mark stays.
        #expect(throws: PaymentMarkProblem.alreadyRefunded) {
            try payments.settle(.deposit, of: booking.id, .kept, on: "", by: shoots.vojta, at: shoots.now)
        }
        #expect(throws: PaymentMarkProblem.settled) {
            try payments.mark(.deposit, of: booking.id, received: false, on: "", by: shoots.vojta, at: shoots.now)
        }
        let payment = try #require(try payments.payments(of: booking).first)
        #expect(payment.settlement == PaymentSettlement(.refunded, on: shoots.today) && !payment.isHeld)
        // A cancelled booking gets no invoice of its own any more.
        #expect(throws: PaymentMarkProblem.cancelled) { try payments.issueInvoice(.rest, of: booking.id, by: shoots.vojta, at: shoots.now) }
    }

    /// The photographer's "issue" and "received" for the same payment at the same moment, on
    /// as many connections as the store has: one invoice, one number.
    @Test func issuingAndMarkingAtOnceMakeOneInvoice() throws {
        try savePayee(vat: false)
        let booking = try base.booking()
        let payments = self.payments, vojta = shoots.vojta, today = shoots.today, now = shoots.now
        let issued = Mutex<[Invoice]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let invoice = index.isMultiple(of: 2)
                ? try? payments.issueInvoice(.rest, of: booking.id, by: vojta, at: now)
                : try? payments.mark(.rest, of: booking.id, received: true, on: today.text, by: vojta, at: now)
            if let invoice { issued.withLock { $0.append(invoice) } }
        }
        let all = issued.withLock { $0 }
        #expect(all.count == 8 && Set(all.map(\.id)).count == 1)
        #expect(try payments.invoices(of: [booking])[booking.id]?.map(\.number) == ["\(today.year)-0001"])
    }

    @Test func negativeAmountsSplitAsTheirOppositesAndAreWrittenWithAMinus() {
        let (base, tax) = Invoice.split(Amount(halers: -100_001), vatPercent: 21)
        #expect(base == Amount(halers: -82_645) && tax == Amount(halers: -17_356))
        #expect(Amount(halers: -100_001).machineText == "-1000.01" && Amount(halers: -5).machineText == "-0.05")
    }
}
