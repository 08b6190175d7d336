import Foundation
import Fotofolio
import HTTPServer
import Testing
@testable import FotofolioWeb

/// A kept demand card is found by every field of its demand that can change, and filled
/// with the reader's own token and address: the same bytes as a card drawn for that reader.
@Suite struct DemandCardCacheTests {
    static let request = Request(method: .get, path: RequestPath(segments: []))
    static var demand: Demand { DemandSamples.demand }

    /// A field added to `Demand` fails here until the card's version holds it, or says only
    /// its client's edit writes it (and so moves `editedAt`).
    @Test func everyPropertyOfADemandIsInTheCardVersionOrWrittenOnlyByEdits() {
        let properties = Set(Mirror(reflecting: Self.demand).children.compactMap(\.label))
        let versioned = Set(Mirror(reflecting: DemandCardCache.Version(Self.demand)).children.compactMap(\.label))
        #expect(properties.subtracting(versioned).subtracting(DemandCardCache.Version.editedFields) == [])
        #expect(DemandCardCache.Version.editedFields.isSubset(of: properties) && versioned.isSubset(of: properties))
        #expect(versioned.contains("editedAt") && versioned.contains("createdAt"))
    }

    @Test func aKeptCardIsTheCardDrawnForThisReader() throws {
        let cache = DemandCardCache(renderer: TemplateModelTests.renderer)
        let table = TemplateModelTests.renderer.strings(for: Self.request)
        func drawn(csrf: String, returnTo: String) throws -> String {
            let view = DemandView(Self.demand, actions: [
                .init(label: table.string("demands.actions.answer"), href: "/demands/7/offer", primary: true, key: "answer"),
                .init(label: table.string("demands.actions.open"), href: "/demands/7", primary: false, key: "open"),
            ], hide: .init(action: "/demands/7/hide", csrf: csrf, returnTo: returnTo), text: ShootText(table: table))
            return try TemplateModelTests.renderer.fragmentText("partials/feed-demand", of: .feed, for: Self.request, content: view)
        }
        for (csrf, returnTo) in [("token-1", "/?show=demands"), ("token-2", "/en/?tags=svatba,praha&sort=rating\"<")] {
            let kept = try cache.cards([Self.demand], returnTo: returnTo, csrf: csrf, request: Self.request)
            #expect(kept == [try drawn(csrf: csrf, returnTo: returnTo)])
        }
    }

    @Test func anEditedDemandIsDrawnAgain() throws {
        let cache = DemandCardCache(renderer: TemplateModelTests.renderer)
        var demand = Self.demand
        let before = try cache.cards([demand], returnTo: "/", csrf: "c", request: Self.request)[0]
        demand.description = "Uvnitř, 20 hostů."
        #expect(try cache.cards([demand], returnTo: "/", csrf: "c", request: Self.request)[0] == before, "an edit moves editedAt")
        demand.editedAt = Date()
        let edited = try cache.cards([demand], returnTo: "/", csrf: "c", request: Self.request)[0]
        #expect(edited.contains("Uvnitř, 20 hostů.") && !edited.contains("Outdoors"))
    }
}
