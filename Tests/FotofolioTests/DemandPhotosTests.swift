import Foundation
import Testing
@testable import Fotofolio

/// A demand's reference photos on both stores: stored in the client's order with the demand,
/// replaced by an edit, refused past five or when they are not the client's own (nothing
/// stored), seen by whoever may see the demand, and kept from the sweep of unused photos.
@Suite struct DemandPhotosTests {
    let shoots: ShootWorld
    let library: PhotoLibrary
    var world: TestDatabase { shoots.world }
    var demands: Demands { Demands(stores: world.stores) }
    var today: CalendarDay { shoots.today }

    init() throws {
        shoots = try ShootWorld()
        library = PhotoLibrary(stores: shoots.world.stores, mediaDirectory: shoots.world.directory + "/media")
        let vojta = try #require(try shoots.world.accounts.user(username: "vojtafoti"))
        try shoots.world.portfolio(of: vojta, tags: "svatba")
    }

    /// A photo of `owner` through the pipeline, as the form's upload makes it.
    func photo(of owner: Int64, _ name: String = "food-espresso-cup.jpg") throws -> DemandPhoto {
        try #require(DemandPhoto(photo: try library.importPhoto(fileAt: DemoPhotos.path(name), owner: owner)))
    }

    /// A photo record of `owner` without files: enough for the rules about counts and owners.
    func record(of owner: Int64) throws -> DemandPhoto {
        let photo = Photo(
            id: nil, ownerId: owner, originalFile: "originals/x.jpg", format: .jpeg, width: 300, height: 200, byteCount: 1000,
            placeholderColor: "#808080", cropCenterX: 0.5, cropCenterY: 0.5, cropZoom: 1, variants: [], shot: .init(), credit: nil,
            licence: nil, licenceURL: nil, createdAt: Date())
        let id = try world.stores.photos.insert(photo).id!
        return DemandPhoto(photoId: id, file: "0123456789abcdef.webp", width: 1600, height: 1067, thumbnailFile: "fedcba9876543210.webp",
                           thumbnailWidth: 320, thumbnailHeight: 320)
    }

    func form(_ photos: [DemandPhoto]) -> DemandForm {
        var form = DemandForm.valid(first: today.adding(days: 10), last: today.adding(days: 12))
        form.photos = photos
        return form
    }

    func post(_ photos: [DemandPhoto], by clientId: Int64? = nil) throws -> Demand {
        try demands.post(form(photos), uuid: UUID().uuidString, by: clientId ?? shoots.jana, at: shoots.now)
    }

    @Test func photosAreStoredInTheClientsOrderAndShownToAMatchingPhotographer() throws {
        let photos = [try photo(of: shoots.jana), try photo(of: shoots.jana, "food-fig-in-red-bowl.jpg")]
        let demand = try post(photos)
        #expect(demand.photos == photos)
        #expect(try demands.demand(demand.id, for: shoots.jana, at: shoots.now)?.demand.photos == photos)
        #expect(try demands.demand(demand.id, for: shoots.vojta, at: shoots.now)?.demand.photos == photos)
        #expect(try demands.matching(for: shoots.vojta, limit: 10, at: shoots.now).demands.first?.photos == photos)
        // Its client's other demand, with none, is not mixed up with them.
        #expect(try post([]).photos.isEmpty)
    }

    @Test func sixPhotosAreRefusedAtTheirFieldAndNothingIsStored() throws {
        let six = try (0..<6).map { _ in try record(of: shoots.jana) }
        #expect(throws: ShootProblems([.photos: .tooManyPhotos])) { try post(six) }
        #expect(try world.rowCount("demand") == 0 && world.rowCount("demandPhoto") == 0)
        #expect(try post(Array(six.prefix(5))).photos.count == 5)
    }

    @Test func aPhotoThatIsNotTheClientsOwnIsRefusedAndNothingIsStored() throws {
        let theirs = try record(of: shoots.vojta)
        #expect(throws: ShootProblems([.photos: .unknownPhoto])) { try post([try record(of: shoots.jana), theirs]) }
        #expect(throws: ShootProblems([.photos: .unknownPhoto])) {
            try post([DemandPhoto(photoId: 999_999, file: "0123456789abcdef.webp", width: 1, height: 1, thumbnailFile: "0123456789abcdef.webp",
                                  thumbnailWidth: 1, thumbnailHeight: 1)])
        }
        let mine = try record(of: shoots.jana)
        #expect(throws: ShootProblems([.photos: .unknownPhoto])) { try post([mine, mine]) }
        #expect(try world.rowCount("demand") == 0 && world.rowCount("demandPhoto") == 0)
    }

    @Test func anEditReplacesThePhotosAndKeepsTheirOrder() throws {
        let (first, second, third) = (try record(of: shoots.jana), try record(of: shoots.jana), try record(of: shoots.jana))
        let demand = try post([first, second])
        let edited = try demands.edit(demand.id, form([third, first]), by: shoots.jana, at: shoots.now)
        #expect(edited.photos == [third, first])
        #expect(try demands.edit(demand.id, form([]), by: shoots.jana, at: shoots.now).photos.isEmpty)
        #expect(try world.rowCount("demandPhoto") == 0)
        // Someone else's photo in an edit changes nothing.
        #expect(throws: ShootProblems([.photos: .unknownPhoto])) {
            try demands.edit(demand.id, form([first, try record(of: shoots.eva)]), by: shoots.jana, at: shoots.now)
        }
        #expect(try demands.demand(demand.id, for: shoots.jana, at: shoots.now)?.demand.photos.isEmpty == true)
    }

    @Test func theSweepOfUnusedPhotosKeepsADemandsPhotos() throws {
        let kept = try photo(of: shoots.jana)
        let dropped = try photo(of: shoots.jana, "food-fig-in-red-bowl.jpg")
        _ = try post([kept])
        try UnusedPhotos(library: library).sweep(now: Date().addingTimeInterval(3 * 24 * 3600))
        #expect(try library.photo(id: kept.photoId) != nil)
        for file in [kept.file, kept.thumbnailFile] { #expect(FileManager.default.fileExists(atPath: library.path(of: file)!)) }
        #expect(try library.photo(id: dropped.photoId) == nil)
    }
}
