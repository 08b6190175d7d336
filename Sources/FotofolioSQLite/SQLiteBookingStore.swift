import Foundation
import Fotofolio
import GRDB

/// Shoots in `shootRequest`, `shootOffer` and `booking`; busy days in `busyDay`; calendar
/// tokens in `calendarToken`. Card messages go through `SQLiteMessengerStore.post`.
struct SQLiteBookingStore: BookingStore {
    let database: AppDatabase

    func request(_ draft: ShootRequestDraft, text: String, uuid: String, from clientId: Int64, to photographerId: Int64,
                 limits: SpamLimits, at date: Date) throws -> ShootRequest {
        try database.write { db in
            if let id = try BookingRules.cardSentBefore(try Self.earlier(uuid, db), by: clientId, as: MessageCard.request) {
                guard let shoot = try Self.shoot(id, db) else { throw BookingError.duplicate }
                return shoot.request
            }
            try BookingRules.checkRequest(
                toRole: try String.fetchOne(db, sql: "SELECT role FROM user WHERE id = ?", arguments: [photographerId]))
            let room = try SQLiteMessengerStore.directRoom(between: clientId, and: photographerId, limits: limits, at: date, db)
            // A room they had before a block is closed to requests as to messages.
            try SQLiteMessengerStore.checkNoBlock(in: room.id, for: clientId, db)
            try db.execute(sql: """
                INSERT INTO shootRequest (roomId, clientId, photographerId, kind, firstDay, lastDay, town, hours, budget, message, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [room.id, clientId, photographerId, draft.kind, draft.firstDay.text, draft.lastDay.text, draft.town,
                                 draft.hours, draft.budget, draft.message, date])
            let id = db.lastInsertedRowID
            let linksInert = try SQLiteMessengerStore.checkSpam(text, in: room.id, by: clientId, limits, at: date, db)
            _ = try SQLiteMessengerStore.post(text, uuid: uuid, card: .request(id), mail: .shoot, in: room.id, by: clientId, linksInert: linksInert,
                                              at: date, db)
            return try Self.shoot(id, db)!.request
        }
    }

    func offer(_ draft: ShootOfferDraft, on requestId: Int64, text: String, uuid: String, by photographerId: Int64,
               at date: Date) throws -> ShootOffer {
        try database.write { db in
            if let id = try BookingRules.cardSentBefore(try Self.earlier(uuid, db), by: photographerId, as: MessageCard.offer) {
                guard let offer = try Self.shoot(requestId, db)?.offers.first(where: { $0.id == id }) else { throw BookingError.duplicate }
                return offer
            }
            let shoot = try Self.shoot(requestId, involving: photographerId, db)
            try SQLiteMessengerStore.checkNoBlock(in: shoot.request.roomId, for: photographerId, db)
            try BookingRules.checkOffer(draft, on: shoot, by: photographerId, busy: try Self.isBusy(photographerId, on: draft.day, db))
            let id = try Self.insertOffer(draft, on: requestId, by: photographerId, at: date, db)
            _ = try SQLiteMessengerStore.post(text, uuid: uuid, card: .offer(id), mail: .shoot, in: shoot.request.roomId, by: photographerId,
                                              linksInert: false, at: date, db)
            try Self.announceCards(of: shoot, except: .offer(id), at: date, db)
            return try Self.shoot(requestId, db)!.offers.last!
        }
    }

    /// The offer's row, with the photographer's terms as they stand now.
    static func insertOffer(_ draft: ShootOfferDraft, on requestId: Int64, by photographerId: Int64, at date: Date,
                            _ db: Database) throws -> Int64 {
        let termsId = try Int64.fetchOne(db, sql: """
            SELECT id FROM shootTerms WHERE photographerId = ?1 AND text <> ''
                AND version = (SELECT MAX(version) FROM shootTerms WHERE photographerId = ?1)
            """, arguments: [photographerId])
        try db.execute(sql: """
            INSERT INTO shootOffer (requestId, day, startMinutes, hours, place, price, included, validUntil, createdAt,
                                    deposit, depositDueDays, restDueDays, termsId, currency)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [requestId, draft.day.text, draft.startMinutes, draft.hours, draft.place, draft.price, draft.included,
                             draft.validUntil.text, date, draft.payment.deposit.halers, draft.payment.depositDueDays,
                             draft.payment.restDueDays, termsId, draft.payment.currency.rawValue])
        return db.lastInsertedRowID
    }

    func decline(_ requestId: Int64, reason: StepReason, uuid: String, by photographerId: Int64, at date: Date) throws {
        try database.write { db in
            let shoot = try Self.shoot(requestId, involving: photographerId, db)
            // Sent again: done already; a uuid of another message is not this decline.
            if try BookingRules.sentBefore(try Self.earlier(uuid, db), by: photographerId, taken: shoot.request.declineReason != nil) {
                return
            }
            try BookingRules.checkDecline(shoot, by: photographerId)
            let said = reason.said(try SQLiteBlockStore.facts(from: photographerId, to: shoot.request.clientId, db))
            try db.execute(sql: "UPDATE shootRequest SET declineReason = ?, declinedAt = ? WHERE id = ?",
                           arguments: [said.reason, date, requestId])
            _ = try SQLiteMessengerStore.post(said.text, uuid: uuid, mail: .shoot, in: shoot.request.roomId, by: photographerId, linksInert: false,
                                              at: date, db)
            try Self.announceCards(of: shoot, at: date, db)
        }
    }

    func accept(_ offerId: Int64, text: String, closingText: String, uuid: String, by clientId: Int64, at date: Date) throws -> Booking {
        try database.write { db in
            if let id = try BookingRules.cardSentBefore(try Self.earlier(uuid, db), by: clientId, as: MessageCard.booking) {
                guard let booking = try Self.booking(id, db) else { throw BookingError.duplicate }
                return booking
            }
            guard let requestId = try Int64.fetchOne(db, sql: "SELECT requestId FROM shootOffer WHERE id = ?", arguments: [offerId])
            else { throw BookingError.unknown }
            let shoot = try Self.shoot(requestId, involving: clientId, db)
            let offer = try BookingRules.checkAccept(offerId, of: shoot, by: clientId, at: date)
            try SQLiteMessengerStore.checkNoBlock(in: shoot.request.roomId, for: clientId, db)
            guard try !Self.isBusy(shoot.request.photographerId, on: offer.day, db) else { throw BookingError.busyDay }
            // Accepting the offer accepts its terms' exact text: their hash and this moment are kept.
            let termsHash = try offer.termsId.flatMap { id in
                try String.fetchOne(db, sql: "SELECT hash FROM shootTerms WHERE id = ?", arguments: [id])
            }
            try db.execute(sql: """
                INSERT INTO booking (requestId, offerId, roomId, clientId, photographerId, kind, day, startMinutes, hours, startsAt, endsAt,
                                     place, price, included, createdAt, deposit, depositDueDays, restDueDays, termsId, termsHash,
                                     termsAcceptedAt, currency)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [requestId, offerId, shoot.request.roomId, clientId, shoot.request.photographerId, shoot.request.kind,
                                 offer.day.text, offer.startMinutes, offer.hours, offer.startsAt, offer.endsAt, offer.place, offer.price,
                                 offer.included, date, offer.payment.deposit.halers, offer.payment.depositDueDays,
                                 offer.payment.restDueDays, termsHash == nil ? nil : offer.termsId, termsHash,
                                 termsHash == nil ? nil : date, offer.payment.currency.rawValue])
            let id = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO busyDay (photographerId, day, bookingId) VALUES (?, ?, ?)",
                           arguments: [shoot.request.photographerId, offer.day.text, id])
            _ = try SQLiteMessengerStore.post(text, uuid: uuid, card: .booking(id), mail: .shoot, in: shoot.request.roomId, by: clientId,
                                              linksInert: false, at: date, db)
            try Self.announceCards(of: shoot, except: .booking(id), at: date, db)
            if let demandId = shoot.request.demandId {
                try SQLiteDemandStore.book(demandId, with: id, keeping: requestId, closingText: closingText, by: clientId, at: date, db)
            }
            let booking = try Self.booking(id, db)!
            if let address = try String.fetchOne(db, sql: "SELECT email FROM user WHERE id = ?", arguments: [clientId]) {
                for reminder in PaymentReminder.mails(for: booking, to: address, at: date) {
                    try SQLiteMailStore.enqueue(reminder, at: date, db)
                }
            }
            return booking
        }
    }

    func cancel(_ bookingId: Int64, reason: StepReason, uuid: String, by userId: Int64, at date: Date) throws -> Booking {
        try database.write { db in
            guard let booking = try Self.booking(bookingId, db), booking.involves(userId)
            else { throw BookingError.unknown }
            if try BookingRules.sentBefore(try Self.earlier(uuid, db), by: userId, taken: booking.cancellation != nil) {
                return booking
            }
            try BookingRules.checkCancel(booking, at: date)
            let other = booking.other(than: userId)
            let said = reason.said(try SQLiteBlockStore.facts(from: userId, to: other, db))
            try db.execute(sql: "UPDATE booking SET cancelledById = ?, cancelReason = ?, cancelledAt = ? WHERE id = ?",
                           arguments: [userId, said.reason, date, bookingId])
            // By the primary key: the booking's own day.
            try db.execute(sql: "DELETE FROM busyDay WHERE photographerId = ? AND day = ? AND bookingId = ?",
                           arguments: [booking.photographerId, booking.day.text, bookingId])
            _ = try SQLiteMessengerStore.post(said.text, uuid: uuid, mail: .shoot, in: booking.roomId, by: userId, linksInert: false, at: date, db)
            try Self.announceCards(of: try Self.shoot(booking.requestId, db)!, at: date, db)
            return try Self.booking(bookingId, db)!
        }
    }

    func shoots(of cards: [MessageCard], for userId: Int64) throws -> [MessageCard: Shoot] {
        try database.read { db in
            var requestIds: [MessageCard: Int64] = [:]
            for card in Set(cards) {
                let table = switch card { case .request: "shootRequest"; case .offer: "shootOffer"; case .booking: "booking" }
                let column = if case .request = card { "id" } else { "requestId" }
                if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT \(column) FROM \(table) WHERE id = ?"), arguments: [card.id]) {
                    requestIds[card] = id
                }
            }
            var shoots: [Int64: Shoot] = [:]
            for id in Set(requestIds.values) {
                if let shoot = try Self.shoot(id, db), shoot.involves(userId) {
                    shoots[id] = shoot
                }
            }
            return requestIds.compactMapValues { shoots[$0] }
        }
    }

    func shoot(request requestId: Int64, for userId: Int64) throws -> Shoot? {
        try database.read { db in
            guard let shoot = try Self.shoot(requestId, db), shoot.involves(userId)
            else { return nil }
            return shoot
        }
    }

    func bookings(of userId: Int64) throws -> [Booking] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM booking WHERE clientId = ?1 OR photographerId = ?1 ORDER BY startsAt, id
                """, arguments: [userId]).map(Self.booking(row:))
        }
    }

    func busyDays(of photographerId: Int64, from first: CalendarDay, through last: CalendarDay) throws -> [CalendarDay: Int64?] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT day, bookingId FROM busyDay WHERE photographerId = ? AND day BETWEEN ? AND ?
                """, arguments: [photographerId, first.text, last.text])
            var days: [CalendarDay: Int64?] = [:]
            for row in rows { days[try Self.day(row, "day")] = .some(row["bookingId"] as Int64?) }
            return days
        }
    }

    func setBusyDays(_ busy: Set<CalendarDay>, from first: CalendarDay, through last: CalendarDay, of photographerId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM busyDay WHERE photographerId = ? AND bookingId IS NULL AND day BETWEEN ? AND ?",
                           arguments: [photographerId, first.text, last.text])
            for day in busy.sorted() {
                try db.execute(sql: "INSERT INTO busyDay (photographerId, day) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               arguments: [photographerId, day.text])
            }
        }
    }

    func setCalendarToken(_ token: String?, for userId: Int64, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM calendarToken WHERE userId = ?", arguments: [userId])
            if let token {
                try db.execute(sql: "INSERT INTO calendarToken (userId, token, createdAt) VALUES (?, ?, ?)", arguments: [userId, token, date])
            }
        }
    }

    func calendarToken(of userId: Int64) throws -> String? {
        try database.read { db in try String.fetchOne(db, sql: "SELECT token FROM calendarToken WHERE userId = ?", arguments: [userId]) }
    }

    func calendarOwner(token: String) throws -> Int64? {
        try database.read { db in try Int64.fetchOne(db, sql: "SELECT userId FROM calendarToken WHERE token = ?", arguments: [token]) }
    }
}

/// A day column holding what is not a day: a damaged row, never shown as some other day.
struct StoredDayUnreadable: Error {
    let text: String
}
