import Foundation
import Imaging
import Testing
@testable import Fotofolio

extension TestDatabase {
    var visibility: Visibility { Visibility(stores: stores) }

    /// A photo record of `owner` whose variants are files of these names (none written).
    func storedPhoto(of owner: User, files: [String]) throws -> Int64 {
        let variants = try JSONDecoder().decode([Variant].self, from: Data(("[" + files.map { name in
            #"{"kind":"full","format":"webp","width":300,"height":200,"byteCount":1000,"fileName":"\#(name)","sha256":"\#(String(repeating: "ab", count: 32))"}"#
        }.joined(separator: ",") + "]").utf8))
        let photo = Photo(
            id: nil, ownerId: owner.id!, originalFile: "originals/x.jpg", format: .jpeg, width: 300, height: 200,
            byteCount: 1000, placeholderColor: "#808080", cropCenterX: 0.5, cropCenterY: 0.5, cropZoom: 1,
            variants: variants, shot: .init(), credit: nil, licence: nil, licenceURL: nil, createdAt: Date())
        return try stores.photos.insert(photo).id!
    }

    /// A portfolio of `owner` showing one photo that uses `files`.
    func portfolio(of owner: User, visibility: PortfolioVisibility, files: [String] = []) throws -> PortfolioDetails {
        var draft = PortfolioDraft()
        draft.name = "Portfolio \(visibility.rawValue)"
        draft.photos = [.init(photoId: try storedPhoto(of: owner, files: files), altText: "")]
        draft.visibility = visibility
        return try portfolios.create(draft, by: owner)
    }
}

/// The one rule of who sees a subject, on the facts each store reads (SQLite, or PostgreSQL
/// with `FOTOFOLIO_TEST_STORE=postgres`).
@Suite struct VisibilityTests {
    let world: TestDatabase
    let owner: User, stranger: User, op: User, blocked: User

    init() throws {
        world = try TestDatabase()
        owner = try world.creator()
        stranger = try world.client()
        op = try world.operatorAccount()
        blocked = try world.client("eva.s")
        try Blocking(stores: world.stores).block(blocked.id!, by: owner.id!)
    }

    func sight(_ subject: Subject, _ person: User?, sharing portfolioId: Int64? = nil) throws -> Sight {
        try world.visibility.sight(of: subject, for: Viewer(personId: person?.id, sharedPortfolioId: portfolioId))
    }

    func sights(_ subject: Subject) throws -> [Sight] {
        try [nil, stranger, owner, op, blocked].map { try sight(subject, $0) }
    }

    @Test func aPublicPortfolioAndItsPhotoAreSeenByAllButThePersonItsOwnerBlocked() throws {
        let details = try world.portfolio(of: owner, visibility: .public)
        for subject in [Subject.portfolio(details.portfolio.id!), .photo(details.photos[0].photo.id!)] {
            #expect(try sights(subject) == [.reader, .reader, .keeper, .keeper, .none])
        }
    }

    @Test func anUnlistedPortfolioIsSeenThroughItsShareLinkAndAPrivateOneByItsOwnerAndOperatorsOnly() throws {
        let unlisted = try world.portfolio(of: owner, visibility: .unlisted).portfolio.id!
        let hidden = try world.portfolio(of: owner, visibility: .private).portfolio.id!
        #expect(try sights(.portfolio(unlisted)) == [.none, .none, .keeper, .keeper, .none])
        #expect(try sight(.portfolio(unlisted), nil, sharing: unlisted) == .reader)
        #expect(try sight(.portfolio(unlisted), stranger, sharing: unlisted) == .reader)
        #expect(try sight(.portfolio(unlisted), blocked, sharing: unlisted) == .none)
        // A link opens its own portfolio, not another.
        #expect(try sight(.portfolio(hidden), nil, sharing: unlisted) == .none)
        #expect(try sights(.portfolio(hidden)) == [.none, .none, .keeper, .keeper, .none])
    }

