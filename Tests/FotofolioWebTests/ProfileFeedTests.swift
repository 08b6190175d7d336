import Foundation
import FoundationXML
import Testing
@testable import FotofolioWeb

/// A photographer's Atom feed (`/u/:username/feed.atom`); who may see what of it is walked
/// with every subject in `SubjectRoutesTests`, and Tests/Browser/test_feeds.py reads it with
/// an independent parser (feedparser).
@Suite struct ProfileFeedTests {
    /// A photographer with a public portfolio named with markup, a later public one and an
    /// unlisted one, and the feed a guest reads.
    private func photographerWithPortfolios() async throws -> (server: WebTestServer, feed: WebTestServer.Reply) {
        let server = try WebTestServer()
        try await server.signUpCreator(username: "vojta.test")
        for (name, description, visibility, photo) in [
            ("Svatby <b>&</b> ]]> \"portréty\"", "První řádek\n\nDruhý <i>řádek</i> e\u{301}", "public", "food-espresso-cup.jpg"),
            ("Noční Praha", "", "public", "night-city-skyline.jpg"),
            ("Jen s odkazem 77", "Tajné", "unlisted", "architecture-chinese-pagoda.jpg"),
        ] {
            let reply = try await server.submitMultipart(
                "/portfolios", [("name", name), ("description", description), ("tags", "svatba"), ("visibility", visibility), ("save", "1")],
                files: [try .demoPhoto(photo)])
            #expect(reply.status == 303, "creating \(name)")
        }
        server.signOut()
        return (server, try await server.send("/u/vojta.test/feed.atom", headers: ["Accept-Language": "en"]))
    }

    @Test func aGuestReadsThePublicPortfoliosNewestFirstAsWellFormedAtom() async throws {
        let (server, feed) = try await photographerWithPortfolios()
        #expect(feed.status == 200)
        #expect(feed.headers["content-type"] == "application/atom+xml; charset=utf-8")
        let document = try XMLTree(feed.body)
        let base = "http://127.0.0.1:\(server.daemon.port)"
        #expect(document.value("feed/id") == [base + "/u/vojta.test/feed.atom"])
        #expect(document.value("feed/title") == ["Vojta Test (@vojta.test) · Fotofolio"])
        #expect(document.value("feed/author/name") == ["Vojta Test"])
        // An English reader's feed links the English pages.
        #expect(document.attributes("feed/link").contains(["rel": "alternate", "type": "text/html", "href": base + "/en/u/vojta.test"]))
        #expect(document.attributes("feed/link").contains(["rel": "self", "type": "application/atom+xml", "href": base + "/u/vojta.test/feed.atom"]))
        // Newest first; the unlisted one is not there.
        #expect(document.value("feed/entry/title") == ["Noční Praha", "Svatby <b>&</b> ]]> \"portréty\""])
        #expect(!feed.body.contains("Jen s odkazem 77") && !feed.body.contains("Tajné"))
        let ids = document.value("feed/entry/id")
        #expect(ids.allSatisfy { $0.hasPrefix(base + "/en/portfolios/") } && Set(ids).count == 2)
        // Every date construct is RFC 3339, and the feed was updated when its newest entry was.
        let dates = document.value("feed/updated") + document.value("feed/entry/updated") + document.value("feed/entry/published")
        #expect(dates.count == 5 && dates.allSatisfy { (try? Date($0, strategy: .iso8601)) != nil }, "\(dates)")
        #expect(document.value("feed/updated") == [document.value("feed/entry/updated").max()!])
        // The summary is the description as typed; the content shows the cover, then each line.
        #expect(document.value("feed/entry/summary") == ["První řádek\n\nDruhý <i>řádek</i> e\u{301}"])
        let contents = document.value("feed/entry/content")
        #expect(contents.count == 2 && contents.allSatisfy { $0.hasPrefix("<p><img src=\"\(base)/media/") })
        #expect(contents[1].hasSuffix("<p>První řádek</p><p>Druhý &lt;i&gt;řádek&lt;/i&gt; e\u{301}</p>"))
        #expect(document.attributes("feed/entry/content").allSatisfy { $0 == ["type": "html"] })
        #expect(document.attributes("feed").first?["xml:lang"] == "en")
    }

    @Test func theProfileLinksItsFeedForFeedReaders() async throws {
        let (server, _) = try await photographerWithPortfolios()
        let profile = try await server.send("/u/vojta.test")
        #expect(profile.body.contains(#"<link rel="alternate" type="application/atom+xml" title="Vojta Test (@vojta.test)" href="/u/vojta.test/feed.atom">"#))
        // And people see it under the portfolios.
        #expect(profile.body.contains(#"<p class="profile__feed"><a href="/u/vojta.test/feed.atom" type="application/atom+xml">"#))
        try await server.signUp(username: "jana.k")
        #expect(!(try await server.send("/u/jana.k").body.contains("application/atom+xml")), "a client has no feed")
    }

    @Test(arguments: ["/u/nikdo-takovy/feed.atom", "/u/jana.k/feed.atom"])
    func anUnknownNameOrAClientHasNoFeed(path: String) async throws {
        let server = try WebTestServer()
        try await server.signUp(username: "jana.k")
        #expect(try await server.send(path).status == 404)
    }

    @Test func aPhotographerWithoutPublicWorkHasAnEmptyFeedUpdatedWhenTheyJoined() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator(username: "nova.f")
        let document = try XMLTree(try await server.send("/u/nova.f/feed.atom").body)
        #expect(document.value("feed/entry/id").isEmpty)
        #expect(document.value("feed/updated").count == 1)
    }

    @Test func everyTextIsEscapedOnScalarsAndCharactersXMLForbidsBecomeReplacements() throws {
        #expect(XMLText.escape("<a href=\"x\">&'</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;")
        // A combining mark after a quote is one Character, not a quote: escaped all the same.
        #expect(XMLText.escape("\"\u{301}<\u{301}") == "&quot;\u{301}&lt;\u{301}")
        #expect(XMLText.escape("a\u{0}b\u{1B}c\u{FFFE}d\te\nf\r") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\nf\r")
        let text = "x\u{0}\u{7}<]]>&\u{FFFF}"
        let document = try XMLTree("<feed><title>\(XMLText.escape(text))</title></feed>")
        #expect(document.value("feed/title") == ["x\u{FFFD}\u{FFFD}<]]>&\u{FFFD}"])
    }
}
