// The payment parsers on what anyone may type: the account (`BankAccount`, `IBAN`,
// `CzechAccount`), an amount (`Amount`), the IČO and VAT number, the bank details form
// (`PayeeForm`), an offer's deposit and due days (`ShootOfferForm`), a QR payment's texts
// (`QRPayment.value`), a euro payment's EPC code (`EPCPayment`), an exchange rate
// (`ExchangeRate`), a postal address (`PostalAddress`) and the ISDOC file made from all of
// them. The input's lines are the fields.
//
// Oracles: nothing traps; an accepted account is an IBAN of its country's length in upper-case
// letters and digits that reads back as itself (and a Czech one through its Czech form); an
// accepted amount is positive, at most the largest, and its machine text reads back as it;
// an IČO or VAT number reads back as itself; an accepted form holds texts within their limits
// without control characters and a deposit no larger than the price; a QR value is printable
// ASCII without `*` or `%` within its limit; an EPC code has its eleven lines whatever its
// texts; an accepted rate reads back from its machine text; the ISDOC file is well-formed XML.
#if !FUZZ_CORPUS_REPLAY
import FuzzSupport
#endif
import Foundation
import FoundationXML
@testable import Fotofolio
@testable import FotofolioWeb

#if !FUZZ_CORPUS_REPLAY
@main
enum PaymentFuzzMain {
    static func main() { runFuzzer(fuzzPaymentEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaymentEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzPayment(data, size) }
#endif

private let fuzzToday = CalendarDay(year: 2026, month: 11, day: 28)!

/// The target: also replayed on its corpus by `swift test` (FuzzCorpusTests).
public func fuzzPayment(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzText(fuzzBytes(data, size))
    let fields = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }

    if let account = try? BankAccount.parse(field(0)) {
        let iban = account.iban.text
        require(iban.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }, "the IBAN \(visible(iban)) is not upper case")
        require(IBAN.lengths[account.iban.country] == iban.utf8.count, "the IBAN \(visible(iban)) is not its country's length")
        require((try? IBAN.parse(iban)) == account.iban, "the IBAN \(visible(iban)) does not read back")
        if let czech = account.czech {
            require((try? CzechAccount.parse(czech.text))?.iban == account.iban, "\(visible(czech.text)) is not \(visible(iban))")
        }
    }
    if let amount = try? Amount.parse(field(1)) {
        require(amount > .zero && amount <= Amount.largest, "the amount \(amount.halers) is out of range")
        require((try? Amount.parse(amount.machineText)) == amount, "the amount \(amount.machineText) does not read back")
    }
    if let rate = try? ExchangeRate.parse(field(1)) {
        require(rate.thousandths > 0 && rate.thousandths <= ExchangeRate.largest.thousandths && (try? ExchangeRate.parse(rate.machineText)) == rate,
                "the rate \(rate.thousandths) does not read back")
    }
    if let iban = try? IBAN.parse("CZ6508000000192000145399") {
        let epc = EPCPayment(account: iban, amount: Amount(halers: 1), variableSymbol: 1, recipient: field(4), message: field(12))
        require(epc.text.split(separator: "\n", omittingEmptySubsequences: false).count == 11, "a text made a line of the EPC code")
    }
    if let id = try? CompanyID.parse(field(2)) {
        require(id.text.utf8.count == 8 && (try? CompanyID.parse(id.text)) == id, "the IČO \(visible(id.text)) does not read back")
    }
    if let vat = try? VATNumber.parse(field(3)) {
        require(vat.text.hasPrefix("CZ") && (10...12).contains(vat.text.utf8.count), "the VAT number \(visible(vat.text)) is malformed")
        require((try? VATNumber.parse(vat.text)) == vat, "the VAT number \(visible(vat.text)) does not read back")
    }

    var form = PayeeForm()
    (form.account, form.name, form.address, form.companyId) = (field(0), field(4), field(5), field(2))
    (form.vatNumber, form.paymentNote, form.invoicePrefix) = (field(3), field(6), field(7))
    var payee: Payee?
    if let valid = try? form.validated(for: 1) {
        require(PayeeForm.nameLimit.allows(valid.name) && PayeeForm.addressLimit.allows(valid.address)
                && PayeeForm.paymentNoteLimit.allows(valid.paymentNote), "a text past its limit")
        require(!valid.name.containsControlCharacters() && !valid.address.containsControlCharacters(allowing: multilineControls)
                && !valid.paymentNote.containsControlCharacters(), "a control character got through")
        require(!valid.paymentNote.contains("*") && InvoiceSeries.isValidPrefix(valid.invoicePrefix), "a separator got through")
        payee = valid
    }

    var offer = ShootOfferForm()
    (offer.day, offer.start, offer.hours, offer.place, offer.price) = ("2026-12-24", "10:00", "2", "Praha", field(8))
    (offer.validUntil, offer.deposit, offer.depositDueDays, offer.restDueDays) = ("2026-12-20", field(9), field(10), field(11))
    var booking: Booking?
    if let draft = try? offer.validated(today: fuzzToday) {
        require(draft.payment.deposit <= Amount(crowns: draft.price), "a deposit above the price")
        require(PaymentTerms.dueDaysRange.contains(draft.payment.depositDueDays)
                && PaymentTerms.restDueDaysRange.contains(draft.payment.restDueDays), "due days out of range")
        let made = Booking(id: 7, requestId: 1, offerId: 1, roomId: 1, clientId: 2, photographerId: 1, kind: field(12), day: draft.day,
                           startMinutes: draft.startMinutes, hours: draft.hours, place: draft.place, price: draft.price,
                           included: draft.included, createdAt: fuzzToday.start, payment: draft.payment)
        let payments = made.payments()
        require(payments.reduce(Amount.zero) { $0 + $1.amount } == Amount(crowns: draft.price), "the payments do not add up to the price")
        booking = made
    }

    for (value, limit) in [(field(12), QRPayment.messageLimit), (field(4), QRPayment.recipientLimit)] {
        let written = QRPayment.value(value, limit: limit)
        require(written.utf8.count <= limit && written.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
                && !written.contains("*") && !written.contains("%"), "the QR value \(visible(written)) breaks the format")
    }
    _ = PostalAddress(field(5))

    if let payee, let booking, let part = booking.payments().first?.part,
       let invoice = Invoice.issued(for: booking, part: part, received: [.deposit: ReceivedPayment(paidOn: fuzzToday)],
                                    depositInvoice: nil, payee: payee, customer: Invoice.Party(name: field(13), address: field(14)),
                                    number: InvoiceSeries.number(prefix: payee.invoicePrefix(on: fuzzToday), sequence: 1),
                                    uuid: "00000000-0000-4000-8000-000000000000", issuedOn: fuzzToday,
                                    texts: InvoiceTexts(deposit: field(12), rest: field(12), whole: field(12), refund: field(12))) {
        require(invoice.taxBase + invoice.tax == invoice.amount, "the invoice's base and tax do not add up")
        require(invoice.differenceTotal - invoice.untaxedDeposits == invoice.payable, "the invoice's totals do not add up")
        let note = Invoice.creditNote(correcting: invoice, number: "X", uuid: invoice.uuid, issuedOn: fuzzToday, refundedOn: fuzzToday,
                                      description: field(12))
        require(note.taxBase + note.tax == note.amount && note.amount.halers == -invoice.payable.halers, "the credit note does not add up")
        for document in [invoice, note] {
            let parser = XMLParser(data: Data(ISDOC.document(document).utf8))
            require(parser.parse(), "the ISDOC file is not well-formed: \(parser.parserError.map(String.init(describing:)) ?? "")")
        }
    }
    return 0
}
