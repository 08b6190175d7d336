import Foundation
import Fotofolio
import Postgres

/// Shoots in `shoot_request`, `shoot_offer` and `booking`; busy days in `busy_day`; calendar
/// tokens in `calendar_token`. Card messages go through `PostgresMessengerStore.post`, whose
/// live event tells the log's observers once the step's transaction has committed.
///
/// A step on a shoot locks its request's row first, so steps on one shoot taken on several
/// nodes at once are taken one after the other, each seeing the last, as on SQLite's one
/// writer; accepting an offer that answers a demand locks the demand's row before it, as
/// `PostgresDemandStore` does before the demand's requests. Races between shoots end as they
/// would end there: two bookings of one photographer's day meet at `busy_day`'s primary key
/// and the later is `.busyDay`; a step whose message uuid, or whose pair's direct room,
/// another writer stored at the same moment is taken again, and then finds what the other
/// stored.
struct PostgresBookingStore: BookingStore {
    let pool: PostgresPool

    func request(_ draft: ShootRequestDraft, text: String, uuid: String, from clientId: Int64, to photographerId: Int64,
                 limits: SpamLimits, at date: Date) throws -> ShootRequest {
        try pool.changing(Self.lostRaces) { connection in
            if let id = try BookingRules.cardSentBefore(try Self.earlier(uuid, connection), by: clientId, as: MessageCard.request) {
                guard let shoot = try Self.shoot(id, connection) else { throw BookingError.duplicate }
                return shoot.request
            }
            try BookingRules.checkRequest(toRole: try connection.query("SELECT role FROM account WHERE id = $1", [photographerId]).first?
                .decode(0, as: String.self))
            let room = try PostgresMessengerStore.directRoom(between: clientId, and: photographerId, limits: limits, at: date,
                                                             connection).room
            // A room they had before a block is closed to requests as to messages.
            try PostgresBlockStore.checkNoBlock(in: room.id, for: clientId, connection)
            let id = try connection.query("""
                INSERT INTO shoot_request (room_id, client_id, photographer_id, kind, first_day, last_day, town, hours, budget, message,
                                           created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id
                """, [room.id, clientId, photographerId, draft.kind, draft.firstDay.text, draft.lastDay.text, draft.town, draft.hours,
                      draft.budget, draft.message, date.stored])[0].decode(0, as: Int64.self)
            let linksInert = try PostgresMessengerStore.checkSpam(text, in: room.id, by: clientId, limits, at: date, connection)
            _ = try PostgresMessengerStore.post(text, uuid: uuid, card: .request(id), mail: .shoot, in: room.id, by: clientId,
                                                linksInert: linksInert, at: date, connection)
            return try Self.shoot(id, connection)!.request
        }
    }

    func offer(_ draft: ShootOfferDraft, on requestId: Int64, text: String, uuid: String, by photographerId: Int64,
               at date: Date) throws -> ShootOffer {
        try pool.changing(Self.lostRaces) { connection in
            _ = try Self.lockShoot(of: .request(requestId), connection)
            if let id = try BookingRules.cardSentBefore(try Self.earlier(uuid, connection), by: photographerId, as: MessageCard.offer) {
                guard let offer = try Self.shoot(requestId, connection)?.offers.first(where: { $0.id == id })
                else { throw BookingError.duplicate }
                return offer
            }
            let shoot = try Self.shoot(requestId, involving: photographerId, connection)
            try PostgresBlockStore.checkNoBlock(in: shoot.request.roomId, for: photographerId, connection)
            try BookingRules.checkOffer(draft, on: shoot, by: photographerId,
                                        busy: try Self.isBusy(photographerId, on: draft.day, connection))
            let id = try Self.insertOffer(draft, on: requestId, by: photographerId, at: date, connection)
            _ = try PostgresMessengerStore.post(text, uuid: uuid, card: .offer(id), mail: .shoot, in: shoot.request.roomId, by: photographerId,
                                                linksInert: false, at: date, connection)
            try Self.announceCards(of: shoot, except: .offer(id), at: date, connection)
            return try Self.shoot(requestId, connection)!.offers.last!
        }
    }

