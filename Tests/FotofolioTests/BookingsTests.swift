import Foundation
import Testing
@testable import Fotofolio

extension TestDatabase {
    var bookings: Bookings { Bookings(stores: stores) }
}

/// Two photographers and three clients, and the steps of a shoot between them as the pages
/// take them, each at a moment given: "now" is noon of today in Prague.
struct ShootWorld {
    let world: TestDatabase
    let vojta: Int64, petra: Int64
    let jana: Int64, eva: Int64, karel: Int64
    let now: Date
    let today: CalendarDay

    init() throws {
        world = try TestDatabase()
        vojta = try world.creator().id!
        petra = try world.creator("petra.foto").id!
        jana = try world.client().id!
        eva = try world.client("eva.s").id!
        karel = try world.client("karel.n").id!
        today = CalendarDay(Date())
        now = today.at(minutes: 12 * 60)
    }

    var bookings: Bookings { world.bookings }

    /// `seconds` after noon today.
    func later(_ seconds: TimeInterval) -> Date { now.addingTimeInterval(seconds) }

    @discardableResult
    func request(from clientId: Int64, to photographerId: Int64, uuid: String = UUID().uuidString, firstIn first: Int = 5,
                 lastIn last: Int = 20, at date: Date? = nil) throws -> ShootRequest {
        try bookings.request(.valid(first: today.adding(days: first), last: today.adding(days: last)), uuid: uuid,
                             from: clientId, to: photographerId, text: { "Poptávka: \($0.kind) v \($0.town)" }, at: date ?? now)
    }

    @discardableResult
    func offer(on requestId: Int64, by photographerId: Int64, dayIn day: Int = 10, validFor valid: Int = 5,
               uuid: String = UUID().uuidString, at date: Date? = nil) throws -> ShootOffer {
        try bookings.offer(.valid(day: today.adding(days: day), validUntil: today.adding(days: valid)), on: requestId, uuid: uuid,
                           by: photographerId, text: { "Nabídka na \($0.day): \($0.price) Kč" }, at: date ?? later(60))
    }

    @discardableResult
    func accept(_ offerId: Int64, by clientId: Int64, uuid: String = UUID().uuidString, at date: Date? = nil) throws -> Booking {
        try bookings.accept(offerId, uuid: uuid, by: clientId, text: { "Přijímám nabídku na \($0.day)" }, at: date ?? later(120))
    }

    func decline(_ requestId: Int64, by photographerId: Int64, reason: String = "Ten den nemohu.", uuid: String = UUID().uuidString,
                 at date: Date? = nil) throws {
        try bookings.decline(requestId, reason: reason, uuid: uuid, by: photographerId, text: { "Odmítnuto: \($0)" },
                             at: date ?? later(90))
    }

    @discardableResult
    func cancel(_ bookingId: Int64, by userId: Int64, reason: String = "Jsem nemocná.", uuid: String = UUID().uuidString,
                at date: Date? = nil) throws -> Booking {
        try bookings.cancel(bookingId, reason: reason, uuid: uuid, by: userId, text: { "Zrušeno: \($0)" }, at: date ?? later(180))
    }

    /// The shoot as one of its people sees it.
    func shoot(_ requestId: Int64, for userId: Int64) throws -> Shoot {
        try #require(try bookings.shoot(request: requestId, for: userId))
    }

    func messages(in roomId: Int64, for userId: Int64) throws -> [ChatMessage] {
        try world.messenger.history(of: roomId, for: userId, limit: 100)
    }

    /// The photographer's busy days of the next two months: by hand (nil) or by a booking.
    func busyDays(of photographerId: Int64) throws -> [CalendarDay: Int64?] {
        try bookings.busyDays(of: photographerId, from: today.adding(days: -40), through: today.adding(days: 60))
    }

    /// The live events after `sequence`, with the UUID of the message each carries.
    func messageEvents(after sequence: Int64) throws -> [(event: LiveEvent, uuid: String)] {
        try world.liveEvents.events(after: sequence, limit: 1000).map { event in
            (event, try decoded(event.payload).data["uuid"] as? String ?? "")
        }
    }
}

@Suite struct BookingsTests {
    let shoots: ShootWorld
    var world: TestDatabase { shoots.world }
    var vojta: Int64 { shoots.vojta }
    var petra: Int64 { shoots.petra }
    var jana: Int64 { shoots.jana }
    var eva: Int64 { shoots.eva }
    var karel: Int64 { shoots.karel }
    var today: CalendarDay { shoots.today }

    init() throws {
        shoots = try ShootWorld()
    }

    // MARK: - Requests

    @Test func aRequestOpensTheirDirectConversationWithTheRequestCardByTheClient() throws {
        let request = try shoots.request(from: jana, to: vojta)
        #expect(request.clientId == jana && request.photographerId == vojta)
        #expect(request.kind == "Svatba" && request.town == "Praha" && request.hours == 6 && request.budget == 1500)
        #expect(request.firstDay == today.adding(days: 5) && request.lastDay == today.adding(days: 20))
        #expect(request.message == "Dobrý den,\nbereme se v létě." && request.declineReason == nil)
        #expect(try world.messenger.directRoom(between: vojta, and: jana).id == request.roomId)
        let messages = try shoots.messages(in: request.roomId, for: vojta)
        #expect(messages.count == 1)
        let card = try #require(messages.last)
        #expect(card.authorId == jana && card.card == .request(request.id) && card.content == "Poptávka: Svatba v Praha")
        // Both see the shoot, open; nobody else does.
        for person in [jana, vojta] {
            let shoot = try shoots.shoot(request.id, for: person)
            #expect(shoot.request == request && shoot.requestState == .open && shoot.offers.isEmpty && shoot.booking == nil)
            #expect(try shoots.bookings.shoots(of: [.request(request.id)], for: person)[.request(request.id)] == shoot)
        }
        #expect(try shoots.bookings.shoot(request: request.id, for: eva) == nil)
        #expect(try shoots.bookings.shoots(of: [.request(request.id)], for: eva).isEmpty)
        #expect(try shoots.bookings.shoots(of: [], for: jana).isEmpty)
    }

