import Testing
@testable import FotofolioWeb
import HTTPServer

/// An address per language for the public pages (`LanguageAddress`); the redirect of a
/// reader of English is in `ProfilePagesTests`, the switch in `LanguageSwitchTests`, the
/// crawl of the demo in both languages in Tests/Browser/test_open_web.py.
@Suite struct LanguageAddressTests {
    @Test(arguments: [
        ("/", Language.en, "/en/"), ("/?tags=a", .en, "/en/?tags=a"), ("/en/?tags=a", .cs, "/?tags=a"), ("/en", .cs, "/"),
        ("/en?sort=rating", .en, "/en/?sort=rating"), ("/search?q=x", .en, "/en/search?q=x"), ("/u/jana", .en, "/en/u/jana"),
        ("/en/u/jana", .en, "/en/u/jana"), ("/portfolios/7", .cs, "/portfolios/7"), ("/en/portfolios/7", .cs, "/portfolios/7"),
        ("/portfolios/7/edit", .en, "/portfolios/7/edit"), ("/u/jana/shoot", .en, "/u/jana/shoot"), ("/messages", .en, "/messages"),
        ("/enigma", .en, "/enigma"), ("/portfolios/new", .en, "/portfolios/new"), ("/portfolios/x", .en, "/portfolios/x"), ("/english/u/x", .cs, "/english/u/x"), ("/sliders", .en, "/sliders"),
    ])
    func aPublicPagesPathTakesTheLanguagesPrefixAndNoOtherDoes(path: String, language: Language, expected: String) {
        #expect(LanguageAddress.path(path, in: language) == expected)
    }

    /// One list says which pages have an address per language; the router has each at both.
    @Test func everyPublicPageIsRegisteredAtBothAddressesAndNothingElseUnderEn() throws {
        let server = try WebTestServer()
        let english = server.app.router.registeredRoutes.filter { $0.pattern == "/en" || $0.pattern.hasPrefix("/en/") }
        #expect(Set(english.map(\.pattern)) == Set(LanguageAddress.publicPatterns.map { "/en" + $0 }))
        #expect(english.allSatisfy { $0.method == .get })
        let root = Set(server.app.router.registeredRoutes.map(\.pattern))
        #expect(Set(LanguageAddress.publicPatterns).isSubset(of: root))
    }

    /// Every public page, in each language: its canonical address (its own, without the
    /// query), the other language and the default, and cards in its language.
    @Test func everyPublicPageNamesItsAddressesAndCardsInEachLanguage() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let site = "http://127.0.0.1:\(server.daemon.port)"
        let portfolio = try server.portfolioId(named: "Krajina")
        for (path, query) in [("/", "?tags=krajina&sort=rating"), ("/search", "?q=vojta"), ("/u/michal1", "?utm_source=x"),
                              ("/portfolios/\(portfolio)", "?t=0:01")] {
            for language in Language.allCases {
                let address = LanguageAddress.path(path, in: language)
                let page = try await server.send(address + query, headers: ["Accept-Language": language.rawValue])
                #expect(page.status == 200, "\(address)")
                #expect(page.headers["content-language"] == language.rawValue)
                #expect(page.body.contains("<link rel=\"canonical\" href=\"\(site)\(address)\">"), "\(address)")
                #expect(page.body.contains("<meta property=\"og:url\" content=\"\(site)\(address)\">"), "\(address)")
                #expect(page.body.contains("<meta property=\"og:locale\" content=\"\(language.openGraphLocale)\">"), "\(address)")
                for other in Language.allCases {
                    #expect(page.body.contains("<link rel=\"alternate\" hreflang=\"\(other.rawValue)\" href=\"\(site)\(LanguageAddress.path(path, in: other))\">"),
                            "\(address) → \(other)")
                }
                #expect(page.body.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"\(site)\(path)\">"))
                #expect(page.body.contains("<meta name=\"twitter:card\""))
                #expect(page.body.contains("<meta property=\"og:title\""))
            }
        }
    }
}
