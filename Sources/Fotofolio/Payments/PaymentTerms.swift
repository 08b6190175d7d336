/// What an offer's price and its payments are in: Czech crowns, paid with a QR Platba code,
/// or euros, paid by SEPA transfer with the EPC's QR code. Amounts are in hundredths either way.
public enum Currency: String, Sendable, CaseIterable, Codable {
    case czk = "CZK"
    case eur = "EUR"
}

/// How an offer's price is paid: in which currency, an optional deposit due some days after
/// the client accepts, and the rest due some days before or after the shoot. An accepted
/// offer's terms are copied into its booking, so what was agreed never moves.
public struct PaymentTerms: Sendable, Equatable {
    public var currency: Currency
    /// `.zero`: no deposit; the whole price is the rest.
    public var deposit: Amount
    /// Days after the acceptance the deposit is due by (never later than the shoot).
    public var depositDueDays: Int
    /// Days from the shoot the rest is due by: negative before it, positive after it.
    public var restDueDays: Int

    public static let dueDaysRange = 0...60
    public static let restDueDaysRange = -60...60
    public static let standard = PaymentTerms(deposit: .zero, depositDueDays: 7, restDueDays: 0)

    public init(deposit: Amount, depositDueDays: Int, restDueDays: Int, currency: Currency = .czk) {
        self.currency = currency
        self.deposit = deposit
        self.depositDueDays = depositDueDays
        self.restDueDays = restDueDays
    }

    public var hasDeposit: Bool { deposit > .zero }
}

/// The two payments of a booking.
public enum PaymentPart: String, Sendable, CaseIterable, Hashable, Codable {
    case deposit
    case rest
}

/// What became of a payment received when its booking was cancelled: the photographer kept
/// it (as their terms say of a cancellation) or sent it back, on a day.
public struct PaymentSettlement: Sendable, Equatable {
    public enum Outcome: String, Sendable, CaseIterable {
        case kept
        case refunded
    }

    public var outcome: Outcome
    public var on: CalendarDay

    public init(_ outcome: Outcome, on day: CalendarDay) {
        self.outcome = outcome
        self.on = day
    }
}

/// A payment the photographer marked received: the day it arrived, and after a cancellation
/// what became of it.
public struct ReceivedPayment: Sendable, Equatable {
    public var paidOn: CalendarDay
    public var settlement: PaymentSettlement?

    public init(paidOn: CalendarDay, settlement: PaymentSettlement? = nil) {
        self.paidOn = paidOn
        self.settlement = settlement
    }
}

/// What one payment of a booking is: how much, by when, and whether the photographer marked
/// it received (on which day), and, once the booking is cancelled, kept or refunded.
public struct PaymentDue: Sendable, Equatable {
    public var part: PaymentPart
    public var amount: Amount
    public var dueDay: CalendarDay
    public var paidOn: CalendarDay?
    public var settlement: PaymentSettlement?

    public init(part: PaymentPart, amount: Amount, dueDay: CalendarDay, paidOn: CalendarDay?, settlement: PaymentSettlement? = nil) {
        self.part = part
        self.amount = amount
        self.dueDay = dueDay
        self.paidOn = paidOn
        self.settlement = settlement
    }

    public var isPaid: Bool { paidOn != nil }

    /// Received and not sent back.
    public var isHeld: Bool { paidOn != nil && settlement?.outcome != .refunded }

    /// Not paid and its day has gone by.
    public func isOverdue(today: CalendarDay) -> Bool { paidOn == nil && dueDay < today }
}

extension Booking {
    /// The booking's payments with what was marked received: the deposit (when there is one)
    /// and the rest (when anything remains). A price of 0 has none.
    public func payments(received: [PaymentPart: ReceivedPayment] = [:]) -> [PaymentDue] {
        let price = Amount(crowns: self.price)
        var payments: [PaymentDue] = []
        let deposit = min(payment.deposit, price)
        if deposit > .zero {
            let due = min(CalendarDay(createdAt).adding(days: payment.depositDueDays), day)
            payments.append(PaymentDue(part: .deposit, amount: deposit, dueDay: due, paidOn: received[.deposit]?.paidOn,
                                       settlement: received[.deposit]?.settlement))
        }
        let rest = price - deposit
        if rest > .zero {
            payments.append(PaymentDue(part: .rest, amount: rest, dueDay: day.adding(days: payment.restDueDays),
                                       paidOn: received[.rest]?.paidOn, settlement: received[.rest]?.settlement))
        }
        return payments
    }
}
