import Foundation
import Fotofolio
import FotofolioSQLite
import Spawn
import Testing
@testable import FotofolioWeb

/// Money on a booking through the pages: the photographer's bank details, an offer with a
/// deposit, the booking's page with a QR payment that an independent reader (zbarimg)
/// decodes, and the photographer marking payments received. Only the booking's two people
/// see its money; only its photographer marks it.
@Suite struct BookingPaymentPagesTests {
    static let payee = ["account": "19-2000145399/0800", "name": "Vojta Votruba", "address": "Letná 12\n170 00 Praha 7",
                        "companyId": "26168685", "vatNumber": "", "paymentNote": "Foto Vojta"]

    /// Jana requests, Vojta offers 12 000 Kč with a deposit of 30 % due in 5 days and the rest
    /// 7 days before the shoot, Jana accepts: the booking's id.
    static func book(on server: WebTestServer, deposit: String = "30 %") async throws -> Int64 {
        let (room, requestId) = try await ShootPagesTests.requestShoot(on: server)
        let jana = try server.userId("jana.k"), vojta = try server.userId("vojtafoti")
        try await server.cookies(of: "vojtafoti")
        let form = try await server.send("/shoots/\(requestId)/offer").body
        #expect(form.contains("name=\"deposit\"") && form.contains("name=\"depositDueDays\" type=\"number\" value=\"7\""))
        #expect(form.contains("<option value=\"0\" selected>"), "the rest is due on the shoot's day unless chosen otherwise")
        var fields = ShootPagesTests.offerFields()
        fields["deposit"] = deposit
        fields["depositDueDays"] = "5"
        fields["restDueDays"] = "-7"
        #expect(try await server.submit("/shoots/\(requestId)/offer", fields).status == 303)
        let bookings = Bookings(stores: .sqlite(server.database))
        let offerId = try #require(try bookings.shoot(request: requestId, for: vojta)?.currentOffer?.id)
        try await server.cookies(of: "jana.k")
        let conversation = try await server.send("/messages/\(room)").body
        if deposit.isEmpty {
            #expect(conversation.contains("<dt>Payment</dt><dd>12,000 Kč, 7 days before the shoot</dd>"))
        } else if deposit == "30 %" {
            #expect(conversation.contains("<dt>Deposit</dt><dd>3,600 Kč, within 5 days of acceptance</dd>"))
            #expect(conversation.contains("<dt>Balance</dt><dd>8,400 Kč, 7 days before the shoot</dd>"))
        }
        if deposit == "1 000,01" {
            #expect(conversation.contains("<dt>Deposit</dt><dd>1,000.01 Kč, within 5 days of acceptance</dd>"))
        }
        #expect(try await server.submit("/offers/\(offerId)/accept", ["uuid": UUID().uuidString]).status == 303)
        return try #require(try bookings.bookings(of: jana).first?.id)
    }

    /// The SPAYD texts of the page's QR codes, as zbarimg reads them from the drawn SVG.
    static func decodedQRCodes(in page: String) throws -> [String] {
        try decodedQRTexts(in: page).flatMap { $0.split(separator: "\n").filter { $0.hasPrefix("SPD*") }.map(String.init) }
    }

