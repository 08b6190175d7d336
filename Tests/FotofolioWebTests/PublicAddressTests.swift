import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// Links that leave the page they are written on are made at the site's own address,
/// never at whatever `Host` a request claims.
@Suite struct PublicAddressTests {
    static let forged = ["Host": "evil.example"]

    @Test func aForgedHostReachesNoCalendarSocialCardOrAddressToCopy() async throws {
        let server = try ShootPagesTests.seeded()
        let site = "http://127.0.0.1:\(server.daemon.port)"
        let (room, _, _, bookingId) = try await ShootPagesTests.book(on: server)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/bookings/calendar", [:]).status == 303)
        let token = try #require(try Bookings(stores: .sqlite(server.database)).calendarToken(of: try server.userId("vojtafoti")))

        // A calendar file and the feed: its lines unfolded as a calendar reads them.
        for path in ["/bookings/\(bookingId)/calendar.ics", BookingPages.feedPath(token)] {
            let file = try await server.send(path, headers: Self.forged)
            #expect(file.status == 200)
            let unfolded = file.body.replacingOccurrences(of: "\r\n ", with: "")
            #expect(unfolded.contains("\r\nURL:\(site)/messages/\(room)\r\n"), "\(path): \(unfolded)")
            #expect(!unfolded.contains("evil"))
        }
        // The feed's address to copy, a portfolio's and a profile's social cards.
        for path in ["/bookings", "/portfolios/1", "/u/vojtafoti"] {
            let page = try await server.send(path, headers: Self.forged)
            #expect(page.status == 200, "\(path)")
            #expect(!page.body.contains("evil.example"), "\(path)")
            #expect(page.body.contains(site), "\(path)")
        }
    }

    @Test(arguments: [
        ("http://192.168.1.20:8080", "http://192.168.1.20:8080"), ("https://Fotofolio.Example/", "https://fotofolio.example"),
        ("HTTP://[fe80::1]:8080", "http://[fe80::1]:8080"), ("http://localhost", "http://localhost"),
    ])
    func anOriginIsTakenAsItIs(text: String, origin: String) {
        #expect(PublicAddress.origin(text) == origin)
    }

    @Test(arguments: [
        "", "fotofolio.example", "ftp://fotofolio.example", "http://", "http://a/b", "http://a?x", "http://a#x",
        "http://user@a", "http://a:0", "http://a:65536", "http://a:80x", "http://a:+80", "http://a b", "http://a\r\nX: y",
        "http://[zz]", "http://[::1", "http://[::1]x", "http://č.cz", "http://a:", "https://a//",
    ])
    func anythingButAnOriginIsRefused(text: String) {
        #expect(PublicAddress.origin(text) == nil, "\(text)")
        let address = PublicAddress("http://site.example")
        #expect(!address.set(text))
        #expect(address.origin == "http://site.example")
    }
}