    @Test func whatOperatorsHidAndTheWorkOfASuspendedPersonIsSeenByItsOwnerAndOperatorsOnly() throws {
        let portfolio = try world.portfolio(of: owner, visibility: .public)
        let shown = try world.portfolio(of: owner, visibility: .public)
        let photo = shown.photos[0].photo.id!
        try world.moderation.apply(.hidePortfolio(portfolio.portfolio.id!), reason: "Spam", by: op.id!)
        try world.moderation.apply(.hidePhoto(photo), reason: "Cizí", by: op.id!)
        #expect(try sights(.portfolio(portfolio.portfolio.id!)) == [.none, .none, .keeper, .keeper, .none])
        #expect(try sights(.photo(portfolio.photos[0].photo.id!)) == [.none, .none, .keeper, .keeper, .none])
        #expect(try sights(.photo(photo)) == [.none, .none, .keeper, .keeper, .none])
        #expect(try sights(.portfolio(shown.portfolio.id!)) == [.reader, .reader, .keeper, .keeper, .none])

        try world.moderation.apply(.suspend(userId: owner.id!, until: nil), reason: "Spam", by: op.id!)
        #expect(try sights(.portfolio(shown.portfolio.id!)) == [.none, .none, .keeper, .keeper, .none])
        #expect(try sights(.profile(owner.id!)) == [.none, .none, .keeper, .keeper, .none])
    }

    @Test func aPhotoInNoPortfolioIsItsOwnersAndAProfilePictureEveryones() throws {
        let upload = try world.storedPhoto(of: owner)
        #expect(try sights(.photo(upload)) == [.none, .none, .keeper, .keeper, .none])
        var person = owner
        person.avatarPhotoId = upload
        try world.stores.accounts.update(person, claimingAvatar: upload)
        #expect(try sights(.photo(upload)) == [.reader, .reader, .keeper, .keeper, .reader])
        #expect(try sights(.photo(999_999)) == [.none, .none, .none, .none, .none])
    }

    @Test func aGalleryPhotoIsSeenByTheGallerysClientOrWhoeverItsLinkOpensTo() throws {
        let made = try world.galleries.create(GalleryForm(title: "Svatba", client: "jana.k"), by: owner)
        let photo = try world.storedPhoto(of: owner)
        try world.stores.galleries.add([NewGalleryPhoto(photoId: photo, fileName: "IMG_1.JPG", previews: [])], to: made.id,
                                       by: owner.id!)
        #expect(try sights(.photo(photo)) == [.none, .reader, .keeper, .keeper, .none])
        #expect(try world.visibility.sight(of: .photo(photo), for: Viewer(personId: nil, galleryId: made.id)) == .reader)
    }

    @Test func aMessageIsSeenByTheMembersOfItsConversationUntilRemoved() throws {
        let room = try world.messenger.directRoom(between: owner.id!, and: stranger.id!)
        let message = try world.send("Dobrý den", in: room.id, by: owner.id!)
        // Operators read messages on the moderation desk, not by their address.
        #expect(try sights(.message(message.id)) == [.none, .reader, .keeper, .none, .none])
        try world.moderation.apply(.removeMessage(message.id), reason: "Spam", by: op.id!)
        #expect(try sights(.message(message.id)) == [.none, .none, .keeper, .none, .none])
    }

    @Test func aReportIsRefusedAboutWhatTheReporterMayNotSee() throws {
        let unlisted = try world.portfolio(of: owner, visibility: .unlisted)
        let shown = try world.portfolio(of: owner, visibility: .public)
        for subject in [ReportSubject(.portfolio, unlisted.portfolio.id!), ReportSubject(.photo, unlisted.photos[0].photo.id!)] {
            #expect(try !world.reports.isVisible(subject, to: stranger.id!))
            #expect(throws: ReportError.unknownSubject) { try world.reports.report(subject, reason: .spam, details: "", by: stranger.id!) }
        }
        #expect(try !world.reports.isVisible(ReportSubject(.portfolio, shown.portfolio.id!), to: blocked.id!))
        #expect(try world.reports.isVisible(ReportSubject(.portfolio, shown.portfolio.id!), to: stranger.id!))
    }
}

/// Files under `/media/` open by the photos that use them; files are named by their bytes,
/// so two owners' identical photos share them.
@Suite struct FileVisibilityTests {
    let world: TestDatabase
    let vojta: User, petr: User, jana: User, op: User

    init() throws {
        world = try TestDatabase()
        vojta = try world.creator()
        petr = try world.creator("petr.novak")
        jana = try world.client()
        op = try world.operatorAccount()
    }

    func sight(_ file: String, _ person: User?) throws -> FileSight {
        try world.visibility.sight(of: file, for: Viewer(personId: person?.id))
    }