    @Test func aRequestGoesIntoTheConversationTheTwoAlreadyHave() throws {
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        try world.send("Dobrý den, máte volno v létě?", in: room, by: jana)
        try world.send("Ano, pošlete poptávku.", in: room, by: vojta)
        let request = try shoots.request(from: jana, to: vojta)
        #expect(request.roomId == room)
        #expect(try world.rowCount("chatRoom") == 1)
        #expect(try shoots.messages(in: room, for: jana).map(\.card) == [nil, nil, .request(request.id)])
    }

    @Test func theSameUUIDSentTwiceReturnsTheSameRequestAndPostsOneMessage() throws {
        let uuid = UUID().uuidString
        let first = try shoots.request(from: jana, to: vojta, uuid: uuid)
        let events = try world.allEvents().count, outbox = try world.outbox.pendingCount()
        let again = try shoots.request(from: jana, to: vojta, uuid: uuid.lowercased(), at: shoots.later(5))
        #expect(again == first)
        #expect(try world.rowCount("shootRequest") == 1)
        #expect(try world.rowCount("chatMessage") == 1)
        #expect(try world.allEvents().count == events && world.outbox.pendingCount() == outbox)
    }

    @Test func aUUIDOfAnotherMessageIsNoRequest() throws {
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        let plain = UUID().uuidString
        try world.messenger.send(MessageDraft(uuid: plain, content: "Dobrý den"), in: room, by: jana)
        #expect(throws: BookingError.duplicate) { try shoots.request(from: jana, to: vojta, uuid: plain) }
        // Someone else's request's UUID is not theirs to send.
        let janas = UUID().uuidString
        try shoots.request(from: jana, to: vojta, uuid: janas)
        #expect(throws: BookingError.duplicate) { try shoots.request(from: eva, to: vojta, uuid: janas) }
        #expect(try world.rowCount("shootRequest") == 1)
    }

    @Test func onlyPhotographersAreAskedForAShootAndNobodyAsksThemselves() throws {
        #expect(throws: BookingError.notAPhotographer) { try shoots.request(from: jana, to: eva) }
        #expect(throws: BookingError.notAPhotographer) { try shoots.request(from: vojta, to: eva) }
        #expect(throws: BookingError.cannotBookYourself) { try shoots.request(from: vojta, to: vojta) }
        #expect(throws: BookingError.unknown) { try shoots.request(from: jana, to: 987_654) }
        #expect(try world.rowCount("shootRequest") == 0)
        #expect(try world.rowCount("chatRoom") == 0)
        #expect(try world.rowCount("chatMessage") == 0)
        // A photographer may book another one.
        #expect(try shoots.request(from: petra, to: vojta).clientId == petra)
    }

