import Foundation
import Testing
@testable import Fotofolio

/// What the stores keep of who sees a portfolio and on what terms its photos may be
/// reused, and of its share links: the same on SQLite and on PostgreSQL.
@Suite struct SharingStoreTests {
    @Test func visibilityAndLicencesAreStoredAndReadBack() throws {
        let world = try TestDatabase()
        var author = try world.creator()
        var edit = ProfileEdit(author)
        edit.licence = .ccBySa
        author = try world.accounts.updateProfile(of: author.id!, with: edit)
        #expect(try world.stores.accounts.user(id: author.id!)?.licence == .ccBySa)

        var draft = try world.draft(of: author, photos: 3)
        draft.visibility = .unlisted
        draft.licence = .ccBy
        draft.photos[1].licence = .cc0
        let created = try world.portfolios.create(draft, by: author)
        let id = created.portfolio.id!
        let read = try #require(try world.portfolios.details(id: id))
        #expect(read.portfolio.visibility == .unlisted)
        #expect(read.portfolio.licence == .ccBy)
        #expect(read.photos.map(\.licence) == [nil, .cc0, nil])
        #expect(read.photos.map(read.licence(of:)) == [.ccBy, .cc0, .ccBy])
        #expect(read.owner.licence == .ccBySa)

        // Private, with no licences of its own: the author's default applies.
        var again = PortfolioDraft(read)
        again.visibility = .private
        again.licence = nil
        again.photos[1].licence = nil
        _ = try world.portfolios.update(id, with: again, by: author.id!)
        let updated = try #require(try world.portfolios.details(id: id))
        #expect(updated.portfolio.visibility == .private && updated.portfolio.licence == nil)
        #expect(updated.photos.map(updated.licence(of:)) == [.ccBySa, .ccBySa, .ccBySa])
        #expect(try world.stores.portfolios.portfolio(id: id)?.visibility == .private)
    }

    @Test func aNewAccountReservesAllRights() throws {
        let world = try TestDatabase()
        let client = try world.client()
        #expect(try world.stores.accounts.user(id: client.id!)?.licence == .allRightsReserved)
    }

