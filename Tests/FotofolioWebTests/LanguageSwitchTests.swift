import Testing
@testable import FotofolioWeb

@Suite struct LanguageSwitchTests {
    @Test func choosingALanguageSetsTheCookieAndReturnsToThePage() async throws {
        let reply = try await WebTestServer().submit("/language", ["lang": "en", "return": "/search?q=x"])
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == "/en/search?q=x")
        #expect(reply.cookies["lang"] == "en")
        #expect(reply.headers["set-cookie"]?.contains("SameSite=Lax") == true)
    }

    /// A public page has an address per language: the switch goes to the other one; a page
    /// with one address is returned to as it is.
    @Test(arguments: [
        ("cs", "/en/u/jana?x=1", "/u/jana?x=1"), ("en", "/u/jana", "/en/u/jana"), ("cs", "/en/", "/"), ("en", "/", "/en/"),
        ("en", "/?tags=svatba", "/en/?tags=svatba"), ("cs", "/en?sort=rating", "/?sort=rating"), ("en", "/portfolios/7", "/en/portfolios/7"),
        ("en", "/en/portfolios/7", "/en/portfolios/7"), ("en", "/messages", "/messages"), ("cs", "/portfolios/7/edit", "/portfolios/7/edit"),
        ("en", "/u/jana/shoot", "/u/jana/shoot"), ("en", "/enigma", "/enigma"),
    ])
    func theSwitchGoesToThePagesAddressInTheChosenLanguage(language: String, page: String, target: String) async throws {
        let reply = try await WebTestServer().submit("/language", ["lang": language, "return": page])
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == target)
    }

    @Test(arguments: ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", ""])
    func returnOutsideTheSiteGoesHome(target: String) async throws {
        let reply = try await WebTestServer().submit("/language", ["lang": "cs", "return": target])
        #expect(reply.headers["location"] == "/")
    }

    @Test func unknownLanguageIsALocalized400() async throws {
        let server = try WebTestServer()
        server.jar["lang"] = "en"
        let reply = try await server.submit("/language", ["lang": "de", "return": "/"])
        #expect(reply.status == 400)
        #expect(reply.body.contains("<html lang=\"en\">"))
    }

    @Test(arguments: [
        ("cs-CZ,cs;q=0.9,en;q=0.8", Language.cs), ("en-US,en;q=0.9", .en), ("de-DE,en;q=0.5,cs;q=0.4", .en),
        ("en;q=0.1,cs;q=0.9", .cs), ("cs;q=0,en", .en), ("fr", nil), ("", nil),
    ])
    func acceptLanguageFindsTheBestSupportedLanguage(header: String, expected: Language?) {
        #expect(Language.bestMatch(acceptLanguage: header) == expected)
    }

    @Test func trimmingTakesWholeCharactersOffBothEnds() {
        #expect(" \t@jana.k@ \t".trimmingCharacters(in: " \t@") == "jana.k")
        #expect("a b".trimmingCharacters(in: " ") == "a b")
        #expect("   ".trimmingCharacters(in: " ") == "")
        // A space carrying a combining accent is not a space: no accent is left bare.
        #expect(" \u{301}x ".trimmingCharacters(in: " ") == " \u{301}x")
        #expect(Substring("; cs ;").trimmingCharacters(in: "; ") == "cs")
    }
}