    @Test func aFormWithProblemsStoresNothing() throws {
        var form = ShootRequestForm.valid(first: today.adding(days: -1))
        form.hours = "25"
        #expect(throws: ShootProblems([.firstDay: .inThePast, .hours: .outOfRange])) {
            try shoots.bookings.request(form, uuid: UUID().uuidString, from: jana, to: vojta, text: { _ in "Poptávka" }, at: shoots.now)
        }
        #expect(throws: MessengerError.invalidUUID) {
            try shoots.bookings.request(.valid(first: today), uuid: "poptávka-1", from: jana, to: vojta, text: { _ in "Poptávka" },
                                        at: shoots.now)
        }
        #expect(try world.rowCount("chatRoom") == 0 && world.rowCount("shootRequest") == 0)
    }

    // MARK: - Who may do what

    @Test func aClientTheyBlockedCannotRequestAShoot() throws {
        try world.blocking.block(jana, by: vojta)
        #expect(throws: MessengerError.blocked) { try shoots.request(from: jana, to: vojta) }
        // Nor may someone request from a photographer they blocked.
        try world.blocking.block(vojta, by: eva)
        #expect(throws: MessengerError.youBlocked) { try shoots.request(from: eva, to: vojta) }
        #expect(try world.rowCount("shootRequest") == 0 && world.rowCount("chatMessage") == 0)
    }

    @Test func aBlockedClientCannotRequestInTheConversationTheyAlreadyHave() throws {
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        try world.send("Dobrý den", in: room, by: jana)
        try world.blocking.block(jana, by: vojta)
        #expect(throws: MessengerError.blocked) { try shoots.request(from: jana, to: vojta) }
        #expect(try world.rowCount("shootRequest") == 0)
        #expect(try shoots.messages(in: room, for: vojta).count == 1)
    }

    @Test func aBlockedClientCannotAcceptAnOfferMadeBefore() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let offer = try shoots.offer(on: request.id, by: vojta)
        try world.blocking.block(jana, by: vojta)
        #expect(throws: MessengerError.blocked) { try shoots.accept(offer.id, by: jana) }
        #expect(try world.rowCount("booking") == 0)
        #expect(try shoots.busyDays(of: vojta).isEmpty)
    }

    @Test func aPhotographerWhoTakesOnlyKnownPeopleIsNotAskedByAStranger() throws {
        try world.letWrite(.knownPeople, to: try #require(try world.accounts.user(id: vojta)))
        #expect(throws: MessengerError.notAccepting(.knownPeople)) { try shoots.request(from: jana, to: vojta) }
        // Someone they wrote to is known.
        let room = try world.messenger.directRoom(between: vojta, and: eva).id
        try world.send("Dobrý den, Evo", in: room, by: vojta)
        #expect(try shoots.request(from: eva, to: vojta).roomId == room)
    }

    @Test func onlyThePhotographerOffersOrDeclinesOnlyTheClientAcceptsAndOthersFindNothing() throws {
        let request = try shoots.request(from: jana, to: vojta)
        #expect(throws: BookingError.onlyThePhotographer) { try shoots.offer(on: request.id, by: jana) }
        #expect(throws: BookingError.onlyThePhotographer) { try shoots.decline(request.id, by: jana) }
        for stranger in [eva, petra] {
            #expect(throws: BookingError.unknown) { try shoots.offer(on: request.id, by: stranger) }
            #expect(throws: BookingError.unknown) { try shoots.decline(request.id, by: stranger) }
        }
        #expect(throws: BookingError.unknown) { try shoots.offer(on: 987_654, by: vojta) }
        let offer = try shoots.offer(on: request.id, by: vojta)
        #expect(throws: BookingError.onlyTheClient) { try shoots.accept(offer.id, by: vojta) }
        for stranger in [eva, petra] {
            #expect(throws: BookingError.unknown) { try shoots.accept(offer.id, by: stranger) }
            #expect(try shoots.bookings.shoots(of: [.offer(offer.id)], for: stranger).isEmpty)
        }
        #expect(throws: BookingError.unknown) { try shoots.accept(987_654, by: jana) }
        let booking = try shoots.accept(offer.id, by: jana)
        #expect(throws: BookingError.unknown) { try shoots.cancel(booking.id, by: eva) }
        #expect(throws: BookingError.unknown) { try shoots.cancel(987_654, by: jana) }
        #expect(try shoots.bookings.booking(booking.id, for: eva) == nil)
        #expect(try shoots.bookings.booking(booking.id, for: vojta) == booking)
        // The refused steps left nothing behind: a request, an offer and the acceptance.
        #expect(try world.rowCount("chatMessage") == 3)
        #expect(try shoots.shoot(request.id, for: jana).booking?.cancellation == nil)
    }

    // MARK: - Offers

    @Test func theOfferIsACardOfThePhotographerAndANewOneReplacesIt() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let first = try shoots.offer(on: request.id, by: vojta, dayIn: 10)
        #expect(first.requestId == request.id && first.day == today.adding(days: 10) && first.startMinutes == 600)
        #expect(first.hours == 2 && first.place == "Letná" && first.price == 4800 && first.included == "40 upravených fotografií")
        #expect(first.validUntil == today.adding(days: 5))
        #expect(first.startsAt == today.adding(days: 10).at(minutes: 600))
        #expect(first.endsAt == first.startsAt.addingTimeInterval(2 * 3600))
        let card = try #require(try shoots.messages(in: request.roomId, for: jana).last)
        #expect(card.authorId == vojta && card.card == .offer(first.id))
        #expect(card.content == "Nabídka na \(today.adding(days: 10)): 4800 Kč")
        var shoot = try shoots.shoot(request.id, for: jana)
        #expect(shoot.requestState == .offered && shoot.offers == [first] && shoot.currentOffer == first)
        #expect(shoot.state(of: first, at: shoots.now) == .open)

        let second = try shoots.offer(on: request.id, by: vojta, dayIn: 12, at: shoots.later(300))
        shoot = try shoots.shoot(request.id, for: jana)
        #expect(shoot.offers == [first, second] && shoot.currentOffer == second)
        #expect(shoot.state(of: first, at: shoots.now) == .replaced)
        #expect(shoot.state(of: second, at: shoots.now) == .open)
        #expect(try shoots.bookings.shoots(of: [.offer(first.id), .offer(second.id)], for: jana) == [
            .offer(first.id): shoot, .offer(second.id): shoot,
        ])
        #expect(throws: BookingError.offerNotOpen) { try shoots.accept(first.id, by: jana) }
        #expect(try shoots.accept(second.id, by: jana).offerId == second.id)
    }

    @Test func theSameUUIDSentTwiceReturnsTheSameOffer() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let uuid = UUID().uuidString
        let offer = try shoots.offer(on: request.id, by: vojta, uuid: uuid)
        #expect(try shoots.offer(on: request.id, by: vojta, dayIn: 14, uuid: uuid) == offer)
        #expect(try shoots.shoot(request.id, for: vojta).offers == [offer])
        #expect(try world.rowCount("chatMessage") == 2)
        // Not the client's to send, nor an answer to another request.
        #expect(throws: BookingError.duplicate) { try shoots.request(from: jana, to: petra, uuid: uuid) }
        let other = try shoots.request(from: eva, to: vojta)
        #expect(throws: BookingError.duplicate) { try shoots.offer(on: other.id, by: vojta, uuid: uuid) }
    }

    @Test func anOfferWhoseLastDayHasGoneByCannotBeAccepted() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let offer = try shoots.offer(on: request.id, by: vojta, dayIn: 10, validFor: 2)
        let lastMinute = today.adding(days: 2).at(minutes: 23 * 60 + 59)
        let dayAfter = today.adding(days: 3).at(minutes: 1)
        let shoot = try shoots.shoot(request.id, for: jana)
        #expect(shoot.state(of: offer, at: lastMinute) == .open)
        #expect(shoot.state(of: offer, at: dayAfter) == .expired)
        #expect(throws: BookingError.offerNotOpen) { try shoots.accept(offer.id, by: jana, at: dayAfter) }
        #expect(try world.rowCount("booking") == 0)
        // On its last day it still could be.
        #expect(try shoots.accept(offer.id, by: jana, at: lastMinute).offerId == offer.id)
    }

    @Test func noOfferIsMadeForADayThePhotographerMarkedBusy() throws {
        let request = try shoots.request(from: jana, to: vojta)
        try shoots.bookings.setBusyDays([today.adding(days: 10)], of: vojta, at: shoots.now)
        #expect(throws: BookingError.busyDay) { try shoots.offer(on: request.id, by: vojta, dayIn: 10) }
        #expect(try shoots.shoot(request.id, for: vojta).offers.isEmpty)
        #expect(try world.rowCount("chatMessage") == 1)
        // Another photographer's busy day is not theirs.
        try shoots.bookings.setBusyDays([today.adding(days: 11)], of: petra, at: shoots.now)
        let offer = try shoots.offer(on: request.id, by: vojta, dayIn: 11)
        // A day marked busy after the offer cannot be booked.
        try shoots.bookings.setBusyDays([today.adding(days: 10), today.adding(days: 11)], of: vojta, at: shoots.now)
        #expect(throws: BookingError.busyDay) { try shoots.accept(offer.id, by: jana) }
        #expect(try world.rowCount("booking") == 0)
    }

    // MARK: - Bookings

    @Test func acceptingBooksTheShootAndTakesThePhotographersDay() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let offer = try shoots.offer(on: request.id, by: vojta, dayIn: 10)
        let booking = try shoots.accept(offer.id, by: jana)
        #expect(booking.requestId == request.id && booking.offerId == offer.id && booking.roomId == request.roomId)
        #expect(booking.clientId == jana && booking.photographerId == vojta && booking.kind == "Svatba")
        #expect(booking.day == offer.day && booking.startMinutes == 600 && booking.hours == 2)
        #expect(booking.place == "Letná" && booking.price == 4800 && booking.included == offer.included)
        #expect(booking.cancellation == nil && booking.state(at: shoots.now) == .confirmed)
        #expect(booking.startsAt == offer.startsAt && booking.endsAt == offer.endsAt)
        #expect(booking.other(than: jana) == vojta && booking.other(than: vojta) == jana)

        let card = try #require(try shoots.messages(in: request.roomId, for: vojta).last)
        #expect(card.authorId == jana && card.card == .booking(booking.id) && card.content == "Přijímám nabídku na \(offer.day)")
        let shoot = try shoots.shoot(request.id, for: vojta)
        #expect(shoot.requestState == .booked && shoot.booking == booking && shoot.state(of: offer, at: shoots.now) == .accepted)
        #expect(try shoots.bookings.shoots(of: [.booking(booking.id)], for: jana)[.booking(booking.id)] == shoot)

        #expect(try shoots.busyDays(of: vojta) == [offer.day: booking.id])
        #expect(try shoots.bookings.bookings(of: jana) == [booking])
        #expect(try shoots.bookings.bookings(of: vojta) == [booking])
        #expect(try shoots.bookings.bookings(of: eva).isEmpty)

        // The request is closed now, and its offer taken.
        #expect(throws: BookingError.requestClosed) { try shoots.offer(on: request.id, by: vojta, dayIn: 12) }
        #expect(throws: BookingError.requestClosed) { try shoots.decline(request.id, by: vojta) }
        #expect(throws: BookingError.offerNotOpen) { try shoots.accept(offer.id, by: jana) }
        #expect(try world.rowCount("booking") == 1)
    }

    @Test func theSameUUIDSentTwiceReturnsTheSameBooking() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let offer = try shoots.offer(on: request.id, by: vojta)
        let uuid = UUID().uuidString
        let booking = try shoots.accept(offer.id, by: jana, uuid: uuid)
        #expect(try shoots.accept(offer.id, by: jana, uuid: uuid, at: shoots.later(500)) == booking)
        #expect(try world.rowCount("booking") == 1 && world.rowCount("chatMessage") == 3)
    }

    @Test func anotherClientCannotBookTheDayThePhotographerIsAlreadyBooked() throws {
        let janas = try shoots.request(from: jana, to: vojta)
        let evas = try shoots.request(from: eva, to: vojta)
        let forJana = try shoots.offer(on: janas.id, by: vojta, dayIn: 10)
        let forEva = try shoots.offer(on: evas.id, by: vojta, dayIn: 10)
        let booking = try shoots.accept(forJana.id, by: jana)
        #expect(throws: BookingError.busyDay) { try shoots.accept(forEva.id, by: eva) }
        #expect(try shoots.shoot(evas.id, for: eva).requestState == .offered)
        #expect(try shoots.busyDays(of: vojta) == [forJana.day: booking.id])
        // Nor is that day offered to anyone else.
        let karels = try shoots.request(from: karel, to: vojta)
        #expect(throws: BookingError.busyDay) { try shoots.offer(on: karels.id, by: vojta, dayIn: 10) }
        // Another photographer is free that day, and the photographer the next.
        let fromPetra = try shoots.request(from: eva, to: petra)
        try shoots.accept(try shoots.offer(on: fromPetra.id, by: petra, dayIn: 10).id, by: eva)
        try shoots.accept(try shoots.offer(on: karels.id, by: vojta, dayIn: 11).id, by: karel)
        #expect(try shoots.busyDays(of: vojta).keys.sorted() == [today.adding(days: 10), today.adding(days: 11)])
        #expect(try shoots.bookings.bookings(of: vojta).map(\.clientId) == [jana, karel])
    }

    @Test func twoClientsAcceptingTheSameDayAtOnceOnTwoServersBookItOnce() throws {
        let nodes = [world.bookings, Bookings(stores: try world.reopened())]
        let now = shoots.later(120)
        for dayIn in 10..<16 {
            let offers = try [jana, eva].map { client in
                (client, try shoots.offer(on: try shoots.request(from: client, to: vojta).id, by: vojta, dayIn: dayIn).id)
            }
            let outcomes = try onThreads(2) { index in
                do {
                    try nodes[index].accept(offers[index].1, uuid: UUID().uuidString, by: offers[index].0, text: { _ in "Beru" }, at: now)
                    return "booked"
                } catch let error as BookingError {
                    return "\(error)"
                }
            }
            #expect(outcomes.sorted() == ["booked", "busyDay"], "\(outcomes)")
        }
        #expect(try world.rowCount("booking") == 6)
        #expect(try shoots.busyDays(of: vojta).count == 6)
    }

    @Test func theSameRequestSentTwiceAtOnceOnTwoServersIsStoredOnce() throws {
        let nodes = [world.bookings, Bookings(stores: try world.reopened())]
        let (jana, vojta, today, now) = (jana, vojta, today, shoots.now)
        for _ in 0..<4 {
            let uuid = UUID().uuidString
            let ids = try onThreads(2) { index in
                try nodes[index].request(.valid(first: today.adding(days: 3)), uuid: uuid, from: jana, to: vojta,
                                         text: { _ in "Poptávka" }, at: now).id
            }
            #expect(Set(ids).count == 1)
        }
        #expect(try world.rowCount("shootRequest") == 4 && world.rowCount("chatMessage") == 4)
        #expect(try world.rowCount("chatRoom") == 1)
    }

    @Test func bookingsAreListedSoonestFirst() throws {
        var made: [Booking] = []
        for (client, day) in [(jana, 20), (eva, 8), (karel, 14)] {
            let request = try shoots.request(from: client, to: vojta)
            made.append(try shoots.accept(try shoots.offer(on: request.id, by: vojta, dayIn: day).id, by: client))
        }
        #expect(try shoots.bookings.bookings(of: vojta).map(\.id) == [made[1].id, made[2].id, made[0].id])
        #expect(try shoots.bookings.bookings(of: eva).map(\.id) == [made[1].id])
    }

    @Test func aDeclinedRequestTakesNoMoreOffers() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let offer = try shoots.offer(on: request.id, by: vojta)
        #expect(throws: BookingError.reason(.missing)) { try shoots.decline(request.id, by: vojta, reason: "  ") }
        #expect(throws: BookingError.reason(.invalidText)) { try shoots.decline(request.id, by: vojta, reason: "Ne\u{1B}") }
        try shoots.decline(request.id, by: vojta, reason: "  Ten den už fotím jinde.  ")
        let shoot = try shoots.shoot(request.id, for: jana)
        #expect(shoot.requestState == .declined && shoot.request.declineReason == "Ten den už fotím jinde.")
        #expect(shoot.state(of: offer, at: shoots.now) == .closed)
        let said = try #require(try shoots.messages(in: request.roomId, for: jana).last)
        #expect(said.authorId == vojta && said.card == nil && said.content == "Odmítnuto: Ten den už fotím jinde.")
        #expect(throws: BookingError.requestClosed) { try shoots.offer(on: request.id, by: vojta, dayIn: 12) }
        #expect(throws: BookingError.requestClosed) { try shoots.decline(request.id, by: vojta) }
        #expect(throws: BookingError.offerNotOpen) { try shoots.accept(offer.id, by: jana) }
        #expect(try world.rowCount("chatMessage") == 3)
    }

    @Test func aRequestMayBeDeclinedBeforeAnyOffer() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let uuid = UUID().uuidString
        try shoots.decline(request.id, by: vojta, uuid: uuid)
        // Sent again, it is the same decline.
        try shoots.decline(request.id, by: vojta, uuid: uuid)
        #expect(try shoots.shoot(request.id, for: vojta).requestState == .declined)
        #expect(try world.rowCount("chatMessage") == 2)
    }

    @Test func aUUIDOfAnotherMessageIsNoDeclineNorCancellation() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let offerUUID = UUID().uuidString
        let offer = try shoots.offer(on: request.id, by: vojta, uuid: offerUUID)
        #expect(throws: BookingError.duplicate) { try shoots.decline(request.id, by: vojta, uuid: offerUUID) }
        let acceptance = UUID().uuidString
        let booking = try shoots.accept(offer.id, by: jana, uuid: acceptance)
        #expect(throws: BookingError.duplicate) { try shoots.cancel(booking.id, by: jana, uuid: acceptance) }
        #expect(throws: BookingError.duplicate) { try shoots.cancel(booking.id, by: vojta, uuid: offerUUID) }
    }

    @Test(arguments: [false, true])
    func eitherSideCancelsAndTheDayIsFreeAgain(byThePhotographer: Bool) throws {
        let request = try shoots.request(from: jana, to: vojta)
        let offer = try shoots.offer(on: request.id, by: vojta, dayIn: 10)
        let booking = try shoots.accept(offer.id, by: jana)
        let canceller = byThePhotographer ? vojta : jana
        let cancelled = try shoots.cancel(booking.id, by: canceller, reason: " Onemocněl jsem. ", at: shoots.later(600))
        #expect(cancelled.id == booking.id && cancelled.state(at: shoots.now) == .cancelled)
        #expect(cancelled.cancellation?.byId == canceller && cancelled.cancellation?.reason == "Onemocněl jsem.")
        #expect(cancelled.cancellation?.at == shoots.later(600))
        #expect(cancelled.state(at: booking.endsAt.addingTimeInterval(3600)) == .cancelled)
        let said = try #require(try shoots.messages(in: request.roomId, for: jana).last)
        #expect(said.authorId == canceller && said.card == nil && said.content == "Zrušeno: Onemocněl jsem.")
        #expect(try shoots.shoot(request.id, for: vojta).booking == cancelled)
        #expect(try shoots.bookings.bookings(of: jana) == [cancelled])
        #expect(try shoots.busyDays(of: vojta).isEmpty)
        // Once is enough, by either of them.
        #expect(throws: BookingError.notCancellable) { try shoots.cancel(booking.id, by: jana) }
        #expect(throws: BookingError.notCancellable) { try shoots.cancel(booking.id, by: vojta) }
        // The day can be booked by someone else now.
        let evas = try shoots.request(from: eva, to: vojta)
        try shoots.accept(try shoots.offer(on: evas.id, by: vojta, dayIn: 10).id, by: eva)
        #expect(try shoots.busyDays(of: vojta).count == 1)
    }

    @Test func theSameUUIDSentTwiceCancelsOnce() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta).id, by: jana)
        let uuid = UUID().uuidString
        let cancelled = try shoots.cancel(booking.id, by: jana, uuid: uuid)
        #expect(try shoots.cancel(booking.id, by: jana, uuid: uuid) == cancelled)
        #expect(try world.rowCount("chatMessage") == 4)
    }

    @Test func aBookingIsDoneOnceItsTimeHasPassedAndCannotBeCancelledThen() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta, dayIn: 10).id, by: jana)
        let end = today.adding(days: 10).at(minutes: 12 * 60)
        #expect(booking.endsAt == end)
        #expect(booking.state(at: end.addingTimeInterval(-1)) == .confirmed)
        #expect(booking.state(at: end) == .done)
        #expect(booking.state(at: end.addingTimeInterval(86_400 * 400)) == .done)
        #expect(throws: BookingError.notCancellable) { try shoots.cancel(booking.id, by: jana, at: end.addingTimeInterval(60)) }
        #expect(throws: BookingError.notCancellable) { try shoots.cancel(booking.id, by: vojta, at: end) }
        #expect(try shoots.shoot(request.id, for: jana).booking?.cancellation == nil)
        #expect(try shoots.busyDays(of: vojta) == [booking.day: booking.id])
        // A minute before its end it still could be.
        #expect(try shoots.cancel(booking.id, by: vojta, at: end.addingTimeInterval(-60)).state(at: end) == .cancelled)
    }

    @Test func aCancellationNeedsAReason() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta).id, by: jana)
        #expect(throws: BookingError.reason(.missing)) { try shoots.cancel(booking.id, by: jana, reason: "") }
        #expect(throws: BookingError.reason(.tooLong)) {
            try shoots.cancel(booking.id, by: jana, reason: String(repeating: "x", count: 501))
        }
        #expect(try shoots.shoot(request.id, for: jana).booking?.state(at: shoots.now) == .confirmed)
    }

    // MARK: - Live events

    @Test func everyStepIsAnnouncedAndAnnouncesAgainTheCardsWhoseStateItChanged() throws {
        let start = try world.liveEvents.latestSequence()
        let requestUUID = UUID().uuidString.lowercased()
        let request = try shoots.request(from: jana, to: vojta, uuid: requestUUID)
        var events = try shoots.messageEvents(after: start)
        #expect(events.map(\.event.kind) == [.room, .message])
        #expect(events.last?.uuid == requestUUID && events.allSatisfy { $0.event.roomId == request.roomId })

        func step(_ body: () throws -> Void) throws -> [String] {
            let before = try world.liveEvents.latestSequence()
            let outboxBefore = try world.outbox.pendingCount()
            try body()
            let events = try shoots.messageEvents(after: before)
            #expect(events.allSatisfy { $0.event.kind == .message && $0.event.roomId == request.roomId && $0.event.userId == nil })
            #expect(try world.outbox.pendingCount() - outboxBefore == events.count)
            return events.map(\.uuid)
        }

        let firstUUID = UUID().uuidString.lowercased()
        let first = try step { try shoots.offer(on: request.id, by: vojta, uuid: firstUUID) }
        #expect(first.first == firstUUID && Set(first) == [firstUUID, requestUUID] && first.count == 2)

        let secondUUID = UUID().uuidString.lowercased()
        var offer: ShootOffer?
        let second = try step { offer = try shoots.offer(on: request.id, by: vojta, dayIn: 12, uuid: secondUUID) }
        #expect(second.first == secondUUID && Set(second) == [secondUUID, requestUUID, firstUUID] && second.count == 3)

        let bookingUUID = UUID().uuidString.lowercased()
        var booking: Booking?
        let accepted = try step { booking = try shoots.accept(offer!.id, by: jana, uuid: bookingUUID) }
        #expect(accepted.first == bookingUUID && Set(accepted) == [bookingUUID, requestUUID, firstUUID, secondUUID])
        #expect(accepted.count == 4)

        let cancelUUID = UUID().uuidString.lowercased()
        let cancelled = try step { try shoots.cancel(booking!.id, by: vojta, uuid: cancelUUID) }
        #expect(cancelled.first == cancelUUID && Set(cancelled) == [cancelUUID, bookingUUID, requestUUID, firstUUID, secondUUID])
        #expect(cancelled.count == 5)

        // A step refused announces nothing.
        #expect(try step { _ = try? shoots.cancel(booking!.id, by: vojta) }.isEmpty)
        #expect(try step { _ = try? shoots.offer(on: request.id, by: jana) }.isEmpty)

        // What is announced again is the card's message as stored.
        events = try shoots.messageEvents(after: start)
        let announced = try #require(events.last(where: { $0.uuid == requestUUID }))
        let data = try decoded(announced.event.payload).data
        #expect(data["content"] as? String == "Poptávka: Svatba v Praha")
        #expect((data["author"] as? [String: Any])?["username"] as? String == "jana.k")
    }

    @Test func aDeclineAnnouncesTheRequestAndItsOffersAgain() throws {
        let requestUUID = UUID().uuidString.lowercased(), offerUUID = UUID().uuidString.lowercased()
        let request = try shoots.request(from: jana, to: vojta, uuid: requestUUID)
        try shoots.offer(on: request.id, by: vojta, uuid: offerUUID)
        let before = try world.liveEvents.latestSequence()
        let declineUUID = UUID().uuidString.lowercased()
        try shoots.decline(request.id, by: vojta, uuid: declineUUID)
        let uuids = try shoots.messageEvents(after: before).map(\.uuid)
        #expect(uuids.first == declineUUID && Set(uuids) == [declineUUID, requestUUID, offerUUID] && uuids.count == 3)
    }
}