    /// The offer's row, with the photographer's terms as they stand now.
    static func insertOffer(_ draft: ShootOfferDraft, on requestId: Int64, by photographerId: Int64, at date: Date,
                            _ connection: PostgresConnection) throws -> Int64 {
        let termsId = try connection.query("""
            SELECT id FROM shoot_terms WHERE photographer_id = $1 AND text <> ''
                AND version = (SELECT max(version) FROM shoot_terms WHERE photographer_id = $1)
            """, [photographerId]).first?.decode(0, as: Int64.self)
        return try connection.query("""
            INSERT INTO shoot_offer (request_id, day, start_minutes, hours, place, price, included, valid_until, created_at,
                                     deposit, deposit_due_days, rest_due_days, terms_id, currency)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id
            """, [requestId, draft.day.text, draft.startMinutes, draft.hours, draft.place, draft.price, draft.included,
                  draft.validUntil.text, date.stored, draft.payment.deposit.halers, draft.payment.depositDueDays,
                  draft.payment.restDueDays, termsId, draft.payment.currency.rawValue])[0].decode(0, as: Int64.self)
    }

    func decline(_ requestId: Int64, reason: StepReason, uuid: String, by photographerId: Int64, at date: Date) throws {
        try pool.changing(Self.lostRaces) { connection in
            _ = try Self.lockShoot(of: .request(requestId), connection)
            let shoot = try Self.shoot(requestId, involving: photographerId, connection)
            // Sent again: done already; a uuid of another message is not this decline.
            if try BookingRules.sentBefore(try Self.earlier(uuid, connection), by: photographerId,
                                           taken: shoot.request.declineReason != nil) {
                return
            }
            try BookingRules.checkDecline(shoot, by: photographerId)
            let said = reason.said(try PostgresBlockStore.facts(from: photographerId, to: shoot.request.clientId, connection))
            try connection.query("UPDATE shoot_request SET decline_reason = $1, declined_at = $2 WHERE id = $3",
                                 [said.reason, date.stored, requestId])
            _ = try PostgresMessengerStore.post(said.text, uuid: uuid, mail: .shoot, in: shoot.request.roomId, by: photographerId, linksInert: false,
                                                at: date, connection)
            try Self.announceCards(of: shoot, at: date, connection)
        }
    }

    func accept(_ offerId: Int64, text: String, closingText: String, uuid: String, by clientId: Int64, at date: Date) throws -> Booking {
        try pool.changing(Self.lostRaces) { connection in
            // An answer's demand is locked before its request, in the order closing the demand takes them.
            _ = try PostgresDemandStore.lockDemand(answeredBy: offerId, connection)
            let requestId = try Self.lockShoot(of: .offer(offerId), connection)
            if let id = try BookingRules.cardSentBefore(try Self.earlier(uuid, connection), by: clientId, as: MessageCard.booking) {
                guard let booking = try Self.booking(id, connection) else { throw BookingError.duplicate }
                return booking
            }
            guard let requestId else { throw BookingError.unknown }
            let shoot = try Self.shoot(requestId, involving: clientId, connection)
            let offer = try BookingRules.checkAccept(offerId, of: shoot, by: clientId, at: date)
            try PostgresBlockStore.checkNoBlock(in: shoot.request.roomId, for: clientId, connection)
            guard try !Self.isBusy(shoot.request.photographerId, on: offer.day, connection) else { throw BookingError.busyDay }
            // Accepting the offer accepts its terms' exact text: their hash and this moment are kept.
            let termsHash = try offer.termsId.flatMap { id in
                try connection.query("SELECT hash FROM shoot_terms WHERE id = $1", [id]).first?.decode(0, as: String.self)
            }
            let id = try connection.query("""
                INSERT INTO booking (request_id, offer_id, room_id, client_id, photographer_id, kind, day, start_minutes, hours, starts_at,
                                     ends_at, place, price, included, created_at, deposit, deposit_due_days, rest_due_days, terms_id,
                                     terms_hash, terms_accepted_at, currency)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) RETURNING id
                """, [requestId, offerId, shoot.request.roomId, clientId, shoot.request.photographerId, shoot.request.kind,
                      offer.day.text, offer.startMinutes, offer.hours, offer.startsAt.stored, offer.endsAt.stored, offer.place,
                      offer.price, offer.included, date.stored, offer.payment.deposit.halers, offer.payment.depositDueDays,
                      offer.payment.restDueDays, termsHash == nil ? nil : offer.termsId, termsHash,
                      termsHash == nil ? nil : date.stored, offer.payment.currency.rawValue])[0].decode(0, as: Int64.self)
            try Self.markBusy(shoot.request.photographerId, on: offer.day, by: id, connection)
            _ = try PostgresMessengerStore.post(text, uuid: uuid, card: .booking(id), mail: .shoot, in: shoot.request.roomId, by: clientId,
                                                linksInert: false, at: date, connection)
            try Self.announceCards(of: shoot, except: .booking(id), at: date, connection)
            if let demandId = shoot.request.demandId {
                try PostgresDemandStore.book(demandId, with: id, keeping: requestId, closingText: closingText, by: clientId, at: date,
                                             connection)
            }
            let booking = try Self.booking(id, connection)!
            if let address = try connection.query("SELECT email FROM account WHERE id = $1", [clientId]).first?.decode(0, as: String.self) {
                for reminder in PaymentReminder.mails(for: booking, to: address, at: date) {
                    try PostgresMailStore.enqueue(reminder, at: date, connection)
                }
            }
            return booking
        }
    }

