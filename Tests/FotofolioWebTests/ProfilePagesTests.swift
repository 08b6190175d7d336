import Fotofolio
import FotofolioDemo
import Testing
@testable import FotofolioWeb

@Suite struct ProfilePagesTests {
    static func seeded() throws -> WebTestServer {
        let server = try WebTestServer()
        try DemoWorld(database: server.database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        return server
    }

    @Test func aGuestSeesACreatorsPublicProfile() async throws {
        let server = try Self.seeded()
        let reply = try await server.send("/u/vojtafoti", headers: ["Accept-Language": "cs"])
        #expect(reply.status == 200)
        #expect(reply.body.contains("<h1 class=\"profile__name\">Vojta Votruba</h1>"))
        #expect(reply.body.contains("@vojtafoti · Praha"))
        #expect(reply.body.contains("8 let"))
        #expect(reply.body.contains("1\u{00A0}500 Kč/h"))
        #expect(reply.body.contains("zatím bez hodnocení"))
        #expect(reply.body.contains("action=\"/messages/direct\""))
        #expect(!reply.body.contains("vojtafoti@demo"))
        #expect(!reply.body.contains("action=\"/logout\""))
    }

    @Test func aProfileCarriesSocialCardsAndACanonicalLink() async throws {
        let server = try Self.seeded()
        let site = "http://127.0.0.1:\(server.daemon.port)"
        for (language, path) in [("cs", "/u/vojtafoti"), ("en", "/en/u/vojtafoti")] {
            let reply = try await server.send(path, headers: ["Accept-Language": language])
            #expect(reply.status == 200)
            #expect(reply.body.contains("<html lang=\"\(language)\">"))
            #expect(reply.body.contains("<meta property=\"og:title\" content=\"Vojta Votruba (@vojtafoti)\">"))
            #expect(reply.body.contains("<meta property=\"og:type\" content=\"profile\">"))
            // The page's own address, and each language's (the same on both pages: they point at each other).
            #expect(reply.body.contains("<link rel=\"canonical\" href=\"\(site)\(path)\">"))
            #expect(reply.body.contains("<meta property=\"og:url\" content=\"\(site)\(path)\">"))
            #expect(reply.body.contains("""
                <link rel="alternate" hreflang="cs" href="\(site)/u/vojtafoti">
                <link rel="alternate" hreflang="en" href="\(site)/en/u/vojtafoti">
                <link rel="alternate" hreflang="x-default" href="\(site)/u/vojtafoti">
                """))
            #expect(reply.body.contains("<meta property=\"og:locale\" content=\"\(language == "cs" ? "cs_CZ" : "en_GB")\">"))
            #expect(reply.body.contains("<meta property=\"og:locale:alternate\" content=\"\(language == "cs" ? "en_GB" : "cs_CZ")\">"))
        }
    }

    /// Someone who chose English (or whose browser asks for it, before choosing) and opens a
    /// Czech address is sent once to the English one, with its query; a choice of Czech
    /// stays; a script's request for a piece of the page is answered where it asked.
    @Test func aReaderOfEnglishIsSentOnceToThePagesEnglishAddress() async throws {
        let server = try Self.seeded()
        let chosen = try await server.send("/u/vojtafoti?x=1", headers: ["Accept-Language": "cs", "Cookie": "lang=en"],
                                           followingLanguage: false)
        #expect(chosen.status == 302)
        #expect(chosen.headers["location"] == "/en/u/vojtafoti?x=1")
        #expect(chosen.headers["vary"] == "Accept-Language, Cookie")
        let browser = try await server.send("/?tags=svatba", headers: ["Accept-Language": "en-GB,en;q=0.9"], followingLanguage: false)
        #expect(browser.headers["location"] == "/en/?tags=svatba")
        let czech = try await server.send("/u/vojtafoti", headers: ["Accept-Language": "en", "Cookie": "lang=cs"])
        #expect(czech.status == 200 && czech.body.contains("<html lang=\"cs\">"))
        let fragment = try await server.send("/search?q=vojta", headers: ["Accept-Language": "en", "X-Fragment": "results"])
        #expect(fragment.status == 200 && fragment.headers["content-language"] == "cs")
        // The English address is English whatever the reader chose, and its links stay English.
        let english = try await server.send("/en/u/vojtafoti", headers: ["Accept-Language": "cs", "Cookie": "lang=cs"])
        #expect(english.status == 200 && english.body.contains("<html lang=\"en\">"))
        #expect(english.body.contains("<a class=\"brand\" href=\"/en/\""))
        #expect(english.body.contains("href=\"/en/search\""))
        #expect(!english.body.contains("href=\"/search\""))
        // An address no page has is a 404 where it was asked, never a redirect to itself.
        #expect(try await server.send("/portfolios/x", headers: ["Cookie": "lang=en"], followingLanguage: false).status == 404)
        // Pages with one address have none under /en/.
        #expect(try await server.send("/en/login").status == 404)
        #expect(try await server.send("/en/u/vojtafoti/shoot").status == 404)
    }

    @Test func aPriceByAgreementAndEnglishPlurals() async throws {
        let server = try Self.seeded()
        let reply = try await server.send("/en/u/michal1", headers: ["Accept-Language": "en"])
        #expect(reply.body.contains("by agreement"))
        #expect(reply.body.contains("12 years"))
    }

    @Test func anotherPersonsProfileMarksNoTabButYourOwnMarksProfile() async throws {
        let server = try Self.seeded()
        #expect(!(try await server.send("/en/u/vojtafoti").body.contains("aria-current=\"page\"")))
        try await server.signUp(username: "nova.k") // jana.k is a demo account here
        #expect(try await server.send("/en/u/nova.k").body.contains("href=\"/profile\" aria-current=\"page\""))
    }

    @Test func anUnknownUsernameIsA404Page() async throws {
        let reply = try await WebTestServer().send("/en/u/nikdo-takovy")
        #expect(reply.status == 404)
        #expect(reply.body.contains("data-page=\"error\""))
    }

    @Test func theOwnerSeesTheirSettingsAndNoMessageButton() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let reply = try await server.send("/en/u/jana.k")
        #expect(reply.body.contains("jana.k@example.cz"))
        #expect(reply.body.contains("action=\"/logout\""))
        #expect(!reply.body.contains("action=\"/messages/direct\""))
    }

    @Test(arguments: [(1500, Language.cs, "1\u{00A0}500"), (1500, .en, "1,500"), (999, .cs, "999"), (1_234_567, .en, "1,234,567")])
    func numbersAreGroupedAsEachLanguageDoes(number: Int, language: Language, expected: String) {
        #expect(GroupedNumber.format(number, language: language) == expected)
    }
}