/// The days a photographer marks busy by hand, next to the days their bookings take.
@Suite struct BusyDaysTests {
    let shoots: ShootWorld

    init() throws {
        shoots = try ShootWorld()
    }

    private var today: CalendarDay { shoots.today }

    @Test func markingReplacesTheDaysMarkedBeforeWithinTheRange() throws {
        let vojta = shoots.vojta
        try shoots.bookings.setBusyDays([today.adding(days: 1), today.adding(days: 2)], of: vojta, at: shoots.now)
        #expect(try shoots.busyDays(of: vojta) == [today.adding(days: 1): nil, today.adding(days: 2): nil])
        try shoots.bookings.setBusyDays([today.adding(days: 2), today.adding(days: 3), today], of: vojta, at: shoots.now)
        #expect(try shoots.busyDays(of: vojta) == [today: nil, today.adding(days: 2): nil, today.adding(days: 3): nil])
        try shoots.bookings.setBusyDays([], of: vojta, at: shoots.now)
        #expect(try shoots.busyDays(of: vojta).isEmpty)
        // Each photographer their own.
        try shoots.bookings.setBusyDays([today.adding(days: 4)], of: shoots.petra, at: shoots.now)
        #expect(try shoots.busyDays(of: vojta).isEmpty)
    }

    @Test func theDaysOfBookingsStayWhateverIsMarked() throws {
        let vojta = shoots.vojta
        let request = try shoots.request(from: shoots.jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta, dayIn: 10).id, by: shoots.jana)
        try shoots.bookings.setBusyDays([today.adding(days: 9)], of: vojta, at: shoots.now)
        #expect(try shoots.busyDays(of: vojta) == [today.adding(days: 9): nil, booking.day: booking.id])
        // Marking the booked day by hand leaves it the booking's.
        try shoots.bookings.setBusyDays([booking.day], of: vojta, at: shoots.now)
        #expect(try shoots.busyDays(of: vojta) == [booking.day: booking.id])
        try shoots.bookings.setBusyDays([], of: vojta, at: shoots.now)
        #expect(try shoots.busyDays(of: vojta) == [booking.day: booking.id])
    }

    @Test func pastDaysAndDaysBeyondTheAvailabilityAreNeitherMarkedNorUnmarked() throws {
        let vojta = shoots.vojta
        let range = Bookings.availabilityRange(today: today)
        try shoots.bookings.setBusyDays([today.adding(days: -1), today.adding(days: 2), range.last, range.last.adding(days: 1)],
                                        of: vojta, at: shoots.now)
        #expect(try shoots.bookings.busyDays(of: vojta, from: today.adding(days: -10), through: range.last.adding(days: 10)) == [
            today.adding(days: 2): nil, range.last: nil,
        ])
        // Three days later, the day marked is in the past: it stays as it was.
        let later = shoots.now.addingTimeInterval(3 * 86_400)
        try shoots.bookings.setBusyDays([], of: vojta, at: later)
        #expect(try shoots.bookings.busyDays(of: vojta, from: today.adding(days: -10), through: range.last.adding(days: 10)) == [
            today.adding(days: 2): nil,
        ])
    }

    @Test func busyDaysAreReadWithinTheDaysAsked() throws {
        let vojta = shoots.vojta
        try shoots.bookings.setBusyDays([today.adding(days: 1), today.adding(days: 5), today.adding(days: 9)], of: vojta,
                                        at: shoots.now)
        #expect(try shoots.bookings.busyDays(of: vojta, from: today.adding(days: 5), through: today.adding(days: 9)) == [
            today.adding(days: 5): nil, today.adding(days: 9): nil,
        ])
        #expect(try shoots.bookings.busyDays(of: vojta, from: today.adding(days: 2), through: today.adding(days: 4)).isEmpty)
    }
}

