import Foundation

/// An invoice for one payment of a booking, issued by its photographer to its client: numbered
/// in the photographer's series (`InvoiceSeries`) when the payment is marked received, never
/// renumbered or removed. It keeps the two parties and the amount as they were that day, so
/// later edits of the bank details never change an invoice already issued.
public struct Invoice: Sendable, Equatable {
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

    public init(id: Int64, number: String, uuid: String, bookingId: Int64, part: PaymentPart, photographerId: Int64, clientId: Int64,
                issuedOn: CalendarDay, taxPointOn: CalendarDay, dueOn: CalendarDay, amount: Amount, vatPercent: Int, supplier: Party,
                customer: Party, description: String, iban: String, variableSymbol: UInt64) {
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
    }

    /// The standard Czech rate a VAT payer's shoot is invoiced at.
    public static let standardVATPercent = 21

    public var isVATApplicable: Bool { vatPercent > 0 }

    /// The amount without VAT: the price includes it, so the base is amount × 100 / (100 + rate),
    /// to the haléř (halves up), and the VAT is what remains, so the two always add up.
    public var taxBase: Amount {
        guard vatPercent > 0 else { return amount }
        let scaled = amount.halers * 100
        let divisor = Int64(100 + vatPercent)
        return Amount(halers: (scaled + divisor / 2) / divisor)
    }

    public var tax: Amount { amount - taxBase }

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

extension Invoice {
    /// The invoice of one payment of `booking` to its client, numbered `number`: what both
    /// stores write when a payment is marked received. Nil when the booking has no such payment.
    public static func issued(for booking: Booking, part: PaymentPart, payee: Payee, customer: Party, number: String, uuid: String,
                              issuedOn: CalendarDay, taxPointOn: CalendarDay, description: String) -> Invoice? {
        guard let due = booking.payments().first(where: { $0.part == part }) else { return nil }
        return Invoice(id: 0, number: number, uuid: uuid, bookingId: booking.id, part: part, photographerId: booking.photographerId,
                       clientId: booking.clientId, issuedOn: issuedOn, taxPointOn: taxPointOn, dueOn: due.dueDay, amount: due.amount,
                       vatPercent: payee.isVATPayer ? standardVATPercent : 0, supplier: payee.invoiceParty,
                       customer: customer, description: description,
                       iban: payee.account.iban.text, variableSymbol: UInt64(booking.id))
    }
}

/// An invoice as both stores keep it: its parties as JSON text.
public enum InvoiceCoding {
    public static func text(_ party: Invoice.Party) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(party)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public static func party(_ text: String) throws -> Invoice.Party {
        try JSONDecoder().decode(Invoice.Party.self, from: Data(text.utf8))
    }
}
