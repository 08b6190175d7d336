import Foundation

/// An invoice for one payment of a booking, issued by its photographer to its client: numbered
/// in the photographer's series (`InvoiceSeries`) when the payment is marked received or when
/// the photographer asks, never renumbered or removed. It keeps the two parties and the
/// amounts as they were that day, so later edits of the bank details never change an invoice
/// already issued. A refund is a credit note of the same series that corrects the invoice of
/// the payment sent back.
public struct Invoice: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case invoice
        /// A credit note: negative amounts, correcting an invoice (`corrects`).
        case creditNote
    }

    /// The invoice a credit note corrects, as it was issued.
    public struct Reference: Sendable, Equatable, Codable {
        public var id: Int64
        public var number: String
        public var uuid: String
        public var issuedOn: String

        public init(id: Int64, number: String, uuid: String, issuedOn: String) {
            self.id = id
            self.number = number
            self.uuid = uuid
            self.issuedOn = issuedOn
        }
    }

    /// A deposit received before the final invoice, deducted from it: with its own invoice's
    /// number and rate when it has one (a VAT payer's tax document for a payment received, whose
    /// VAT was declared then), or as a deposit without a tax document.
    public struct Deposit: Sendable, Equatable, Codable {
        public var invoiceNumber: String?
        public var amount: Amount
        public var vatPercent: Int
        public var paidOn: String
        /// A euro deposit's rate, as its own invoice had it: what its crowns were.
        public var rate: ExchangeRate?

        public init(invoiceNumber: String?, amount: Amount, vatPercent: Int, paidOn: CalendarDay, rate: ExchangeRate? = nil) {
            self.invoiceNumber = invoiceNumber
            self.amount = amount
            self.vatPercent = vatPercent
            self.paidOn = paidOn.text
            self.rate = rate
        }

        /// Its VAT was declared with its own tax document, so the final invoice claims it back.
        public var isTaxed: Bool { invoiceNumber != nil && vatPercent > 0 }
        public var taxBase: Amount { isTaxed ? Invoice.split(amount, vatPercent: vatPercent).base : amount }
        public var tax: Amount { amount - taxBase }
    }

    public struct Party: Sendable, Equatable, Codable {
        public var name: String
        /// Lines of the postal address as typed; a client's is their town.
        public var address: String
        public var companyId: String?
        public var vatNumber: String?

        public init(name: String, address: String, companyId: String? = nil, vatNumber: String? = nil) {
            self.name = name
            self.address = address
            self.companyId = companyId
            self.vatNumber = vatNumber
        }
    }

    public var id: Int64
    /// `2026-0001`: the series' prefix and the number within it.
    public var number: String
    /// A unique identifier for accounting software (ISDOC's `UUID`).
    public var uuid: String
    public var bookingId: Int64
    public var part: PaymentPart
    public var photographerId: Int64
    public var clientId: Int64
    public var issuedOn: CalendarDay
    /// The day the money arrived: the taxable supply's day.
    public var taxPointOn: CalendarDay
    public var dueOn: CalendarDay
    /// What the whole amount is, VAT included when there is any.
    public var amount: Amount
    /// 21 for a VAT payer, 0 for one who is not.
    public var vatPercent: Int
    public var supplier: Party
    public var customer: Party
    public var description: String
    public var iban: String
    public var variableSymbol: UInt64
    public var kind: Kind
    public var corrects: Reference?
    public var deposit: Deposit?
    /// What the amounts are in: the booking's currency.
    public var currency: Currency
    /// For a euro invoice, the crowns of one euro (its amounts in crowns, `local`).
    public var rate: ExchangeRate?

    public init(id: Int64, number: String, uuid: String, bookingId: Int64, part: PaymentPart, photographerId: Int64, clientId: Int64,
                issuedOn: CalendarDay, taxPointOn: CalendarDay, dueOn: CalendarDay, amount: Amount, vatPercent: Int, supplier: Party,
                customer: Party, description: String, iban: String, variableSymbol: UInt64, kind: Kind = .invoice,
                corrects: Reference? = nil, deposit: Deposit? = nil, currency: Currency = .czk, rate: ExchangeRate? = nil) {
        self.id = id
        self.number = number
        self.uuid = uuid
        self.bookingId = bookingId
        self.part = part
        self.photographerId = photographerId
        self.clientId = clientId
        self.issuedOn = issuedOn
        self.taxPointOn = taxPointOn
        self.dueOn = dueOn
        self.amount = amount
        self.vatPercent = vatPercent
        self.supplier = supplier
        self.customer = customer
        self.description = description
        self.iban = iban
        self.variableSymbol = variableSymbol
        self.kind = kind
        self.corrects = corrects
        self.deposit = deposit
        self.currency = currency
        self.rate = rate
    }

    /// The standard Czech rate a VAT payer's shoot is invoiced at.
    public static let standardVATPercent = 21

    public var isVATApplicable: Bool { vatPercent > 0 }

    /// An amount with VAT included split into its base and its VAT: the base is
    /// amount × 100 / (100 + rate) to the haléř (halves away from zero), and the VAT what
    /// remains, so the two always add up; a negative amount splits as its opposite does.
    public static func split(_ amount: Amount, vatPercent: Int) -> (base: Amount, tax: Amount) {
        guard vatPercent > 0 else { return (amount, .zero) }
        let magnitude = abs(amount.halers), divisor = Int64(100 + vatPercent)
        let base = (magnitude * 100 + divisor / 2) / divisor
        let signed = Amount(halers: amount.halers < 0 ? -base : base)
        return (signed, amount - signed)
    }

    /// The line's amount without VAT.
    public var taxBase: Amount { Self.split(amount, vatPercent: vatPercent).base }

    public var tax: Amount { amount - taxBase }

    /// What is left to pay: the line less the deposit deducted.
    public var payable: Amount { amount - (deposit?.amount ?? .zero) }

    /// The VAT breakdown of what this invoice taxes now: the line less a taxed deposit.
    public var differenceBase: Amount { taxBase - (deposit?.isTaxed == true ? deposit!.taxBase : .zero) }
    public var differenceTax: Amount { tax - (deposit?.isTaxed == true ? deposit!.tax : .zero) }
    public var differenceTotal: Amount { amount - (deposit?.isTaxed == true ? deposit!.amount : .zero) }
    /// A deposit received without a tax document, deducted from the payable amount only.
    public var untaxedDeposits: Amount { deposit.map { $0.isTaxed ? .zero : $0.amount } ?? .zero }

    /// The amounts in crowns, as Czech accounts and VAT take them: the same amounts for a
    /// crown invoice; for a euro one each converted at its rate (a deposit at its own), every
    /// difference taken in crowns so that each breakdown still adds up.
    public var local: LocalAmounts {
        func crowns(_ amount: Amount, _ rate: ExchangeRate?) -> Amount {
            guard currency == .eur, let rate else { return amount }
            return rate.crowns(amount)
        }
        let total = crowns(amount, rate), base = crowns(taxBase, rate)
        let taxed = deposit?.isTaxed == true ? deposit : nil
        let claimedTotal = taxed.map { crowns($0.amount, $0.rate ?? rate) } ?? .zero
        let claimedBase = taxed.map { crowns($0.taxBase, $0.rate ?? rate) } ?? .zero
        let paidDeposits = deposit.map { $0.isTaxed ? .zero : crowns($0.amount, $0.rate ?? rate) } ?? .zero
        return LocalAmounts(base: base, tax: total - base, total: total, claimedBase: claimedBase, claimedTax: claimedTotal - claimedBase,
                            claimedTotal: claimedTotal, paidDeposits: paidDeposits)
    }

    /// Whether the person is the invoice's photographer or client.
    public func involves(_ userId: Int64) -> Bool { photographerId == userId || clientId == userId }
}

