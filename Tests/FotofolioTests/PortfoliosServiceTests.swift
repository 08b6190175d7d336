import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

@Suite struct PortfoliosServiceTests {
    @Test func aCreatorCreatesAPortfolioWithPhotosInOrderAndTags() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let draft = try world.draft(of: author, photos: 3)
        let created = try world.portfolios.create(draft, by: author)
        #expect(created.portfolio.name == "Svatby")
        #expect(created.photos.map(\.photo.id) == draft.photos.map(\.photoId))
        #expect(created.photos.map(\.altText) == ["Fotka 1", "Fotka 2", "Fotka 3"])
        #expect(created.tags.map(\.label) == ["svatba", "portrét"])
        #expect(created.cover?.photo.id == draft.photos[0].photoId)
    }

    @Test func aClientCannotHaveAPortfolio() throws {
        let world = try TestDatabase()
        let client = try world.client()
        let draft = try world.draft(of: client)
        #expect(throws: PortfolioAccessError.notCreator) { try world.portfolios.create(draft, by: client) }
    }

    @Test func nameDescriptionTagsAndPhotoCountAreChecked() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        var draft = try world.draft(of: author)
        draft.name = "  "
        draft.description = String(repeating: "x", count: 2001)
        draft.tags = "a b c d e f"
        draft.photos = []
        #expect(portfolioProblems { _ = try world.portfolios.create(draft, by: author) } == [
            .name: .nameMissing, .description: .descriptionTooLong, .tags: .tooManyTags, .photos: .noPhotos,
        ])
        draft.name = String(repeating: "n", count: 81)
        #expect(portfolioProblems { _ = try world.portfolios.create(draft, by: author) }[.name] == .nameTooLong)
    }

    @Test func eightyCharactersAndThirtyPhotosAreTheLimits() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        var draft = try world.draft(of: author, photos: 30)
        draft.name = String(repeating: "n", count: 80)
        #expect(try world.portfolios.create(draft, by: author).photos.count == 30)
        var tooMany = try world.draft(of: author, photos: 31)
        tooMany.name = "Moc"
        #expect(portfolioProblems { _ = try world.portfolios.create(tooMany, by: author) } == [.photos: .tooManyPhotos])
    }

    @Test func someoneElsesPhotosCannotBeUsed() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let other = try world.creator("michal1")
        var draft = try world.draft(of: author)
        draft.photos.append(.init(photoId: try world.storedPhoto(of: other)))
        #expect(portfolioProblems { _ = try world.portfolios.create(draft, by: author) } == [.photos: .unknownPhoto])
    }

    @Test func aPhotoBelongsToOnePortfolioOnly() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let first = try world.draft(of: author)
        _ = try world.portfolios.create(first, by: author)
        var second = try world.draft(of: author, name: "Druhé")
        second.photos.append(first.photos[0])
        #expect(portfolioProblems { _ = try world.portfolios.create(second, by: author) } == [.photos: .unknownPhoto])
    }

    @Test func theAuthorReordersPhotosChangesTheCoverAndRemovesAPhoto() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let created = try world.portfolios.create(try world.draft(of: author, photos: 3), by: author)
        var draft = PortfolioDraft(created)
        let removed = draft.photos.removeFirst()
        draft.photos.reverse()
        draft.coverPhotoId = draft.photos[1].photoId
        draft.description = "Nový popis"
        let updated = try world.portfolios.update(created.portfolio.id!, with: draft, by: author.id!)
        #expect(updated.photos.map(\.photo.id) == draft.photos.map(\.photoId))
        #expect(updated.cover?.photo.id == draft.photos[1].photoId)
        #expect(updated.portfolio.description == "Nový popis")
        #expect(try world.stores.photos.photo(id: removed.photoId) == nil)
    }

    @Test func aFailedEditChangesNothing() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let created = try world.portfolios.create(try world.draft(of: author, photos: 2), by: author)
        var draft = PortfolioDraft(created)
        draft.description = "Změna, která se neuloží"
        draft.photos.removeLast()
        draft.tags = "a b c d e f"
        #expect(portfolioProblems { _ = try world.portfolios.update(created.portfolio.id!, with: draft, by: author.id!) } == [.tags: .tooManyTags])
        #expect(try world.portfolios.details(id: created.portfolio.id!) == created)
    }

    @Test func onlyTheAuthorChangesOrDeletesAPortfolio() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let other = try world.creator("michal1")
        let created = try world.portfolios.create(try world.draft(of: author), by: author)
        let id = created.portfolio.id!
        #expect(throws: PortfolioAccessError.notOwner) {
            _ = try world.portfolios.update(id, with: PortfolioDraft(created), by: other.id!)
        }
        #expect(throws: PortfolioAccessError.notOwner) { try world.portfolios.delete(id, by: other.id!) }
        #expect(throws: PortfolioAccessError.notOwner) { _ = try world.portfolios.editable(id, by: other.id!) }
        #expect(try world.portfolios.details(id: id) == created)
    }

    @Test func deletingAPortfolioDeletesItsPhotos() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let created = try world.portfolios.create(try world.draft(of: author), by: author)
        try world.portfolios.delete(created.portfolio.id!, by: author.id!)
        #expect(try world.portfolios.details(id: created.portfolio.id!) == nil)
        #expect(try world.rowCount("photo") == 0)
        #expect(throws: PortfolioAccessError.notFound) { try world.portfolios.delete(created.portfolio.id!, by: author.id!) }
    }

    @Test func aCreatorsPortfoliosComeNewestFirst() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        _ = try world.portfolios.create(try world.draft(of: author, name: "Starší"), by: author, at: start)
        _ = try world.portfolios.create(try world.draft(of: author, name: "Novější"), by: author, at: start + 60)
        #expect(try world.portfolios.portfolios(ownedBy: author.id!).map(\.portfolio.name) == ["Novější", "Starší"])
    }
}
