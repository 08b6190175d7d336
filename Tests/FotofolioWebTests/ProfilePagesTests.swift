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
        let reply = try await server.send("/u/vojtafoti")
        #expect(reply.body.contains("<meta property=\"og:title\" content=\"Vojta Votruba (@vojtafoti)\">"))
        #expect(reply.body.contains("<meta property=\"og:type\" content=\"profile\">"))
        #expect(reply.body.contains("<link rel=\"canonical\" href=\"http://127.0.0.1:\(server.daemon.port)/u/vojtafoti\">"))
    }

    @Test func aPriceByAgreementAndEnglishPlurals() async throws {
        let server = try Self.seeded()
        let reply = try await server.send("/u/michal1", headers: ["Accept-Language": "en"])
        #expect(reply.body.contains("by agreement"))
        #expect(reply.body.contains("12 years"))
    }

    @Test func anotherPersonsProfileMarksNoTabButYourOwnMarksProfile() async throws {
        let server = try Self.seeded()
        #expect(!(try await server.send("/u/vojtafoti").body.contains("aria-current=\"page\"")))
        try await server.signUp(username: "nova.k") // jana.k is a demo account here
        #expect(try await server.send("/u/nova.k").body.contains("href=\"/profile\" aria-current=\"page\""))
    }

    @Test func anUnknownUsernameIsA404Page() async throws {
        let reply = try await WebTestServer().send("/u/nikdo-takovy")
        #expect(reply.status == 404)
        #expect(reply.body.contains("data-page=\"error\""))
    }

    @Test func theOwnerSeesTheirSettingsAndNoMessageButton() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let reply = try await server.send("/u/jana.k")
        #expect(reply.body.contains("jana.k@example.cz"))
        #expect(reply.body.contains("action=\"/logout\""))
        #expect(!reply.body.contains("action=\"/messages/direct\""))
    }

    @Test(arguments: [(1500, Language.cs, "1\u{00A0}500"), (1500, .en, "1,500"), (999, .cs, "999"), (1_234_567, .en, "1,234,567")])
    func numbersAreGroupedAsEachLanguageDoes(number: Int, language: Language, expected: String) {
        #expect(GroupedNumber.format(number, language: language) == expected)
    }
}
