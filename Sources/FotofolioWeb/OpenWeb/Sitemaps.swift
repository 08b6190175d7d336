import Foundation
import Fotofolio
import HTTPServer

/// The sitemaps (sitemaps.org 0.9): `/sitemap.xml` is an index of files under `/sitemaps/`
/// of at most 50,000 addresses and 50 MB each, the protocol's limits.
///
/// They list what a guest may open and a search engine may index: the feed and people
/// search, every photographer not suspended now, and every public portfolio in view (the
/// feed's). Each page is listed at its address in every language, with the others as
/// `xhtml:link` alternates (`LanguageAddress`). Nothing unlisted, private, hidden or
/// suspended: the lists come from the feed's own reading, asked afresh each time.
struct Sitemaps {
    /// The protocol's limits for one file.
    static let addressLimit = 50_000
    static let byteLimit = 50 * 1024 * 1024
    /// Pages per file: each is listed once per language.
    static let pagesPerFile = addressLimit / Language.allCases.count

    enum Part: Equatable {
        case pages
        case photographers(Int)
        case portfolios(Int)

        /// `pages.xml`, `photographers-2.xml`, `portfolios-1.xml`; nil for any other name.
        init?(fileName: String) {
            if fileName == "pages.xml" { self = .pages; return }
            guard fileName.hasSuffix(".xml") else { return nil }
            let stem = fileName.dropLast(4)
            for (prefix, make) in [("photographers-", Part.photographers), ("portfolios-", Part.portfolios)] as [(String, (Int) -> Part)] {
                guard stem.hasPrefix(prefix) else { continue }
                let digits = stem.dropFirst(prefix.count)
                // 1, 2, …: no sign, no leading zero, at most 9 digits.
                guard (1...9).contains(digits.count), digits.first != "0", digits.utf8.allSatisfy({ (48...57).contains($0) }),
                      let number = Int(digits) else { return nil }
                self = make(number)
                return
            }
            return nil
        }

        var fileName: String {
            switch self {
            case .pages: "pages.xml"
            case .photographers(let number): "photographers-\(number).xml"
            case .portfolios(let number): "portfolios-\(number).xml"
            }
        }
    }

    let feed: FeedService

    func register(in router: inout Router) {
        router.get("/sitemap.xml") { request in try index(request) }
        router.get("/sitemaps/:file") { request in try part(request) }
    }

    /// The files there are now: one for the site's own pages, then as many of each kind as
    /// its count needs (none when there are none).
    func parts() throws -> [Part] {
        let counts = try feed.indexableCounts()
        let files = { (count: Int) in (count + Self.pagesPerFile - 1) / Self.pagesPerFile }
        return [.pages] + (0..<files(counts.photographers)).map { .photographers($0 + 1) }
            + (0..<files(counts.portfolios)).map { .portfolios($0 + 1) }
    }

    private func index(_ request: Request) throws -> Response {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        for part in try parts() {
            xml += "  <sitemap><loc>\(XMLText.escape(CanonicalURL.of(request, path: "/sitemaps/" + part.fileName)))</loc></sitemap>\n"
        }
        xml += "</sitemapindex>\n"
        return Self.response(xml)
    }

    private func part(_ request: Request) throws -> Response {
        guard let part = request.parameters["file"].flatMap(Part.init(fileName:)) else {
            throw HTTPFailure(.notFound, "There is no such sitemap.")
        }
        let pages: [(path: String, lastModified: Date?)]
        switch part {
        case .pages:
            pages = [("/", nil), ("/search", nil)]
        case .photographers(let number):
            pages = try feed.indexablePhotographers(offset: (number - 1) * Self.pagesPerFile, limit: Self.pagesPerFile)
                .map { ("/u/" + QueryItems.escape($0.key), $0.lastModified) }
        case .portfolios(let number):
            pages = try feed.indexablePortfolios(offset: (number - 1) * Self.pagesPerFile, limit: Self.pagesPerFile)
                .map { ("/portfolios/" + $0.key, $0.lastModified) }
        }
        // A number past the last file is no file.
        guard !pages.isEmpty else { throw HTTPFailure(.notFound, "There is no such sitemap.") }
        return Self.response(Self.urlSet(pages, request: request))
    }

    /// Every page at its address in each language, each naming all of them (and the
    /// default) as alternates, as search engines ask of a sitemap with `hreflang`.
    static func urlSet(_ pages: [(path: String, lastModified: Date?)], request: Request) -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">"# + "\n"
        for page in pages {
            let addresses = Language.allCases.map { ($0.rawValue, XMLText.escape(CanonicalURL.of(request, path: LanguageAddress.path(page.path, in: $0)))) }
            var alternates = ""
            for (code, address) in addresses {
                alternates += #"    <xhtml:link rel="alternate" hreflang="\#(code)" href="\#(address)"/>"# + "\n"
            }
            alternates += #"    <xhtml:link rel="alternate" hreflang="x-default" href="\#(addresses[0].1)"/>"# + "\n"
            let lastModified = page.lastModified.map { "    <lastmod>\($0.formatted(.iso8601))</lastmod>\n" } ?? ""
            for (_, address) in addresses {
                xml += "  <url>\n    <loc>\(address)</loc>\n" + lastModified + alternates + "  </url>\n"
            }
        }
        xml += "</urlset>\n"
        return xml
    }

    private static func response(_ xml: String) -> Response {
        var response = Response(status: .ok, body: .shared(SharedBytes(utf8Of: xml)))
        response.headers.set("Content-Type", "application/xml; charset=utf-8")
        // Unlisting, hiding or suspending takes a page out at once: ask each time.
        response.headers.set("Cache-Control", "no-cache")
        return response
    }
}

/// `/robots.txt`: crawlers may read the public pages and their media, not the pages that
/// belong to someone (messages, settings, bookings, moderation) nor the addresses whose
/// token is the key (share links, galleries, calendar feeds, mail links), and are told where
/// the sitemap is. Plain prefixes only, and no `Allow` line: parsers that take the first
/// matching rule (Python's) and those that take the longest (Google's) read it alike, and
/// none needs wildcards. A page only its author opens (`/portfolios/1/edit`) sends a crawler
/// to `/login`, which is disallowed.
struct RobotsTxt {
    /// Paths no crawler should read, each a prefix.
    static let disallowed = [
        "/bookings", "/calendar/", "/confirm-email/", "/films/jobs/", "/forgot-password", "/g/", "/galleries", "/language",
        "/live", "/login", "/logout", "/messages", "/metrics", "/moderation", "/offers/", "/profile", "/push/", "/register",
        "/report", "/reset-password/", "/s/", "/selection", "/shoots/", "/unsubscribe/", "/portfolios/new",
    ]

    func register(in router: inout Router) {
        router.get("/robots.txt") { request in
            let lines = ["User-agent: *"] + Self.disallowed.map { "Disallow: \($0)" }
                + ["", "Sitemap: \(CanonicalURL.of(request, path: "/sitemap.xml"))"]
            var response = Response(status: .ok, body: .shared(SharedBytes(utf8Of: lines.joined(separator: "\n") + "\n")))
            response.headers.set("Content-Type", "text/plain; charset=utf-8")
            response.headers.set("Cache-Control", "public, max-age=3600")
            return response
        }
    }
}
