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
        let page = try await server.send("/en/?tags=svatba", headers: ["Accept-Language": "en"])
        #expect(page.body.contains("<template data-feed-error><div class=\"state state--error\" role=\"alert\">"))
        #expect(page.body.contains("href=\"/en/?tags=svatba\" data-state-action=\"retry\">Try again</a>"))
    }

    @Test func nobodyFoundSuggestsTheSameWordsSearchedTheOtherWay() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let byName = try await server.send("/en/search?q=Nikdo%20%26%20nic&by=name", headers: ["Accept-Language": "en"])
        #expect(byName.body.contains("Nobody found"))
        #expect(byName.body.contains("href=\"/en/search?q=Nikdo%20%26%20nic&amp;by=location\" data-state-action=\"search-location\">Search by place</a>"))
        let byPlace = try await server.send("/search?q=xyz&by=location", headers: ["Accept-Language": "cs"])
        #expect(byPlace.body.contains("href=\"/search?q=xyz&amp;by=name\" data-state-action=\"search-name\">Hledat podle jména</a>"))
    }

    @Test func aStateWithoutAnActionEndsTheLookupForOne() throws {
        let table = try TemplateLibrary(directory: WebTestServer.repository + "/Templates").table(for: .en)
        let bare = ContentState(.empty, "ownPortfoliosEmpty", icon: "feed").model(table)
        #expect(bare.child(named: "action") is Empty, "no action must not let Mustache find another one further out")
        #expect(bare.title == "No portfolios yet")
    }

    @Test func aBlockedConversationShowsItsOwnStateWithAnUnblockFormThatWorksWithoutScript() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        #expect(!(try await server.send("/messages/\(room)", headers: ["Accept-Language": "en"]).body.contains("state--blocked")))
        _ = try await server.submit("/u/vojtafoti/block", [:])
        let page = try await server.send("/messages/\(room)", headers: ["Accept-Language": "en"]).body
        #expect(page.contains("<div class=\"state state--blocked\" role=\"status\" data-you-blocked>"))
        #expect(page.contains("<h2 class=\"state__title\">Conversation blocked</h2>"))
        #expect(page.contains("#blocked\"></use>"))
        #expect(page.contains("<form class=\"state__action\" method=\"post\" action=\"/u/vojtafoti/unblock\"><input type=\"hidden\" name=\"_csrf\" value=\""))
        #expect(page.contains("<input type=\"hidden\" name=\"return\" value=\"/messages/\(room)\"><button class=\"button\" type=\"submit\" data-state-action=\"unblock\">Unblock</button></form>"))
        // The form as it stands, posted: unblocked, back in the conversation, the state gone.
        let unblocked = try await server.submit("/u/vojtafoti/unblock", ["return": "/messages/\(room)"])
        #expect(unblocked.status == 303)
        #expect(unblocked.headers["location"] == "/messages/\(room)")
        #expect(!(try await server.send("/messages/\(room)").body.contains("state--blocked")))
    }

    @Test func aConversationCarriesItsOfflineStateForTheScriptInItsOwnPartial() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/messages/\(room)", headers: ["Accept-Language": "cs"]).body
        #expect(page.contains("<template data-content-state=\"offline\"><div class=\"state state--offline\" role=\"status\">"))
        #expect(page.contains("<h2 class=\"state__title\">Jste offline</h2>"))
        #expect(page.contains("href=\"/messages/\(room)\" data-state-action=\"retry\">Zkusit znovu</a>"))
    }

    @Test func aPageDeclaresAStateOfItsOwnWithAPostedAction() throws {
        let table = try TemplateLibrary(directory: WebTestServer.repository + "/Templates").table(for: .en)
        let custom = ContentState(.init("no-permission"), "conversationBlocked", icon: "blocked",
                                  action: .post(to: "/u/a/unblock", name: "unblock", fields: [(name: "return", value: "/x")]))
            .model(table)
        #expect(custom.kind == "no-permission")
        #expect(custom.action?.isPost == true)
        #expect(custom.action?.fields.map(\.value) == ["/x"])
        let link = ContentState(.empty, "feedEmpty", icon: "feed", action: .init(href: "/search", name: "browse")).model(table)
        #expect(link.action?.isPost == false && link.action?.fields.isEmpty == true)
    }
}
