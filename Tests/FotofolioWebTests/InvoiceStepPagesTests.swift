import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// The photographer's steps with invoices through the pages: issuing one before the money
/// arrives (it carries a QR payment), the final invoice that deducts the deposit, and after a
/// cancellation a refund with its credit note. The ISDOC files are checked against the
/// format's arithmetic by a reader that is not our writer.
@Suite struct InvoiceStepPagesTests {
    static let vatPayee = BookingPaymentPagesTests.payee.merging(["vatNumber": "CZ26168685"]) { $1 }

    /// Vojta (with `payee`) books Jana: 12 000 Kč, a 30 % deposit.
    static func booked(payee: [String: String] = BookingPaymentPagesTests.payee) async throws -> (server: WebTestServer, booking: Int64) {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/profile/payments", payee).status == 303)
        return (server, try await BookingPaymentPagesTests.book(on: server))
    }

    static func invoices(_ server: WebTestServer, _ bookingId: Int64) throws -> [Invoice] {
        let booking = try #require(try Bookings(stores: .sqlite(server.database)).booking(bookingId, for: try server.userId("vojtafoti")))
        return try Payments(stores: .sqlite(server.database)).invoices(of: [booking])[bookingId] ?? []
    }

    /// The arithmetic of an ISDOC file, read without our writer: each breakdown adds up, what
    /// was claimed by deposits is what they list, and the amount payable is the difference less
    /// the deposits paid without a tax document.
    static func checkTotals(_ text: String) throws -> (type: String, payable: Decimal, claimed: Decimal, paidDeposits: Decimal) {
        let tree = try XMLTree(text)
        func one(_ path: String) -> String { tree.value("Invoice/" + path).first ?? "<missing \(path)>" }
        func number(_ path: String) -> Decimal { Decimal(string: one(path)) ?? -999_999 }
        func sum(_ path: String) -> Decimal { tree.value("Invoice/" + path).compactMap { Decimal(string: $0) }.reduce(0, +) }
        let sub = "TaxTotal/TaxSubTotal/", total = "LegalMonetaryTotal/"
        for kind in ["", "AlreadyClaimed", "Difference"] {
            #expect(number(sub + kind + "TaxableAmount") + number(sub + kind + "TaxAmount") == number(sub + kind + "TaxInclusiveAmount"), "\(kind)")
        }
        for part in ["TaxableAmount", "TaxAmount", "TaxInclusiveAmount"] {
            #expect(number(sub + "Difference" + part) == number(sub + part) - number(sub + "AlreadyClaimed" + part), "\(part)")
        }
        #expect(number("TaxTotal/TaxAmount") == number(sub + "DifferenceTaxAmount"))
        #expect(number(total + "TaxExclusiveAmount") == sum("InvoiceLines/InvoiceLine/LineExtensionAmount"))
        #expect(number(total + "TaxInclusiveAmount") == sum("InvoiceLines/InvoiceLine/LineExtensionAmountTaxInclusive"))
        #expect(number(total + "AlreadyClaimedTaxExclusiveAmount") == sum("TaxedDeposits/TaxedDeposit/TaxableDepositAmount"))
        #expect(number(total + "AlreadyClaimedTaxInclusiveAmount") == sum("TaxedDeposits/TaxedDeposit/TaxInclusiveDepositAmount"))
        #expect(number(total + "AlreadyClaimedTaxInclusiveAmount") == number(sub + "AlreadyClaimedTaxInclusiveAmount"))
        #expect(number(total + "DifferenceTaxInclusiveAmount")
                == number(total + "TaxInclusiveAmount") - number(total + "AlreadyClaimedTaxInclusiveAmount"))
        #expect(number(total + "PaidDepositsAmount") == sum("NonTaxedDeposits/NonTaxedDeposit/DepositAmount"))
        #expect(number(total + "PayableAmount")
                == number(total + "DifferenceTaxInclusiveAmount") - number(total + "PaidDepositsAmount") + number(total + "PayableRoundingAmount"))
        return (one("DocumentType"), number(total + "PayableAmount"), number(total + "AlreadyClaimedTaxInclusiveAmount"),
                number(total + "PaidDepositsAmount"))
    }

    @Test func thePhotographerIssuesTheBalancesInvoiceBeforeTheMoneyAndItCarriesACodeToPay() async throws {
        let (server, booking) = try await Self.booked()
        try await server.cookies(of: "vojtafoti")
        let page = try await server.send("/bookings/\(booking)").body
        #expect(page.contains("action=\"/bookings/\(booking)/payments/rest/invoice\""))
        #expect(page.contains("action=\"/bookings/\(booking)/payments/deposit/invoice\""), "a non-payer may invoice the deposit too")
        // The client may not issue, a stranger does not see the booking.
        try await server.cookies(of: "jana.k")
        #expect(try await server.submit("/bookings/\(booking)/payments/rest/invoice", [:]).status == 403)
        #expect(!(try await server.send("/bookings/\(booking)").body.contains("payments/rest/invoice")))
        try await server.cookies(of: "eva.s")
        #expect(try await server.submit("/bookings/\(booking)/payments/rest/invoice", [:]).status == 404)
        try await server.cookies(of: "vojtafoti")
        let issued = try await server.submit("/bookings/\(booking)/payments/rest/invoice", [:])
        #expect(issued.status == 303)
        let invoice = try #require(try Self.invoices(server, booking).first)
        #expect(issued.headers["location"] == "/invoices/\(invoice.id)")
        #expect(invoice.part == .rest && invoice.amount == Amount(crowns: 8400))
        // Both see it, with a QR payment for what it asks, which zbarimg reads back.
        for person in ["vojtafoti", "jana.k"] {
            try await server.cookies(of: person)
            let invoicePage = try await server.send("/invoices/\(invoice.id)").body
            #expect(invoicePage.contains("data-invoice-qr") && !invoicePage.contains("data-invoice-paid"))
            let svg = try #require(invoicePage.firstMatch(of: /<figure class="payment__qr"[^>]*>(<svg.*?<\/svg>)<\/figure>/)).1
            let codes = try BookingPaymentPagesTests.decodedQRCodes(in: "<figure class=\"payment__qr\">\(svg)</figure>")
            let fields = BookingPaymentPagesTests.fields(try #require(codes.first))
            #expect(fields["AM"] == "8400.00" && fields["X-VS"] == "\(booking)" && fields["DT"] == invoice.dueOn.text.replacingOccurrences(of: "-", with: ""))
        }
        // Issued again (a second click), the same one; once paid, no code any more.
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/bookings/\(booking)/payments/rest/invoice", [:]).headers["location"] == "/invoices/\(invoice.id)")
        _ = try await server.submit("/bookings/\(booking)/payments/rest", ["received": "1", "paidOn": CalendarDay(Date()).text])
        #expect(try Self.invoices(server, booking).count == 1)
        let paid = try await server.send("/invoices/\(invoice.id)").body
        #expect(paid.contains("data-invoice-paid") && !paid.contains("data-invoice-qr"))
    }

    @Test func aVATPayersDepositIsInvoicedWhenItArrivesAndTheFinalInvoiceClaimsItBack() async throws {
        let (server, booking) = try await Self.booked(payee: Self.vatPayee)
        try await server.cookies(of: "vojtafoti")
        #expect(!(try await server.send("/bookings/\(booking)").body.contains("payments/deposit/invoice\"")))
        let refused = try await server.submit("/bookings/\(booking)/payments/deposit/invoice", [:])
        #expect(refused.status == 409 && refused.body.contains("A VAT payer issues the tax document for a deposit when it arrives"))
        let today = CalendarDay(Date()).text
        _ = try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "1", "paidOn": today])
        _ = try await server.submit("/bookings/\(booking)/payments/rest", ["received": "1", "paidOn": today])
        let invoices = try Self.invoices(server, booking)
        try #require(invoices.count == 2)
        let (deposit, final) = (invoices[0], invoices[1])
        let depositFile = try Self.checkTotals(try await server.send("/invoices/\(deposit.id)/isdoc").body)
        #expect(depositFile.type == "5" && depositFile.payable == 3600)
        let finalText = try await server.send("/invoices/\(final.id)/isdoc").body
        let finalFile = try Self.checkTotals(finalText)
        #expect(finalFile.type == "1" && finalFile.payable == 8400 && finalFile.claimed == 3600 && finalFile.paidDeposits == 0)
        #expect(finalText.contains("<TaxedDeposits><TaxedDeposit><ID>\(deposit.number)</ID>"))
        // The page: the whole shoot, the deposit deducted with its document, what is left.
        let page = try await server.send("/invoices/\(final.id)").body
        #expect(page.contains("12,000 Kč") && page.contains("data-invoice-deduction") && page.contains("−3,600 Kč"))
        #expect(page.contains("Deposit paid (document \(deposit.number)"))
        #expect(page.contains("data-invoice-total>8,400 Kč<"))
    }

    @Test func aNonPayersFinalInvoiceDeductsTheDepositAsPaid() async throws {
        let (server, booking) = try await Self.booked()
        try await server.cookies(of: "vojtafoti")
        let today = CalendarDay(Date()).text
        _ = try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "1", "paidOn": today])
        _ = try await server.submit("/bookings/\(booking)/payments/rest", ["received": "1", "paidOn": today])
        let final = try #require(try Self.invoices(server, booking).last)
        let file = try Self.checkTotals(try await server.send("/invoices/\(final.id)/isdoc").body)
        #expect(file.type == "1" && file.payable == 8400 && file.claimed == 0 && file.paidDeposits == 3600)
    }

    @Test func afterACancellationThePhotographerRecordsARefundAndTheCreditNoteCorrectsTheInvoice() async throws {
        let (server, booking) = try await Self.booked(payee: Self.vatPayee)
        try await server.cookies(of: "vojtafoti")
        let today = CalendarDay(Date())
        _ = try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "1", "paidOn": today.text])
        // Not cancelled: nothing to record, and no form for it.
        #expect(!(try await server.send("/bookings/\(booking)").body.contains("data-payment-settle")))
        #expect(try await server.submit("/bookings/\(booking)/payments/deposit/settle", ["outcome": "refunded", "refundedOn": today.text]).status == 409)
        try await server.cookies(of: "jana.k")
        #expect(try await server.submit("/bookings/\(booking)/cancel", ["uuid": UUID().uuidString, "reason": "Svatba se ruší"]).status == 303)
        #expect(try await server.submit("/bookings/\(booking)/payments/deposit/settle", ["outcome": "refunded", "refundedOn": today.text]).status == 403)
        try await server.cookies(of: "eva.s")
        #expect(try await server.submit("/bookings/\(booking)/payments/deposit/settle", ["outcome": "refunded", "refundedOn": today.text]).status == 404)
        try await server.cookies(of: "vojtafoti")
        let page = try await server.send("/bookings/\(booking)").body
        #expect(page.contains("action=\"/bookings/\(booking)/payments/deposit/settle\""))
        #expect(!page.contains("payments/rest/invoice"), "a cancelled booking gets no new invoice")
        #expect(page.contains("The shoot is cancelled: no further payments are expected."))
        // Neither outcome chosen, or one that is not: refused, and nothing is recorded.
        for outcome in ["", "refund", "kept\r\nX: y"] {
            let unchosen = try await server.submit("/bookings/\(booking)/payments/deposit/settle", ["outcome": outcome, "refundedOn": today.text])
            #expect(unchosen.status == 422 && unchosen.body.contains("Choose whether you kept the payment or refunded it."))
        }
        #expect(try Payments(stores: .sqlite(server.database)).payments(of: try #require(
            try Bookings(stores: .sqlite(server.database)).booking(booking, for: try server.userId("vojtafoti")))).first?.settlement == nil)
        // A refund before the money came is refused at its field, and nothing is recorded.
        let early = try await server.submit("/bookings/\(booking)/payments/deposit/settle",
                                            ["outcome": "refunded", "refundedOn": today.adding(days: -3).text])
        #expect(early.status == 422 && early.body.contains("The payment cannot have been refunded before it arrived."))
        #expect(try Self.invoices(server, booking).count == 1)
        #expect(try await server.submit("/bookings/\(booking)/payments/deposit/settle", ["outcome": "refunded", "refundedOn": today.text])
                    .status == 303)
        let invoices = try Self.invoices(server, booking)
        try #require(invoices.count == 2)
        let (original, note) = (invoices[0], invoices[1])
        #expect(note.kind == .creditNote && note.amount == Amount(crowns: -3600) && note.corrects?.number == original.number)
        let text = try await server.send("/invoices/\(note.id)/isdoc").body
        let file = try Self.checkTotals(text)
        #expect(file.type == "6" && file.payable == -3600, "the correction of a tax document for a payment received")
        let tree = try XMLTree(text)
        #expect(tree.value("Invoice/OriginalDocumentReferences/OriginalDocumentReference/ID") == [original.number])
        #expect(tree.value("Invoice/PaymentMeans").isEmpty)
        // Both see what happened; the credit note is listed beside the invoice.
        for person in ["vojtafoti", "jana.k"] {
            try await server.cookies(of: person)
            let booked = try await server.send("/bookings/\(booking)").body
            #expect(booked.contains("data-payment-state=\"refunded\"") && booked.contains(">Credit note \(note.number)</a>"))
            let notePage = try await server.send("/invoices/\(note.id)").body
            #expect(notePage.contains("Credit note \(note.number)") && notePage.contains("Corrects document \(original.number)"))
            #expect(notePage.contains("data-invoice-total>3,600 Kč<") && notePage.contains("To refund"))
        }
        // Final: no second refund, and the mark can no longer be taken back.
        try await server.cookies(of: "vojtafoti")
        #expect(!(try await server.send("/bookings/\(booking)").body.contains("data-payment-settle")))
        #expect(try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "0"]).status == 409)
    }
}
