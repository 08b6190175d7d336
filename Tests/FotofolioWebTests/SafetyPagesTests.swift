import Foundation
import Fotofolio
import FotofolioDemo
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// Blocking and "who may write to me" through the pages: every route a blocked person could
/// use to reach the blocker refuses them, the blocker's feed and search leave them out, and
/// the profile says what a visitor may do.
@Suite struct BlockPagesTests {
    static func seeded() throws -> WebTestServer {
        let server = try WebTestServer()
        try server.seedDiscovery()
        return server
    }

    @Test func blockingFromAProfileTakesTheirWorkOutOfTheFeedAndSearchAndOffersToUnblock() async throws {
        let server = try Self.seeded()
        try await server.cookies(of: "jana.k")
        let feedBefore = WebTestServer.cardNames(try await server.send("/?tags=svatba").body)
        #expect(feedBefore.contains("Svatby"))
        let blocked = try await server.submit("/u/vojtafoti/block", [:])
        #expect(blocked.status == 303)
        #expect(blocked.headers["location"] == "/u/vojtafoti?blocked=1")
        let profile = try await server.send("/u/vojtafoti?blocked=1").body
        #expect(profile.contains("Blocked. This person can no longer write to you"))
        #expect(profile.contains("action=\"/u/vojtafoti/unblock\""))
        #expect(profile.contains("data-you-blocked"))
        #expect(!profile.contains("action=\"/messages/direct\""))
        #expect(!WebTestServer.cardNames(try await server.send("/?tags=svatba").body).contains("Svatby"))
        #expect(!(try await server.send("/search?q=vojta").body.contains("/u/vojtafoti")))
        // Others still see all of it.
        try await server.cookies(of: "eva.s")
        #expect(WebTestServer.cardNames(try await server.send("/?tags=svatba").body).contains("Svatby"))
        server.signOut()
        #expect(WebTestServer.cardNames(try await server.send("/?tags=svatba").body).contains("Svatby"))
        #expect(try await server.send("/search?q=vojta").body.contains("/u/vojtafoti"))
    }

    @Test func theBlockedPersonIsRefusedOnEveryRouteThatWouldReachTheBlockerAndToldNothingMore() async throws {
        let server = try Self.seeded()
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/vojtafoti/block", [:])
        try await server.cookies(of: "vojtafoti")
        let profile = try await server.send("/u/jana.k").body
        #expect(!profile.contains("action=\"/messages/direct\""))
        #expect(!profile.contains("action=\"/u/jana.k/rating\""))
        #expect(!profile.contains("data-you-blocked") && !profile.contains("data-contact-note"), "nothing says a block is why")
        #expect(profile.contains("action=\"/u/jana.k/block\""), "they may block back")

        // A conversation they never had cannot be started.
        try await server.cookies(of: "eva.s")
        _ = try await server.submit("/u/vojtafoti/block", [:])
        try await server.cookies(of: "vojtafoti")
        let direct = try await server.submit("/messages/direct", ["username": "eva.s"])
        #expect(direct.status == 403)
        #expect(direct.body.contains("This person does not accept your messages."))
        let sent = try await server.post("Haló?", in: room)
        #expect(sent.status == 403)
        #expect(WebTestServer.json(sent.body)["error"] as? String == "This person does not accept your messages.")
        let rating = try await server.submit("/u/jana.k/rating", ["stars": "1"])
        #expect(rating.status == 403)
        let group = try await server.submit("/messages/groups", ["name": "Svatba", "members": "martin.b jana.k"])
        #expect(group.status == 403)
        #expect(group.body.contains("This person does not accept your messages."))
        let ownGroup = try await server.submit("/messages/groups", ["name": "Svatba", "members": "martin.b"])
        let groupId = try #require(ownGroup.headers["location"]?.split(separator: "/").last.flatMap { Int64($0) })
        let added = try await server.submit("/messages/\(groupId)/members", ["username": "jana.k"])
        #expect(added.status == 403)
        #expect(try MessengerService(stores: .sqlite(server.database)).history(of: room, for: try server.userId("jana.k"))
            .allSatisfy { $0.content != "Haló?" })
    }

    @Test func aFormSentWithoutAScriptKeepsTheTextAndSaysWhy() async throws {
        let server = try Self.seeded()
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/vojtafoti/block", [:])
        let refused = try await server.submit("/messages/\(room)", ["uuid": UUID().uuidString, "content": "Ještě jedna věc"])
        #expect(refused.status == 403)
        #expect(refused.body.contains("You have blocked this person. Unblock them to write to them."))
        #expect(refused.body.contains(">Ještě jedna věc</textarea>"))
        // The conversation's page offers the way back.
        let page = try await server.send("/messages/\(room)").body
        #expect(page.contains("action=\"/u/vojtafoti/unblock\""))
        #expect(page.contains("name=\"return\" value=\"/messages/\(room)\""))
    }

    @Test func aConversationOffersToBlockAndComesBackToItself() async throws {
        let server = try Self.seeded()
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/messages/\(room)").body
        #expect(page.contains("action=\"/u/vojtafoti/block\""))
        let blocked = try await server.submit("/u/vojtafoti/block", ["return": "/messages/\(room)"])
        #expect(blocked.headers["location"] == "/messages/\(room)")
        // A return address off the site goes home instead.
        let elsewhere = try await server.submit("/u/vojtafoti/unblock", ["return": "//evil.example/"])
        #expect(elsewhere.headers["location"] == "/")
    }

    @Test func theListOfBlockedPeopleUnblocksAndSaysSo() async throws {
        let server = try Self.seeded()
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/vojtafoti/block", [:])
        _ = try await server.submit("/u/michal1/block", [:])
        let list = try await server.send("/profile/blocked").body
        let order = list.matches(of: /action="\/u\/([a-z0-9._]+)\/unblock"/).map { String($0.1) }
        #expect(order == ["michal1", "vojtafoti"])
        #expect(try await server.send("/u/jana.k").body.contains("href=\"/profile/blocked\""))
        let unblocked = try await server.submit("/u/vojtafoti/unblock", ["return": "/profile/blocked?unblocked=1"])
        #expect(unblocked.headers["location"] == "/profile/blocked?unblocked=1")
        let after = try await server.send("/profile/blocked?unblocked=1").body
        #expect(after.contains("Unblocked. This person can write to you again."))
        #expect(!after.contains("/u/vojtafoti/unblock"))
        #expect(WebTestServer.cardNames(try await server.send("/?tags=svatba").body).contains("Svatby"))
    }

    @Test func blockingNeedsASignedInPersonTheFormsTokenAndSomeoneElse() async throws {
        let server = try Self.seeded()
        let guest = try await server.submit("/u/vojtafoti/block", [:])
        #expect(guest.status == 303)
        #expect(guest.headers["location"]?.hasPrefix("/login") == true)
        try await server.cookies(of: "jana.k")
        let forged = try await server.send("/u/vojtafoti/block", method: "POST", headers: ["Sec-Fetch-Site": "cross-site"],
                                           form: "_csrf=wrong")
        #expect(forged.status == 403)
        #expect(try Blocking(stores: .sqlite(server.database)).blockedPeople(by: try server.userId("jana.k")).isEmpty)
        #expect(try await server.submit("/u/nikdo.takovy/block", [:]).status == 404)
        let own = try await server.submit("/u/jana.k/block", [:])
        #expect(own.status == 422)
        #expect(try await server.send("/profile/blocked").status == 200)
        server.signOut()
        #expect(try await server.send("/profile/blocked").status == 303)
    }
}