    func cancel(_ bookingId: Int64, reason: StepReason, uuid: String, by userId: Int64, at date: Date) throws -> Booking {
        try pool.changing(Self.lostRaces) { connection in
            _ = try Self.lockShoot(of: .booking(bookingId), connection)
            guard let booking = try Self.booking(bookingId, connection), booking.involves(userId)
            else { throw BookingError.unknown }
            if try BookingRules.sentBefore(try Self.earlier(uuid, connection), by: userId, taken: booking.cancellation != nil) {
                return booking
            }
            try BookingRules.checkCancel(booking, at: date)
            let other = booking.other(than: userId)
            let said = reason.said(try PostgresBlockStore.facts(from: userId, to: other, connection))
            try connection.query("UPDATE booking SET cancelled_by_id = $1, cancel_reason = $2, cancelled_at = $3 WHERE id = $4",
                                 [userId, said.reason, date.stored, bookingId])
            // The booking's one day, found by the primary key.
            try connection.query("DELETE FROM busy_day WHERE photographer_id = $1 AND day = $2 AND booking_id = $3",
                                 [booking.photographerId, booking.day.text, bookingId])
            _ = try PostgresMessengerStore.post(said.text, uuid: uuid, mail: .shoot, in: booking.roomId, by: userId, linksInert: false, at: date,
                                                connection)
            try Self.announceCards(of: try Self.shoot(booking.requestId, connection)!, at: date, connection)
            return try Self.booking(bookingId, connection)!
        }
    }

    func shoots(of cards: [MessageCard], for userId: Int64) throws -> [MessageCard: Shoot] {
        try pool.reading { connection in
            var requestIds: [MessageCard: Int64] = [:]
            for card in Set(cards) {
                if let id = try Self.requestId(of: card, connection) { requestIds[card] = id }
            }
            var shoots: [Int64: Shoot] = [:]
            for id in Set(requestIds.values) {
                if let shoot = try Self.shoot(id, connection), shoot.involves(userId) { shoots[id] = shoot }
            }
            return requestIds.compactMapValues { shoots[$0] }
        }
    }

    func shoot(request requestId: Int64, for userId: Int64) throws -> Shoot? {
        try pool.reading { connection in
            guard let shoot = try Self.shoot(requestId, connection), shoot.involves(userId) else { return nil }
            return shoot
        }
    }

    func bookings(of userId: Int64) throws -> [Booking] {
        try pool.withConnection { connection in
            try connection.query("SELECT * FROM booking WHERE client_id = $1 OR photographer_id = $1 ORDER BY starts_at, id", [userId])
                .map(Self.booking(row:))
        }
    }