/// A calendar feed's secret address.
@Suite struct CalendarTokenTests {
    let world: TestDatabase
    let vojta: Int64, jana: Int64

    init() throws {
        world = try TestDatabase()
        vojta = try world.creator().id!
        jana = try world.client().id!
    }

    @Test func aRenewedTokenIsFortyEightHexadecimalDigitsThatOpenTheOwnersCalendar() throws {
        let token = try world.bookings.renewCalendarToken(for: vojta)
        #expect(token.count == 48 && token.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(try world.bookings.calendarToken(of: vojta) == token)
        #expect(try world.bookings.calendarOwner(token: token) == vojta)
        let janas = try world.bookings.renewCalendarToken(for: jana)
        #expect(janas != token)
        #expect(try world.bookings.calendarOwner(token: janas) == jana)
        #expect(try world.bookings.calendarToken(of: world.client("eva.s").id!) == nil)
    }

    @Test func renewingAgainClosesTheOldAddress() throws {
        let old = try world.bookings.renewCalendarToken(for: vojta)
        let new = try world.bookings.renewCalendarToken(for: vojta)
        #expect(old != new)
        #expect(try world.bookings.calendarOwner(token: old) == nil)
        #expect(try world.bookings.calendarOwner(token: new) == vojta)
        #expect(try world.bookings.calendarToken(of: vojta) == new)
    }

