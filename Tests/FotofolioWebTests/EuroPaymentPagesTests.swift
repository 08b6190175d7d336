import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// A shoot in euros through the pages: the offer in euros, the client's EPC codes (a SEPA
/// transfer) read by zbarimg, and the invoices in crowns at the ČNB rate the photographer
/// types, their euro amounts beside, checked by a reader that is not our writer.
@Suite struct EuroPaymentPagesTests {
    /// Vojta, a VAT payer, offers Jana 1 200 € with a 30 % deposit; Jana accepts.
    static func booked() async throws -> (server: WebTestServer, booking: Int64) {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/profile/payments", InvoiceStepPagesTests.vatPayee).status == 303)
        let (room, requestId) = try await ShootPagesTests.requestShoot(on: server)
        try await server.cookies(of: "vojtafoti")
        let form = try await server.send("/shoots/\(requestId)/offer").body
        #expect(form.contains("<option value=\"CZK\" selected>") && form.contains("<option value=\"EUR\">"))
        var fields = ShootPagesTests.offerFields(price: "1200")
        fields["currency"] = "EUR"
        fields["deposit"] = "30 %"
        #expect(try await server.submit("/shoots/\(requestId)/offer", fields).status == 303)
        try await server.cookies(of: "jana.k")
        let conversation = try await server.send("/messages/\(room)").body
        #expect(conversation.contains("<dt>Deposit</dt><dd>€360, within 7 days of acceptance</dd>"))
        let vojta = try server.userId("vojtafoti")
        let offerId = try #require(try Bookings(stores: .sqlite(server.database)).shoot(request: requestId, for: vojta)?.currentOffer?.id)
        #expect(try await server.submit("/offers/\(offerId)/accept", ["uuid": UUID().uuidString]).status == 303)
        return (server, try #require(try Bookings(stores: .sqlite(server.database)).bookings(of: vojta).first?.id))
    }

    @Test func theClientScansTheEPCsCodeForEachEuroPayment() async throws {
        let (server, booking) = try await Self.booked()
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/bookings/\(booking)").body
        #expect(page.contains("€360") && page.contains("€840") && !page.contains("Kč"))
        let codes = try BookingPaymentPagesTests.decodedQRTexts(in: page).map { output in
            // The code's eleven lines, from its `BCD`.
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return Array(lines.drop { $0 != "BCD" }.prefix(11))
        }
        try #require(codes.count == 2)
        for (code, amount) in zip(codes, ["EUR360.00", "EUR840.00"]) {
            #expect(Array(code.prefix(8)) == ["BCD", "002", "1", "SCT", "", "Vojta Votruba", "CZ6508000000192000145399", amount])
            #expect(code.count == 11 && code[10].hasPrefix("/VS/\(booking) Foto Vojta "))
        }
    }

    @Test func aEuroInvoiceIsInCrownsAtTheTypedRateWithItsEurosBeside() async throws {
        let (server, booking) = try await Self.booked()
        try await server.cookies(of: "vojtafoti")
        let today = CalendarDay(Date()).text
        let form = try await server.send("/bookings/\(booking)").body
        #expect(form.contains("id=\"rate-deposit-mark\"") && form.contains("id=\"rate-rest-issue\""))
        #expect(!form.contains("id=\"rate-deposit-issue\""), "a VAT payer's deposit is invoiced when it arrives")
        // Without the day's rate the payment is not marked, and the field says why.
        let missing = try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "1", "paidOn": today])
        #expect(missing.status == 422 && missing.body.contains("A euro invoice takes the ČNB rate of its day"))
        let wrong = try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "1", "paidOn": today, "rate": "25,1234"])
        #expect(wrong.status == 422 && wrong.body.contains("at most three decimals") && wrong.body.contains("value=\"25,1234\""))
        #expect(try InvoiceStepPagesTests.invoices(server, booking).isEmpty)
        #expect(try await server.submit("/bookings/\(booking)/payments/deposit", ["received": "1", "paidOn": today, "rate": "25,125"])
                    .status == 303)
        #expect(try await server.submit("/bookings/\(booking)/payments/rest", ["received": "1", "paidOn": today, "rate": "25.2"])
                    .status == 303)
        let invoices = try InvoiceStepPagesTests.invoices(server, booking)
        try #require(invoices.count == 2)
        let (deposit, final) = (invoices[0], invoices[1])
        #expect(deposit.currency == .eur && deposit.rate == ExchangeRate(thousandths: 25_125) && final.rate == ExchangeRate(thousandths: 25_200))

        let depositText = try await server.send("/invoices/\(deposit.id)/isdoc").body
        let depositFile = try InvoiceStepPagesTests.checkTotals(depositText)
        #expect(depositFile.type == "5" && depositFile.payable == 9045, "360 € at 25,125")
        let depositTree = try XMLTree(depositText)
        #expect(depositTree.value("Invoice/ForeignCurrencyCode") == ["EUR"] && depositTree.value("Invoice/CurrRate") == ["25.125"])
        #expect(depositTree.value("Invoice/LegalMonetaryTotal/PayableAmountCurr") == ["360.00"])

        // The final invoice: 1 200 € at 25,20 less the deposit's crowns at its own rate.
        let finalText = try await server.send("/invoices/\(final.id)/isdoc").body
        let finalFile = try InvoiceStepPagesTests.checkTotals(finalText)
        #expect(finalFile.claimed == 9045 && finalFile.payable == 30240 - 9045)
        let tree = try XMLTree(finalText)
        #expect(tree.value("Invoice/LegalMonetaryTotal/PayableAmountCurr") == ["840.00"])
        #expect(tree.value("Invoice/TaxedDeposits/TaxedDeposit/TaxInclusiveDepositAmountCurr") == ["360.00"])
        #expect(tree.value("Invoice/InvoiceLines/InvoiceLine/LineExtensionAmountTaxInclusiveCurr") == ["1200.00"])

        let page = try await server.send("/invoices/\(final.id)").body
        #expect(page.contains("€1,200") && page.contains("−€360") && page.contains("data-invoice-total>€840<"))
        #expect(page.contains("ČNB rate") && page.contains("25.200 Kč/€") && page.contains("21,195 Kč"))
    }
}
