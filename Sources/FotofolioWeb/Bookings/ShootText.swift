import Foundation
import Fotofolio

/// Days, times, hours and prices of shoots as a reader reads them, in Prague's calendar
/// (where shoots happen), and the words a card message carries for MQTT clients and lists.
struct ShootText: Sendable {
    let table: StringTable
    private let locale: Locale

    init(table: StringTable) {
        self.table = table
        locale = Locale(identifier: table.language == .cs ? "cs_CZ" : "en_GB")
    }

    private var style: Date.FormatStyle {
        var style = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: CalendarDay.zone)
        style.timeZone = CalendarDay.zone
        return style
    }

    /// "sobota 12. června 2027", "Saturday 12 June 2027".
    func day(_ day: CalendarDay) -> String {
        day.start.addingTimeInterval(12 * 3600).formatted(style.weekday(.wide).day().month(.wide).year())
    }

    /// "12. 6. 2027", "12/06/2027".
    func shortDay(_ day: CalendarDay) -> String {
        day.start.addingTimeInterval(12 * 3600).formatted(style.day().month(.defaultDigits).year())
    }

    /// One day, or the first and the last.
    func days(_ first: CalendarDay, _ last: CalendarDay) -> String {
        first == last ? day(first) : "\(shortDay(first)) – \(shortDay(last))"
    }

    /// "sobota 12. června 2027, 14:00–20:00".
    func time(_ day: CalendarDay, startMinutes: Int, hours: Int) -> String {
        let end = (startMinutes + hours * 60) % (24 * 60)
        return "\(self.day(day)), \(ClockTime.text(startMinutes))–\(ClockTime.text(end))"
    }

    /// "1 500 Kč", "1 500 €" ("€1,500" in English).
    func price(_ whole: Int, _ currency: Currency = .czk) -> String {
        amount(Amount(crowns: whole), currency)
    }

    /// "1 440 Kč", "1 440,30 Kč", "1 440,30 €": hundredths only when there are some; a
    /// negative amount (a deduction, a credit note) with a minus sign.
    func amount(_ amount: Amount, _ currency: Currency = .czk) -> String {
        guard amount.halers >= 0 else { return "−" + self.amount(Amount(halers: -amount.halers), currency) }
        var number = amount.crowns.formatted(.number.locale(locale).grouping(.automatic))
        if !amount.isWholeCrowns {
            let rest = amount.halers % 100
            number += "\(locale.decimalSeparator ?? ",")\(rest < 10 ? "0" : "")\(rest)"
        }
        return switch currency {
        case .czk: "\(number) Kč"
        case .eur: table.language == .cs ? "\(number) €" : "€\(number)"
        }
    }

    /// An amount as a form field holds it: "1440" or "1440,30", no unit.
    func amountField(_ amount: Amount) -> String {
        let rest = amount.halers % 100
        guard rest != 0 else { return "\(amount.crowns)" }
        return "\(amount.crowns)\(locale.decimalSeparator ?? ",")\(rest < 10 ? "0" : "")\(rest)"
    }

    func hours(_ count: Int) -> String { table.plural("bookings.hours", count: count) }

    // MARK: - Money

    /// When the deposit is due: "do 5 dnů od přijetí".
    func depositDue(_ days: Int) -> String {
        days == 0 ? table.string("payments.due.onAcceptance") : table.plural("payments.due.afterAcceptance", count: days)
    }

    /// When the rest is due: "2 dny před focením", "v den focení", "14 dní po focení".
    func restDue(_ days: Int) -> String {
        if days == 0 { return table.string("payments.due.onShootDay") }
        return table.plural(days < 0 ? "payments.due.beforeShoot" : "payments.due.afterShoot", count: abs(days))
    }

    /// The terms of a price in rows: the deposit and the rest with when each is due; a
    /// price of 0 has none.
    func paymentRows(_ terms: PaymentTerms, price: Int) -> [(label: String, value: String)] {
        let currency = terms.currency
        let price = Amount(crowns: price)
        guard price > .zero else { return [] }
        let deposit = min(terms.deposit, price)
        var rows: [(String, String)] = []
        if deposit > .zero {
            rows.append((table.string("payments.parts.deposit"), "\(amount(deposit, currency)), \(depositDue(terms.depositDueDays))"))
        }
        if price - deposit > .zero {
            rows.append((table.string(deposit > .zero ? "payments.parts.rest" : "payments.parts.whole"),
                         "\(amount(price - deposit, currency)), \(restDue(terms.restDueDays))"))
        }
        return rows
    }

    // MARK: - A card in words

    func request(_ draft: ShootRequestDraft) -> String {
        asked(table.string("bookings.card.request"), draft.kind, draft.firstDay, draft.lastDay, town: draft.town, hours: draft.hours,
              budget: draft.budget, words: draft.message)
    }

    /// A demand's card, as the answer that opens a conversation carries it.
    func demand(_ demand: Demand) -> String {
        asked(table.string("demands.card"), demand.tags.map(\.label).joined(separator: ", "), demand.firstDay, demand.lastDay,
              town: demand.town, hours: demand.hours, budget: demand.budget, words: demand.description)
    }

    /// What a client asks for, a line each, then their own words.
    private func asked(_ heading: String, _ kind: String, _ first: CalendarDay, _ last: CalendarDay, town: String, hours count: Int,
                       budget: Int, words: String) -> String {
        var lines = [
            "\(heading): \(kind)",
            "\(table.string("bookings.fields.when")): \(days(first, last))",
            "\(table.string("bookings.fields.town")): \(town)",
            "\(table.string("bookings.fields.hours")): \(hours(count))",
            "\(table.string("bookings.fields.budget")): \(price(budget))/h",
        ]
        if !words.isEmpty { lines += ["", words] }
        return lines.joined(separator: "\n")
    }

    func offer(_ draft: ShootOfferDraft) -> String {
        var lines = [
            "\(table.string("bookings.card.offer")): \(price(draft.price, draft.payment.currency))",
            "\(table.string("bookings.fields.when")): \(time(draft.day, startMinutes: draft.startMinutes, hours: draft.hours))",
            "\(table.string("bookings.fields.place")): \(draft.place)",
            "\(table.string("bookings.fields.validUntil")): \(day(draft.validUntil))",
        ] + paymentRows(draft.payment, price: draft.price).map { "\($0.label): \($0.value)" }
        if !draft.included.isEmpty { lines += ["", draft.included] }
        return lines.joined(separator: "\n")
    }

    func accepted(_ offer: ShootOffer) -> String {
        "\(table.string("bookings.card.booking")): \(time(offer.day, startMinutes: offer.startMinutes, hours: offer.hours)), "
            + "\(offer.place), \(price(offer.price))"
    }

    func declined(_ reason: String) -> String { said("bookings.said.declined", reason) }

    func cancelled(_ reason: String) -> String { said("bookings.said.cancelled", reason) }

    /// A step with its reason; without one (withheld while either blocks the other) the step alone.
    private func said(_ key: String, _ reason: String) -> String {
        reason.isEmpty ? table.string(key) : "\(table.string(key)): \(reason)"
    }
}
