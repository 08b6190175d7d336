import Foundation
import Fotofolio
import GRDB
import Testing
@testable import FotofolioWeb

/// `/robots.txt`, `/sitemap.xml` and its files, read with Foundation's XML parser (libxml2);
/// Tests/Browser/test_open_web.py reads the demo's with Python's xml.etree against the
/// protocol's rules.
@Suite struct SitemapTests {
    /// Every `<loc>` of the index and of every file it names, fetched as a crawler would.
    private static func crawl(_ server: WebTestServer) async throws -> (files: [String], pages: [String: XMLTree]) {
        let index = try await server.send("/sitemap.xml")
        #expect(index.status == 200)
        #expect(index.headers["content-type"] == "application/xml; charset=utf-8")
        let files = try XMLTree(index.body).value("sitemapindex/sitemap/loc")
        var pages: [String: XMLTree] = [:]
        for file in files {
            let path = try #require(URL(string: file)?.path)
            let reply = try await server.send(path)
            #expect(reply.status == 200, "\(file)")
            #expect(reply.body.utf8.count <= Sitemaps.byteLimit)
            pages[file] = try XMLTree(reply.body)
        }
        return (files, pages)
    }

    private static func locations(_ pages: [String: XMLTree]) -> [String] {
        pages.values.flatMap { $0.value("urlset/url/loc") }
    }

    @Test func theSitemapsListEachPublicPageInBothLanguagesWithItsAlternates() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let site = "http://127.0.0.1:\(server.daemon.port)"
        let (files, pages) = try await Self.crawl(server)
        #expect(files == ["pages.xml", "photographers-1.xml", "portfolios-1.xml"].map { "\(site)/sitemaps/\($0)" })
        let listed = Self.locations(pages)
        #expect(Set(listed).count == listed.count, "each address once")
        #expect(listed.contains("\(site)/") && listed.contains("\(site)/en/") && listed.contains("\(site)/en/search"))
        let krajina = try server.portfolioId(named: "Krajina")
        #expect(listed.contains("\(site)/portfolios/\(krajina)") && listed.contains("\(site)/en/portfolios/\(krajina)"))
        #expect(listed.contains("\(site)/u/michal1") && listed.contains("\(site)/en/u/michal1"))
        // Clients are not photographers: their profiles are nobody's search result.
        #expect(!listed.contains { $0.hasSuffix("/u/jana.k") || $0.hasSuffix("/u/eva.s") })
        // Each address names itself and its other language, the same three on both.
        let portfolios = try #require(pages["\(site)/sitemaps/portfolios-1.xml"])
        let alternates = portfolios.attributes("urlset/url/xhtml:link")
        #expect(alternates.count == 3 * portfolios.value("urlset/url/loc").count)
        #expect(alternates.contains(["rel": "alternate", "hreflang": "en", "href": "\(site)/en/portfolios/\(krajina)"]))
        #expect(alternates.contains(["rel": "alternate", "hreflang": "x-default", "href": "\(site)/portfolios/\(krajina)"]))
        // W3C dates, as the protocol asks.
        for date in portfolios.value("urlset/url/lastmod") {
            #expect(date.firstMatch(of: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) != nil, "\(date)")
        }
        #expect(try await server.send("/sitemaps/portfolios-2.xml").status == 404)
        for name in ["portfolios-0.xml", "portfolios-01.xml", "portfolios--1.xml", "portfolios-1", "other-1.xml",
                     "portfolios-99999999999999999999.xml", "pages.xml.gz"] {
            #expect(try await server.send("/sitemaps/\(name)").status == 404, "\(name)")
        }
    }

    /// Unlisting, hiding and suspending take pages out at once; a hidden photo leaves its
    /// portfolio listed.
    @Test func nothingUnlistedHiddenOrSuspendedIsListed() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let unlisted = try server.portfolioId(named: "Krajina")
        let hidden = try server.portfolioId(named: "Portréty")
        try server.setVisibility(.unlisted, of: unlisted)
        let operatorId = try server.userId("spravce")
        try server.moderation.apply(.hidePortfolio(hidden), reason: "Spam", by: operatorId)
        try server.moderation.apply(.suspend(userId: try server.userId("vojtafoti"), until: nil), reason: "Spam", by: operatorId)
        let listed = Self.locations(try await Self.crawl(server).pages)
        #expect(!listed.contains { $0.hasSuffix("/portfolios/\(unlisted)") || $0.hasSuffix("/portfolios/\(hidden)") })
        #expect(!listed.contains { $0.hasSuffix("/u/vojtafoti") })
        let vojta = try server.userId("vojtafoti")
        let vojtas = try server.database.pool.unsafeReentrantRead { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM portfolio WHERE ownerId = ?", arguments: [vojta])
        }
        #expect(!vojtas.isEmpty)
        #expect(!listed.contains { address in vojtas.contains { address.hasSuffix("/portfolios/\($0)") } })
        #expect(listed.contains { $0.hasSuffix("/u/michal1") })
    }

    /// Above 50,000 pages the portfolios take several files, none over the protocol's
    /// 50,000 addresses, and every public portfolio is in exactly one, in both languages.
    @Test func aWorldAboveTheLimitIsSplitIntoFilesWithinIt() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery()
        let owner = try server.userId("michal1")
        try server.database.pool.unsafeReentrantWrite { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50001)
                INSERT INTO portfolio (ownerId, name, description, createdAt, updatedAt)
                SELECT ?, 'Generated ' || i, '', '2026-01-01 00:00:00.000', '2026-01-02 00:00:00.000' FROM n
                """, arguments: [owner])
        }
        let expected = try server.database.pool.unsafeReentrantRead { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM portfolio WHERE visibility = 'public'")!
        }
        #expect(expected > 50_000)
        let (files, pages) = try await Self.crawl(server)
        let portfolioFiles = files.filter { $0.contains("/portfolios-") }
        #expect(portfolioFiles.count == (expected + Sitemaps.pagesPerFile - 1) / Sitemaps.pagesPerFile)
        #expect(portfolioFiles.count >= 3)
        var seen = Set<String>()
        for file in portfolioFiles {
            let addresses = try #require(pages[file]).value("urlset/url/loc")
            #expect(addresses.count <= Sitemaps.addressLimit)
            seen.formUnion(addresses)
        }
        #expect(seen.count == 2 * expected)
    }

    @Test func robotsAllowThePublicPagesKeepCrawlersFromPrivateOnesAndNameTheSitemap() async throws {
        let server = try WebTestServer()
        let robots = try await server.send("/robots.txt")
        #expect(robots.status == 200)
        #expect(robots.headers["content-type"] == "text/plain; charset=utf-8")
        let lines = robots.body.split(separator: "\n").map(String.init)
        #expect(lines.first == "User-agent: *")
        #expect(lines.contains("Sitemap: http://127.0.0.1:\(server.daemon.port)/sitemap.xml"))
        let disallowed = lines.filter { $0.hasPrefix("Disallow: ") }.map { String($0.dropFirst(10)) }
        for path in ["/messages", "/profile", "/s/", "/g/", "/galleries", "/moderation", "/bookings", "/calendar/"] {
            #expect(disallowed.contains(path), "\(path)")
        }
        for page in ["/", "/en/", "/u/michal1", "/en/portfolios/3", "/search", "/media/x.webp"] {
            #expect(!disallowed.contains { page.hasPrefix($0) }, "\(page)")
        }
    }
}