    /// What zbarimg prints for each of the page's QR codes (a code's text, with its libraries'
    /// complaints, which share one pipe, around it).
    static func decodedQRTexts(in page: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var texts: [String] = []
        for (index, match) in page.matches(of: /<figure class="payment__qr"[^>]*>(<svg.*?<\/svg>)<\/figure>/).enumerated() {
            let svg = directory.appendingPathComponent("\(index).svg"), png = directory.appendingPathComponent("\(index).png")
            try Data(match.1.utf8).write(to: svg)
            let drawn = try ChildProcess.run("/usr/bin/vips", ["copy", svg.path + "[scale=6]", png.path])
            #expect(drawn.status == .exited(0), "\(drawn.output)")
            let read = try ChildProcess.run("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png.path])
            #expect(read.status == .exited(0), "\(read.output)")
            texts.append(read.output)
        }
        return texts
    }

    /// A SPAYD text's fields by key, read without our writer: `SPD*1.0*KEY:value*…`.
    static func fields(_ spayd: String) -> [String: String] {
        let parts = spayd.split(separator: "*", omittingEmptySubsequences: false)
        #expect(parts.prefix(2) == ["SPD", "1.0"])
        var fields: [String: String] = [:]
        for part in parts.dropFirst(2) {
            let pair = part.split(separator: ":", maxSplits: 1)
            #expect(pair.count == 2 && fields[String(pair[0])] == nil)
            fields[String(pair[0])] = String(pair[1])
        }
        return fields
    }

    @Test func theClientScansAQRPaymentForEachPaymentAndTheDetailsAreTheSameAsText() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/profile/payments", Self.payee).headers["location"] == "/profile/payments?saved=1")
        let bookingId = try await Self.book(on: server)
        let page = try await server.send("/bookings/\(bookingId)")
        #expect(page.status == 200)
        #expect(page.headers["cache-control"] == "private, no-store")
        let codes = try Self.decodedQRCodes(in: page.body)
        #expect(codes.count == 2)
        #expect(page.body.contains("Scan the code in your banking app"))
        let today = CalendarDay(Date())
        let shootDay = ShootPagesTests.shootDay
        let deposit = Self.fields(try #require(codes.first)), rest = Self.fields(try #require(codes.last))
        #expect(deposit == ["ACC": "CZ6508000000192000145399", "AM": "3600.00", "CC": "CZK", "X-VS": "\(bookingId)",
                            "DT": today.adding(days: 5).text.replacingOccurrences(of: "-", with: ""), "RN": "Vojta Votruba",
                            "MSG": "Foto Vojta Deposit Svatba \(shootDay.text)"])
        #expect(rest["AM"] == "8400.00" && rest["X-VS"] == "\(bookingId)")
        #expect(rest["DT"] == shootDay.adding(days: -7).text.replacingOccurrences(of: "-", with: ""))
        #expect(rest["MSG"] == "Foto Vojta Balance Svatba \(shootDay.text)")
        // For people who type: the account both ways, the symbol, the amount.
        for text in ["19-2000145399/0800", "CZ65 0800 0000 1920 0014 5399", ">\(bookingId)</dd>", "3,600 Kč", "12,000 Kč left to pay."] {
            #expect(page.body.contains(text), "\(text)")
        }
        #expect(page.body.contains("role=\"img\" aria-label=\"QR payment: Deposit, 3,600 Kč\""))
        #expect(!page.body.contains("data-payment-mark"), "the client marks nothing")
        // The client's bookings list says what is left.
        #expect(try await server.send("/bookings").body.contains("data-booking-payment=\"outstanding\">12,000 Kč to pay"))
    }

    @Test func thePhotographerMarksEachPaymentReceivedAndItsQRCodeGoes() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        _ = try await server.submit("/profile/payments", Self.payee)
        let bookingId = try await Self.book(on: server)
        let today = CalendarDay(Date())
        // The client may not mark.
        let refused = try await server.submit("/bookings/\(bookingId)/payments/deposit", ["received": "1", "paidOn": today.text])
        #expect(refused.status == 403)
        try await server.cookies(of: "vojtafoti")
        // A day to come is refused at its field, and nothing is marked.
        let future = try await server.submit("/bookings/\(bookingId)/payments/deposit", ["received": "1", "paidOn": today.adding(days: 2).text])
        #expect(future.status == 422)
        #expect(future.body.contains("That day has not come yet."))
        #expect(future.body.contains("value=\"\(today.adding(days: 2).text)\""), "what was typed stays")
        let marked = try await server.submit("/bookings/\(bookingId)/payments/deposit", ["received": "1", "paidOn": today.text])
        #expect(marked.status == 303 && marked.headers["location"] == "/bookings/\(bookingId)#payment-deposit")
        var page = try await server.send("/bookings/\(bookingId)").body
        #expect(page.contains("data-payment=\"deposit\" data-payment-state=\"paid\""))
        #expect(page.contains("8,400 Kč left to pay."))
        try await server.cookies(of: "jana.k")
        page = try await server.send("/bookings/\(bookingId)").body
        #expect(try Self.decodedQRCodes(in: page).count == 1, "only the balance is left to scan")
        #expect(page.contains("data-payment=\"deposit\" data-payment-state=\"paid\""))
        try await server.cookies(of: "vojtafoti")
        _ = try await server.submit("/bookings/\(bookingId)/payments/rest", ["received": "1", "paidOn": today.text])
        #expect(try await server.send("/bookings/\(bookingId)").body.contains("Everything is paid."))
        #expect(try await server.send("/bookings").body.contains("data-booking-payment=\"paid\">Paid"))
        // Taken back: waiting again.
        _ = try await server.submit("/bookings/\(bookingId)/payments/rest", ["received": "0"])
        #expect(try await server.send("/bookings/\(bookingId)").body.contains("data-payment=\"rest\" data-payment-state=\"waiting\""))
    }

    @Test func onlyTheBookingsTwoPeopleSeeItsMoneyAndAPartItDoesNotHaveIsNotThere() async throws {
        let server = try ShootPagesTests.seeded()
        let bookingId = try await Self.book(on: server, deposit: "")
        try await server.cookies(of: "eva.s")
        #expect(try await server.send("/bookings/\(bookingId)").status == 404)
        #expect(try await server.submit("/bookings/\(bookingId)/payments/rest", ["received": "1", "paidOn": CalendarDay(Date()).text]).status == 404)
        try await server.cookies(of: "vojtafoti")
        // No deposit was asked: there is none to mark.
        #expect(try await server.submit("/bookings/\(bookingId)/payments/deposit", ["received": "1", "paidOn": CalendarDay(Date()).text]).status == 404)
        #expect(try await server.submit("/bookings/\(bookingId)/payments/tip", ["received": "1"]).status == 404)
        #expect(try await server.send("/bookings/99999").status == 404)
        // Without bank details the photographer is asked for them, and the client told to agree in the conversation.
        var page = try await server.send("/bookings/\(bookingId)").body
        #expect(page.contains("data-no-payee") && page.contains("href=\"/profile/payments\""))
        #expect(!page.contains("data-payment-qr"))
        try await server.cookies(of: "jana.k")
        page = try await server.send("/bookings/\(bookingId)").body
        #expect(page.contains("The photographer has not added bank details yet."))
        server.signOut()
        let guest = try await server.send("/bookings/\(bookingId)")
        #expect(guest.status == 303 || guest.status == 302)
    }

    @Test func wrongBankDetailsAreSaidAtTheirFieldsAndNothingIsKept() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        var fields = Self.payee
        fields["account"] = "19-2000145398/0800"
        fields["vatNumber"] = "CZ1234567"
        fields["paymentNote"] = "Foto*Vojta"
        let refused = try await server.submit("/profile/payments", fields)
        #expect(refused.status == 422)
        for sentence in ["This account number&#39;s checksum is wrong.", "A VAT number is CZ and 8 to 10 digits.",
                         "banks show neither asterisks nor emoji."] {
            #expect(refused.body.contains(sentence), "\(sentence)")
        }
        #expect(refused.body.contains("value=\"19-2000145398/0800\""), "what was typed stays")
        #expect(try Payments(stores: .sqlite(server.database)).payee(of: try server.userId("vojtafoti")) == nil)
        // Saved, shown back in both forms, then removed.
        _ = try await server.submit("/profile/payments", Self.payee)
        let saved = try await server.send("/profile/payments?saved=1").body
        #expect(saved.contains("Clients will see: 19-2000145399/0800 · CZ65 0800 0000 1920 0014 5399"))
        #expect(try await server.submit("/profile/payments/remove", [:]).headers["location"] == "/profile/payments?removed=1")
        #expect(try Payments(stores: .sqlite(server.database)).payee(of: try server.userId("vojtafoti")) == nil)
    }

    @Test func clientsHaveNoBankDetailsPage() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/profile/payments").status == 403)
        #expect(try await server.submit("/profile/payments", Self.payee).status == 403)
        server.signOut()
        #expect([302, 303].contains(try await server.send("/profile/payments").status))
    }

    @Test func aFormWithoutItsTokenChangesNothing() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        let body = Self.payee.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        let forged = try await server.send("/profile/payments", method: "POST", headers: ["Sec-Fetch-Site": "cross-site"], form: body)
        #expect(forged.status == 403)
        #expect(try Payments(stores: .sqlite(server.database)).payee(of: try server.userId("vojtafoti")) == nil)
    }

    // MARK: Invoices

    /// The invoice of the booking's deposit, marked received today by Vojta with `payee`'s details.
    static func depositInvoice(on server: WebTestServer, payee: [String: String] = payee) async throws -> (booking: Int64, invoice: Invoice) {
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/profile/payments", payee).status == 303)
        let bookingId = try await book(on: server, deposit: "1 000,01")
        try await server.cookies(of: "vojtafoti")
        _ = try await server.submit("/bookings/\(bookingId)/payments/deposit", ["received": "1", "paidOn": CalendarDay(Date()).text])
        let booking = try #require(try Bookings(stores: .sqlite(server.database)).booking(bookingId, for: try server.userId("vojtafoti")))
        let invoice = try #require(try Payments(stores: .sqlite(server.database)).invoices(of: [booking])[bookingId]?.invoice(of: .deposit))
        return (bookingId, invoice)
    }

    @Test func aPaymentMarkedReceivedHasItsInvoiceForBothPeopleOnlyAsAPageAndAsISDOC() async throws {
        let server = try ShootPagesTests.seeded()
        let (bookingId, invoice) = try await Self.depositInvoice(on: server)
        let year = CalendarDay(Date()).year
        #expect(invoice.number == "\(year)-0001")
        #expect(invoice.description.hasPrefix("Deposit for a shoot: Svatba, "))
        for person in ["vojtafoti", "jana.k"] {
            try await server.cookies(of: person)
            #expect(try await server.send("/bookings/\(bookingId)").body.contains("href=\"/invoices/\(invoice.id)\">Invoice \(year)-0001</a>"))
            let page = try await server.send("/invoices/\(invoice.id)")
            #expect(page.status == 200, "\(person)")
            for text in ["Invoice \(year)-0001", "Vojta Votruba", "Letná 12", "170 00 Praha 7", "26168685", "Not a VAT payer",
                         "Jana Králová", "CZ65 0800 0000 1920 0014 5399", "1,000.01 Kč", "data-invoice-paid"] {
                #expect(page.body.contains(text), "\(text)")
            }
            let file = try await server.send("/invoices/\(invoice.id)/isdoc")
            #expect(file.status == 200)
            #expect(file.headers["content-type"] == "application/xml; charset=utf-8")
            #expect(file.headers["content-disposition"] == "attachment; filename=\"faktura-\(year)-0001.isdoc\"")
        }
        try await server.cookies(of: "eva.s")
        #expect(try await server.send("/invoices/\(invoice.id)").status == 404)
        #expect(try await server.send("/invoices/\(invoice.id)/isdoc").status == 404)
        server.signOut()
        #expect([302, 303].contains(try await server.send("/invoices/\(invoice.id)/isdoc").status))
    }

    /// The ISDOC file read back as XML, without our writer: the header, the parties, the line,
    /// the VAT breakdown and the totals agree with each other and with the payment.
    static func checkISDOC(_ text: String, invoice: Invoice, bookingId: Int64, vatPercent: Int) throws {
        let tree = try XMLTree(text)
        func one(_ path: String) -> String { tree.value("Invoice/" + path).first ?? "<missing \(path)>" }
        func number(_ path: String) -> Decimal { Decimal(string: one(path)) ?? -1 }
        #expect(tree.attributes("Invoice").first == ["xmlns": "http://isdoc.cz/namespace/2013", "version": "6.0.2"])
        #expect(one("ID") == invoice.number && one("UUID").count == 36 && one("LocalCurrencyCode") == "CZK")
        #expect(one("IssueDate") == invoice.issuedOn.text && one("TaxPointDate") == invoice.taxPointOn.text)
        #expect(one("VATApplicable") == (vatPercent > 0 ? "true" : "false"))
        #expect(one("AccountingSupplierParty/Party/PartyName/Name") == "Vojta Votruba")
        #expect(one("AccountingSupplierParty/Party/PartyIdentification/ID") == "26168685")
        #expect(one("AccountingSupplierParty/Party/PostalAddress/StreetName") == "Letná")
        #expect(one("AccountingSupplierParty/Party/PostalAddress/BuildingNumber") == "12")
        #expect(one("AccountingSupplierParty/Party/PostalAddress/PostalZone") == "17000")
        #expect(one("AccountingSupplierParty/Party/PostalAddress/CityName") == "Praha 7")
        #expect(one("AccountingCustomerParty/Party/PartyName/Name") == "Jana Králová")
        let line = "InvoiceLines/InvoiceLine/"
        #expect(tree.value("Invoice/InvoiceLines/InvoiceLine").count == 1)
        #expect(one(line + "ClassifiedTaxCategory/Percent") == "\(vatPercent)")
        let base = number(line + "LineExtensionAmount"), tax = number(line + "LineExtensionTaxAmount")
        let total = number(line + "LineExtensionAmountTaxInclusive")
        #expect(base + tax == total)
        #expect(total == Decimal(string: invoice.amount.machineText))
        // The rate applied to the base, to the haléř.
        var expected = base * Decimal(vatPercent) / 100, rounded = Decimal()
        NSDecimalRound(&rounded, &expected, 2, .plain)
        #expect(abs((tax - rounded) as Decimal) <= Decimal(string: "0.01")!)
        let sub = "TaxTotal/TaxSubTotal/"
        #expect(number(sub + "TaxableAmount") == base && number(sub + "TaxAmount") == tax && number(sub + "TaxInclusiveAmount") == total)
        #expect(number(sub + "DifferenceTaxInclusiveAmount") == total && number("TaxTotal/TaxAmount") == tax)
        #expect(number("LegalMonetaryTotal/TaxExclusiveAmount") == base && number("LegalMonetaryTotal/TaxInclusiveAmount") == total)
        #expect(number("LegalMonetaryTotal/PayableAmount") == total)
        let details = "PaymentMeans/Payment/Details/"
        #expect(number("PaymentMeans/Payment/PaidAmount") == total)
        #expect(one(details + "IBAN") == "CZ6508000000192000145399" && one(details + "ID") == "19-2000145399")
        #expect(one(details + "BankCode") == "0800" && one(details + "VariableSymbol") == "\(bookingId)")
        #expect(one(details + "PaymentDueDate") == invoice.dueOn.text)
    }

    @Test func theISDOCFileIsWellFormedAndItsTotalsAgreeForANonPayer() async throws {
        let server = try ShootPagesTests.seeded()
        let (bookingId, invoice) = try await Self.depositInvoice(on: server)
        let file = try await server.send("/invoices/\(invoice.id)/isdoc").body
        try Self.checkISDOC(file, invoice: invoice, bookingId: bookingId, vatPercent: 0)
        #expect(file.contains("<Note>Dodavatel není plátcem DPH.</Note>"))
    }

    @Test func aVATPayersISDOCSplitsTheAmountAt21PercentAndTheTotalsAgree() async throws {
        let server = try ShootPagesTests.seeded()
        var payee = Self.payee
        payee["vatNumber"] = "CZ26168685"
        let (bookingId, invoice) = try await Self.depositInvoice(on: server, payee: payee)
        let file = try await server.send("/invoices/\(invoice.id)/isdoc").body
        try Self.checkISDOC(file, invoice: invoice, bookingId: bookingId, vatPercent: 21)
        #expect(file.contains("<DocumentType>5</DocumentType>"), "a VAT payer's deposit is a tax document for a payment received")
        #expect(file.contains("<CompanyID>CZ26168685</CompanyID>"))
        let page = try await server.send("/invoices/\(invoice.id)").body
        #expect(page.contains("826.45 Kč") && page.contains("173.56 Kč") && page.contains("VAT payer"))
    }

    @Test func aPostalAddressIsReadIntoItsParts() {
        #expect(PostalAddress("Letná 12\n170 00 Praha 7") == PostalAddress(street: "Letná", building: "12", postalZone: "17000", city: "Praha 7"))
        #expect(PostalAddress("Na Příkopě 1234/5a\n110 00 Praha 1") == PostalAddress(street: "Na Příkopě", building: "1234/5a",
                                                                                   postalZone: "11000", city: "Praha 1"))
        #expect(PostalAddress("Brno") == PostalAddress(street: "", building: "", postalZone: "", city: "Brno"))
        #expect(PostalAddress("Dlouhá\nOlomouc") == PostalAddress(street: "Dlouhá", building: "", postalZone: "", city: "Olomouc"))
        #expect(PostalAddress("") == PostalAddress(street: "", building: "", postalZone: "", city: ""))
    }

    // MARK: Terms

    @Test func theClientReadsTheTermsBeforeAcceptingAndTheBookingKeepsTheVersionAgreed() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "vojtafoti")
        let terms = "Storno do 14 dnů: záloha se vrací.\n<b>Licence</b>: osobní užití."
        #expect(try await server.submit("/profile/terms", ["terms": terms]).headers["location"] == "/profile/terms?saved=1")
        #expect(try await server.send("/profile/terms?saved=1").body.contains("Version 1 of "))
        let (room, requestId) = try await ShootPagesTests.requestShoot(on: server)
        let jana = try server.userId("jana.k"), vojta = try server.userId("vojtafoti")
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/shoots/\(requestId)/offer", ShootPagesTests.offerFields()).status == 303)
        let offer = try #require(try Bookings(stores: .sqlite(server.database)).shoot(request: requestId, for: vojta)?.currentOffer)
        let termsId = try #require(offer.termsId)
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/messages/\(room)").body.contains("href=\"/terms/\(termsId)\" data-shoot-action=\"terms\""))
        let accept = try await server.send("/offers/\(offer.id)/accept").body
        #expect(accept.contains("data-shoot-terms") && accept.contains("Storno do 14 dnů: záloha se vrací.\n&lt;b&gt;Licence&lt;/b&gt;"))
        #expect(try await server.send("/terms/\(termsId)").status == 200)
        #expect(try await server.submit("/offers/\(offer.id)/accept", ["uuid": UUID().uuidString]).status == 303)
        // Changed afterwards: the booking still shows version 1, the text accepted.
        try await server.cookies(of: "vojtafoti")
        _ = try await server.submit("/profile/terms", ["terms": "Bez storna."])
        let bookingId = try #require(try Bookings(stores: .sqlite(server.database)).bookings(of: jana).first?.id)
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/bookings/\(bookingId)").body
        #expect(page.contains("data-booking-terms") && page.contains("Version 1 of ") && page.contains("Storno do 14 dnů"))
        #expect(!page.contains("Bez storna."))
        #expect(page.contains(ShootTerms.hash(of: terms)))
        try await server.cookies(of: "eva.s")
        #expect(try await server.send("/terms/\(termsId)").status == 404)
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/profile/terms").status == 403)
    }
}
