import Foundation
import Synchronization
import Testing
@testable import Fotofolio

/// Money on a shoot, from the offer's terms to the payments marked received, and the bank
/// details they are paid to: on the store `FOTOFOLIO_TEST_STORE` names.
@Suite struct PaymentsTests {
    let shoots: ShootWorld
    var payments: Payments { Payments(stores: shoots.world.stores) }

    init() throws {
        shoots = try ShootWorld()
    }

    /// A booking of 4 800 Kč in ten days, with the offer's payment fields as typed.
    func booking(deposit: String = "30 %", depositDueDays: String = "5", restDueDays: String = "-2") throws -> Booking {
        let request = try shoots.request(from: shoots.jana, to: shoots.vojta)
        var form = ShootOfferForm.valid(day: shoots.today.adding(days: 10), validUntil: shoots.today.adding(days: 5))
        form.deposit = deposit
        form.depositDueDays = depositDueDays
        form.restDueDays = restDueDays
        let offer = try shoots.bookings.offer(form, on: request.id, uuid: UUID().uuidString, by: shoots.vojta, text: { _ in "Nabídka" },
                                              at: shoots.later(60))
        return try shoots.accept(offer.id, by: shoots.jana)
    }

    var payeeForm: PayeeForm {
        var form = PayeeForm()
        form.account = "19-2000145399/0800"
        form.name = "Vojtěch Foťák"
        form.address = "Letná 1\n170 00 Praha 7"
        form.companyId = "26168685"
        form.paymentNote = "Foto Vojta"
        return form
    }

