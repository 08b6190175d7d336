import Foundation
import Fotofolio
import FotofolioSQLite
import Synchronization
import Testing
@testable import FotofolioWeb

@Suite struct FeedPagesTests {
    /// A server whose pages are all drawn at one noon in Prague: two pages are the same only
    /// on the same day (the free-day field starts today), and a test must not straddle midnight.
    static func server() throws -> WebTestServer {
        try WebTestServer(clock: .fixed(WebTestServer.lastNoonInPrague()))
    }

    @Test func aGuestSeesEveryPortfolioNewestFirstWithUsernamesOnly() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let feed = try await server.send("/", headers: ["Accept-Language": "cs"])
        #expect(feed.status == 200)
        #expect(WebTestServer.cardNames(feed.body) == ["Svatby v zahradě", "Krajina", "Portréty", "Svatby"])
        #expect(feed.body.contains(">@vojtafoti</a>"))
        #expect(feed.body.contains("4 portfolia"))
        #expect(!feed.body.contains("Vojta Votruba"), "the feed judges the work, not the person")
        #expect(!feed.body.contains("Praha"))
    }

    @Test func aPortfolioMustHaveEveryTagAndAccentsDoNotMatter() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let both = try await server.send("/?tags=svatba,PORTRET", headers: ["Accept-Language": "cs"])
        #expect(WebTestServer.cardNames(both.body) == ["Svatby"])
        #expect(both.body.contains("1 portfolio"))
        #expect(both.body.contains("class=\"filter-chip\""))
        let spaced = try await server.send("/en/?tags=portrét")
        #expect(Set(WebTestServer.cardNames(spaced.body)) == ["Svatby", "Portréty"])
    }

    @Test func theMaximumRateKeepsCreatorsWhoStateARateUpToIt() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        // Demo rates: vojtafoti 1,500 Kč, ad.fotograf 1,200 Kč, michal1 by agreement.
        let cheap = try await server.send("/?maxRate=1200", headers: ["Accept-Language": "cs"])
        #expect(WebTestServer.cardNames(cheap.body) == ["Portréty"])
        let spaced = cheap.body.replacing("\u{A0}", with: " ").replacing("\u{202F}", with: " ")
        #expect(spaced.contains("1 portfolio · do 1 200 Kč/h"))
        #expect(Set(WebTestServer.cardNames(try await server.send("/en/?maxRate=1 500 Kč").body)) == ["Svatby v zahradě", "Portréty", "Svatby"])
        let combined = try await server.send("/en/?tags=svatba&maxRate=1200")
        #expect(WebTestServer.cardNames(combined.body).isEmpty)
    }

    @Test(arguments: ["/?maxRate=hodně", "/?maxRate=20000", "/?maxRate=-5"])
    func aRateThatIsNotOnTheRulerIsLeftOutWithAMessage(path: String) async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let feed = try await server.send(path, headers: ["Accept-Language": "cs"])
        #expect(feed.status == 200)
        #expect(WebTestServer.cardNames(feed.body).count == 4)
        #expect(feed.body.contains("filtr ceny se nepoužil"))
    }

    @Test func nothingMatchingSaysSoAndOffersToClearTheFilter() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let none = try await server.send("/en/?tags=svatba,krajina&sort=rating", headers: ["Accept-Language": "en"])
        #expect(WebTestServer.cardNames(none.body).isEmpty)
        #expect(none.body.contains("No portfolio has all of these tags"))
        #expect(none.body.contains("href=\"/en/?sort=rating\" data-filter-tags=\"\""))
    }

    @Test func theRatingSortPutsTheBestRatedAuthorFirst() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let ratings = RatingsService(stores: .sqlite(server.database))
        let accounts = AccountsService(stores: .sqlite(server.database))
        let jana = try accounts.user(username: "jana.k")!, michal = try accounts.user(username: "michal1")!
        let adela = try accounts.user(username: "ad.fotograf")!
        try server.haveTalked("jana.k", "michal1")
        try server.haveTalked("jana.k", "ad.fotograf")
        try ratings.rate(michal.id!, stars: 5, by: jana.id!)
        try ratings.rate(adela.id!, stars: 3, by: jana.id!)
        let sorted = try await server.send("/en/?sort=rating")
        #expect(WebTestServer.cardNames(sorted.body) == ["Krajina", "Portréty", "Svatby v zahradě", "Svatby"])
    }

    @Test(arguments: [
        "/?sort=bogus", "/?after=garbage", "/?after=1-2-3-4-5&sort=rating", "/?tags=" + (1...11).map { "t\($0)" }.joined(separator: ","),
        // Numbers that once trapped converting the cursor back to text.
        "/?after=9223372036854775807-1", "/?sort=rating&after=9223372036854775807-0-1", "/?sort=rating&after=9223372036854775807-1-1",
        "/?after=99999999999999999999-1", "/?after=+5-1", "/?after=1700000000000-0",
    ])
    func badParametersGiveTheFeedWithAMessageNotAnError(path: String) async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let reply = try await server.send("/en" + path)
        #expect(reply.status == 200)
        #expect(reply.body.contains("class=\"form-alert\" role=\"alert\""))
    }

    @Test func twelveCardsAPageAndLoadMoreContinuesWhereItEnded() async throws {
        let server = try Self.server()
        try server.seedDiscovery((0..<15).map { ("michal1", "P\($0)", "krajina") })
        let first = try await server.send("/en/?tags=krajina")
        #expect(WebTestServer.cardNames(first.body) == (3..<15).reversed().map { "P\($0)" })
        let more = try #require(first.body.firstMatch(of: /href="([^"]+)" data-load-more/).map { String($0.1) })
        #expect(more.hasPrefix("/en/?tags=krajina&amp;after="))
        try server.seedDiscovery([])
        let next = try await server.send(more.replacingOccurrences(of: "&amp;", with: "&"), headers: ["X-Fragment": "page"])
        #expect(!next.body.contains("<html"))
        #expect(WebTestServer.cardNames(next.body) == ["P2", "P1", "P0"])
        #expect(!next.body.contains("data-load-more"))
    }

    @Test func scriptsGetJustTheResults() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let fragment = try await server.send("/?tags=svatba", headers: ["X-Fragment": "results", "Accept-Language": "cs"])
        #expect(fragment.status == 200)
        #expect(!fragment.body.contains("<html"))
        #expect(fragment.body.contains("data-feed-count>2 portfolia</p>"))
        #expect(fragment.headers["vary"]?.contains("X-Fragment") == true)
    }

    @Test func aTagOnACardAddsItToTheCurrentFilter() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let reply = try await server.send("/en/?tags=svatba")
        #expect(reply.body.contains("href=\"/en/?tags=svatba,zahrada\" data-filter-tags=\"svatba zahrada\""))
    }

    @Test func cardsRenderedOnceStillShowEachReadersOwnBookmarksAndToken() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let id = try server.portfolioId(named: "Krajina")
        _ = try await server.submit("/selection/add", ["portfolio": "\(id)"])
        let first = try await server.send("/en/")
        let firstToken = try await server.currentCSRFToken()
        #expect(first.body.matches(of: /aria-pressed="true" data-bookmark-button/).count == 1)
        #expect(first.body.contains("name=\"_csrf\" value=\"\(firstToken)\""))
        server.signOut()
        let second = try await server.send("/en/")
        let secondToken = try await server.currentCSRFToken()
        #expect(second.body.matches(of: /aria-pressed="true" data-bookmark-button/).isEmpty)
        #expect(!second.body.contains(firstToken))
        #expect(second.body.matches(of: /name="_csrf" value="([^"]+)"/).allSatisfy { String($0.1) == secondToken })
    }

    @Test func anEditedPortfolioShowsItsNewTextInTheFeed() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        #expect(try await server.send("/en/").body.contains("Popis: Krajina"))
        try Self.edit("Krajina", on: server) { $0.description = "Nový popis krajiny" }
        let after = try await server.send("/en/")
        #expect(after.body.contains("Nový popis krajiny"))
        #expect(!after.body.contains("Popis: Krajina"))
    }

    @Test func aNewPortfolioShowsUpAtOnceThoughThePageAroundTheCardsIsKept() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let before = try await server.send("/", headers: ["Accept-Language": "cs"])
        #expect(before.body.contains("4 portfolia"))
        try server.seedDiscovery([])
        let owner = try #require(try AccountsService(stores: .sqlite(server.database)).user(username: "michal1"))
        var draft = PortfolioDraft()
        draft.name = "Úplně nové"
        draft.photos = [.init(photoId: try server.fakePhoto(of: owner.id!))]
        _ = try PortfoliosService(stores: .sqlite(server.database)).create(draft, by: owner)
        let after = try await server.send("/", headers: ["Accept-Language": "cs"])
        #expect(after.body.contains("5 portfolií"))
        #expect(WebTestServer.cardNames(after.body).first == "Úplně nové")
    }

    @Test func aGuestsPageIsKeptWholeWithEachGuestsOwnTokenAndBookmarks() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let first = try await server.send("/en/")
        let firstToken = try #require(server.jar["csrf"])
        server.signOut()
        let second = try await server.send("/en/")
        let secondToken = try #require(server.jar["csrf"])
        #expect(firstToken != secondToken)
        #expect(try await Self.keptPagesServed(server) == 1)
        // Byte for byte the first guest's page, with the second guest's token wherever the token goes.
        #expect(second.body == first.body.replacingOccurrences(of: firstToken, with: secondToken))
        #expect(second.body.contains("name=\"_csrf\" value=\"\(secondToken)\""))
        // A card in the guest's selection makes a page of its own.
        _ = try await server.submit("/selection/add", ["portfolio": "\(try server.portfolioId(named: "Krajina"))"])
        #expect(try await server.send("/en/").body.matches(of: /aria-pressed="true" data-bookmark-button/).count == 1)
        server.signOut()
        #expect(try await server.send("/en/").body.matches(of: /aria-pressed="true" data-bookmark-button/).isEmpty)
    }

    @Test func aKeptPageGoesBackToTheAddressAsItWasWrittenAndInTheReadersLanguage() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        let written = try await server.send("/?tags=svatba,zahrada", headers: ["Accept-Language": "cs"])
        let reordered = try await server.send("/?tags=zahrada,svatba", headers: ["Accept-Language": "cs"])
        let english = try await server.send("/en/?tags=zahrada,svatba", headers: ["Accept-Language": "en"])
        #expect(written.body.contains("name=\"return\" value=\"/?tags=svatba%2Czahrada\""))
        #expect(reordered.body.contains("name=\"return\" value=\"/?tags=zahrada%2Csvatba\""))
        #expect(reordered.body.contains("<html lang=\"cs\">"))
        #expect(english.body.contains("<html lang=\"en\">"))
        #expect(try await server.send("/en/?tags=zahrada,svatba", headers: ["Accept-Language": "en"]).body == english.body)
        #expect(try await Self.keptPagesServed(server) == 1)
    }

    @Test func aKeptPageIsNotServedOnceThePortfoliosOnItChange() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        _ = try await server.send("/en/?sort=rating")
        let kept = try await server.send("/en/?sort=rating")
        #expect(try await Self.keptPagesServed(server) == 1)
        try Self.edit("Krajina", on: server) { $0.name = "Krajina po dešti" }
        let after = try await server.send("/en/?sort=rating")
        #expect(WebTestServer.cardNames(after.body).contains("Krajina po dešti"))
        #expect(!WebTestServer.cardNames(kept.body).contains("Krajina po dešti"))
        #expect(try await Self.keptPagesServed(server) == 1)
    }

    /// At midnight in Prague the free-day field starts a day later: a page kept the day before
    /// is not served the day after.
    @Test func aPageKeptBeforeMidnightInPragueIsNotServedAfterIt() async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarDay.zone
        let midnight = calendar.startOfDay(for: WebTestServer.lastNoonInPrague())
        let seconds = Atomic<Int>(-1)
        let server = try WebTestServer(clock: PageClock { midnight + Double(seconds.load(ordering: .relaxed)) })
        try server.seedDiscovery()
        let before = CalendarDay(midnight - 1).text, after = CalendarDay(midnight).text
        let evening = try await server.send("/en/")
        #expect(evening.body.contains(#"min="\#(before)""#))
        #expect(try await server.send("/en/").body.contains(#"min="\#(before)""#))
        #expect(try await Self.keptPagesServed(server) == 1)
        seconds.store(1, ordering: .relaxed)
        let morning = try await server.send("/en/")
        #expect(morning.body.contains(#"min="\#(after)""#) && !morning.body.contains(#"min="\#(before)""#))
        #expect(try await Self.keptPagesServed(server) == 1)
    }

    @Test func aSignedInReadersPageIsNeverTakenFromAGuestsPage() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        _ = try await server.send("/en/")
        _ = try await server.send("/en/")
        #expect(try await Self.keptPagesServed(server) == 1)
        try await server.logIn("jana.k")
        let member = try await server.send("/en/")
        #expect(member.body.contains("jana.k"))
        #expect(try await Self.keptPagesServed(server) == 1)
    }

    @Test func aSignedInReadersPageIsKeptWithTheirOwnNameTokenAndBadge() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        try await server.cookies(of: "jana.k")
        let jana = try await server.send("/en/")
        let room = try server.directRoom("eva.s", "martin.b")
        try server.say("Ahoj", in: room, by: "eva.s")
        try server.say("Máš čas v sobotu?", in: room, by: "eva.s")
        try await server.cookies(of: "martin.b")
        // Signing in went through a guest's page: count from here.
        let served = try await Self.keptPagesServed(server)
        let martin = try await server.send("/en/")
        #expect(try await Self.keptPagesServed(server) == served + 1, "martin.b's page is jana.k's, filled with his values")
        let sequence = try LiveEventLog(stores: .sqlite(server.database)).latestSequence()
        #expect(martin.body.contains(#"data-me="martin.b" data-live-after="\#(sequence)""#))
        #expect(martin.body.contains(#"<a class="account-link" href="/profile">@martin.b</a>"#))
        #expect(martin.body.matches(of: /<span class="nav-badge" data-unread-total="2"><span data-unread-count>2<\/span>/).count == 2)
        #expect(!martin.body.contains("jana.k"))
        #expect(jana.body.contains(#"data-unread-total="0" hidden>"#) && jana.body.contains(#"data-me="jana.k""#))
        let tokens = { (html: String) in Set(html.matches(of: /name="_csrf" value="([^"]+)"/).map { String($0.1) }) }
        #expect(tokens(martin.body).count == 1 && tokens(jana.body).count == 1 && tokens(martin.body) != tokens(jana.body))
        #expect(WebTestServer.cardNames(martin.body) == WebTestServer.cardNames(jana.body))
        // A card in the reader's selection makes a page of its own.
        _ = try await server.submit("/selection/add", ["portfolio": "\(try server.portfolioId(named: "Krajina"))"])
        #expect(try await server.send("/en/").body.matches(of: /aria-pressed="true" data-bookmark-button/).count == 1)
        #expect(try await Self.keptPagesServed(server) == served + 1)
    }

    @Test func aKeptPageShowsTheBadgeAndTheLivePositionAsTheyAreNow() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        try await server.cookies(of: "martin.b")
        let before = try await server.send("/en/")
        #expect(before.body.contains(#"data-unread-total="0" hidden>"#))
        try server.say("Ahoj", in: try server.directRoom("eva.s", "martin.b"), by: "eva.s")
        let served = try await Self.keptPagesServed(server)
        let after = try await server.send("/en/")
        #expect(try await Self.keptPagesServed(server) == served + 1)
        let sequence = try LiveEventLog(stores: .sqlite(server.database)).latestSequence()
        #expect(after.body.contains(#"data-live-after="\#(sequence)""#) && !before.body.contains(#"data-live-after="\#(sequence)""#))
        #expect(after.body.matches(of: /<span class="nav-badge" data-unread-total="1"><span data-unread-count>1<\/span>/).count == 2)
    }

    /// The feed only reads, so its request is one read from before the session is read; the
    /// session's own writes (extended when due, ended once expired) still happen in it.
    @Test func aSessionIsExtendedOrEndedOnThePageThatOnlyReads() async throws {
        let server = try Self.server()
        try server.seedDiscovery()
        try await server.cookies(of: "jana.k")
        let jana = try server.userId("jana.k")
        let expiry = { try server.database.pool.read { db in try Date.fetchOne(db, sql: "SELECT expiresAt FROM session WHERE userId = ?", arguments: [jana]) } }
        let soon = Date().addingTimeInterval(24 * 3600)
        try server.database.write { db in try db.execute(sql: "UPDATE session SET expiresAt = ? WHERE userId = ?", arguments: [soon, jana]) }
        let page = try await server.send("/en/")
        #expect(page.body.contains(#"data-me="jana.k""#))
        let extended = try #require(try expiry())
        #expect(extended > soon.addingTimeInterval(20 * 24 * 3600), "extended while the page was read")
        try server.database.write { db in
            try db.execute(sql: "UPDATE session SET expiresAt = ? WHERE userId = ?", arguments: [Date().addingTimeInterval(-60), jana])
        }
        let after = try await server.send("/en/")
        #expect(!after.body.contains("data-me=") && after.body.contains("name=\"_csrf\""))
        #expect(try expiry() == nil, "ended")
    }

    /// Edits the seeded portfolio called `name` through the service, as its owner would a minute from now.
    static func edit(_ name: String, on server: WebTestServer, _ change: (inout PortfolioDraft) -> Void) throws {
        let service = PortfoliosService(stores: .sqlite(server.database))
        let details = try #require(try service.details(id: try server.portfolioId(named: name)))
        var draft = PortfolioDraft(details)
        change(&draft)
        _ = try service.update(details.portfolio.id!, with: draft, by: details.owner.id!, at: Date().addingTimeInterval(60))
    }

    /// How many requests a kept feed page answered, from the metrics.
    static func keptPagesServed(_ server: WebTestServer) async throws -> Int {
        let metrics = try await server.request("/metrics").sent()
        let line = try #require(metrics.body.split(separator: "\n").first { $0.hasPrefix("fotofolio_kept_feed_pages_served ") })
        return Int(try #require(Double(line.split(separator: " ")[1])))
    }

    /// The marks pages are cut at while they are put together are private-use characters;
    /// anyone can type them, and a card with one must still be shown, as typed.
    @Test(arguments: ["\u{E000}csrf\u{E001}", "\u{E000}nic\u{E001}", "\u{E000}", "\u{E001}\u{E000}pressed\u{E001}"])
    func aPortfolioNamedWithTheMarksPagesAreCutAtIsShownAsTyped(name: String) async throws {
        let server = try Self.server()
        try server.seedDiscovery([(username: "michal1", name: "Most \(name) přes řeku", tags: "praha")])
        let page = try await server.send("/en/")
        #expect(page.status == 200)
        #expect(WebTestServer.cardNames(page.body) == ["Most \(name) přes řeku"])
        let token = try #require(server.jar["csrf"])
        #expect(page.body.matches(of: /name="_csrf" value="([^"]+)"/).allSatisfy { String($0.1) == token })
    }
}
