import Foundation
import Fotofolio
import FotofolioDemo
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// From a request to a booking through the pages: who may take each step, what a bad form
/// gets back, the calendar files and feed, the live events of the cards, availability, the
/// feed's "free on" and ratings verified by real contact.
@Suite struct ShootPagesTests {
    static func seeded() throws -> WebTestServer {
        let server = try WebTestServer()
        try server.seedDiscovery()
        return server
    }

    static func requestCount(_ server: WebTestServer) throws -> Int? {
        try server.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shootRequest") }
    }

    static func lastRequest(_ server: WebTestServer) throws -> Int64? {
        try server.database.pool.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM shootRequest") }
    }

    static let shootDay = CalendarDay(Date()).adding(days: 40)

    static func requestFields(day: CalendarDay = shootDay) -> [String: String] {
        ["uuid": UUID().uuidString, "kind": "Svatba", "firstDay": day.text, "lastDay": "", "town": "Průhonice", "hours": "8",
         "budget": "1500", "message": "Obřad v 11:00 <b>a</b> raut."]
    }

    static func offerFields(day: CalendarDay = shootDay, price: String = "12000") -> [String: String] {
        ["uuid": UUID().uuidString, "day": day.text, "start": "10:30", "hours": "8", "place": "Zámek Průhonice", "price": price,
         "included": "300 fotografií", "validUntil": CalendarDay(Date()).adding(days: 7).text]
    }

    /// Jana (signed in here) requests a shoot of Vojta: the conversation it opened and the request's id.
    static func requestShoot(on server: WebTestServer) async throws -> (room: Int64, request: Int64) {
        try await server.cookies(of: "jana.k")
        let sent = try await server.submit("/u/vojtafoti/shoot", requestFields())
        #expect(sent.status == 303)
        let room = try #require(sent.headers["location"].flatMap { Int64($0.split(separator: "/").last ?? "") })
        let message = try #require(try MessengerService(stores: .sqlite(server.database)).history(of: room, for: try server.userId("jana.k")).last)
        guard case .request(let requestId) = message.card else { Issue.record("no request card"); throw BookingError.unknown }
        return (room, requestId)
    }

    /// Jana requests, Vojta offers, Jana accepts: the ids of the request, offer and booking.
    static func book(on server: WebTestServer) async throws -> (room: Int64, request: Int64, offer: Int64, booking: Int64) {
        let (room, requestId) = try await requestShoot(on: server)
        let bookings = Bookings(stores: .sqlite(server.database))
        let jana = try server.userId("jana.k"), vojta = try server.userId("vojtafoti")
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/shoots/\(requestId)/offer", offerFields()).status == 303)
        let offerId = try #require(try bookings.shoot(request: requestId, for: vojta)?.currentOffer?.id)
        try await server.cookies(of: "jana.k")
        #expect(try await server.submit("/offers/\(offerId)/accept", ["uuid": UUID().uuidString]).status == 303)
        let bookingId = try #require(try bookings.bookings(of: jana).first?.id)
        return (room, requestId, offerId, bookingId)
    }

    @Test func aClientRequestsThePhotographerOffersTheClientAcceptsAndBothSeeTheBooking() async throws {
        let server = try Self.seeded()
        try await server.cookies(of: "jana.k")
        let profile = try await server.send("/u/vojtafoti").body
        #expect(profile.contains("href=\"/u/vojtafoti/shoot\""))
        let form = try await server.send("/u/vojtafoti/shoot?portfolio=1")
        #expect(form.status == 200)
        #expect(form.body.contains("name=\"firstDay\"") && form.body.contains("name=\"budget\""))
        let (room, requestId, _, bookingId) = try await Self.book(on: server)
        let page = try await server.send("/messages/\(room)").body
        #expect(page.contains("data-shoot-card=\"request\" data-state=\"booked\""))
        #expect(page.contains("data-shoot-card=\"offer\" data-state=\"accepted\""))
        #expect(page.contains("data-shoot-card=\"booking\" data-state=\"confirmed\""))
        #expect(page.contains("Obřad v 11:00 &lt;b&gt;a&lt;/b&gt; raut."), "the client's words stay text")
        #expect(page.contains("href=\"/bookings/\(bookingId)/calendar.ics\""))
        for person in ["jana.k", "vojtafoti"] {
            try await server.cookies(of: person)
            let list = try await server.send("/bookings").body
            #expect(list.contains("data-booking=\"\(bookingId)\""), "\(person) sees the booking")
            #expect(list.contains("Zámek Průhonice"))
        }
        // The photographer's day is booked on the profile, for everyone.
        server.signOut()
        #expect(try await server.send("/u/vojtafoti").body.contains("data-day=\"\(Self.shootDay.text)\" data-state=\"booked\""))
        _ = requestId
    }

