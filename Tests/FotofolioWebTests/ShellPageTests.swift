import Foundation
import HTTPServer
import Testing
@testable import FotofolioWeb

@Suite struct ShellPageTests {
    @Test(arguments: ["/en/", "/en/search"])
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

    @Test(arguments: ["/en/", "/selection", "/en/search", "/messages", "/profile"])
    func everyTabPageRendersInTheShellWhenSignedIn(path: String) async throws {
        let server = try WebTestServer()
        try await server.signUp()
        var reply = try await server.send(path)
        // Profile → /u/me → /en/u/me (the reader's browser asks for English)
        while [302, 303].contains(reply.status), let location = reply.headers["location"] { reply = try await server.send(location) }
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        #expect(reply.body.contains("class=\"tabbar\""))
        #expect(reply.body.contains("class=\"topnav\""))
        #expect(reply.body.contains("href=\"\(path)\" aria-current=\"page\""))
    }

    @Test(arguments: ["/en/", "/en/search", "/no/such/page"])
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
        let reply = try await WebTestServer().send("/en/", headers: ["Accept-Language": "en-GB,en;q=0.9,cs;q=0.5"])
        #expect(reply.body.contains("<html lang=\"en\">"))
        #expect(reply.body.contains("Messages"))
    }

    @Test func languageCookieWinsOverAcceptLanguage() async throws {
        let reply = try await WebTestServer().send("/", headers: ["Accept-Language": "en", "Cookie": "lang=cs"])
        #expect(reply.body.contains("<html lang=\"cs\">"))
    }

    @Test func assetsAreLinkedByFingerprintedURLs() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/en/")
        let match = try #require(page.body.firstMatch(of: /href="(\/css\/app\.[0-9a-f]{16}\.css)"/))
        let css = try await server.send(String(match.1))
        #expect(css.status == 200)
        #expect(css.headers["cache-control"] == "public, max-age=31536000, immutable")
    }

    /// Modules import each other by plain address; the import map gives each its
    /// fingerprinted one, so a page view asks the server for no script it has cached.
    @Test func everyImportedModuleIsMappedToItsFingerprintedAddressByAMapTheCSPAllows() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/en/")
        let map = try #require(page.body.firstMatch(of: /<script type="importmap">([^<]*)<\/script>/))
        let mapText = String(map.1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(mapText.utf8)) as? [String: [String: String]])
        let imports = try #require(json["imports"])
        // Every module any script imports, read from the scripts themselves.
        let folder = WebTestServer.repository + "/Public/js"
        var imported = Set<String>()
        for file in try #require(FileManager.default.enumerator(atPath: folder)).compactMap({ $0 as? String }) where file.hasSuffix(".js") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let directory = URL(fileURLWithPath: "/js/" + file).deletingLastPathComponent()
            for found in text.matches(of: /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.js)"/) {
                imported.insert(directory.appendingPathComponent(String(found.1)).standardized.path)
            }
        }
        #expect(imported.count > 20 && imported.contains("/js/precise-slider/constants.js"))
        for module in imported.sorted() {
            let address = try #require(imports[module], "\(module) is not in the import map")
            #expect(address.firstMatch(of: /^\/js\/[a-z0-9\/-]+\.[0-9a-f]{16}\.js$/) != nil, "\(address)")
            #expect(try await server.send(address).headers["cache-control"] == "public, max-age=31536000, immutable")
        }
        // Before any module script, and allowed by the hash of exactly its text.
        let first = try #require(page.body.firstRange(of: "<script type=\"module\""))
        #expect(page.body.range(of: "<script type=\"importmap\">")!.lowerBound < first.lowerBound)
        #expect(page.headers["content-security-policy"] == SecurityHeaders.contentSecurityPolicy(allowingInlineScripts: [mapText]))
        #expect(page.body.matches(of: /<script(?![^>]*\bsrc=)[^>]*>/).count == 1, "the import map is the one inline script")
    }

    @Test func userTextInTheURLIsEscaped() async throws {
        let reply = try await WebTestServer().send("/en/search?q=%3Cscript%3Ealert(1)%3C/script%3E")
        #expect(!reply.body.contains("<script>alert(1)"))
        #expect(reply.body.contains("value=\"/en/search?q=%3Cscript%3Ealert%281%29%3C%2Fscript%3E\""))
    }
}