    @Test func revokingClosesItWithoutANewOne() throws {
        let token = try world.bookings.renewCalendarToken(for: vojta)
        try world.bookings.revokeCalendarToken(for: vojta)
        #expect(try world.bookings.calendarOwner(token: token) == nil)
        #expect(try world.bookings.calendarToken(of: vojta) == nil)
        try world.bookings.revokeCalendarToken(for: vojta)
        #expect(try world.bookings.calendarToken(of: vojta) == nil)
    }

    @Test func aTokenDiffersOnlyInCaseOrLengthOpensNothing() throws {
        let token = try world.bookings.renewCalendarToken(for: vojta)
        for near in [token.uppercased(), String(token.dropLast()), token + "0", " " + token, token + "\n",
                     String(token.dropLast()) + "g", String(repeating: "0", count: 48)] {
            #expect(try world.bookings.calendarOwner(token: near) == nil, "\(near)")
        }
    }

    @Test(arguments: ["", "x", "' OR 1=1 --", String(repeating: "a", count: 47), String(repeating: "A", count: 48),
                      String(repeating: "g", count: 48), String(repeating: "é", count: 24), String(repeating: "ａ", count: 48),
                      String(repeating: "0", count: 10_000), "\u{0}" + String(repeating: "0", count: 47)])
    func junkIsNoOwnerAndIsNeverLookedUp(token: String) throws {
        var stores = world.stores
        stores.bookings = UnreachableBookingStore()
        #expect(try Bookings(stores: stores).calendarOwner(token: token) == nil)
    }

