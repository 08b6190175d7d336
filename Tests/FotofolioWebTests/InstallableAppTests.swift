import Foundation
import Testing
@testable import FotofolioWeb

@Suite struct InstallableAppTests {
    @Test func theManifestNamesTheAppItsIconsAndItsStartInCzechOrEnglish() async throws {
        let server = try WebTestServer()
        let czech = try await server.send("/manifest.webmanifest")
        #expect(czech.status == 200)
        #expect(czech.headers["content-type"] == "application/manifest+json")
        #expect(czech.headers["cache-control"] == "public, max-age=3600")
        let manifest = WebTestServer.json(czech.body)
        #expect(manifest["lang"] as? String == "cs" && manifest["dir"] as? String == "ltr")
        #expect(manifest["name"] as? String == "Fotofolio" && manifest["short_name"] as? String == "Fotofolio")
        #expect((manifest["description"] as? String)?.contains("fotografů") == true)
        #expect(manifest["start_url"] as? String == "/?source=app" && manifest["scope"] as? String == "/" && manifest["id"] as? String == "/")
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["theme_color"] as? String == "#faf9f7" && manifest["background_color"] as? String == "#faf9f7")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(icons.map { "\($0["sizes"] ?? "") \($0["purpose"] ?? "")" } == ["192x192 any", "512x512 any", "512x512 maskable"])
        for icon in icons {
            let src = try #require(icon["src"])
            #expect(src.hasPrefix("/icons/app-"))
            let file = try await server.send(src)
            #expect(file.status == 200 && file.headers["content-type"] == "image/png", "\(src)")
        }
        let english = WebTestServer.json(try await server.send("/manifest.webmanifest?lang=en").body)
        #expect(english["lang"] as? String == "en")
        #expect((english["description"] as? String)?.contains("Photographers") == true)
    }

    @Test func everyPageLinksTheManifestOfItsLanguageTheTouchIconAndTheWorkersRegistration() async throws {
        let server = try WebTestServer()
        let czech = try await server.send("/login", headers: ["Accept-Language": "cs"])
        #expect(czech.body.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
        #expect(czech.body.contains(#"<link rel="apple-touch-icon" href="/icons/apple-touch-icon."#))
        #expect(czech.body.contains(#"<script type="module" src="/js/sw-register."#))
        let english = try await server.send("/login", headers: ["Accept-Language": "en"])
        #expect(english.body.contains(#"<link rel="manifest" href="/manifest.webmanifest?lang=en">"#))
    }

    @Test func theServiceWorkerIsServedFromTheRootUncachedNamingTheShellItKeeps() async throws {
        let server = try WebTestServer()
        let worker = try await server.send("/sw.js")
        #expect((worker.status, worker.headers["content-type"], worker.headers["cache-control"])
            == (200, "text/javascript; charset=utf-8", "no-cache"))
        let line = try #require(worker.body.split(separator: "\n").first { $0.hasPrefix("self.FOTOFOLIO_SHELL = ") })
        let shell = WebTestServer.json(String(line.dropFirst("self.FOTOFOLIO_SHELL = ".count).dropLast()))
        #expect(shell["offline"] as? String == "/offline")
        #expect((shell["version"] as? String)?.isEmpty == false)
        let assets = try #require(shell["assets"] as? [String])
        #expect(assets.contains { $0.hasPrefix("/css/app.") } && assets.contains("/js/saved-conversations.js"))
        for asset in assets {
            #expect(try await server.send(asset).status == 200, "\(asset)")
        }
        let body = try #require(worker.body.firstMatch(of: /importScripts\("([^"]+)"\)/)?.1)
        #expect(body.hasPrefix("/js/sw-worker."))
        #expect(try await server.send(String(body)).status == 200)
        #expect(try await server.send("/sw.js").body == worker.body, "the same worker until the shell changes")
    }

    @Test func theOfflinePageCarriesNobodysNameOrFormToken() async throws {
        let server = try WebTestServer()
        try await server.signUp(username: "jana.k")
        let page = try await server.send("/offline", headers: ["Accept-Language": "en"])
        #expect(page.status == 200)
        #expect(page.body.contains("You are offline") && page.body.contains("data-saved-conversations"))
        #expect(!page.body.contains("jana.k") && !page.body.contains("data-me="))
        let token = try await server.currentCSRFToken()
        #expect(!token.isEmpty && !page.body.contains(token))
        let czech = try await server.send("/offline", headers: ["Accept-Language": "cs"])
        #expect(czech.body.contains("Jste offline"))
    }

    @Test func signingOutClearsWhatTheBrowserKeptOfThePerson() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let reply = try await server.submit("/logout", [:])
        #expect(reply.status == 303)
        #expect(reply.headers["clear-site-data"] == #""cache", "storage""#)
        try await server.signUp(username: "petr.n")
        let everywhere = try await server.submit("/logout/everywhere", [:])
        #expect(everywhere.headers["clear-site-data"] == #""cache", "storage""#)
    }
}
