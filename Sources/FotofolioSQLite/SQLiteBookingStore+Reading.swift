import Foundation
import Fotofolio
import GRDB

/// Reading a shoot, its booking and busy days back inside a step's transaction, and telling its other cards.
extension SQLiteBookingStore {
    /// The message already stored under `uuid` (nil: the uuid is new), for `BookingRules` to
    /// tell a step sent again from a duplicate.
    static func earlier(_ uuid: String, _ db: Database) throws -> EarlierMessage? {
        try Row.fetchOne(db, sql: "SELECT authorId, cardKind, cardId FROM chatMessage WHERE uuid = ?", arguments: [uuid])
            .map { EarlierMessage(authorId: $0["authorId"], card: MessageCard(kind: $0["cardKind"], id: $0["cardId"])) }
    }

    static func shoot(_ requestId: Int64, involving userId: Int64, _ db: Database) throws -> Shoot {
        guard let shoot = try shoot(requestId, db), shoot.involves(userId)
        else { throw BookingError.unknown }
        return shoot
    }

    static func shoot(_ requestId: Int64, _ db: Database) throws -> Shoot? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM shootRequest WHERE id = ?"), arguments: [requestId])
        else { return nil }
        let request = ShootRequest(
            id: row["id"], roomId: row["roomId"], clientId: row["clientId"], photographerId: row["photographerId"], kind: row["kind"],
            firstDay: try day(row, "firstDay"), lastDay: try day(row, "lastDay"), town: row["town"], hours: row["hours"],
            budget: row["budget"], message: row["message"], createdAt: row["createdAt"], declineReason: row["declineReason"],
            demandId: row["demandId"], withdrawnAt: row["withdrawnAt"])
        let offers = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM shootOffer WHERE requestId = ? ORDER BY id"),
                                      arguments: [requestId]).map { row in
            ShootOffer(id: row["id"], requestId: row["requestId"], day: try day(row, "day"), startMinutes: row["startMinutes"],
                       hours: row["hours"], place: row["place"], price: row["price"], included: row["included"],
                       validUntil: try day(row, "validUntil"), createdAt: row["createdAt"], payment: paymentTerms(row),
                       termsId: row["termsId"])
        }
        let booking = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM booking WHERE requestId = ?"), arguments: [requestId])
            .map(booking(row:))
        return Shoot(request: request, offers: offers, booking: booking)
    }

    static func booking(_ id: Int64, _ db: Database) throws -> Booking? {
        try Row.fetchOne(db, sql: "SELECT * FROM booking WHERE id = ?", arguments: [id]).map(booking(row:))
    }

    static func booking(row: Row) throws -> Booking {
        let cancellation = (row["cancelledAt"] as Date?).map { at in
            Booking.Cancellation(byId: row["cancelledById"] ?? 0, reason: row["cancelReason"] ?? "", at: at)
        }
        return Booking(id: row["id"], requestId: row["requestId"], offerId: row["offerId"], roomId: row["roomId"], clientId: row["clientId"],
                       photographerId: row["photographerId"], kind: row["kind"], day: try day(row, "day"),
                       startMinutes: row["startMinutes"], hours: row["hours"], place: row["place"], price: row["price"],
                       included: row["included"], createdAt: row["createdAt"], cancellation: cancellation, payment: paymentTerms(row),
                       agreedTerms: agreedTerms(row))
    }

    /// The terms a booking's client accepted, when its offer carried some.
    static func agreedTerms(_ row: Row) -> AgreedTerms? {
        guard let id = row["termsId"] as Int64?, let hash = row["termsHash"] as String?, let at = row["termsAcceptedAt"] as Date?
        else { return nil }
        return AgreedTerms(termsId: id, hash: hash, acceptedAt: at)
    }

    /// An offer's or a booking's payment terms.
    static func paymentTerms(_ row: Row) -> PaymentTerms {
        PaymentTerms(deposit: Amount(halers: row["deposit"]), depositDueDays: row["depositDueDays"], restDueDays: row["restDueDays"],
                     currency: Currency(rawValue: row["currency"] ?? "") ?? .czk)
    }

    static func day(_ row: Row, _ column: String) throws -> CalendarDay {
        let text: String = row[column]
        guard let day = CalendarDay(text) else { throw StoredDayUnreadable(text: text) }
        return day
    }

    static func isBusy(_ photographerId: Int64, on day: CalendarDay, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM busyDay WHERE photographerId = ? AND day = ?)",
                          arguments: [photographerId, day.text]) ?? false
    }

    /// Every card message of the shoot announced again (but `except`, just posted).
    static func announceCards(of shoot: Shoot, except posted: MessageCard? = nil, at date: Date, _ db: Database) throws {
        var cards: [MessageCard] = [.request(shoot.request.id)] + shoot.offers.map { .offer($0.id) }
        if let booking = shoot.booking { cards.append(.booking(booking.id)) }
        for card in cards where card != posted {
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM chatMessage WHERE cardKind = ? AND cardId = ? AND roomId = ?",
                                         arguments: [card.kind, card.id, shoot.request.roomId])
            for id in ids {
                if let message = try MessengerReading.message(id: id, db) {
                    try SQLiteMessengerStore.announce(message, changed: true, at: date, db)
                }
            }
        }
    }
}