@Suite struct WritePolicyPagesTests {
    @Test func theProfileFormSavesWhoMayWriteAndAVisitorIsToldWhy() async throws {
        let server = try BlockPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        let form = try await server.send("/profile/edit").body
        #expect(form.contains("name=\"whoMayWrite\" value=\"everyone\" checked"))
        let saved = try await server.submit("/profile/edit", [
            "fullName": "Jana Králová", "email": "jana.k@demo.fotofolio.cz", "location": "Brno", "role": "client",
            "whoMayWrite": "creatorsOnly",
        ])
        #expect(saved.status == 303)
        #expect(try await server.send("/profile/edit").body.contains("name=\"whoMayWrite\" value=\"creatorsOnly\" checked"))

        try await server.cookies(of: "eva.s")
        let profile = try await server.send("/u/jana.k").body
        #expect(profile.contains("This person accepts new messages only from photographers."))
        #expect(!profile.contains("action=\"/messages/direct\""))
        let refused = try await server.submit("/messages/direct", ["username": "jana.k"])
        #expect(refused.status == 403)
        #expect(refused.body.contains("This person accepts new conversations only from photographers."))
        #expect(refused.body.contains("value=\"jana.k\""), "the form keeps who was asked for")

        try await server.cookies(of: "vojtafoti")
        #expect(try await server.send("/u/jana.k").body.contains("action=\"/messages/direct\""))
        #expect(try await server.submit("/messages/direct", ["username": "jana.k"]).status == 303)
    }

    @Test func aChoiceThatIsNoneOfTheChoicesKeepsTheOneSaved() async throws {
        let server = try BlockPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/profile/edit", [
            "fullName": "Jana Králová", "email": "jana.k@demo.fotofolio.cz", "location": "Brno", "role": "client",
            "whoMayWrite": "knownPeople",
        ])
        _ = try await server.submit("/profile/edit", [
            "fullName": "Jana Králová", "email": "jana.k@demo.fotofolio.cz", "location": "Brno", "role": "client",
            "whoMayWrite": "<script>",
        ])
        #expect(try AccountsService(stores: .sqlite(server.database)).user(username: "jana.k")?.whoMayWrite == .knownPeople)
    }

    @Test func theCzechPagesSayItInCzech() async throws {
        let server = try BlockPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/u/vojtafoti/block", [:])
        let profile = try await server.send("/u/vojtafoti", headers: ["Accept-Language": "cs"]).body
        #expect(profile.contains("Odblokovat"))
        let list = try await server.send("/profile/blocked", headers: ["Accept-Language": "cs"]).body
        #expect(list.contains("Zablokovaní lidé"))
    }
}
