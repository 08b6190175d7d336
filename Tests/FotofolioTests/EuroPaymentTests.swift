import Foundation
import Testing
@testable import Fotofolio

/// Offers in euros and the EPC's QR code for a SEPA transfer: on the store
/// `FOTOFOLIO_TEST_STORE` names.
@Suite struct EuroPaymentTests {
    let base: PaymentsTests
    var shoots: ShootWorld { base.shoots }

    init() throws {
        base = try PaymentsTests()
    }

    func euroBooking(deposit: String = "30 %") throws -> Booking {
        let request = try shoots.request(from: shoots.jana, to: shoots.vojta)
        var form = ShootOfferForm.valid(day: shoots.today.adding(days: 10), validUntil: shoots.today.adding(days: 5))
        form.currency = "EUR"
        form.price = "1200"
        form.deposit = deposit
        let offer = try shoots.bookings.offer(form, on: request.id, uuid: UUID().uuidString, by: shoots.vojta, text: { _ in "Offer" },
                                              at: shoots.later(60))
        #expect(offer.payment.currency == .eur)
        return try shoots.accept(offer.id, by: shoots.jana)
    }

    @Test func anOfferInEurosIsABookingInEurosAndItsPaymentsAreEuroCents() throws {
        let booking = try euroBooking()
        #expect(booking.payment.currency == .eur && booking.price == 1200)
        #expect(try base.payments.payments(of: booking).map(\.amount) == [Amount(crowns: 360), Amount(crowns: 840)])
        // Read back from the store, it is still in euros.
        #expect(try shoots.world.bookings.booking(booking.id, for: shoots.jana)?.payment.currency == .eur)
    }

    @Test(arguments: ["USD", "eur", "Kč", "CZK\n"])
    func aCurrencyOtherThanCrownsOrEurosIsRefusedAtItsField(_ typed: String) {
        var form = ShootOfferForm.valid(day: shoots.today.adding(days: 10), validUntil: shoots.today.adding(days: 5))
        form.currency = typed
        if typed == "CZK\n" {
            #expect((try? form.validated(today: shoots.today))?.payment.currency == .czk, "white space around is no matter")
        } else {
            #expect(throws: ShootProblems([.currency: .unknownCurrency])) { try form.validated(today: shoots.today) }
        }
    }

    @Test func aEuroPaymentIsTheEPCsSEPATransfer() throws {
        try base.payments.savePayee(base.payeeForm, for: shoots.vojta, at: shoots.now)
        let booking = try euroBooking()
        let payee = try #require(try base.payments.payee(of: shoots.vojta))
        let deposit = try #require(try base.payments.payments(of: booking).first)
        let code = Payments.paymentCode(deposit, of: booking, to: payee, partName: "Záloha")
        guard case .epc(let epc) = code else { Issue.record("a euro payment is not an EPC code: \(code)"); return }
        let lines = epc.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == ["BCD", "002", "1", "SCT", "", "Vojtech Fotak", "CZ6508000000192000145399", "EUR360.00", "", "",
                          "/VS/\(booking.id) Foto Vojta Zaloha Svatba \(booking.day.text)"])
        #expect(epc.text.utf8.count <= 331, "the format's largest payload")
    }

    @Test func noTextMakesALineOfItsOwnOrLeavesTheSEPACharacterSet() {
        let hostile = "Ateliér \"Světlo\"\r\nBCD\n002*% 🎉 <b>\u{0}\u{2028}" + String(repeating: "ž", count: 300)
        let epc = EPCPayment(account: try! IBAN.parse("CZ6508000000192000145399"), amount: Amount(halers: 1), variableSymbol: 7,
                             recipient: hostile, message: hostile)
        let lines = epc.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 11)
        #expect(lines[5].count <= EPCPayment.recipientLimit && lines[10].count <= EPCPayment.remittanceLimit)
        let sepa = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ ".unicodeScalars)
        #expect(lines[5].unicodeScalars.allSatisfy(sepa.contains) && lines[10].unicodeScalars.allSatisfy(sepa.contains))
        #expect(lines[5].hasPrefix("Atelier Svetlo BCD 002 b") && lines[7] == "EUR0.01")
    }

    @Test(arguments: [("25,125", Int64(25_125)), ("25.125", 25_125), ("25", 25_000), ("25,2", 25_200), (" 24,99 ", 24_990),
                      ("999,999", 999_999), ("0,001", 1)])
    func aRateIsReadToTheThousandth(_ typed: String, _ thousandths: Int64) throws {
        #expect(try ExchangeRate.parse(typed) == ExchangeRate(thousandths: thousandths))
    }

    @Test(arguments: [("", ExchangeRateProblem.missing), ("25,1234", .format), ("25,", .format), (",5", .format), ("2,5,1", .format),
                      ("-25", .format), ("1000", .outOfRange), ("0", .outOfRange), ("0,000", .outOfRange), ("25 Kč", .format),
                      ("٢٥", .format)])
    func aMistypedRateIsRefusedWithItsReason(_ typed: String, _ problem: ExchangeRateProblem) {
        #expect(throws: problem) { try ExchangeRate.parse(typed) }
    }

    @Test func crownsAreTheEurosAtTheRateToTheHalerHalvesAwayFromZero() {
        let rate = ExchangeRate(thousandths: 25_125)
        #expect(rate.crowns(Amount(crowns: 360)) == Amount(crowns: 9045))
        #expect(rate.crowns(Amount(halers: 2)) == Amount(halers: 50), "50,25 haléře")
        #expect(rate.crowns(Amount(halers: 4)) == Amount(halers: 101), "100,5 haléře: the half goes up")
        #expect(rate.crowns(Amount(halers: -4)) == Amount(halers: -101), "and down below zero")
        #expect(ExchangeRate(thousandths: 25_005).machineText == "25.005" && ExchangeRate(thousandths: 25_050).machineText == "25.050")
    }
}