    @Test func aBookingIsACalendarFileThatAParserWouldRead() async throws {
        let server = try Self.seeded()
        let (_, _, _, bookingId) = try await Self.book(on: server)
        let file = try await server.send("/bookings/\(bookingId)/calendar.ics")
        #expect(file.status == 200)
        #expect(file.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(file.headers["content-disposition"] == "attachment; filename=\"fotofolio-booking-\(bookingId).ics\"")
        let lines = file.body.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.dropLast().last == "END:VCALENDAR" && lines.last == "")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.contains("UID:booking-\(bookingId)@fotofolio"))
        #expect(lines.contains("STATUS:CONFIRMED"))
        #expect(lines.contains("LOCATION:Zámek Průhonice"))
        // 10:30 in Prague on the day, in UTC.
        let start = Self.shootDay.at(minutes: 10 * 60 + 30)
        #expect(lines.contains("DTSTART:\(ICalendar.utc(start))"))
        #expect(lines.contains("DTEND:\(ICalendar.utc(start.addingTimeInterval(8 * 3600)))"))
        // Someone else's booking is not there for them.
        try await server.cookies(of: "eva.s")
        #expect(try await server.send("/bookings/\(bookingId)/calendar.ics").status == 404)
    }

    @Test func theCalendarFeedOpensWithoutASessionAndAReplacedOrTurnedOffAddressAnswers404() async throws {
        let server = try Self.seeded()
        let (_, _, _, bookingId) = try await Self.book(on: server)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/bookings/calendar", [:]).status == 303)
        let bookings = Bookings(stores: .sqlite(server.database))
        let token = try #require(try bookings.calendarToken(of: try server.userId("vojtafoti")))
        #expect(try await server.send("/bookings").body.contains(BookingPages.feedPath(token)))
        server.signOut()
        let feed = try await server.send(BookingPages.feedPath(token))
        #expect(feed.status == 200)
        #expect(feed.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(feed.headers["x-robots-tag"] == "noindex, nofollow")
        #expect(feed.body.contains("UID:booking-\(bookingId)@fotofolio"))
        try await server.cookies(of: "vojtafoti")
        _ = try await server.submit("/bookings/calendar", [:])
        let renewed = try #require(try bookings.calendarToken(of: try server.userId("vojtafoti")))
        #expect(renewed != token)
        #expect(try await server.send(BookingPages.feedPath(token)).status == 404)
        #expect(try await server.send(BookingPages.feedPath(renewed)).status == 200)
        _ = try await server.submit("/bookings/calendar/off", [:])
        #expect(try await server.send(BookingPages.feedPath(renewed)).status == 404)
        #expect(try await server.send("/calendar/not-a-token/bookings.ics").status == 404)
    }

    @Test func everyStepIsForItsSideAloneAndForNobodyElse() async throws {
        let server = try Self.seeded()
        let (_, requestId, offerId, bookingId) = try await Self.book(on: server)
        let steps = ["/shoots/\(requestId)/offer", "/shoots/\(requestId)/decline", "/offers/\(offerId)/accept",
                     "/bookings/\(bookingId)/cancel", "/bookings/\(bookingId)/calendar.ics", "/bookings"]
        // A guest is sent to sign in, and a guest's post is refused before anything is read.
        server.signOut()
        for path in steps {
            let page = try await server.send(path)
            #expect(page.status == 303 && page.headers["location"]?.hasPrefix("/login") == true, "\(path)")
        }
        // Someone outside the shoot finds nothing there.
        try await server.cookies(of: "eva.s")
        for path in steps.dropLast() {
            #expect(try await server.send(path).status == 404, "\(path)")
        }
        #expect(try await server.submit("/shoots/\(requestId)/offer", Self.offerFields()).status == 404)
        #expect(try await server.submit("/bookings/\(bookingId)/cancel", ["uuid": UUID().uuidString, "reason": "x"]).status == 404)
        // The client does not offer or decline; the photographer does not accept.
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/shoots/\(requestId)/offer").status == 403)
        #expect(try await server.submit("/shoots/\(requestId)/decline", ["uuid": UUID().uuidString, "reason": "x"]).status == 403)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.send("/offers/\(offerId)/accept").status == 403)
        #expect(try await server.submit("/offers/\(offerId)/accept", ["uuid": UUID().uuidString]).status == 403)
        // Nobody asks a client for a shoot, or themselves.
        #expect(try await server.send("/u/jana.k/shoot").status == 404)
        #expect(try await server.send("/u/vojtafoti/shoot").status == 422)
    }

    @Test func aFormWithoutItsTokenIsRefusedAndStoresNothing() async throws {
        let server = try Self.seeded()
        try await server.cookies(of: "jana.k")
        let body = Self.requestFields().map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
            .joined(separator: "&")
        let refused = try await server.send("/u/vojtafoti/shoot", method: "POST",
                                            headers: ["Content-Type": "application/x-www-form-urlencoded"], form: body)
        #expect(refused.status == 403)
        #expect(try Bookings(stores: .sqlite(server.database)).bookings(of: try server.userId("jana.k")).isEmpty)
        #expect(try Self.requestCount(server) == 0)
    }

    @Test func aBadRequestIsAnsweredFieldByFieldWithEverythingTypedKept() async throws {
        let server = try Self.seeded()
        try await server.cookies(of: "jana.k")
        var fields = Self.requestFields(day: CalendarDay(Date()).adding(days: -1))
        fields["lastDay"] = CalendarDay(Date()).adding(days: -3).text
        fields["budget"] = "10001"
        fields["hours"] = "25"
        fields["message"] = String(repeating: "ž", count: 5000)
        let refused = try await server.submit("/u/vojtafoti/shoot", fields)
        #expect(refused.status == 422)
        #expect(refused.body.contains("This day has passed."))
        #expect(refused.body.contains("This number is out of range."))
        #expect(refused.body.contains("This is too long."))
        #expect(refused.body.contains("value=\"Průhonice\""), "what was typed stays")
        #expect(refused.body.contains("value=\"\(fields["uuid"]!)\""), "the same form, sent again, stores once")
        var ends = Self.requestFields()
        ends["lastDay"] = Self.shootDay.adding(days: -2).text
        #expect(try await server.submit("/u/vojtafoti/shoot", ends).body.contains("The last day comes before the first."))
        var junk = Self.requestFields()
        junk["firstDay"] = "2027-02-30"
        #expect(try await server.submit("/u/vojtafoti/shoot", junk).body.contains("Enter a date."))
        // A body past the form limit is refused whole, before it is read.
        var huge = Self.requestFields()
        huge["message"] = String(repeating: "a", count: 10 << 20)
        #expect(try await server.submit("/u/vojtafoti/shoot", huge).status == 413)
        #expect(try Self.requestCount(server) == 0)
        // The photographer's offer: a price past the range, a validity after the shoot.
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/vojtafoti/shoot", Self.requestFields())
        let requestId = try #require(try Self.lastRequest(server))
        try await server.cookies(of: "vojtafoti")
        var offer = Self.offerFields(price: "99999999999")
        offer["validUntil"] = Self.shootDay.adding(days: 1).text
        offer["start"] = "25:00"
        let refusedOffer = try await server.submit("/shoots/\(requestId)/offer", offer)
        #expect(refusedOffer.status == 422)
        #expect(refusedOffer.body.contains("Enter a whole number."))
        #expect(refusedOffer.body.contains("The offer must be valid no later than the day of the shoot."))
        #expect(refusedOffer.body.contains("Enter a time such as 14:30."))
    }

    @Test func aBusyDayIsRefusedForAnOfferAndSaidOnTheDayField() async throws {
        let server = try Self.seeded()
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/profile/availability", ["busy": Self.shootDay.text]).status == 303)
        #expect(try await server.send("/profile/availability").body.contains("value=\"\(Self.shootDay.text)\" checked"))
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/vojtafoti/shoot", Self.requestFields())
        let requestId = try #require(try Self.lastRequest(server))
        try await server.cookies(of: "vojtafoti")
        let refused = try await server.submit("/shoots/\(requestId)/offer", Self.offerFields())
        #expect(refused.status == 409)
        #expect(refused.body.contains("You are busy that day."))
        // Clients have no availability to mark.
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/profile/availability").status == 403)
    }

    @Test func cancellingFreesTheDayAndTellsTheOtherSideInTheConversation() async throws {
        let server = try Self.seeded()
        let (room, _, _, bookingId) = try await Self.book(on: server)
        try await server.cookies(of: "vojtafoti")
        let missing = try await server.submit("/bookings/\(bookingId)/cancel", ["uuid": UUID().uuidString, "reason": "  "])
        #expect(missing.status == 422)
        #expect(missing.body.contains("Fill this in."))
        #expect(try await server.submit("/bookings/\(bookingId)/cancel", ["uuid": UUID().uuidString, "reason": "Nemoc."]).status == 303)
        let page = try await server.send("/messages/\(room)").body
        #expect(page.contains("data-shoot-card=\"booking\" data-state=\"cancelled\""))
        #expect(page.contains("Cancelled: Nemoc."))
        server.signOut()
        #expect(try await server.send("/u/vojtafoti").body.contains("data-day=\"\(Self.shootDay.text)\" data-state=\"free\""))
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/bookings/\(bookingId)/cancel").body.contains("data-state=\"cancelled\""))
        #expect(try await server.submit("/bookings/\(bookingId)/cancel", ["uuid": UUID().uuidString, "reason": "x"]).status == 409)
    }

    @Test func theLiveStreamCarriesEachCardAndItsChangesLikeMessages() async throws {
        let server = try Self.seeded()
        let jana = try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/vojtafoti/shoot", Self.requestFields())
        let requestId = try #require(try Self.lastRequest(server))
        let stream = try await server.stream(for: jana)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/shoots/\(requestId)/offer", Self.offerFields()).status == 303)
        let events = try await stream.next(2)
        let html = events.map { WebTestServer.json($0.data)["html"] as? String ?? "" }
        #expect(events.allSatisfy { $0.event == "message" })
        #expect(html.contains { $0.contains("data-shoot-card=\"offer\" data-state=\"open\"") && $0.contains("data-shoot-action=\"accept\"") })
        #expect(html.contains { $0.contains("data-shoot-card=\"request\" data-state=\"offered\"") })
        // The changed request is no news: readers replace it without counting it again.
        for event in events {
            let data = WebTestServer.json(event.data)["data"] as? [String: Any]
            let isRequest = (WebTestServer.json(event.data)["html"] as? String ?? "").contains("data-shoot-card=\"request\"")
            #expect((data?["changed"] as? Bool ?? false) == isRequest)
        }
        // The envelope MQTT clients read says the card in words.
        let offer = try #require(events.first { (WebTestServer.json($0.data)["html"] as? String ?? "").contains("data-shoot-card=\"offer\"") })
        let content = (WebTestServer.json(offer.data)["data"] as? [String: Any])?["content"] as? String
        #expect(content?.contains("Zámek Průhonice") == true)
    }

    @Test func theFeedLeavesOutPhotographersBusyOnTheDayAsked() async throws {
        let server = try Self.seeded()
        _ = try await Self.book(on: server)
        server.signOut()
        let busy = WebTestServer.cardNames(try await server.send("/?free=\(Self.shootDay.text)").body)
        let free = WebTestServer.cardNames(try await server.send("/?free=\(Self.shootDay.adding(days: 1).text)").body)
        #expect(free.contains("Svatby") && !busy.contains("Svatby"))
        #expect(busy.allSatisfy(free.contains) && busy.count < free.count)
        let junk = try await server.send("/?free=yesterday").body
        #expect(junk.contains("was left out"))
    }

    @Test func aRatingAfterAConversationWhereBothWroteIsVerified() async throws {
        let server = try Self.seeded()
        try await server.cookies(of: "eva.s")
        let room = try server.directRoom("eva.s", "michal1")
        _ = try await server.post("Dobrý den, fotíte i krajinu v zimě?", in: room)
        let json = ["Accept": "application/json", "Accept-Language": "en"]
        let oneSided = try await server.submit("/u/michal1/rating", ["stars": "4"], headers: json)
        #expect(oneSided.body == "{\"stars\":4,\"summary\":\"★ 4.0 · 1 rating\"}", "only one of them wrote")
        try await server.cookies(of: "michal1")
        _ = try await server.post("Ano, nejraději za mrazu.", in: room)
        try await server.cookies(of: "eva.s")
        let verified = try await server.submit("/u/michal1/rating", ["stars": "5"], headers: json)
        #expect(verified.body == "{\"stars\":5,\"summary\":\"★ 5.0 · 1 rating · 1 verified\"}")
    }
}
