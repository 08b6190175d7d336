import Foundation
import Testing
@testable import FotofolioWeb

/// An address names a stored record by the digits of a positive number and nothing else, so
/// no other spelling of a number opens a record and no number overflows on its way in.
@Suite struct StoredIdTests {
    @Test(arguments: [("1", Int64(1)), ("42", 42), ("007", 7), ("9223372036854775807", Int64.max)])
    func digitsOfAPositiveNumberNameARecord(text: String, id: Int64) {
        #expect(StoredId.parse(text) == id)
    }

    @Test(arguments: [nil, "", "0", "+1", "-5", " 1", "1 ", "1e3", "0x10", "١", "1\u{301}", "１",
                      "9223372036854775808", String(repeating: "9", count: 4_000)])
    func anyOtherSpellingNamesNone(text: String?) {
        #expect(StoredId.parse(text) == nil)
    }

    @Test func aPortfolioAddressWithASignedNumberIsTheOrdinary404() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(name: "Svatby 2026", photos: ["food-espresso-cup.jpg"], tags: "svatba")
        let id = try #require(path.split(separator: "/").last.map(String.init))
        #expect(try await server.send(path).status == 200)
        for spelling in ["+\(id)", "0\(id)x", "\(id)\u{301}"] {
            #expect(try await server.send("/portfolios/\(spelling)").status == 404, "\(spelling)")
        }
    }
}