    @Test func aWellFormedTokenIsLookedUp() throws {
        var stores = world.stores
        stores.bookings = UnreachableBookingStore()
        #expect(throws: UnreachableBookingStore.Unreachable.self) {
            try Bookings(stores: stores).calendarOwner(token: String(repeating: "0a", count: 24))
        }
    }
}

/// A booking store that is never there: every call throws.
struct UnreachableBookingStore: BookingStore {
    struct Unreachable: Error {}

    func request(_ draft: ShootRequestDraft, text: String, uuid: String, from clientId: Int64, to photographerId: Int64,
                 limits: SpamLimits, at date: Date) throws -> ShootRequest { throw Unreachable() }
    func offer(_ draft: ShootOfferDraft, on requestId: Int64, text: String, uuid: String, by photographerId: Int64,
               at date: Date) throws -> ShootOffer { throw Unreachable() }
    func decline(_ requestId: Int64, reason: StepReason, uuid: String, by photographerId: Int64, at date: Date) throws {
        throw Unreachable()
    }
    func accept(_ offerId: Int64, text: String, closingText: String, uuid: String, by clientId: Int64, at date: Date) throws -> Booking {
        throw Unreachable()
    }
    func cancel(_ bookingId: Int64, reason: StepReason, uuid: String, by userId: Int64, at date: Date) throws -> Booking {
        throw Unreachable()
    }
    func shoots(of cards: [MessageCard], for userId: Int64) throws -> [MessageCard: Shoot] { throw Unreachable() }
    func shoot(request requestId: Int64, for userId: Int64) throws -> Shoot? { throw Unreachable() }
    func bookings(of userId: Int64) throws -> [Booking] { throw Unreachable() }
    func busyDays(of photographerId: Int64, from first: CalendarDay, through last: CalendarDay) throws -> [CalendarDay: Int64?] {
        throw Unreachable()
    }
    func setBusyDays(_ busy: Set<CalendarDay>, from first: CalendarDay, through last: CalendarDay, of photographerId: Int64) throws {
        throw Unreachable()
    }
    func setCalendarToken(_ token: String?, for userId: Int64, at date: Date) throws { throw Unreachable() }
    func calendarToken(of userId: Int64) throws -> String? { throw Unreachable() }
    func calendarOwner(token: String) throws -> Int64? { throw Unreachable() }
}
