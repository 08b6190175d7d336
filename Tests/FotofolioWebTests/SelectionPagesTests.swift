import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

@Suite struct SelectionPagesTests {
    @Test func theSelectionShowsWhoTheAuthorIsAndTheActions() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("jana.k")
        let id = try server.portfolioId(named: "Krajina")
        let added = try await server.submit("/selection/toggle", ["portfolio": "\(id)", "return": "/?tags=krajina#portfolio-\(id)"])
        #expect(added.headers["location"] == "/?tags=krajina#portfolio-\(id)")
        let page = try await server.send("/selection", headers: ["Accept-Language": "cs"])
        #expect(WebTestServer.cardNames(page.body) == ["Krajina"])
        #expect(page.body.contains("<strong>Michal Novotný</strong> · Plzeň"))
        #expect(page.body.contains("zatím bez hodnocení"))
        #expect(page.body.contains("12 let"))
        #expect(page.body.contains("action=\"/selection/remove\""))
        #expect(page.body.contains("action=\"/selection/clear\""))
        #expect(page.body.contains("action=\"/messages/direct\""))
        #expect(page.body.contains("name=\"username\" value=\"michal1\""))
    }

    @Test func theBookmarkTogglesAndAnswersScriptsWithJSON() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("jana.k")
        let id = try server.portfolioId(named: "Svatby")
        let json = ["Accept": "application/json"]
        #expect(try await server.submit("/selection/toggle", ["portfolio": "\(id)"], headers: json).body == "{\"selected\":true}")
        #expect(try await server.submit("/selection/add", ["portfolio": "\(id)"], headers: json).body == "{\"selected\":true}")
        let feed = try await server.send("/en/")
        #expect(feed.body.contains("aria-pressed=\"true\" data-bookmark-button"))
        #expect(try await server.submit("/selection/toggle", ["portfolio": "\(id)"], headers: json).body == "{\"selected\":false}")
        #expect(try await server.submit("/selection/toggle", ["portfolio": "99999"], headers: json).status == 404)
    }

    @Test func removingOneAndRemovingAll() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("jana.k")
        for name in ["Svatby", "Krajina", "Portréty"] {
            _ = try await server.submit("/selection/add", ["portfolio": "\(try server.portfolioId(named: name))"])
        }
        _ = try await server.submit("/selection/remove", ["portfolio": "\(try server.portfolioId(named: "Krajina"))"])
        #expect(WebTestServer.cardNames(try await server.send("/selection").body) == ["Portréty", "Svatby"])
        let cleared = try await server.submit("/selection/clear", [:])
        #expect(cleared.headers["location"] == "/selection?cleared=1")
        let empty = try await server.send("/selection", headers: ["Accept-Language": "en"])
        #expect(empty.body.contains("Nothing in your selection yet"))
        #expect(empty.body.contains("href=\"/en/\" data-state-action=\"browse\""), "the feed in the reader's language")
    }

    @Test func aGuestsBookmarksLiveInACookieAndJoinTheAccountAtLogin() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let svatby = try server.portfolioId(named: "Svatby"), krajina = try server.portfolioId(named: "Krajina")
        _ = try await server.submit("/selection/add", ["portfolio": "\(svatby)"])
        _ = try await server.submit("/selection/add", ["portfolio": "\(krajina)"])
        #expect(server.jar["selection"] == "\(svatby).\(krajina)")
        #expect(try await server.send("/en/").body.matches(of: /aria-pressed="true" data-bookmark-button/).count == 2)
        #expect(try await server.send("/selection").headers["location"]?.hasPrefix("/login") == true)
        try await server.logIn("eva.s")
        #expect(server.jar["selection"] == nil)
        #expect(WebTestServer.cardNames(try await server.send("/selection").body) == ["Krajina", "Svatby"])
    }

    @Test func aGuestCookieCannotSmuggleAnythingIn() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        server.jar["selection"] = "1.abc.-5.99999.1"
        #expect(try await server.send("/en/").status == 200)
        try await server.logIn("eva.s")
        #expect(WebTestServer.cardNames(try await server.send("/selection").body) == ["Svatby"])
    }

    @Test func changesWithoutTheCSRFTokenAreRefused() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("jana.k")
        let id = try server.portfolioId(named: "Svatby")
        let reply = try await server.send("/selection/add", method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], form: "portfolio=\(id)")
        #expect(reply.status == 403)
        let crossSite = try await server.submit("/selection/clear", [:], headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(crossSite.status == 403)
    }
}

@Suite struct PortfolioPageBookmarkTests {
    @Test func aPortfolioFoundByALinkCanBeSavedFromItsOwnPage() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let id = try server.portfolioId(named: "Krajina")
        let page = try await server.send("/en/portfolios/\(id)")
        #expect(page.body.contains("aria-pressed=\"false\" data-bookmark-button"))
        let saved = try await server.submit("/selection/toggle", ["portfolio": "\(id)", "return": "/portfolios/\(id)"])
        #expect(saved.headers["location"] == "/portfolios/\(id)")
        #expect(try await server.send("/en/portfolios/\(id)").body.contains("aria-pressed=\"true\" data-bookmark-button"))
    }

    @Test func theAuthorSeesEditInsteadOfTheBookmark() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("michal1")
        let page = try await server.send("/en/portfolios/\(try server.portfolioId(named: "Krajina"))")
        #expect(!page.body.contains("data-bookmark-button"))
        #expect(page.body.contains("/edit\""))
    }
}

@Suite struct PeopleSearchPagesTests {
    @Test func searchingByTownFromItsFirstLetters() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let reply = try await server.send("/search?q=plz&by=location", headers: ["Accept-Language": "cs"])
        #expect(reply.body.contains("<h1 class=\"page-header__title\">Hledat uživatele</h1>"))
        #expect(reply.body.contains("href=\"/u/michal1\""))
        #expect(reply.body.contains("1 člověk"))
        #expect(reply.body.contains("value=\"location\" checked"))
    }

    @Test func searchingByNameWithoutDiacriticsAndAsAFragment() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let reply = try await server.send("/en/search?q=dvorakova&by=name", headers: ["X-Fragment": "results"])
        #expect(!reply.body.contains("<html"))
        #expect(reply.body.contains("href=\"/en/u/ad.fotograf\""))
        #expect(reply.body.contains("Adéla Dvořáková"))
    }

    @Test func aPhotographerFoundByTownIsAskedForAShootFromTheResult() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        try await server.logIn("lenka.svetlo")
        let reply = try await server.send("/search?q=praha&by=location", headers: ["Accept-Language": "cs"])
        #expect(reply.body.contains(#"<a class="button button--quiet person-result__shoot" href="/u/vojtafoti/shoot" data-request-shoot>Poptat focení<span class="visually-hidden"> – Vojta Votruba</span></a>"#))
        // Not oneself, and not a client.
        #expect(!reply.body.contains("href=\"/u/lenka.svetlo/shoot\""))
        #expect(reply.body.contains("href=\"/u/martin.b\""))
        #expect(!reply.body.contains("href=\"/u/martin.b/shoot\""))
    }

    @Test(arguments: ["/search", "/search?q=", "/search?q=%22%2A%28&by=name", "/search?q=x&by=nonsense", "/search?q=" + String(repeating: "a", count: 500)])
    func oddInputGivesAPageNotAnError(path: String) async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        #expect(try await server.send("/en" + path).status == 200)
    }
}
