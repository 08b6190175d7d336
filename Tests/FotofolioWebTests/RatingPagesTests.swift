import Foundation
import Fotofolio
import FotofolioSQLite
import GRDB
import Testing
@testable import FotofolioWeb

/// The profile's star buttons: anyone signed in but the owner rates with one tap, without
/// scripts too; the summary says how many ratings are verified.
@Suite struct RatingPagesTests {
    @Test func aSignedInStrangerSeesFiveStarButtonsAndRatesWithOneTap() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("jana.k")
        let form = try await server.send("/u/michal1", headers: ["Accept-Language": "cs"])
        #expect(form.body.contains("<form class=\"rating rating-stars\" method=\"post\" action=\"/u/michal1/rating\""))
        #expect(form.body.matches(of: /<button class="rating__star" type="submit" name="stars" value="\d" aria-pressed="false">/).count == 5)
        #expect(form.body.contains("<span class=\"visually-hidden\">Ohodnotit 4 hvězdičkami</span>"))
        #expect(form.body.contains("<span class=\"visually-hidden\">Ohodnotit 1 hvězdičkou</span>"))
        #expect(form.body.contains("data-rating-remove hidden"))
        let reply = try await server.submit("/u/michal1/rating", ["stars": "4"], headers: ["Accept": "application/json", "Accept-Language": "cs"])
        #expect(reply.body == "{\"stars\":4,\"summary\":\"★ 4,0 · 1 hodnocení\"}")
        let page = try await server.send("/en/u/michal1", headers: ["Accept-Language": "en"])
        #expect(page.body.contains("★ 4.0 · 1 rating"))
        #expect(page.body.contains("name=\"stars\" value=\"4\" aria-pressed=\"true\""))
        #expect(page.body.matches(of: /rating__star rating__star--filled/).count == 4)
        #expect(page.body.contains("<span class=\"visually-hidden\">Rate 4 stars</span>"))
        #expect(!page.body.contains("data-rating-remove hidden"))
        let removed = try await server.submit("/u/michal1/rating", ["remove": "1"], headers: ["Accept": "application/json", "Accept-Language": "en"])
        #expect(removed.body == "{\"stars\":null,\"summary\":\"no ratings yet\"}")
    }

    @Test func theSummaryCountsTheVerifiedRatings() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try server.haveTalked("jana.k", "michal1")
        try await server.logIn("jana.k")
        _ = try await server.submit("/u/michal1/rating", ["stars": "5"])
        try await server.logIn("eva.s")
        let reply = try await server.submit("/u/michal1/rating", ["stars": "4"], headers: ["Accept": "application/json", "Accept-Language": "cs"])
        #expect(reply.body == "{\"stars\":4,\"summary\":\"★ 4,5 · 2 hodnocení · 1 ověřené\"}")
        #expect(try await server.send("/en/u/michal1", headers: ["Accept-Language": "en"]).body.contains("★ 4.5 · 2 ratings · 1 verified"))
    }

    @Test func withoutScriptsAStarReturnsToTheProfile() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("jana.k")
        let reply = try await server.submit("/u/michal1/rating", ["stars": "5"])
        #expect(reply.headers["location"] == "/u/michal1#rating")
    }

    @Test func theOwnerGetsNoStarsAndAGuestIsAskedToSignIn() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let guest = try await server.send("/en/u/michal1", headers: ["Accept-Language": "en"]).body
        #expect(!guest.contains("name=\"stars\""))
        #expect(guest.contains("<a href=\"/login?return=/u/michal1%23rating\">Log in to rate</a>"))
        #expect(guest.contains("id=\"rating\""))
        #expect(try await server.submit("/u/michal1/rating", ["stars": "5"]).headers["location"]?.hasPrefix("/login") == true)
        try await server.logIn("michal1")
        let own = try await server.send("/en/u/michal1").body
        #expect(!own.contains("name=\"stars\"") && !own.contains("/login?return"))
        #expect(try await server.submit("/u/michal1/rating", ["stars": "5"]).status == 403)
        #expect(try await server.submit("/u/vojtafoti/rating", ["stars": "9"]).status == 422)
        #expect(try await server.submit("/u/vojtafoti/rating", ["stars": "x"]).status == 422)
        #expect(try await server.submit("/u/nikdo/rating", ["stars": "3"]).status == 404)
        let stored = try AccountsService(stores: .sqlite(server.database)).user(username: "vojtafoti")!
        #expect(stored.ratingCount == 0)
    }

    @Test func aNewAccountPastItsTenNewRatingsIsToldToWaitAndMayStillChangeOne() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let now = Date()
        let ratings = RatingsService(stores: .sqlite(server.database))
        let eva = try await server.database.pool.write { db in
            try db.execute(sql: "UPDATE user SET createdAt = ? WHERE username = 'eva.s'", arguments: [now.addingTimeInterval(-86_400)])
            return try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE username = 'eva.s'")!
        }
        let rated = try await server.database.pool.write { db in
            try (0..<10).map { index in
                var person = User(username: "fotograf\(index)", fullName: "Fotograf \(index)", email: "f\(index)@example.cz",
                                  location: "Brno", role: .creator, priceByAgreement: true, passwordHash: "x", createdAt: now)
                try person.insert(db)
                return person.id!
            }
        }
        for person in rated { try ratings.rate(person, stars: 4, by: eva, at: now) }
        try await server.logIn("eva.s")
        let refused = try await server.submit("/u/vojtafoti/rating", ["stars": "5"], headers: ["Accept-Language": "en"])
        #expect(refused.status == 429)
        #expect(refused.body.contains("A new account gives at most 10 new ratings a day."))
        #expect(try await server.submit("/u/fotograf3/rating", ["stars": "2"]).status == 303)
    }
}

