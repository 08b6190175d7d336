import Foundation
import Imaging
import Synchronization
import Testing
import Waiting
@testable import Fotofolio

extension TestDatabase {
    var galleries: Galleries { Galleries(stores: stores) }
}

/// What the gallery store keeps and refuses, the same on SQLite and on PostgreSQL
/// (`FOTOFOLIO_TEST_STORE`): photos, picks within the limit, submitting, delivery, the
/// photographer's live event, and picks racing for the last place.
@Suite struct GalleryStoreTests {
    let world: TestDatabase
    let photographer: User
    let client: User
    /// A whole second, so dates read back (to the millisecond) equal those given.
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        world = try TestDatabase()
        photographer = try world.creator()
        client = try world.client()
    }

    var store: any GalleryStore { world.stores.galleries }

    func later(_ seconds: TimeInterval) -> Date { now.addingTimeInterval(seconds) }

    /// A gallery of the photographer's for the client, through the store.
    func gallery(limit: Int? = nil, title: String = "Svatba Novákových", at date: Date? = nil) throws -> Gallery {
        try store.create(photographerId: photographer.id!, clientId: client.id!, title: title, message: "Vyberte prosím.",
                         pickLimit: limit, token: SecretToken.make(), at: date ?? now)
    }

    /// `count` new photos of the photographer's, added to the gallery; their ids in order.
    @discardableResult
    func photos(_ count: Int, in gallery: Gallery) throws -> [Int64] {
        let ids = try (0..<count).map { _ in try world.storedPhoto(of: photographer) }
        try store.add(ids.enumerated().map { NewGalleryPhoto(photoId: $1, fileName: "DSC_\($0).JPG", previews: []) },
                      to: gallery.id, by: photographer.id!)
        return ids
    }

    func details(_ gallery: Gallery) throws -> GalleryDetails {
        let current = try #require(try store.gallery(id: gallery.id))
        return try #require(try store.details(of: current))
    }

    func picks(_ gallery: Gallery) throws -> [Int64: GalleryPick] {
        Dictionary(try details(gallery).picks.map { ($0.photo.id!, $0.pick!) }) { first, _ in first }
    }

    @Test func aGalleryIsReadBackByIdAndByToken() throws {
        let made = try gallery(limit: 30)
        #expect(made.state == .proofing && made.downloadCount == 0)
        #expect(try store.gallery(id: made.id) == made)
        #expect(try store.gallery(token: made.token) == made)
        #expect(try store.gallery(token: SecretToken.make()) == nil)
        #expect(try store.gallery(id: made.id + 1000) == nil)
        let read = try details(made)
        #expect(read.photographer.id == photographer.id && read.client?.id == client.id && read.photos.isEmpty)

        // Through the service: the client by username, no limit, no client at all.
        let byName = try world.galleries.create(GalleryForm(title: "Portréty", client: "@jana.k"), by: photographer, at: now)
        #expect(byName.clientId == client.id && byName.pickLimit == nil && byName.token.count == 48)
        let open = try world.galleries.create(GalleryForm(title: "Pro kohokoli", pickLimit: "5"), by: photographer, at: now)
        #expect(open.clientId == nil && open.pickLimit == 5)
        #expect(try details(open).client == nil)
    }

    @Test func photosAreAddedWithTheirNamesAndPreviewsAndShownByName() throws {
        let made = try gallery()
        let previews = try JSONDecoder().decode([Variant].self, from: Data("""
            [{"kind":"full","format":"jpeg","width":2048,"height":1365,"byteCount":123456,
              "fileName":"00112233445566aa.jpg","sha256":"\(String(repeating: "ab", count: 32))"}]
            """.utf8))
        let first = try world.storedPhoto(of: photographer)
        let second = try world.storedPhoto(of: photographer)
        try store.add([NewGalleryPhoto(photoId: second, fileName: "IMG_2.JPG", previews: previews)], to: made.id, by: photographer.id!)
        try store.add([NewGalleryPhoto(photoId: first, fileName: "IMG_1.JPG", previews: [])], to: made.id, by: photographer.id!)
        let read = try details(made)
        // Shown by name, whatever the order they came in.
        #expect(read.photos.map(\.photo.id) == [first, second])
        #expect(read.photos.map(\.fileName) == ["IMG_1.JPG", "IMG_2.JPG"])
        #expect(read.photos.map(\.previews) == [[], previews])
        #expect(read.photos.allSatisfy { $0.pick == nil })
    }

    @Test func onlyTheirOwnFreePhotosJoinAGallery() throws {
        let made = try gallery()
        let inGallery = try photos(1, in: made)[0]
        let other = try world.creator("petra.foto")
        let othersPhoto = try world.storedPhoto(of: other)
        let portfolio = try world.portfolios.create(try world.draft(of: photographer, photos: 1), by: photographer)
        let portfoliosPhoto = portfolio.photos[0].photo.id!
        let free = try world.storedPhoto(of: photographer)
        let elsewhere = try gallery(title: "Jiná galerie")

        func add(_ ids: [Int64], to target: Gallery, by userId: Int64? = nil) throws {
            try store.add(ids.map { NewGalleryPhoto(photoId: $0, fileName: "x.jpg", previews: []) }, to: target.id,
                          by: userId ?? photographer.id!)
        }
        // Each refusal adds nothing, also of the free photo beside the refused one.
        #expect(throws: GalleryError.unknownPhoto) { try add([free, othersPhoto], to: made) }
        #expect(throws: GalleryError.unknownPhoto) { try add([free, portfoliosPhoto], to: made) }
        #expect(throws: GalleryError.unknownPhoto) { try add([free, inGallery], to: made) }
        #expect(throws: GalleryError.unknownPhoto) { try add([inGallery], to: elsewhere) }
        #expect(throws: GalleryError.unknownPhoto) { try add([free, free], to: made) }
        #expect(throws: GalleryError.unknownPhoto) { try add([free + 1000], to: made) }
        #expect(throws: GalleryError.notFound) { try add([free], to: made, by: other.id!) }
        #expect(throws: GalleryError.notFound) { try store.add([], to: made.id + 1000, by: photographer.id!) }
        #expect(try details(made).photos.map(\.photo.id) == [inGallery])
        #expect(try details(elsewhere).photos.isEmpty)

        try add([free], to: elsewhere)
        #expect(try details(elsewhere).photos.map(\.photo.id) == [free])
    }

    @Test func picksStopAtTheLimitAndARefusedPickChangesNothing() throws {
        let made = try gallery(limit: 2)
        let ids = try photos(3, in: made)
        #expect(try store.setPick(in: made.id, photoId: ids[0], picked: true, comment: "Oříznout", at: now) == 1)
        #expect(try store.setPick(in: made.id, photoId: ids[1], picked: true, comment: "", at: later(10)) == 2)
        #expect(throws: GalleryError.limitReached(2)) {
            try store.setPick(in: made.id, photoId: ids[2], picked: true, comment: "Tuhle taky", at: later(20))
        }
        var picked = try picks(made)
        #expect(Set(picked.keys) == [ids[0], ids[1]])
        #expect(picked[ids[0]] == GalleryPick(photoId: ids[0], comment: "Oříznout", pickedAt: now))

        // Picking a picked photo again at the limit changes its comment, not when it was picked.
        #expect(try store.setPick(in: made.id, photoId: ids[0], picked: true, comment: "Víc zleva", at: later(30)) == 2)
        picked = try picks(made)
        #expect(picked[ids[0]] == GalleryPick(photoId: ids[0], comment: "Víc zleva", pickedAt: now))

        // Taken back, the place is free again.
        #expect(try store.setPick(in: made.id, photoId: ids[1], picked: false, comment: "", at: later(40)) == 1)
        #expect(try store.setPick(in: made.id, photoId: ids[2], picked: true, comment: "", at: later(50)) == 2)
        #expect(Set(try picks(made).keys) == [ids[0], ids[2]])

        let stranger = try world.storedPhoto(of: photographer)
        #expect(throws: GalleryError.unknownPhoto) {
            try store.setPick(in: made.id, photoId: stranger, picked: true, comment: "", at: later(60))
        }
        #expect(throws: GalleryError.notFound) {
            try store.setPick(in: made.id + 1000, photoId: ids[0], picked: true, comment: "", at: later(60))
        }
        // Without a limit, as many as there are.
        let unlimited = try gallery(title: "Bez omezení")
        let all = try photos(4, in: unlimited)
        for (index, id) in all.enumerated() {
            #expect(try store.setPick(in: unlimited.id, photoId: id, picked: true, comment: "", at: now) == index + 1)
        }
    }

    @Test func theWholeSelectionIsReplacedWithTheSameChecks() throws {
        let made = try gallery(limit: 2)
        let ids = try photos(3, in: made)
        _ = try store.setPick(in: made.id, photoId: ids[0], picked: true, comment: "První", at: now)
        _ = try store.setPick(in: made.id, photoId: ids[1], picked: true, comment: "Druhá", at: later(10))
        let before = try picks(made)

        #expect(throws: GalleryError.limitReached(2)) {
            try store.replacePicks(in: made.id, with: [ids[0]: "", ids[1]: "", ids[2]: ""], at: later(20))
        }
        let stranger = try world.storedPhoto(of: photographer)
        #expect(throws: GalleryError.unknownPhoto) {
            try store.replacePicks(in: made.id, with: [ids[0]: "", stranger: ""], at: later(20))
        }
        #expect(try picks(made) == before)

        // The kept pick keeps when it was picked and takes its new comment; the new one is now.
        #expect(try store.replacePicks(in: made.id, with: [ids[0]: "Jinak", ids[2]: "Nová"], at: later(30)) == 2)
        #expect(try picks(made) == [ids[0]: GalleryPick(photoId: ids[0], comment: "Jinak", pickedAt: now),
                                    ids[2]: GalleryPick(photoId: ids[2], comment: "Nová", pickedAt: later(30))])
        #expect(try store.replacePicks(in: made.id, with: [:], at: later(40)) == 0)
        #expect(try picks(made).isEmpty)
    }

    @Test func aSelectionIsSentWithSomethingInItAndDeliveryMakesItFinal() throws {
        let made = try gallery(limit: 3)
        let ids = try photos(2, in: made)
        #expect(throws: GalleryError.nothingPicked) { try store.submit(made.id, at: now) }
        #expect(try store.gallery(id: made.id)?.submittedAt == nil)
        _ = try store.setPick(in: made.id, photoId: ids[0], picked: true, comment: "", at: now)
        try store.submit(made.id, at: later(10))
        var read = try #require(try store.gallery(id: made.id))
        #expect(read.submittedAt == later(10) && read.state == .submitted)

        #expect(throws: GalleryError.notDelivered) { try world.galleries.countDownload(of: read) }
        let other = try world.creator("petra.foto")
        #expect(throws: GalleryError.notFound) { try store.deliver(made.id, by: other.id!, at: later(20)) }
        #expect(throws: GalleryError.notFound) { try store.deliver(made.id, by: client.id!, at: later(20)) }
        try store.deliver(made.id, by: photographer.id!, at: later(20))
        read = try #require(try store.gallery(id: made.id))
        #expect(read.deliveredAt == later(20) && read.state == .delivered)
        // Delivering again changes nothing.
        try store.deliver(made.id, by: photographer.id!, at: later(30))
        #expect(try store.gallery(id: made.id)?.deliveredAt == later(20))

        #expect(throws: GalleryError.delivered) { try store.setPick(in: made.id, photoId: ids[1], picked: true, comment: "", at: later(40)) }
        #expect(throws: GalleryError.delivered) { try store.setPick(in: made.id, photoId: ids[0], picked: false, comment: "", at: later(40)) }
        #expect(throws: GalleryError.delivered) { try store.replacePicks(in: made.id, with: [ids[1]: ""], at: later(40)) }
        #expect(throws: GalleryError.delivered) { try store.submit(made.id, at: later(40)) }
        #expect(Set(try picks(made).keys) == [ids[0]])

        try world.galleries.countDownload(of: read)
        try store.countDownload(of: made.id)
        #expect(try store.gallery(id: made.id)?.downloadCount == 2)
    }

    @Test func galleriesAreListedNewestFirstWithTheirCounts() throws {
        let older = try gallery(limit: 5, title: "Starší", at: now)
        let newer = try store.create(photographerId: photographer.id!, clientId: nil, title: "Novější", message: "", pickLimit: nil,
                                     token: SecretToken.make(), at: later(60))
        let ids = try photos(3, in: older)
        try photos(1, in: newer)
        _ = try store.setPick(in: older.id, photoId: ids[0], picked: true, comment: "", at: now)
        _ = try store.setPick(in: older.id, photoId: ids[2], picked: true, comment: "", at: now)
        let other = try world.creator("petra.foto")
        _ = try store.create(photographerId: other.id!, clientId: client.id!, title: "Cizí", message: "", pickLimit: nil,
                             token: SecretToken.make(), at: later(120))

        let listed = try store.galleries(photographerId: photographer.id!)
        #expect(listed.map(\.gallery) == [newer, older])
        #expect(listed.map(\.picks) == [0, 2])
        #expect(listed.map(\.photos) == [1, 3])
        let forClient = try store.galleries(clientId: client.id!)
        #expect(forClient.map(\.gallery.title) == ["Cizí", "Starší"])
        #expect(forClient.map(\.picks) == [0, 2])
        #expect(try store.galleries(clientId: photographer.id!).isEmpty)
    }

    @Test func aPickTellsThePhotographersOpenPagesAndWakesTheLiveHub() async throws {
        let made = try gallery(limit: 2)
        let ids = try photos(2, in: made)
        let log = world.liveEvents
        let start = try log.latestSequence()
        let commits = Atomic<Int>(0)
        let observation = log.observeCommits(failed: { _ in }, changed: { _ in commits.add(1, ordering: .relaxed) })
        defer { observation.cancel() }

        #expect(try store.setPick(in: made.id, photoId: ids[1], picked: true, comment: "Tahle", at: now) == 1)
        try await waitUntil("the commit is observed") { commits.load(ordering: .relaxed) > 0 }

        let events = try log.events(after: start, for: photographer.id!, limit: 10)
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(event.kind == .gallery && event.roomId == 0 && event.userId == photographer.id)
        #expect(try JSONDecoder().decode(GalleryEvent.Envelope.self, from: Data(event.payload.utf8))
                == GalleryEvent.Envelope(type: "gallery", data: GalleryEvent(gallery: made.id, picks: 1)))
        // The client's own page does not hear of it, and a refused pick appends nothing.
        #expect(try log.events(after: start, for: client.id!, limit: 10).isEmpty)
        _ = try store.setPick(in: made.id, photoId: ids[0], picked: true, comment: "", at: later(1))
        let latest = try log.latestSequence()
        let third = try world.storedPhoto(of: photographer)
        try store.add([NewGalleryPhoto(photoId: third, fileName: "c.jpg", previews: [])], to: made.id, by: photographer.id!)
        #expect(throws: GalleryError.limitReached(2)) {
            try store.setPick(in: made.id, photoId: third, picked: true, comment: "", at: later(2))
        }
        #expect(try log.latestSequence() == latest)
        // Submitting and delivering are told too.
        try store.submit(made.id, at: later(3))
        try store.deliver(made.id, by: photographer.id!, at: later(4))
        let told = try log.events(after: start, for: photographer.id!, limit: 10)
        #expect(told.map(\.kind) == Array(repeating: .gallery, count: 4))
        #expect(told.last?.payload == GalleryEvent(gallery: made.id, picks: 2).json)
    }

    /// Two clients' devices (or two nodes) picking the last place at the same moment: one
    /// gets it, the other is told the limit is reached, and the limit holds.
    @Test func twoPicksRacingForTheLastPlaceLeaveExactlyTheLimit() throws {
        let nodes = [world.stores.galleries, try world.reopened().galleries]
        let now = now
        for round in 0..<6 {
            let made = try gallery(limit: 3, title: "Kolo \(round)")
            let ids = try photos(5, in: made)
            for id in ids.prefix(2) { _ = try store.setPick(in: made.id, photoId: id, picked: true, comment: "", at: now) }
            let outcomes = try onThreads(2) { index in
                do {
                    return "picked \(try nodes[index].setPick(in: made.id, photoId: ids[2 + index], picked: true, comment: "", at: now))"
                } catch let error as GalleryError {
                    return "\(error)"
                }
            }
            #expect(outcomes.sorted() == ["limitReached(3)", "picked 3"], "\(outcomes)")
            #expect(try picks(made).count == 3)
        }
    }

    /// The sweep of unused uploads keeps a gallery's photos and their watermarked previews.
    @Test func theUnusedPhotoSweepKeepsGalleryPhotosAndTheirPreviews() throws {
        let library = PhotoLibrary(stores: world.stores, mediaDirectory: world.directory + "/media")
        let photo = try library.importPhoto(fileAt: DemoPhotos.path("food-espresso-cup.jpg"), owner: photographer.id!)
        let previews = try library.watermarkedVariants(of: photo, text: "© Vojta Votruba · Fotofolio")
        #expect(!previews.isEmpty && Set(previews.map(\.fileName)).isDisjoint(with: photo.variants.map(\.fileName)))
        let made = try gallery()
        try store.add([NewGalleryPhoto(photoId: photo.id!, fileName: "DSC_0001.JPG", previews: previews)], to: made.id,
                      by: photographer.id!)
        let unused = try library.importPhoto(fileAt: DemoPhotos.path("landscape-misty-fields.jpg"), owner: photographer.id!)

        let removed = try UnusedPhotos(library: library).sweep(now: Date().addingTimeInterval(2 * 24 * 3600))

        #expect(removed.records == 1)
        #expect(try library.photo(id: unused.id!) == nil && library.photo(id: photo.id!) != nil)
        for variant in previews + photo.variants {
            #expect(FileManager.default.fileExists(atPath: library.path(of: variant.fileName)!), "\(variant.fileName)")
        }
        #expect(try details(made).photos.map(\.previews) == [previews])
    }
}