    @Test func hidingOneOwnersPhotoLeavesAnotherOwnersIdenticalFileShown() throws {
        let first = try world.portfolio(of: vojta, visibility: .public, files: ["00112233445566aa.webp", "00112233445566bb.jpg"])
        let second = try world.portfolio(of: petr, visibility: .public, files: ["00112233445566aa.webp"])
        try world.moderation.apply(.hidePhoto(first.photos[0].photo.id!), reason: "Cizí", by: op.id!)
        #expect(try sight("00112233445566aa.webp", nil) == .everyone)
        #expect(try sight("00112233445566bb.jpg", nil) == .none)
        #expect(try sight("00112233445566bb.jpg", jana) == .none)
        #expect(try sight("00112233445566bb.jpg", vojta) == .viewer)
        #expect(try sight("00112233445566bb.jpg", op) == .viewer)
        try world.moderation.apply(.hidePhoto(second.photos[0].photo.id!), reason: "Cizí", by: op.id!)
        #expect(try sight("00112233445566aa.webp", nil) == .none)
        #expect(try sight("00112233445566aa.webp", petr) == .viewer)
        try world.moderation.apply(.unhidePhoto(first.photos[0].photo.id!), reason: "Omyl", by: op.id!)
        #expect(try sight("00112233445566aa.webp", nil) == .everyone)
    }

    @Test func aPrivatePortfoliosFilesOpenToItsOwnerAndUnlistedOnesToWhoeverHoldsTheirNames() throws {
        _ = try world.portfolio(of: vojta, visibility: .private, files: ["00000000000000a1.webp"])
        _ = try world.portfolio(of: vojta, visibility: .unlisted, files: ["00000000000000a2.webp"])
        #expect(try sight("00000000000000a1.webp", nil) == .none)
        #expect(try sight("00000000000000a1.webp", jana) == .none)
        #expect(try sight("00000000000000a1.webp", vojta) == .viewer)
        #expect(try sight("00000000000000a2.webp", nil) == .everyone)
        #expect(try sight("00000000000000ff.webp", vojta) == .none)
    }

    @Test func aFileFollowsItsPhotoWhenTheFramingChangesAndLeavesWithIt() throws {
        let shown = try world.portfolio(of: vojta, visibility: .public, files: ["00000000000000c1.webp"])
        var photo = shown.photos[0].photo
        photo.variants = try JSONDecoder().decode([Variant].self, from: Data(#"""
            [{"kind":"full","format":"webp","width":300,"height":200,"byteCount":1000,"fileName":"00000000000000c2.webp","sha256":"ab"}]
            """#.utf8))
        try world.stores.photos.saveFraming(of: photo, at: Date())
        #expect(try sight("00000000000000c1.webp", nil) == .none)
        #expect(try sight("00000000000000c2.webp", nil) == .everyone)
        try world.portfolios.delete(shown.portfolio.id!, by: vojta.id!)
        #expect(try sight("00000000000000c2.webp", vojta) == .none)
    }

    @Test func aGalleryPhotosOwnFilesReachItsClientOnlyOnceDeliveredAndItsPreviewsAtOnce() throws {
        let made = try world.galleries.create(GalleryForm(title: "Svatba", client: "jana.k"), by: vojta)
        let photo = try world.storedPhoto(of: vojta, files: ["00000000000000d1.jpg"])
        let previews = try JSONDecoder().decode([Variant].self, from: Data(#"""
            [{"kind":"full","format":"jpeg","width":300,"height":200,"byteCount":1000,"fileName":"00000000000000d2.jpg","sha256":"ab"}]
            """#.utf8))
        try world.stores.galleries.add([NewGalleryPhoto(photoId: photo, fileName: "IMG_1.JPG", previews: previews)], to: made.id,
                                       by: vojta.id!)
        #expect(try sight("00000000000000d1.jpg", jana) == .none)
        #expect(try sight("00000000000000d2.jpg", jana) == .viewer)
        #expect(try sight("00000000000000d2.jpg", nil) == .none)
        #expect(try sight("00000000000000d1.jpg", vojta) == .viewer)
        try world.stores.galleries.deliver(made.id, by: vojta.id!, at: Date())
        #expect(try sight("00000000000000d1.jpg", jana) == .viewer)
        #expect(try sight("00000000000000d1.jpg", petr) == .none)
    }
}
