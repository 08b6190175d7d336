import Foundation
import Testing
import Fotofolio

/// What may change a gallery, the rules on their own (the stores' tests hold them in a transaction).
@Suite struct GalleryRulesTests {
    static func gallery(limit: Int? = nil, delivered: Bool = false) -> Gallery {
        Gallery(id: 7, photographerId: 1, clientId: 2, title: "Svatba", message: "", pickLimit: limit, token: String(repeating: "a", count: 48),
                createdAt: Date(timeIntervalSince1970: 0), submittedAt: nil,
                deliveredAt: delivered ? Date(timeIntervalSince1970: 60) : nil, downloadCount: 0)
    }

    @Test func onlyItsPhotographerHasTheGalleryAndAnotherIsToldItIsNotThere() throws {
        #expect(try GalleryRules.owned(Self.gallery(), by: 1).id == 7)
        #expect(throws: GalleryError.notFound) { try GalleryRules.owned(Self.gallery(), by: 2) }
        #expect(throws: GalleryError.notFound) { try GalleryRules.owned(nil, by: 1) }
    }

    @Test func picksChangeUntilDelivery() throws {
        #expect(try GalleryRules.choosable(Self.gallery()).id == 7)
        #expect(throws: GalleryError.delivered) { try GalleryRules.choosable(Self.gallery(delivered: true)) }
        #expect(throws: GalleryError.notFound) { try GalleryRules.choosable(nil) }
    }

    @Test(arguments: [
        (nil, 1_000, nil), (30, 0, nil), (30, 29, nil), (30, 30, nil), (30, 31, GalleryError.limitReached(30)),
        (0, 0, nil), (0, 1, GalleryError.limitReached(0)),
    ] as [(Int?, Int, GalleryError?)])
    func picksStayWithinTheLimit(limit: Int?, count: Int, refusal: GalleryError?) {
        let gallery = Self.gallery(limit: limit)
        if let refusal {
            #expect(throws: refusal) { try GalleryRules.checkPicks(count, in: gallery) }
        } else {
            #expect(throws: Never.self) { try GalleryRules.checkPicks(count, in: gallery) }
        }
    }

    @Test func aSelectionIsSentWithSomethingInIt() {
        #expect(throws: GalleryError.nothingPicked) { try GalleryRules.checkSubmit(picks: 0) }
        #expect(throws: Never.self) { try GalleryRules.checkSubmit(picks: 1) }
    }
}