    @Test func theOffersTermsAreTheBookingsAndGiveItsTwoPayments() throws {
        let booking = try booking()
        #expect(booking.payment == PaymentTerms(deposit: Amount(halers: 144_000), depositDueDays: 5, restDueDays: -2))
        let today = shoots.today
        #expect(try payments.payments(of: booking) == [
            PaymentDue(part: .deposit, amount: Amount(crowns: 1440), dueDay: today.adding(days: 5), paidOn: nil),
            PaymentDue(part: .rest, amount: Amount(crowns: 3360), dueDay: today.adding(days: 8), paidOn: nil),
        ])
        // The offer the client saw had the same terms.
        #expect(try shoots.shoot(booking.requestId, for: shoots.jana).offers.last?.payment == booking.payment)
    }

    /// Accepting queues, in the same transaction, the client's mail of what to pay and one
    /// reminder per payment the morning before its day (in Prague); a free booking queues none.
    @Test func acceptingQueuesWhatToPayAndAReminderBeforeEachDueDay() throws {
        let booking = try booking()
        let mails = try shoots.world.queuedMails().filter { $0.recipientId == shoots.jana && $0.content.kind == .shoot }
        let today = shoots.today
        #expect(mails.map(\.content).filter { if case .shoot = $0 { false } else { true } } == [
            .bookingPayments(bookingId: booking.id),
            .paymentReminder(bookingId: booking.id, part: .deposit, dueOn: today.adding(days: 5).text),
            .paymentReminder(bookingId: booking.id, part: .rest, dueOn: today.adding(days: 8).text),
        ])
        let due = try shoots.world.mail.due(at: PaymentReminder.moment(before: today.adding(days: 5)).addingTimeInterval(-1),
                                            missedBefore: .distantPast, limit: 100)
        #expect(!due.contains { if case .paymentReminder = $0.content { true } else { false } })
        #expect(PaymentReminder.moment(before: CalendarDay("2027-06-14")!) == ISO8601DateFormatter().date(from: "2027-06-13T06:00:00Z"))
        #expect(PaymentReminder.moment(before: CalendarDay("2027-01-14")!) == ISO8601DateFormatter().date(from: "2027-01-13T07:00:00Z"))
    }

    @Test func aPaymentDueTodayIsToldInTheFirstMailWithoutAReminder() throws {
        let booking = try booking(deposit: "", restDueDays: "-10")
        let contents = try shoots.world.queuedMails().filter { $0.recipientId == shoots.jana }.map(\.content)
        // The rest is due today (ten days before the shoot in ten days): told in the first mail only.
        #expect(contents.contains(.bookingPayments(bookingId: booking.id)))
        #expect(!contents.contains { if case .paymentReminder = $0 { true } else { false } })
    }

    @Test func aDepositIsDueByTheShootAtTheLatestAndAWholePriceDepositLeavesNoRest() throws {
        let booking = try booking(deposit: "4800", depositDueDays: "30", restDueDays: "14")
        #expect(try payments.payments(of: booking) == [
            PaymentDue(part: .deposit, amount: Amount(crowns: 4800), dueDay: shoots.today.adding(days: 10), paidOn: nil),
        ])
    }

    @Test func withoutADepositTheWholePriceIsTheRest() throws {
        let booking = try booking(deposit: "", depositDueDays: "", restDueDays: "14")
        #expect(try payments.payments(of: booking).map(\.part) == [.rest])
        #expect(try payments.payments(of: booking).first?.dueDay == shoots.today.adding(days: 24))
    }

    @Test(arguments: [("5000", ShootProblem.depositAbovePrice), ("0", .zeroAmount), ("-100", .negative), ("1,2345", .tooManyDecimals),
                      ("1000000000000000", .outOfRange), ("abc", .notAnAmount), ("150 %", .outOfRange), ("0 %", .outOfRange),
                      ("x %", .notANumber)])
    func aWrongDepositIsRefusedAndNothingIsOffered(_ deposit: String, _ problem: ShootProblem) throws {
        let request = try shoots.request(from: shoots.jana, to: shoots.vojta)
        var form = ShootOfferForm.valid(day: shoots.today.adding(days: 10))
        form.deposit = deposit
        #expect(shootProblems { _ = try form.validated(today: shoots.today) } == [.deposit: problem])
        #expect(throws: ShootProblems.self) {
            try shoots.bookings.offer(form, on: request.id, uuid: UUID().uuidString, by: shoots.vojta, text: { _ in "x" })
        }
        #expect(try shoots.shoot(request.id, for: shoots.vojta).offers.isEmpty)
    }

    @Test(arguments: [("61", ShootField.depositDueDays), ("-1", .depositDueDays), ("-61", .restDueDays), ("x", .restDueDays)])
    func dueDaysOutsideTwoMonthsAreRefused(_ days: String, _ field: ShootField) {
        var form = ShootOfferForm.valid(day: shoots.today.adding(days: 10))
        form.deposit = "1000"
        if field == .depositDueDays { form.depositDueDays = days } else { form.restDueDays = days }
        #expect(shootProblems { _ = try form.validated(today: shoots.today) }.keys.contains(field))
    }

    @Test func onlyThePhotographerMarksAPaymentReceivedAndTheDayMustHaveCome() throws {
        let booking = try booking()
        let today = shoots.today
        let now = shoots.now
        #expect(throws: BookingError.onlyThePhotographer) {
            try payments.mark(.deposit, of: booking.id, received: true, on: today.text, by: shoots.jana, at: now)
        }
        #expect(throws: BookingError.unknown) {
            try payments.mark(.deposit, of: booking.id, received: true, on: today.text, by: shoots.petra, at: now)
        }
        #expect(throws: PaymentMarkProblem.inTheFuture) {
            try payments.mark(.deposit, of: booking.id, received: true, on: today.adding(days: 1).text, by: shoots.vojta, at: now)
        }
        #expect(throws: PaymentMarkProblem.notADay) {
            try payments.mark(.deposit, of: booking.id, received: true, on: "31. 2.", by: shoots.vojta, at: now)
        }
        #expect(try payments.payments(of: booking).allSatisfy { !$0.isPaid })

        try payments.mark(.deposit, of: booking.id, received: true, on: today.text, by: shoots.vojta, at: now)
        #expect(try payments.payments(of: booking).map(\.paidOn) == [today, nil])
        // Marked again with another day: the day changes; then taken back.
        try payments.mark(.deposit, of: booking.id, received: true, on: today.adding(days: -1).text, by: shoots.vojta, at: now)
        #expect(try payments.payments(of: booking).first?.paidOn == today.adding(days: -1))
        try payments.mark(.deposit, of: booking.id, received: false, on: "", by: shoots.vojta, at: now)
        #expect(try payments.payments(of: booking).first?.paidOn == nil)
    }

    @Test func aPaymentTheBookingDoesNotHaveCannotBeMarked() throws {
        let booking = try booking(deposit: "", depositDueDays: "", restDueDays: "")
        #expect(throws: BookingError.unknown) {
            try payments.mark(.deposit, of: booking.id, received: true, on: shoots.today.text, by: shoots.vojta, at: shoots.now)
        }
    }

    @Test func theBookingsListReadsEveryBookingsPaymentsAtOnce() throws {
        let first = try booking()
        let request = try shoots.request(from: shoots.eva, to: shoots.vojta)
        let offer = try shoots.offer(on: request.id, by: shoots.vojta, dayIn: 12)
        let second = try shoots.accept(offer.id, by: shoots.eva)
        try payments.mark(.rest, of: first.id, received: true, on: shoots.today.text, by: shoots.vojta, at: shoots.now)
        let all = try payments.payments(of: [first, second])
        #expect(all[first.id]?.map(\.isPaid) == [false, true])
        #expect(all[second.id]?.map(\.part) == [.rest])
        #expect(all[second.id]?.first?.amount == Amount(crowns: 4800))
    }

    @Test func aPhotographersBankDetailsAreKeptAsCheckedAndReplaced() throws {
        #expect(try payments.payee(of: shoots.vojta) == nil)
        let saved = try payments.savePayee(payeeForm, for: shoots.vojta, at: shoots.now)
        #expect(try payments.payee(of: shoots.vojta) == saved)
        #expect(saved.account.iban.text == "CZ6508000000192000145399")
        #expect(saved.companyId?.text == "26168685" && saved.vatNumber == nil && !saved.isVATPayer)
        var form = payeeForm
        form.account = "DE89 3704 0044 0532 0130 00"
        form.vatNumber = "cz26168685"
        try payments.savePayee(form, for: shoots.vojta, at: shoots.later(1))
        let replaced = try #require(try payments.payee(of: shoots.vojta))
        #expect(replaced.account.display == "DE89 3704 0044 0532 0130 00" && replaced.vatNumber?.text == "CZ26168685")
        try payments.removePayee(of: shoots.vojta)
        #expect(try payments.payee(of: shoots.vojta) == nil)
    }

    @Test func wrongBankDetailsAreRefusedFieldByFieldAndNothingIsKept() throws {
        var form = PayeeForm()
        form.account = "19-2000145398/0800"
        form.name = ""
        form.address = String(repeating: "a", count: 301)
        form.companyId = "26168684"
        form.vatNumber = "CZ1234567"
        form.paymentNote = "Foto*Vojta"
        #expect(throws: PayeeProblems([.account: "account.checksum", .name: "missing", .address: "tooLong", .companyId: "companyId.checksum",
                                       .vatNumber: "vatNumber.format", .paymentNote: "noteCharacters"])) {
            try payments.savePayee(form, for: shoots.vojta)
        }
        form = payeeForm
        form.paymentNote = "Foto 📸"
        #expect(throws: PayeeProblems([.paymentNote: "noteCharacters"])) { try payments.savePayee(form, for: shoots.vojta) }
        #expect(try payments.payee(of: shoots.vojta) == nil)
    }

    @Test func clientsHaveNoBankDetailsToKeep() {
        #expect(throws: BookingError.notAPhotographer) { try payments.savePayee(payeeForm, for: shoots.jana) }
    }

    @Test func theQRPaymentCarriesTheBookingsNumberAndSaysWhatItIsFor() throws {
        let booking = try booking()
        let payee = try payments.savePayee(payeeForm, for: shoots.vojta)
        let deposit = try #require(try payments.payments(of: booking).first)
        let qr = Payments.qrPayment(deposit, of: booking, to: payee, partName: "Záloha")
        #expect(qr.text == "SPD*1.0*ACC:CZ6508000000192000145399*AM:1440.00*CC:CZK*DT:\(deposit.dueDay.text.replacingOccurrences(of: "-", with: ""))"
            + "*RN:Vojtech Fotak*X-VS:\(booking.id)*MSG:Foto Vojta Zaloha Svatba \(booking.day.text)")
    }

    // MARK: Invoices

    @Test func aPaymentMarkedReceivedGetsTheNextNumberOfTheSeriesOnceAndKeepsIt() throws {
        try payments.savePayee(payeeForm, for: shoots.vojta, at: shoots.now)
        let first = try booking()
        let today = shoots.today
        let deposit = try #require(try payments.mark(.deposit, of: first.id, received: true, on: today.text, by: shoots.vojta, at: shoots.now))
        #expect(deposit.number == "\(today.year)-0001")
        #expect(deposit.amount == Amount(crowns: 1440) && deposit.vatPercent == 0 && deposit.taxBase == deposit.amount)
        #expect(deposit.supplier == Invoice.Party(name: "Vojtěch Foťák", address: "Letná 1\n170 00 Praha 7", companyId: "26168685"))
        #expect(deposit.customer.name == "Jana Králová")
        #expect(deposit.taxPointOn == today && deposit.issuedOn == today && deposit.variableSymbol == UInt64(first.id))
        // Taken back and marked again: the same invoice, no new number.
        try payments.mark(.deposit, of: first.id, received: false, on: "", by: shoots.vojta, at: shoots.now)
        #expect(try payments.mark(.deposit, of: first.id, received: true, on: today.text, by: shoots.vojta, at: shoots.now) == deposit)
        let rest = try #require(try payments.mark(.rest, of: first.id, received: true, on: today.text, by: shoots.vojta, at: shoots.now))
        #expect(rest.number == "\(today.year)-0002")
        #expect(try payments.invoices(of: [first])[first.id] == [deposit, rest])
        #expect(try payments.invoice(deposit.id, for: shoots.jana) == deposit)
        #expect(try payments.invoice(deposit.id, for: shoots.petra) == nil, "a stranger has no such invoice")
    }

    @Test func withoutBankDetailsNoInvoiceIsIssuedAndANewPrefixStartsItsOwnSeries() throws {
        let first = try booking()
        #expect(try payments.mark(.deposit, of: first.id, received: true, on: shoots.today.text, by: shoots.vojta, at: shoots.now) == nil)
        var form = payeeForm
        form.invoicePrefix = "FV/"
        try payments.savePayee(form, for: shoots.vojta, at: shoots.now)
        let rest = try #require(try payments.mark(.rest, of: first.id, received: true, on: shoots.today.text, by: shoots.vojta, at: shoots.now))
        #expect(rest.number == "FV/0001")
        form.invoicePrefix = "FV 2026*"
        #expect(throws: PayeeProblems([.invoicePrefix: "invoicePrefix"])) { try payments.savePayee(form, for: shoots.vojta) }
    }

    @Test func aVATPayersInvoiceSplitsThePriceIntoBaseAndTaxThatAddUp() throws {
        var form = payeeForm
        form.vatNumber = "CZ26168685"
        try payments.savePayee(form, for: shoots.vojta, at: shoots.now)
        let booking = try booking(deposit: "1 000,01")
        let invoice = try #require(try payments.mark(.deposit, of: booking.id, received: true, on: shoots.today.text, by: shoots.vojta,
                                                     at: shoots.now))
        #expect(invoice.vatPercent == 21 && invoice.isVATApplicable)
        // 1 000,01 × 100 / 121 = 826,45…: base 826,45, tax 173,56.
        #expect(invoice.taxBase == Amount(halers: 82_645) && invoice.tax == Amount(halers: 17_356))
        #expect(invoice.taxBase + invoice.tax == invoice.amount)
    }

    /// Markings of many payments at once, on as many connections as the store has: every
    /// number of the series once, none skipped.
    @Test func markingsAtTheSameMomentTakeEveryNumberOnceWithoutGaps() throws {
        try payments.savePayee(payeeForm, for: shoots.vojta, at: shoots.now)
        var bookings: [Booking] = []
        for offset in 0..<6 {
            let client = [shoots.jana, shoots.eva, shoots.karel][offset % 3]
            let request = try shoots.request(from: client, to: shoots.vojta)
            let offer = try shoots.offer(on: request.id, by: shoots.vojta, dayIn: 10 + offset)
            bookings.append(try shoots.accept(offer.id, by: client))
        }
        let marks = bookings.flatMap { booking in PaymentPart.allCases.map { (booking.id, $0) } }
            .filter { id, part in part == .rest || bookings.first { $0.id == id }!.payment.hasDeposit }
        let payments = self.payments, vojta = shoots.vojta, today = shoots.today, now = shoots.now
        let numbers = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: marks.count) { index in
            let (id, part) = marks[index]
            if let invoice = try? payments.mark(part, of: id, received: true, on: today.text, by: vojta, at: now) {
                numbers.withLock { $0.append(invoice.number) }
            }
        }
        #expect(numbers.withLock { $0 }.sorted() == (1...marks.count).map { InvoiceSeries.number(prefix: "\(today.year)-", sequence: Int64($0)) })
    }

    // MARK: Terms

    @Test func anOfferCarriesTheTermsOfItsMomentAndTheBookingKeepsWhatWasAccepted() throws {
        let first = try payments.saveTerms("Storno do 14 dnů zdarma.\r\nZáloha propadá.", of: shoots.vojta, at: shoots.now)
        #expect(first.version == 1 && first.text == "Storno do 14 dnů zdarma.\nZáloha propadá.")
        #expect(first.hash == ShootTerms.hash(of: "Storno do 14 dnů zdarma.\nZáloha propadá.") && first.hash.utf8.count == 64)
        // The same text again is the same version.
        #expect(try payments.saveTerms("Storno do 14 dnů zdarma.\nZáloha propadá.", of: shoots.vojta) == first)
        let booking = try booking()
        #expect(try shoots.shoot(booking.requestId, for: shoots.jana).offers.last?.termsId == first.id)
        let agreed = try #require(booking.agreedTerms)
        #expect(agreed.termsId == first.id && agreed.hash == first.hash && agreed.acceptedAt == shoots.later(120))
        // New terms later: a new version, and the booking still names the text it accepted.
        let second = try payments.saveTerms("Storno do 7 dnů.", of: shoots.vojta, at: shoots.later(500))
        #expect(second.version == 2 && second.id != first.id)
        #expect(try payments.currentTerms(of: shoots.vojta) == second)
        let again = try #require(try shoots.world.bookings.booking(booking.id, for: shoots.jana))
        #expect(again.agreedTerms == agreed)
        #expect(try payments.terms(first.id, for: shoots.jana)?.text == "Storno do 14 dnů zdarma.\nZáloha propadá.")
    }

    @Test func termsAreReadByTheirPhotographerAndClientsOfferedThemOnly() throws {
        let terms = try payments.saveTerms("Podmínky.", of: shoots.vojta, at: shoots.now)
        #expect(try payments.terms(terms.id, for: shoots.vojta) == terms)
        #expect(try payments.terms(terms.id, for: shoots.jana) == nil, "no offer of them to Jana yet")
        let request = try shoots.request(from: shoots.jana, to: shoots.vojta)
        _ = try shoots.offer(on: request.id, by: shoots.vojta)
        #expect(try payments.terms(terms.id, for: shoots.jana) == terms)
        #expect(try payments.terms(terms.id, for: shoots.eva) == nil)
        #expect(try payments.terms(terms.id, for: shoots.petra) == nil)
    }

    @Test func emptiedTermsGoWithNoNewOfferAndWrongTermsAreRefused() throws {
        #expect(throws: TermsProblem.invalidText) { try payments.saveTerms("   ", of: shoots.vojta) }
        try payments.saveTerms("Podmínky.", of: shoots.vojta, at: shoots.now)
        let emptied = try payments.saveTerms("", of: shoots.vojta, at: shoots.later(1))
        #expect(emptied.version == 2 && emptied.text.isEmpty)
        let booking = try booking()
        #expect(booking.agreedTerms == nil)
        #expect(try shoots.shoot(booking.requestId, for: shoots.jana).offers.last?.termsId == nil)
        #expect(throws: TermsProblem.tooLong) { try payments.saveTerms(String(repeating: "a", count: 10_001), of: shoots.vojta) }
        #expect(throws: TermsProblem.invalidText) { try payments.saveTerms("a\u{7}b", of: shoots.vojta) }
        #expect(throws: BookingError.notAPhotographer) { try payments.saveTerms("Podmínky.", of: shoots.jana) }
        #expect(try payments.currentTerms(of: shoots.vojta) == emptied)
    }
}
