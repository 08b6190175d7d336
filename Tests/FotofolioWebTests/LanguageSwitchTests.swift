import Testing
@testable import FotofolioWeb

@Suite struct LanguageSwitchTests {
    @Test func choosingALanguageSetsTheCookieAndReturnsToThePage() async throws {
        let reply = try await WebTestServer().send("/language", method: "POST", form: "lang=en&return=%2Fsearch%3Fq%3Dx")
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == "/search?q=x")
        let cookie = try #require(reply.headers["set-cookie"])
        #expect(cookie.hasPrefix("lang=en;"))
        #expect(cookie.contains("SameSite=Lax"))
    }

    @Test(arguments: ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", ""])
    func returnOutsideTheSiteGoesHome(target: String) async throws {
        let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let reply = try await WebTestServer().send("/language", method: "POST", form: "lang=cs&return=\(encoded)")
        #expect(reply.headers["location"] == "/")
    }

    @Test func unknownLanguageIsALocalized400() async throws {
        let reply = try await WebTestServer().send("/language", method: "POST", headers: ["Cookie": "lang=en"], form: "lang=de&return=/")
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
}
