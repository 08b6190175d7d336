import Testing
@testable import FotofolioWeb

@Suite struct ShellPageTests {
    @Test(arguments: ["/", "/search"])
    func publicTabPagesRenderForGuests(path: String) async throws {
        let reply = try await WebTestServer().send(path)
        #expect(reply.status == 200)
        #expect(reply.body.contains("href=\"\(path)\" aria-current=\"page\""))
        #expect(reply.body.contains("href=\"/login\""))
    }

    @Test(arguments: ["/selection", "/messages", "/profile"])
    func personalTabPagesSendGuestsToLoginAndBack(path: String) async throws {
        let reply = try await WebTestServer().send(path)
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == "/login?return=\(path.replacingOccurrences(of: "/", with: "%2F"))")
    }

    @Test(arguments: ["/", "/selection", "/search", "/messages", "/profile"])
    func everyTabPageRendersInTheShellWhenSignedIn(path: String) async throws {
        let server = try WebTestServer()
        try await server.signUp()
        var reply = try await server.send(path)
        if reply.status == 303, let location = reply.headers["location"] { reply = try await server.send(location) } // Profile → /u/me
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        #expect(reply.body.contains("class=\"tabbar\""))
        #expect(reply.body.contains("class=\"topnav\""))
        #expect(reply.body.contains("href=\"\(path)\" aria-current=\"page\""))
    }

    @Test(arguments: ["/", "/search", "/no/such/page"])
    func everyIconPointsIntoTheFingerprintedSprite(path: String) async throws {
        let reply = try await WebTestServer().send(path)
        let uses = reply.body.matches(of: /<use href="([^"]*)"/).map { String($0.1) }
        #expect(!uses.isEmpty)
        for use in uses { #expect(use.firstMatch(of: /^\/img\/icons\.[0-9a-f]{16}\.svg#[a-z]+$/) != nil, "\(use)") }
    }

    @Test func czechIsTheDefaultWhenNoOfferedLanguageIsAccepted() async throws {
        let reply = try await WebTestServer().send("/", headers: ["Accept-Language": "de-DE,de;q=0.9"])
        #expect(reply.body.contains("<html lang=\"cs\">"))
        #expect(reply.body.contains("Zprávy"))
        #expect(reply.headers["content-language"] == "cs")
    }

    @Test func acceptLanguageChoosesEnglish() async throws {
        let reply = try await WebTestServer().send("/", headers: ["Accept-Language": "en-GB,en;q=0.9,cs;q=0.5"])
        #expect(reply.body.contains("<html lang=\"en\">"))
        #expect(reply.body.contains("Messages"))
    }

    @Test func languageCookieWinsOverAcceptLanguage() async throws {
        let reply = try await WebTestServer().send("/", headers: ["Accept-Language": "en", "Cookie": "lang=cs"])
        #expect(reply.body.contains("<html lang=\"cs\">"))
    }

    @Test func assetsAreLinkedByFingerprintedURLs() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/")
        let match = try #require(page.body.firstMatch(of: /href="(\/css\/app\.[0-9a-f]{16}\.css)"/))
        let css = try await server.send(String(match.1))
        #expect(css.status == 200)
        #expect(css.headers["cache-control"] == "public, max-age=31536000, immutable")
    }

    @Test func userTextInTheURLIsEscaped() async throws {
        let reply = try await WebTestServer().send("/search?q=%3Cscript%3Ealert(1)%3C/script%3E")
        #expect(!reply.body.contains("<script>alert(1)"))
        #expect(reply.body.contains("value=\"/search?q=%3Cscript%3Ealert%281%29%3C%2Fscript%3E\""))
    }
}
