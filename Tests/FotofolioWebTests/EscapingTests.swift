import Foundation
import Testing
@testable import FotofolioWeb

/// Text that is one grapheme with the markup it carries: a quote followed by a combining
/// accent, or U+0600 (a prepended concatenation mark) before `<`. Escaping that compares
/// `Character`s lets both through.
@Suite struct EscapingTests {
    static let injection = "N\u{600}<b data-inj=1 \u{600}>q\"\u{301} data-inj2=1"

    /// The raw bytes an escaped page must never contain for `injection`.
    /// Outside the page's JSON-LD, whose strings are JSON's (`StructuredDataTests`).
    static func carriesInjection(_ page: String) -> Bool {
        let html = page.replacing(/<script type="application\/ld\+json">[^<]*<\/script>/, with: "")
        return html.contains("<b data-inj") || html.utf8.contains(subsequence: Array("\"\u{301} data-inj2".utf8))
            || html.contains("<meta http-equiv")
    }

    @Test(arguments: [
        ("\"\u{301}", "&quot;\u{301}"), ("\u{600}<", "\u{600}&lt;"), ("'\u{20DD}", "&#39;\u{20DD}"),
        (">\u{FE0F}", "&gt;\u{FE0F}"), ("&\u{301}amp;", "&amp;\u{301}amp;"), ("plain ěščř", "plain ěščř"),
    ])
    func escapingWorksOnScalarsNotGraphemes(text: String, escaped: String) {
        #expect(HTMLText.escape(text) == escaped)
    }

    @Test func mustacheValuesUseTheSameEscaper() throws {
        let library = try TemplateLibrary(directory: WebTestServer.repository + "/Templates")
        struct Values { let q: String }
        // The error page is a template like any other; render a value through Mustache's `{{…}}`.
        var mustache = library.mustache
        try mustache.register(HTMLContent.pragma + "<a title=\"{{q}}\">{{q}}</a>", named: "probe")
        let html = try #require(mustache.render(Values(q: Self.injection), withTemplate: "probe"))
        #expect(!Self.carriesInjection(html))
        #expect(html == "<a title=\"\(HTMLText.escape(Self.injection))\">\(HTMLText.escape(Self.injection))</a>")
    }

    @Test func everyLoadedTemplateEscapesWithTheScalarEscaper() throws {
        let library = try TemplateLibrary(directory: WebTestServer.repository + "/Templates")
        struct Values { let title: String }
        let html = try #require(library.mustache.render(Values(title: "\"\u{301}"), withTemplate: "partials/state-empty"))
        #expect(!html.utf8.contains(subsequence: Array("\"\u{301}".utf8)))
    }

    @Test func aHostileFullNameAndPortfolioNameStayTextOnEveryPage() async throws {
        let server = try WebTestServer()
        let hostile = Self.injection + " <meta http-equiv=refresh content=\"0;url=/x\"\u{301}>"
        try await server.signUpCreator(username: "vojta.test")
        let saved = try await server.submit("/profile/edit", [
            "role": "creator", "fullName": hostile, "email": "vojta.test@example.cz", "location": "Praha", "bio": hostile, "yearsOfExperience": "5",
        ])
        #expect(saved.status == 303, "\(saved.body.firstMatch(of: /role="alert"[^<]*<[^<]*<[^<]*/).map { String($0.0) } ?? "")")
        let portfolio = try await server.createPortfolio(name: String(hostile.prefix(60)))
        for path in ["/", "/u/vojta.test", portfolio, portfolio + "/edit", "/profile/edit", "/search?q=vojta", "/selection"] {
            let page = try await server.send(path)
            #expect(page.status == 200, "\(path)")
            #expect(!Self.carriesInjection(page.body), "\(path) carries raw markup")
        }
    }

    @Test(arguments: ["/search?q=", "/login?return=", "/sliders?finite=", "/?tags=", "/search?by=location&q="])
    func reflectedValuesStayText(path: String) async throws {
        let server = try WebTestServer()
        let encoded = Self.injection.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let page = try await server.send(path + encoded)
        #expect(page.status < 500)
        #expect(!Self.carriesInjection(page.body), "\(path) reflects raw markup")
    }
}

extension Sequence where Element: Equatable {
    func contains(subsequence needle: [Element]) -> Bool {
        let haystack = Array(self)
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in haystack[start..<start + needle.count].elementsEqual(needle) }
    }
}
