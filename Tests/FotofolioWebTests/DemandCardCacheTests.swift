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
    @Test func everyPropertyOfADemandIsInItsStampOrWrittenOnlyByEditsOrSetOnlyOnceItIsNotOpen() {
        let properties = Set(Mirror(reflecting: Self.demand).children.compactMap(\.label))
        let stamped = Set(Mirror(reflecting: Self.demand.stamp).children.compactMap(\.label))
        let edited = DemandCardCache.editedFields, notOpen = DemandCardCache.notOpenFields
        #expect(properties.subtracting(stamped).subtracting(edited).subtracting(notOpen) == [])
        #expect(edited.isSubset(of: properties) && notOpen.isSubset(of: properties) && stamped.isSubset(of: properties))
        #expect(stamped.contains("editedAt") && stamped.contains("createdAt"))
    }

    /// The cards of `demands` for a reader, and which demands had to be read whole.
    static func cards(_ demands: [Demand], by cache: DemandCardCache, csrf: String = "c", returnTo: String = "/") throws
        -> (html: [String], read: [Int64]) {
        var read: [Int64] = []
        let html = try cache.cards(demands.map(\.stamp), load: { ids in
            read += ids
            return demands.filter { ids.contains($0.id) }
        }, returnTo: returnTo, csrf: csrf, request: request)
        return (html, read)
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
            let kept = try Self.cards([Self.demand], by: cache, csrf: csrf, returnTo: returnTo)
            #expect(kept.html == [try drawn(csrf: csrf, returnTo: returnTo)])
        }
    }

    @Test func anEditedDemandIsDrawnAgain() throws {
        let cache = DemandCardCache(renderer: TemplateModelTests.renderer)
        var demand = Self.demand
        let before = try Self.cards([demand], by: cache)
        #expect(before.read == [7])
        demand.editedAt = Date()
        demand.description = "Uvnitř, 20 hostů."
        let edited = try Self.cards([demand], by: cache)
        #expect(edited.read == [7] && edited.html[0].contains("Uvnitř, 20 hostů.") && !edited.html[0].contains("Outdoors"))
        #expect(try Self.cards([demand], by: cache).read == [])
    }
}