/// The person rated sees who rated them and reports a rating; the desk shows its stars and
/// basis and removes it.
@Suite struct RatingReportPagesTests {
    @Test func theOwnerReportsARatingAndTheDeskRemovesIt() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/michal1/rating", ["stars": "1"])
        let id = try #require(try RatingsService(stores: .sqlite(server.database)).ratings(of: server.userId("michal1")).first?.id)
        try await server.cookies(of: "eva.s")
        #expect(!(try await server.send("/en/u/michal1").body.contains("data-received-rating")), "only the owner sees who rated")
        #expect(try await server.send("/report?subject=rating:\(id)").status == 404)

        try await server.cookies(of: "michal1")
        let own = try await server.send("/en/u/michal1", headers: ["Accept-Language": "en"]).body
        #expect(own.contains("<a href=\"/en/u/jana.k\">@jana.k</a> <span class=\"rating-received__line\">★☆☆☆☆ · not verified</span>"))
        #expect(own.contains("href=\"/report?subject=rating:\(id)\""))
        let form = try await server.send("/report?subject=rating:\(id)", headers: ["Accept-Language": "en"])
        #expect(form.status == 200 && form.body.contains("@jana.k → @michal1"))
        #expect(try await server.submit("/report", ["subject": "rating:\(id)", "reason": "harassment", "details": "Neznáme se."]).status == 303)

        try await server.cookies(of: "spravce")
        let desk = try await server.send("/moderation", headers: ["Accept-Language": "en"]).body
        #expect(desk.contains("data-case=\"rating:\(id)\""))
        #expect(desk.contains("★☆☆☆☆ · not verified"))
        #expect(desk.contains("name=\"action\" value=\"removeRating\">Remove the rating</button>"))
        let removed = try await server.submit("/moderation/actions", ["subject": "rating:\(id)", "action": "removeRating", "reason": "Msta"])
        #expect(removed.status == 303)
        #expect(try AccountsService(stores: .sqlite(server.database)).user(username: "michal1")?.ratingCount == 0)
        #expect(try await server.send("/moderation/log", headers: ["Accept-Language": "en"]).body.contains("Remove the rating"))
    }
}
