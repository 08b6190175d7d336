import Foundation
import Fotofolio
import Postgres

/// Reading a shoot, its booking and busy days back inside a step's transaction, and telling its other cards.
extension PostgresBookingStore {
    /// The message already stored under `uuid` (nil: the uuid is new), for `BookingRules` to
    /// tell a step sent again from a duplicate.
    static func earlier(_ uuid: String, _ connection: PostgresConnection) throws -> EarlierMessage? {
        try connection.query("SELECT author_id, card_kind, card_id FROM chat_message WHERE uuid = $1", [uuid]).first.map { row in
            EarlierMessage(authorId: try row.decode(0), card: MessageCard(kind: try row.decodeIfPresent(1), id: try row.decodeIfPresent(2)))
        }
    }

    /// The request the card belongs to.
    static func requestId(of card: MessageCard, _ connection: PostgresConnection) throws -> Int64? {
        let sql = switch card {
        case .request: "SELECT id FROM shoot_request WHERE id = $1"
        case .offer: "SELECT request_id FROM shoot_offer WHERE id = $1"
        case .booking: "SELECT request_id FROM booking WHERE id = $1"
        }
        return try connection.query(sql, [card.id]).first?.decode(0, as: Int64.self)
    }

    static func shoot(_ requestId: Int64, involving userId: Int64, _ connection: PostgresConnection) throws -> Shoot {
        guard let shoot = try shoot(requestId, connection), shoot.involves(userId) else { throw BookingError.unknown }
        return shoot
    }

    static func shoot(_ requestId: Int64, _ connection: PostgresConnection) throws -> Shoot? {
        guard let row = try connection.query("SELECT * FROM shoot_request WHERE id = $1", [requestId]).first else { return nil }
        let request = ShootRequest(
            id: try row.decode("id"), roomId: try row.decode("room_id"), clientId: try row.decode("client_id"),
            photographerId: try row.decode("photographer_id"), kind: try row.decode("kind"), firstDay: try day(row, "first_day"),
            lastDay: try day(row, "last_day"), town: try row.decode("town"), hours: try row.decode("hours"),
            budget: try row.decode("budget"), message: try row.decode("message"), createdAt: try row.decode("created_at"),
            declineReason: try row.decodeIfPresent("decline_reason"), demandId: try row.decodeIfPresent("demand_id"),
            withdrawnAt: try row.decodeIfPresent("withdrawn_at"))
        let offers = try connection.query("SELECT * FROM shoot_offer WHERE request_id = $1 ORDER BY id", [requestId]).map { row in
            ShootOffer(id: try row.decode("id"), requestId: try row.decode("request_id"), day: try day(row, "day"),
                       startMinutes: try row.decode("start_minutes"), hours: try row.decode("hours"), place: try row.decode("place"),
                       price: try row.decode("price"), included: try row.decode("included"),
                       validUntil: try day(row, "valid_until"), createdAt: try row.decode("created_at"),
                       payment: try paymentTerms(row), termsId: try row.decodeIfPresent("terms_id"))
        }
        let booking = try connection.query("SELECT * FROM booking WHERE request_id = $1", [requestId]).first.map(booking(row:))
        return Shoot(request: request, offers: offers, booking: booking)
    }

    static func booking(_ id: Int64, _ connection: PostgresConnection) throws -> Booking? {
        try connection.query("SELECT * FROM booking WHERE id = $1", [id]).first.map(booking(row:))
    }

    static func booking(row: PostgresRow) throws -> Booking {
        let cancellation = try row.decodeIfPresent("cancelled_at", as: Date.self).map { at in
            Booking.Cancellation(byId: try row.decodeIfPresent("cancelled_by_id") ?? 0,
                                 reason: try row.decodeIfPresent("cancel_reason") ?? "", at: at)
        }
        return Booking(
            id: try row.decode("id"), requestId: try row.decode("request_id"), offerId: try row.decode("offer_id"),
            roomId: try row.decode("room_id"), clientId: try row.decode("client_id"), photographerId: try row.decode("photographer_id"),
            kind: try row.decode("kind"), day: try day(row, "day"), startMinutes: try row.decode("start_minutes"),
            hours: try row.decode("hours"), place: try row.decode("place"), price: try row.decode("price"),
            included: try row.decode("included"), createdAt: try row.decode("created_at"), cancellation: cancellation,
            payment: try paymentTerms(row), agreedTerms: try agreedTerms(row))
    }

    /// The terms a booking's client accepted, when its offer carried some.
    static func agreedTerms(_ row: PostgresRow) throws -> AgreedTerms? {
        guard let id = try row.decodeIfPresent("terms_id", as: Int64.self), let hash = try row.decodeIfPresent("terms_hash", as: String.self),
              let at = try row.decodeIfPresent("terms_accepted_at", as: Date.self) else { return nil }
        return AgreedTerms(termsId: id, hash: hash, acceptedAt: at)
    }

    /// An offer's or a booking's payment terms.
    static func paymentTerms(_ row: PostgresRow) throws -> PaymentTerms {
        PaymentTerms(deposit: Amount(halers: try row.decode("deposit")), depositDueDays: try row.decode("deposit_due_days"),
                     restDueDays: try row.decode("rest_due_days"),
                     currency: Currency(rawValue: try row.decodeIfPresent("currency", as: String.self) ?? "") ?? .czk)
    }

    /// A day column; one holding what is not a day is a damaged row, never shown as some
    /// other day.
    static func day(_ row: PostgresRow, _ column: String) throws -> CalendarDay {
        let text = try row.decode(column, as: String.self)
        guard let day = CalendarDay(text) else { throw PostgresError(sqlState: nil, message: "\(column) holds \(text), not a day") }
        return day
    }

    static func isBusy(_ photographerId: Int64, on day: CalendarDay, _ connection: PostgresConnection) throws -> Bool {
        try !connection.query("SELECT 1 FROM busy_day WHERE photographer_id = $1 AND day = $2", [photographerId, day.text]).isEmpty
    }

    /// Every card message of the shoot announced again (but `except`, just posted).
    static func announceCards(of shoot: Shoot, except posted: MessageCard? = nil, at date: Date,
                                      _ connection: PostgresConnection) throws {
        var cards: [MessageCard] = [.request(shoot.request.id)] + shoot.offers.map { .offer($0.id) }
        if let booking = shoot.booking { cards.append(.booking(booking.id)) }
        for card in cards where card != posted {
            for message in try PostgresMessengerReading.messages("""
                WHERE chat_message.card_kind = $1 AND chat_message.card_id = $2 AND chat_message.room_id = $3 ORDER BY chat_message.id
                """, [card.kind, card.id, shoot.request.roomId], connection) {
                try PostgresMessengerStore.announce(message, changed: true, at: date, connection)
            }
        }
    }
}
