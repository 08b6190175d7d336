import Foundation
import Testing
@testable import FotofolioWeb

/// Lists show an explicit state instead of nothing, through one partial family (ContentState).
@Suite struct ContentStateTests {
    @Test func aFilterWithNoMatchShowsTheEmptyStateWithClearFilters() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let none = try await server.send("/?tags=svatba,krajina&sort=rating", headers: ["Accept-Language": "cs"])
        #expect(none.body.contains("<div class=\"state state--empty\">"))
        #expect(none.body.contains("Filtru nic neodpovídá"))
        #expect(none.body.contains("href=\"/?sort=rating\" data-state-action=\"clear-filters\">Zrušit filtry</a>"))
        let some = try await server.send("/?tags=svatba", headers: ["Accept-Language": "cs"])
        #expect(!some.body.contains("state--empty"))
    }

    @Test func theFeedCarriesItsErrorStateForTheScriptWithARetryOfTheSameAddress() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let page = try await server.send("/?tags=svatba", headers: ["Accept-Language": "en"])
        #expect(page.body.contains("<template data-feed-error><div class=\"state state--error\" role=\"alert\">"))
        #expect(page.body.contains("href=\"/?tags=svatba\" data-state-action=\"retry\">Try again</a>"))
    }

    @Test func nobodyFoundSuggestsTheSameWordsSearchedTheOtherWay() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let byName = try await server.send("/search?q=Nikdo%20%26%20nic&by=name", headers: ["Accept-Language": "en"])
        #expect(byName.body.contains("Nobody found"))
        #expect(byName.body.contains("href=\"/search?q=Nikdo%20%26%20nic&amp;by=location\" data-state-action=\"search-location\">Search by place</a>"))
        let byPlace = try await server.send("/search?q=xyz&by=location", headers: ["Accept-Language": "cs"])
        #expect(byPlace.body.contains("href=\"/search?q=xyz&amp;by=name\" data-state-action=\"search-name\">Hledat podle jména</a>"))
    }

    @Test func aStateWithoutAnActionEndsTheLookupForOne() throws {
        let table = try TemplateLibrary(directory: WebTestServer.repository + "/Templates").table(for: .en)
        let bare = ContentState(.empty, "ownPortfoliosEmpty", icon: "feed").model(table)
        #expect(bare.child(named: "action") is Empty, "no action must not let Mustache find another one further out")
        #expect(bare.title == "No portfolios yet")
    }
}