/// A photographer's invoice numbering: a prefix of their choosing (`2026-`, `FV/`) and a
/// number within it that only grows, four digits or more. Changing the prefix starts a new
/// series from 1; returning to a prefix goes on where it stopped.
public enum InvoiceSeries {
    public static let prefixLimit = 12

    /// The prefix when none was set: the year and a dash.
    public static func defaultPrefix(on day: CalendarDay) -> String { "\(day.year)-" }

    public static func number(prefix: String, sequence: Int64) -> String {
        let digits = String(sequence)
        return prefix + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// ASCII letters, digits, `-`, `/` and `.`, at most 12: what accounting software takes.
    public static func isValidPrefix(_ prefix: String) -> Bool {
        prefix.utf8.count <= prefixLimit && prefix.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == 0x2D || $0 == 0x2F || $0 == 0x2E }
    }
}

/// An invoice's amounts in crowns (`Invoice.local`).
public struct LocalAmounts: Sendable, Equatable {
    public var base: Amount
    public var tax: Amount
    public var total: Amount
    public var claimedBase: Amount
    public var claimedTax: Amount
    public var claimedTotal: Amount
    public var paidDeposits: Amount

    public var differenceBase: Amount { base - claimedBase }
    public var differenceTax: Amount { tax - claimedTax }
    public var differenceTotal: Amount { total - claimedTotal }
    public var payable: Amount { differenceTotal - paidDeposits }
}

/// The words of an invoice's line, in the language of the person who issues it:
/// "Záloha na focení: Svatba, 14. 6. 2027", the whole shoot, a refund.
public struct InvoiceTexts: Sendable {
    public var deposit: String
    public var rest: String
    public var whole: String
    public var refund: String

