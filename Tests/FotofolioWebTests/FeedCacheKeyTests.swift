import Foundation
import Fotofolio
import HTTPServer
import Testing
@testable import FotofolioWeb

/// A kept feed card is found by every field of its portfolio that can change, so a field
/// added to a portfolio (and shown on its card) is never served from a card drawn before it changed.
@Suite struct FeedCacheKeyTests {
    /// A portfolio with every stored property given, and another value for each.
    static let portfolio: [String: any Sendable] = [
        "id": 7, "ownerId": 3, "name": "Svatby", "description": "Léto 2026", "hidesShotDetails": false, "coverPhotoId": 11,
        "createdAt": 1_000, "updatedAt": 2_000, "authorRating": 4.5, "visibility": "public", "licence": "cc-by",
    ]
    static let changed: [String: any Sendable] = [
        "id": 8, "ownerId": 4, "name": "Portréty", "description": "Zima", "hidesShotDetails": true, "coverPhotoId": 12,
        "createdAt": 1_001, "updatedAt": 2_001, "authorRating": 3.5, "visibility": "unlisted", "licence": "cc0",
    ]

    static func decode(_ fields: [String: any Sendable]) throws -> Portfolio {
        try JSONDecoder().decode(Portfolio.self, from: JSONSerialization.data(withJSONObject: fields.mapValues { $0 as Any }))
    }

    /// Draws the cards of `portfolios` and answers which of them had to be drawn (not kept).
    static func drawn(_ portfolios: [Portfolio], by cache: FeedCardCache) throws -> [Int64] {
        var loaded: [Int64] = []
        let owner = User(id: 3, username: "jana", fullName: "Jana", email: "jana@example.com", location: "Praha",
                         role: .creator, priceByAgreement: true, passwordHash: "", createdAt: Date(timeIntervalSince1970: 0))
        _ = try cache.html(portfolios, address: FeedAddress(), selected: [], csrf: "c",
                           request: Request(method: .get, path: RequestPath(segments: []))) { missing in
            loaded += missing.map(\.storedId)
            return missing.map { PortfolioDetails(portfolio: $0, owner: owner, tags: [], photos: []) }
        }
        return loaded
    }

    @Test func everyStoredPropertyOfAPortfolioHasAnotherValueHere() throws {
        let labels = Mirror(reflecting: try Self.decode(Self.portfolio)).children.compactMap(\.label)
        #expect(Set(labels) == Set(Self.portfolio.keys))
        #expect(Set(labels) == Set(Self.changed.keys))
    }

    /// A field added to `Portfolio` fails here until the card's version holds it, or says a
    /// save writes it (and so moves `updatedAt`).
    @Test func everyStoredPropertyOfAPortfolioIsInTheCardVersionOrWrittenOnlyBySaves() throws {
        let portfolio = try Self.decode(Self.portfolio)
        let properties = Set(Mirror(reflecting: portfolio).children.compactMap(\.label))
        let versioned = Set(Mirror(reflecting: FeedCaches.CardVersion(portfolio)).children.compactMap(\.label))
        #expect(properties.subtracting(versioned).subtracting(FeedCaches.CardVersion.savedFields) == [])
        #expect(FeedCaches.CardVersion.savedFields.isSubset(of: properties))
        #expect(versioned.isSubset(of: properties))
        #expect(versioned.contains("updatedAt"))
    }

    @Test func aKeptCardIsServedWhileItsPortfolioIsTheSame() throws {
        let cache = FeedCardCache(renderer: TemplateModelTests.renderer)
        let portfolio = try Self.decode(Self.portfolio)
        #expect(try Self.drawn([portfolio], by: cache) == [7])
        #expect(try Self.drawn([portfolio], by: cache) == [])
    }

    /// A field a save writes changes with `updatedAt`; the others change on their own.
    @Test(arguments: changed.keys.sorted())
    func aCardIsDrawnAgainWhenAnyStoredPropertyOfItsPortfolioChanges(property: String) throws {
        let cache = FeedCardCache(renderer: TemplateModelTests.renderer)
        _ = try Self.drawn([try Self.decode(Self.portfolio)], by: cache)
        var fields = Self.portfolio
        fields[property] = Self.changed[property]
        if FeedCaches.CardVersion.savedFields.contains(property) { fields["updatedAt"] = Self.changed["updatedAt"] }
        let other = try Self.decode(fields)
        #expect(try Self.drawn([other], by: cache) == [other.storedId])
    }
}