    func busyDays(of photographerId: Int64, from first: CalendarDay, through last: CalendarDay) throws -> [CalendarDay: Int64?] {
        try pool.withConnection { connection in
            var days: [CalendarDay: Int64?] = [:]
            for row in try connection.query("""
                SELECT day, booking_id FROM busy_day WHERE photographer_id = $1 AND day BETWEEN $2 AND $3
                """, [photographerId, first.text, last.text]) {
                days[try Self.day(row, "day")] = .some(try row.decodeIfPresent("booking_id", as: Int64.self))
            }
            return days
        }
    }

    func setBusyDays(_ busy: Set<CalendarDay>, from first: CalendarDay, through last: CalendarDay, of photographerId: Int64) throws {
        try pool.transaction { connection in
            try connection.query("""
                DELETE FROM busy_day WHERE photographer_id = $1 AND booking_id IS NULL AND day BETWEEN $2 AND $3
                """, [photographerId, first.text, last.text])
            try connection.query("""
                INSERT INTO busy_day (photographer_id, day) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING
                """, [photographerId, TextList(busy.sorted().map(\.text))])
        }
    }

    func setCalendarToken(_ token: String?, for userId: Int64, at date: Date) throws {
        try pool.withConnection { connection in
            guard let token else {
                try connection.query("DELETE FROM calendar_token WHERE user_id = $1", [userId])
                return
            }
            // One statement, so two replacements at the same moment leave the later one.
            try connection.query("""
                INSERT INTO calendar_token (user_id, token, created_at) VALUES ($1, $2, $3)
                ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at
                """, [userId, token, date.stored])
        }
    }

    func calendarToken(of userId: Int64) throws -> String? {
        try pool.withConnection { connection in
            try connection.query("SELECT token FROM calendar_token WHERE user_id = $1", [userId]).first?.decode(0, as: String.self)
        }
    }

    func calendarOwner(token: String) throws -> Int64? {
        try pool.withConnection { connection in
            try connection.query("SELECT user_id FROM calendar_token WHERE token = $1", [token]).first?.decode(0, as: Int64.self)
        }
    }

    // MARK: - Transactions

    /// What another writer may store between a step's reads and its inserts, which the step
    /// finds when taken again: a message with the same uuid (then answered as a resend), the
    /// pair's direct room (then used).
    private static let lostRaces: Set<String> = ["chat_message_uuid_key", "chat_room_direct_key_key"]

    /// Locks the request of the shoot the card belongs to until the transaction ends, and
    /// returns its id; nil when there is no such card.
    private static func lockShoot(of card: MessageCard, _ connection: PostgresConnection) throws -> Int64? {
        let sql = switch card {
        case .request: "SELECT id FROM shoot_request WHERE id = $1 FOR UPDATE"
        case .offer: """
            SELECT shoot_request.id FROM shoot_request JOIN shoot_offer ON shoot_offer.request_id = shoot_request.id
            WHERE shoot_offer.id = $1 FOR UPDATE OF shoot_request
            """
        case .booking: """
            SELECT shoot_request.id FROM shoot_request JOIN booking ON booking.request_id = shoot_request.id
            WHERE booking.id = $1 FOR UPDATE OF shoot_request
            """
        }
        return try connection.query(sql, [card.id]).first?.decode(0, as: Int64.self)
    }

    /// The booking's day made busy; `.busyDay` when it already is, also when another node's
    /// booking took it between our look and this insert.
    private static func markBusy(_ photographerId: Int64, on day: CalendarDay, by bookingId: Int64,
                                 _ connection: PostgresConnection) throws {
        do throws(PostgresError) {
            try connection.query("INSERT INTO busy_day (photographer_id, day, booking_id) VALUES ($1, $2, $3)",
                                 [photographerId, day.text, bookingId])
        } catch {
            guard error.isUniqueViolation, error.constraint == "busy_day_pkey" else { throw error }
            throw BookingError.busyDay
        }
    }
}