    public init(deposit: String, rest: String, whole: String, refund: String) {
        self.deposit = deposit
        self.rest = rest
        self.whole = whole
        self.refund = refund
    }

    /// "deposit: Svatba, 2027-06-14", for callers with no words of their own.
    public static func plain(_ booking: Booking) -> InvoiceTexts {
        let what = "\(booking.kind), \(booking.day.text)"
        return InvoiceTexts(deposit: "deposit: " + what, rest: "rest: " + what, whole: what, refund: "refund: " + what)
    }
}

extension Invoice {
    /// The invoice of one payment of `booking` to its client, numbered `number`: what both
    /// stores write when a payment is marked received or the photographer issues it before.
    /// The rest's invoice after a deposit received is the final one: the whole price less the
    /// deposit. Its tax point is the day the money arrived or, for the rest, the shoot's day if
    /// that came first; before any money, the shoot's day (the rest) or the day of issue.
    /// Nil when the booking has no such payment.
    public static func issued(for booking: Booking, part: PaymentPart, received: [PaymentPart: ReceivedPayment],
                              depositInvoice: Invoice?, payee: Payee, customer: Party, number: String, uuid: String,
                              issuedOn: CalendarDay, texts: InvoiceTexts, rate: ExchangeRate? = nil) -> Invoice? {
        let payments = booking.payments(received: received)
        guard let due = payments.first(where: { $0.part == part }) else { return nil }
        let taxPoint = switch (part, due.paidOn) {
        case (.rest, let paid?): min(paid, booking.day)
        case (.deposit, let paid?): paid
        case (.rest, nil): booking.day
        case (.deposit, nil): issuedOn
        }
        var amount = due.amount
        var description = part == .deposit ? texts.deposit : payments.count == 1 ? texts.whole : texts.rest
        var deposit: Deposit?
        if part == .rest, let held = payments.first(where: { $0.part == .deposit && $0.isHeld }), let paidOn = held.paidOn {
            deposit = Deposit(invoiceNumber: depositInvoice?.number, amount: held.amount, vatPercent: depositInvoice?.vatPercent ?? 0,
                              paidOn: paidOn, rate: depositInvoice?.rate)
            amount = amount + held.amount
            description = texts.whole
        }
        return Invoice(id: 0, number: number, uuid: uuid, bookingId: booking.id, part: part, photographerId: booking.photographerId,
                       clientId: booking.clientId, issuedOn: issuedOn, taxPointOn: taxPoint, dueOn: due.dueDay, amount: amount,
                       vatPercent: payee.isVATPayer ? standardVATPercent : 0, supplier: payee.invoiceParty,
                       customer: customer, description: description,
                       iban: payee.account.iban.text, variableSymbol: UInt64(booking.id), deposit: deposit,
                       currency: booking.payment.currency, rate: booking.payment.currency == .eur ? rate : nil)
    }

    /// The credit note of a payment sent back: what was paid on `original`, negative, at its
    /// rate and to its parties, on the day of the refund.
    public static func creditNote(correcting original: Invoice, number: String, uuid: String, issuedOn: CalendarDay,
                                  refundedOn: CalendarDay, description: String) -> Invoice {
        Invoice(id: 0, number: number, uuid: uuid, bookingId: original.bookingId, part: original.part,
                photographerId: original.photographerId, clientId: original.clientId, issuedOn: issuedOn, taxPointOn: refundedOn,
                dueOn: refundedOn, amount: Amount(halers: -original.payable.halers), vatPercent: original.vatPercent,
                supplier: original.supplier, customer: original.customer, description: description, iban: original.iban,
                variableSymbol: original.variableSymbol, kind: .creditNote,
                corrects: Reference(id: original.id, number: original.number, uuid: original.uuid, issuedOn: original.issuedOn.text),
                currency: original.currency, rate: original.rate)
    }

    /// Whether the photographer may issue the part's invoice before the money arrives: always
    /// for the rest (its tax point is the shoot's day), and for a deposit only without VAT — a
    /// VAT payer's deposit is invoiced with the tax document for the payment once it arrives.
    public static func mayIssueBeforePayment(_ part: PaymentPart, payee: Payee) -> Bool {
        part == .rest || !payee.isVATPayer
    }
}

/// An invoice as both stores keep it: its parties as JSON text.
public enum InvoiceCoding {
    public static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public static func party(_ text: String) throws -> Invoice.Party {
        try JSONDecoder().decode(Invoice.Party.self, from: Data(text.utf8))
    }

    public static func value<T: Decodable>(_ type: T.Type, _ text: String?) throws -> T? {
        guard let text, !text.isEmpty else { return nil }
        return try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