    @Test func onlyPublicPortfoliosAreInTheFeedItsCountsAndSelections() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let reader = try world.client()
        var ids: [PortfolioVisibility: Int64] = [:]
        for visibility in PortfolioVisibility.allCases {
            var draft = try world.draft(of: author, name: visibility.rawValue, photos: 1)
            draft.tags = "svatba"
            draft.visibility = visibility
            ids[visibility] = try world.portfolios.create(draft, by: author).portfolio.id!
            try world.selection.add(ids[visibility]!, for: reader.id!)
        }
        for query in [FeedQuery(), FeedQuery(tags: [Tag.fold("svatba")]), FeedQuery(tags: [Tag.fold("svatba")], maxRate: 100_000),
                      FeedQuery(freeToReuse: false, sort: .rating)] {
            let page = try world.feed.page(query)
            #expect(page.portfolios.map(\.id) == [ids[.public]], "\(query)")
            #expect(page.total == 1, "\(query)")
        }
        #expect(try world.selection.entries(for: reader.id!).map(\.portfolio.id) == [ids[.public]])
    }

    @Test func freeToReuseLeavesOutAnyPortfolioWithAPhotoUnderReservedTerms() throws {
        let world = try TestDatabase()
        var open = try world.creator("otevrena")
        var edit = ProfileEdit(open)
        edit.licence = .cc0
        open = try world.accounts.updateProfile(of: open.id!, with: edit)
        let reserved = try world.creator("vyhrazeny")

        func portfolio(of author: User, _ name: String, licence: Licence?, photos: [Licence?]) throws -> Int64 {
            var draft = try world.draft(of: author, name: name, photos: photos.count)
            draft.licence = licence
            for index in photos.indices { draft.photos[index].licence = photos[index] }
            return try world.portfolios.create(draft, by: author).portfolio.id!
        }
        // The author's default, the portfolio's, each photo's own: the nearest one counts.
        let byDefault = try portfolio(of: open, "Výchozí", licence: nil, photos: [nil, nil])
        _ = try portfolio(of: open, "Vyhrazené portfolio", licence: .allRightsReserved, photos: [nil, .ccBy])
        let overridden = try portfolio(of: open, "Fotky volné", licence: .allRightsReserved, photos: [.ccBy, .ccByNc])
        _ = try portfolio(of: open, "Jedna vyhrazená", licence: .ccBy, photos: [nil, .allRightsReserved])
        let portfolioOwn = try portfolio(of: reserved, "Volné portfolio", licence: .ccBySa, photos: [nil, .cc0])
        _ = try portfolio(of: reserved, "Autorovo", licence: nil, photos: [nil])

        let everything = try world.feed.page(FeedQuery())
        #expect(everything.total == 6)
        let free = try world.feed.page(FeedQuery(freeToReuse: true))
        #expect(Set(free.portfolios.map { $0.id! }) == [byDefault, overridden, portfolioOwn])
        #expect(free.total == 3)

        // With tags too (every draft is tagged "svatba portrét"), and narrowed by the page size.
        var tagged = FeedQuery(tags: [Tag.fold("svatba")], freeToReuse: true)
        tagged.pageSize = 2
        let first = try world.feed.page(tagged)
        #expect(first.total == 3 && first.portfolios.count == 2)
        tagged.after = try #require(first.next)
        let second = try world.feed.page(tagged)
        #expect(Set((first.portfolios + second.portfolios).map { $0.id! }) == [byDefault, overridden, portfolioOwn])
    }

    @Test func shareLinksAreTheAuthorsToMakeListAndRevoke() throws {
        let world = try TestDatabase()
        let author = try world.creator()
        let other = try world.creator("jiny")
        let id = try world.portfolios.create(try world.draft(of: author), by: author).portfolio.id!
        let links = world.stores.shareLinks
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let token = String(repeating: "ab", count: 24)
        let first = try links.create(portfolioId: id, by: author.id!, token: token, label: "Novákovi",
                                     expiresAt: start + 86_400, passwordHash: "hash", at: start)
        let second = try links.create(portfolioId: id, by: author.id!, token: String(repeating: "cd", count: 24), label: "",
                                      expiresAt: nil, passwordHash: nil, at: start + 60)
        #expect(first.viewCount == 0 && first.portfolioId == id && first.id != second.id)
        #expect(try links.links(of: id, by: author.id!) == [second, first])
        #expect(try links.link(token: token) == first)
        #expect(try links.link(token: String(repeating: "ef", count: 24)) == nil)

        try links.countView(of: first.id)
        try links.countView(of: first.id)
        #expect(try links.link(token: token)?.viewCount == 2)

        #expect(throws: PortfolioAccessError.self) { try links.links(of: id, by: other.id!) }
        #expect(throws: PortfolioAccessError.self) {
            try links.create(portfolioId: id, by: other.id!, token: String(repeating: "0", count: 48), label: "",
                             expiresAt: nil, passwordHash: nil, at: start)
        }
        #expect(throws: PortfolioAccessError.self) { try links.revoke(first.id, of: id, by: other.id!) }
        #expect(throws: PortfolioAccessError.self) { try links.links(of: id + 1000, by: author.id!) }

        try links.revoke(first.id, of: id, by: author.id!)
        #expect(try links.link(token: token) == nil)
        #expect(throws: PortfolioAccessError.notFound) { try links.revoke(first.id, of: id, by: author.id!) }
        #expect(try links.links(of: id, by: author.id!) == [second])

        // Deleting the portfolio takes its links with it.
        try world.portfolios.delete(id, by: author.id!)
        #expect(try links.link(token: second.token) == nil)
    }
}
