import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// Demands through the pages: posting, a matching photographer's feed, answering with an
/// offer, the client comparing and booking; who may open and change what; and forms that
/// refuse bad input keeping what was typed.
@Suite struct DemandPagesTests {
    static let firstDay = CalendarDay(Date()).adding(days: 30)

    static func demandFields(tags: String = "svatba", town: String = "Praha") -> [String: String] {
        ["uuid": UUID().uuidString, "tags": tags, "firstDay": firstDay.text, "lastDay": firstDay.adding(days: 2).text, "town": town, "hours": "6",
         "budget": "1500", "description": "Svatba na zahradě, asi 60 hostů.", "openUntil": CalendarDay(Date()).adding(days: 14).text]
    }

    /// Jana posts a wedding in Prague: the server and the demand's id.
    static func posted() async throws -> (server: WebTestServer, demand: Int64) {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        let sent = try await server.submit("/demands/new", demandFields())
        #expect(sent.status == 303)
        let demand = try #require(sent.headers["location"].flatMap { Int64($0.split(separator: "/").last ?? "") })
        return (server, demand)
    }

    static func demandCount(_ server: WebTestServer) throws -> Int {
        try server.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM demand") ?? 0 }
    }

    @Test func aClientPostsAMatchingPhotographerOffersAndTheClientBooksIt() async throws {
        let (server, demand) = try await Self.posted()
        let own = try await server.send("/demands/\(demand)").body
        #expect(own.contains("data-demand-card=\"\(demand)\"") && own.contains("data-demand-no-offers") && own.contains("data-demand-edit"))

        // Vojta shows weddings in Prague: the demand is among his feed's cards, without Jana's name.
        try await server.cookies(of: "vojtafoti")
        let feed = try await server.send("/en/").body
        #expect(feed.contains("id=\"demand-\(demand)\"") && !feed.contains("Jana Králová") && !feed.contains("jana.k"))
        let only = try await server.send("/en/?show=demands").body
        #expect(only.contains("id=\"demand-\(demand)\"") && only.contains("1 demand") && !only.contains("data-feed-card id=\"portfolio-"))
        // Its card is kept, and an edit draws it again.
        try await server.cookies(of: "jana.k")
        var edited = Self.demandFields()
        edited["description"] = "Svatba v sále, asi 80 hostů."
        #expect(try await server.submit("/demands/\(demand)/edit", edited).status == 303)
        try await server.cookies(of: "vojtafoti")
        let redrawn = try await server.send("/en/").body
        #expect(redrawn.contains("Svatba v sále, asi 80 hostů.") && !redrawn.contains("Svatba na zahradě"))
        // Adéla shows portraits in Brno: not hers.
        try await server.cookies(of: "ad.fotograf")
        #expect(!(try await server.send("/en/").body.contains("id=\"demand-")))

        try await server.cookies(of: "vojtafoti")
        let form = try await server.send("/demands/\(demand)/offer").body
        #expect(form.contains("value=\"Praha\"") && form.contains("value=\"\(Self.firstDay.text)\"") && !form.contains("Jana"))
        let sent = try await server.submit("/demands/\(demand)/offer", ShootPagesTests.offerFields(day: Self.firstDay, price: "9000"))
        #expect(sent.status == 303)
        let room = try #require(sent.headers["location"])
        let conversation = try await server.send(room).body
        #expect(conversation.contains("data-shoot-card=\"demand\"") && conversation.contains("data-shoot-card=\"offer\""))
        // Until Jana writes, Vojta talks to the demand's client, not to her by name.
        #expect(!conversation.contains("Jana Králová") && !conversation.contains("@jana.k") && !conversation.contains("/u/jana.k"))
        #expect(conversation.contains("<h1 class=\"chat-room__title\">The demand’s client</h1>"))
        let list = try await server.send("/messages").body
        #expect(!list.contains("Jana Králová") && list.contains("The demand’s client"))
        // Answered: it leaves his feed, and a second answer goes to the offer that replaces the first.
        #expect(!(try await server.send("/en/").body.contains("id=\"demand-\(demand)\"")))
        let again = try await server.send("/demands/\(demand)/offer")
        #expect(again.status == 303 && again.headers["location"]?.hasPrefix("/shoots/") == true)

        try await server.cookies(of: "jana.k")
        let compare = try await server.send("/demands/\(demand)").body
        #expect(compare.contains("data-demand-offer=") && compare.contains("9,000 Kč") && compare.contains("Vojta Votruba"))
        #expect(!compare.contains("data-demand-edit"), "an offer came: no more edits")
        let accept = try #require(compare.firstMatch(of: /href="(\/offers\/\d+\/accept)"/).map { String($0.1) })
        #expect(try await server.submit(accept, ["uuid": UUID().uuidString]).status == 303)
        let booked = try await server.send("/demands/\(demand)").body
        #expect(booked.contains("data-state=\"booked\"") && !booked.contains("data-demand-accept"))
        // Her acceptance is her answer: now Vojta knows whom he photographs.
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.send(room).body.contains("<h1 class=\"chat-room__title\">Jana Králová</h1>"))
    }

    @Test func badInputIsRefusedAtItsFieldAndNothingIsStored() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        let today = CalendarDay(Date())
        for (field, value, message) in [
            ("firstDay", today.adding(days: -1).text, "This day has passed."),
            ("lastDay", today.adding(days: 1).text, "The last day comes before the first."),
            ("budget", "20000", "is out of range"),
            ("tags", "a b c d e f", "At most 5 tags."),
            ("openUntil", today.adding(days: 61).text, "At most 60 days ahead."),
            ("description", String(repeating: "x", count: 5000), "This is too long."),
        ] {
            var fields = Self.demandFields()
            fields[field] = value
            let reply = try await server.submit("/demands/new", fields)
            #expect(reply.status == 422, "\(field)")
            #expect(reply.body.contains(message), "\(field): \(message)")
            #expect(reply.body.contains("value=\"Praha\""), "what was typed stays")
        }
        #expect(try Self.demandCount(server) == 0)
    }

    @Test func whoMayOpenAndChangeADemand() async throws {
        let (server, demand) = try await Self.posted()
        let jana = try server.userId("jana.k"), karel = try server.userId("eva.s")
        _ = karel
        try Blocking(stores: .sqlite(server.database)).block(try server.userId("michal1"), by: jana)
        let edit = Self.demandFields(tags: "portrét")
        // (who, method, path, fields, status)
        let matrix: [(String?, String, String, [String: String], Int)] = [
            (nil, "GET", "/demands/\(demand)", [:], 303),
            (nil, "GET", "/demands", [:], 303),
            ("eva.s", "GET", "/demands/\(demand)", [:], 404),
            ("eva.s", "GET", "/demands/\(demand)/edit", [:], 404),
            ("eva.s", "POST", "/demands/\(demand)/edit", edit, 404),
            ("eva.s", "POST", "/demands/\(demand)/close", [:], 404),
            ("eva.s", "POST", "/demands/\(demand)/hide", [:], 404),
            ("eva.s", "GET", "/demands/\(demand)/offer", [:], 404),
            ("eva.s", "POST", "/demands/reach", ["reach": "anywhere"], 403),
            ("michal1", "GET", "/demands/\(demand)", [:], 404),
            ("michal1", "POST", "/demands/\(demand)/offer", ShootPagesTests.offerFields(day: Self.firstDay), 404),
            ("vojtafoti", "GET", "/demands/\(demand)", [:], 200),
            ("vojtafoti", "GET", "/demands/\(demand)/edit", [:], 404),
            ("vojtafoti", "POST", "/demands/\(demand)/close", [:], 404),
            ("vojtafoti", "GET", "/demands/\(demand)/offer", [:], 200),
            ("vojtafoti", "POST", "/demands/reach", ["reach": "anywhere"], 303),
            ("jana.k", "GET", "/demands/\(demand)/offer", [:], 422),
            ("jana.k", "GET", "/demands/\(demand)/edit", [:], 200),
            ("jana.k", "POST", "/demands/\(demand)/edit", edit, 303),
            ("ad.fotograf", "POST", "/demands/\(demand)/hide", [:], 303),
            ("jana.k", "POST", "/demands/\(demand)/close", [:], 303),
            ("jana.k", "POST", "/demands/\(demand)/close", [:], 409),
            ("ad.fotograf", "GET", "/demands/\(demand)/offer", [:], 404),
        ]
        for (who, method, path, fields, status) in matrix {
            if let who { try await server.cookies(of: who) } else { server.signOut() }
            let reply = method == "GET" ? try await server.send(path) : try await server.submit(path, fields)
            #expect(reply.status == status, "\(who ?? "a guest") \(method) \(path)")
        }
        #expect(try Self.demandCount(server) == 1)
    }

    @Test func everyFormOfADemandWantsItsToken() async throws {
        let (server, demand) = try await Self.posted()
        for path in ["/demands/new", "/demands/\(demand)/edit", "/demands/\(demand)/close"] {
            let reply = try await server.send(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], form: "tags=x")
            #expect(reply.status == 403, "\(path)")
        }
        try await server.cookies(of: "vojtafoti")
        for path in ["/demands/\(demand)/hide", "/demands/\(demand)/offer", "/demands/reach"] {
            let reply = try await server.send(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], form: "reach=anywhere")
            #expect(reply.status == 403, "\(path)")
        }
        #expect(try Demands(stores: .sqlite(server.database)).takesDemandsAnywhere(try server.userId("vojtafoti")) == false)
        #expect(try Demands(stores: .sqlite(server.database)).demand(demand, for: try server.userId("jana.k"))?.demand.closedAt == nil)
    }

    @Test func aPhotographerReportsADemandAndTheDeskHidesIt() async throws {
        let (server, demand) = try await Self.posted()
        try Moderation(stores: .sqlite(server.database)).setOperator("spravce", true)
        try await server.cookies(of: "vojtafoti")
        let page = try await server.send("/demands/\(demand)").body
        #expect(page.contains("href=\"/report?subject=demand:\(demand)\""))
        let form = try await server.send("/report?subject=demand:\(demand)")
        #expect(form.status == 200 && form.body.contains("svatba") && !form.body.contains("Jana"))
        #expect(try await server.submit("/report", ["subject": "demand:\(demand)", "reason": "spam", "details": "Reklama"]).status == 303)
        try await server.cookies(of: "eva.s")
        #expect(try await server.send("/report?subject=demand:\(demand)").status == 404, "a client is not shown another's demand")
        try await server.cookies(of: "spravce")
        let desk = try await server.send("/moderation").body
        #expect(desk.contains("value=\"demand:\(demand)\"") && desk.contains("value=\"hideDemand\""))
        #expect(try await server.submit("/moderation/actions", ["subject": "demand:\(demand)", "action": "hideDemand",
                                                                 "reason": "Reklama"]).status == 303)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.send("/demands/\(demand)").status == 404)
        #expect(!(try await server.send("/en/").body.contains("id=\"demand-\(demand)\"")))
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/demands/\(demand)").body.contains("data-state=\"hidden\""))
    }

    @Test func aSignedInFeedPageIsOneRead() async throws {
        let (server, demand) = try await Self.posted()
        var reads: [String] = []
        for person in ["vojtafoti", "jana.k"] {
            try await server.cookies(of: person)
            // (English addresses: the test's client prefers English, and the Czech ones send it there.)
            for (path, fragment) in [("/en/", nil), ("/en/?tags=svatba", "results"), ("/en/?show=demands", nil), ("/en/?sort=rating", nil)] {
                let headers = fragment.map { ["X-Fragment": $0] } ?? [:]
                // The first time the cards are drawn, their portfolios read in the same read.
                let first = try await server.send(path, headers: headers)
                let page = try await server.send(path, headers: headers)
                // One read: the session, blocked people, the portfolios (with the
                // photographer's demands), the cards, the bookmarks and the badge in it.
                reads.append("\(person) \(path), first: \(first.readsBegun)")
                reads.append("\(person) \(path) \(page.readsBegun)")
                #expect(first.status == 200 && page.status == 200)
                if person == "vojtafoti", path == "/en/" { #expect(page.body.contains("id=\"demand-\(demand)\"")) }
            }
        }
        #expect(reads.filter { !$0.hasSuffix(" 1") } == [])
    }

    @Test func aClientsDemandsOnlyAddressIsTheFeed() async throws {
        let (server, _) = try await Self.posted()
        try await server.cookies(of: "eva.s")
        let page = try await server.send("/en/?show=demands").body
        #expect(page.contains("data-feed-card id=\"portfolio-") && !page.contains("id=\"demand-") && !page.contains("data-filter-demands"))
    }
}
