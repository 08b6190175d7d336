import Foundation
import Testing
@testable import Fotofolio

/// Unlisted and private portfolios stay out of every public list: the feed in each of its
/// shapes, its count, and the shortlists people made while they were public.
@Suite struct VisibilityFeedTests {
    let world: TestDatabase
    let vojta: User, petra: User, jana: User
    let shown: Int64, unlisted: Int64, hidden: Int64
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        world = try TestDatabase()
        vojta = try world.creator()
        petra = try world.creator("petra.foto")
        jana = try world.client()
        // Petra is the better rated, and her portfolios the newest: were they in the feed,
        // they would come first in either order.
        shown = try world.portfolio(of: vojta, name: "Veřejné", visibility: .public, tags: "svatba praha", at: start).portfolio.id!
        unlisted = try world.portfolio(of: petra, name: "Neveřejné", visibility: .unlisted, tags: "svatba praha", at: start + 10)
            .portfolio.id!
        hidden = try world.portfolio(of: petra, name: "Soukromé", visibility: .private, tags: "svatba praha", at: start + 20)
            .portfolio.id!
        try world.converse(jana.id!, with: vojta.id!)
        try world.converse(jana.id!, with: petra.id!)
        try world.ratings.rate(vojta.id!, stars: 3, by: jana.id!)
        try world.ratings.rate(petra.id!, stars: 5, by: jana.id!)
    }

    /// The queries of the feed's every shape: plain, by tags, by rating, with each filter.
    private var queries: [FeedQuery] {
        let everyone = FeedQuery.Sort.allCases.flatMap { sort in
            [FeedQuery(sort: sort), FeedQuery(tags: ["svatba"], sort: sort), FeedQuery(tags: ["praha", "svatba"], sort: sort),
             FeedQuery(maxRate: 100_000, sort: sort), FeedQuery(freeOn: CalendarDay(year: 2027, month: 6, day: 1), sort: sort),
             FeedQuery(tags: ["svatba"], maxRate: 100_000, sort: sort)]
        }
        var blocking = FeedQuery()
        blocking.hiddenAuthors = [999_999]
        return everyone + [blocking]
    }

    private func ids(_ query: FeedQuery) throws -> (page: [Int64], total: Int) {
        let page = try world.feed.page(query)
        return (page.portfolios.map { $0.id! }, page.total)
    }

    /// What the sitemaps list: the feed's portfolios unfiltered, the photographers not
    /// suspended (no client), each once in id order, and each when it last changed.
    @Test func searchEnginesAreToldOfThePublicPortfoliosAndThePhotographersInView() throws {
        let feed = world.feed
        #expect(try feed.indexablePortfolios(offset: 0, limit: 10).map(\.key) == [String(shown)])
        #expect(try feed.indexablePhotographers(offset: 0, limit: 10).map(\.key) == ["vojtafoti", "petra.foto"])
        #expect(try feed.indexablePhotographers(offset: 1, limit: 10).map(\.key) == ["petra.foto"])
        #expect(try feed.indexablePhotographers(offset: 0, limit: 1).map(\.key) == ["vojtafoti"])
        #expect(try feed.indexableCounts() == (1, 2))
        // A photographer's page changed when their newest public portfolio did; Petra has none.
        let photographers = try feed.indexablePhotographers(offset: 0, limit: 10)
        let portfolio = try #require(try world.portfolios.details(id: shown)).portfolio
        #expect(abs(photographers[0].lastModified.timeIntervalSince(max(vojta.createdAt, portfolio.updatedAt))) < 0.002)
        #expect(abs(photographers[1].lastModified.timeIntervalSince(petra.createdAt)) < 0.002)
        // Hidden and suspended leave the lists.
        let op = try world.operatorAccount()
        try world.moderation.apply(.hidePortfolio(shown), reason: "Spam", by: op.id!)
        #expect(try feed.indexablePortfolios(offset: 0, limit: 10).isEmpty)
        try world.moderation.apply(.suspend(userId: petra.id!, until: nil), reason: "Spam", by: op.id!)
        #expect(try feed.indexablePhotographers(offset: 0, limit: 10).map(\.key) == ["vojtafoti"])
        #expect(try feed.indexableCounts() == (0, 1))
    }

    @Test func unlistedAndPrivatePortfoliosAreInNoPageAndNoCount() throws {
        for query in queries {
            let found = try ids(query)
            #expect(found.page == [shown] && found.total == 1, "\(query)")
        }
    }

    @Test func thePagePastTheLastCountsOnlyThePublic() throws {
        for query in queries {
            var past = query
            past.after = FeedCursor(try #require(try world.portfolios.details(id: shown)).portfolio)
            let found = try ids(past)
            #expect(found.page.isEmpty && found.total == 1, "\(query)")
        }
    }

    @Test func theyLeaveTheShortlistsAndComeBackWhenPublicAgain() throws {
        for id in [shown, unlisted, hidden] { #expect(try world.selection.add(id, for: jana.id!, at: start + 100)) }
        #expect(try world.selection.entries(for: jana.id!).map(\.portfolio.id) == [shown])
        try world.make(unlisted, .public, by: petra)
        try world.make(hidden, .public, by: petra)
        #expect(Set(try world.selection.entries(for: jana.id!).map { $0.portfolio.id! }) == [shown, unlisted, hidden])
        for query in queries {
            let found = try ids(query)
            #expect(Set(found.page) == [shown, unlisted, hidden] && found.total == 3, "\(query)")
        }
        // Best rated first, the newest first among ties.
        #expect(try ids(FeedQuery(sort: .rating)).page == [hidden, unlisted, shown])
        #expect(try ids(FeedQuery(tags: ["svatba"], sort: .rating)).page == [hidden, unlisted, shown])
    }

    @Test func aPublicPortfolioMadeUnlistedOrPrivateLeavesAtOnce() throws {
        try world.selection.add(shown, for: jana.id!)
        for visibility in [PortfolioVisibility.unlisted, .private] {
            try world.make(shown, visibility, by: vojta)
            for query in queries {
                let found = try ids(query)
                #expect(found.page.isEmpty && found.total == 0, "\(visibility) \(query)")
            }
            #expect(try world.selection.entries(for: jana.id!).isEmpty, "\(visibility)")
        }
        try world.make(shown, .public, by: vojta)
        #expect(try ids(FeedQuery()) == ([shown], 1))
        #expect(try world.selection.entries(for: jana.id!).map(\.portfolio.id) == [shown])
    }

    @Test func manyPublicPortfoliosArePagedAndCountedWithoutTheOthers() throws {
        for index in 0..<5 {
            try world.portfolio(of: vojta, name: "V\(index)", visibility: .public, tags: "svatba", at: start + 100 + Double(index))
            try world.portfolio(of: petra, name: "N\(index)", visibility: .unlisted, tags: "svatba", at: start + 200 + Double(index))
        }
        for sort in FeedQuery.Sort.allCases {
            for tags in [[], ["svatba"]] {
                var query = FeedQuery(tags: tags, sort: sort)
                query.pageSize = 2
                var names: [String] = []
                while true {
                    let page = try world.feed.page(query)
                    #expect(page.total == 6, "\(sort) \(tags)")
                    names += page.portfolios.map(\.name)
                    guard let next = page.next else { break }
                    query.after = next
                }
                #expect(names == ["V4", "V3", "V2", "V1", "V0", "Veřejné"], "\(sort) \(tags)")
            }
        }
    }

    /// A portfolio out of view twice over (unlisted and hidden by an operator, or unlisted by
    /// a suspended author) is left out once: the count stays right.
    @Test func aPortfolioBothUnlistedAndModeratedIsCountedOutOnce() throws {
        let op = try world.operatorAccount()
        try world.moderation.apply(.hidePortfolio(unlisted), reason: "Spam", by: op.id!)
        #expect(try ids(FeedQuery()) == ([shown], 1))
        try world.moderation.apply(.suspend(userId: petra.id!, until: nil), reason: "Spam", by: op.id!)
        for query in queries {
            let found = try ids(query)
            #expect(found.page == [shown] && found.total == 1, "\(query)")
        }
    }

    @Test func anAuthorsOwnListAndTheDetailsStillShowThemToTheAuthor() throws {
        let own = try world.portfolios.portfolios(ownedBy: petra.id!)
        #expect(Set(own.map { $0.portfolio.id! }) == [unlisted, hidden])
        #expect(try world.portfolios.details(id: hidden)?.portfolio.visibility == .private)
    }
}

/// The feed's "free to reuse": only portfolios whose every photo is under a Creative
/// Commons licence, its own, else the portfolio's, else the author's default.
@Suite struct FreeToReuseFeedTests {
    let world: TestDatabase
    let vojta: User, petra: User

    init() throws {
        world = try TestDatabase()
        vojta = try world.creator()
        petra = try world.creator("petra.foto")
    }

    private func reusable(tags: [String] = [], sort: FeedQuery.Sort = .newest) throws -> (names: Set<String>, total: Int) {
        let page = try world.feed.page(FeedQuery(tags: tags, freeToReuse: true, sort: sort))
        return (Set(page.portfolios.map(\.name)), page.total)
    }

    @Test func underTheAuthorsDefaultAllRightsReservedAPortfolioIsOut() throws {
        try world.portfolio(of: vojta, name: "Výchozí", visibility: .public, photoLicences: [nil, nil], tags: "svatba")
        #expect(try reusable() == ([], 0))
        #expect(try reusable(tags: ["svatba"]) == ([], 0))
        #expect(try world.feed.page(FeedQuery()).total == 1)
    }

    @Test func aPortfolioUnderCCBYIsIn() throws {
        try world.portfolio(of: vojta, name: "CC BY", visibility: .public, licence: .ccBy, photoLicences: [nil, nil], tags: "svatba")
        try world.portfolio(of: vojta, name: "Výchozí", visibility: .public, photoLicences: [nil], tags: "svatba")
        for tags in [[], ["svatba"]] {
            for sort in FeedQuery.Sort.allCases {
                #expect(try reusable(tags: tags, sort: sort) == (["CC BY"], 1), "\(tags) \(sort)")
            }
        }
    }

    @Test func onePhotoAllRightsReservedTakesItsPortfolioOut() throws {
        try world.portfolio(of: vojta, name: "Jedna vyhrazená", visibility: .public, licence: .ccBy,
                            photoLicences: [nil, .allRightsReserved, .cc0])
        try world.portfolio(of: vojta, name: "Volné", visibility: .public, licence: .ccBy, photoLicences: [nil, .cc0])
        #expect(try reusable() == (["Volné"], 1))
    }

    @Test func photosOfTheirOwnCreativeCommonsLicencesBringInAPortfolioOfAnAuthorWhoReservesAllRights() throws {
        try world.portfolio(of: vojta, name: "Po fotkách", visibility: .public, licence: .allRightsReserved,
                            photoLicences: [.ccBy, .ccBySa, .ccByNc, .cc0])
        try world.portfolio(of: vojta, name: "Jedna bez", visibility: .public, licence: .allRightsReserved,
                            photoLicences: [.ccBy, nil])
        #expect(try reusable() == (["Po fotkách"], 1))
    }

    @Test func anAuthorsDefaultCC0WithNoOverridesIsIn() throws {
        try world.setDefaultLicence(.cc0, of: petra)
        try world.portfolio(of: petra, name: "Petřino", visibility: .public, photoLicences: [nil, nil])
        try world.portfolio(of: vojta, name: "Vojtovo", visibility: .public, photoLicences: [nil])
        #expect(try reusable() == (["Petřino"], 1))
        // The portfolio's own terms outrank the default, and the default can be taken back.
        try world.portfolio(of: petra, name: "Vyhrazené", visibility: .public, licence: .allRightsReserved, photoLicences: [nil])
        #expect(try reusable() == (["Petřino"], 1))
        try world.setDefaultLicence(.allRightsReserved, of: petra)
        #expect(try reusable() == ([], 0))
    }

    @Test func theCountMatchesThePortfoliosFoundPageByPage() throws {
        try world.setDefaultLicence(.ccBySa, of: petra)
        var expected: Set<String> = []
        for index in 0..<7 {
            let free = index % 2 == 0
            let name = "P\(index)"
            if free { expected.insert(name) }
            try world.portfolio(of: petra, name: name, visibility: .public, photoLicences: free ? [nil, .ccBy] : [nil, .allRightsReserved],
                                tags: "svatba", at: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
        }
        // A free one nobody sees in the feed is counted by nobody.
        try world.portfolio(of: petra, name: "Neveřejné", visibility: .unlisted, photoLicences: [nil], tags: "svatba")
        try world.portfolio(of: petra, name: "Soukromé", visibility: .private, photoLicences: [nil], tags: "svatba")
        for tags in [[], ["svatba"]] {
            var query = FeedQuery(tags: tags, freeToReuse: true)
            query.pageSize = 2
            var found: [String] = []
            while true {
                let page = try world.feed.page(query)
                #expect(page.total == expected.count, "\(tags)")
                found += page.portfolios.map(\.name)
                guard let next = page.next else {
                    query.after = page.portfolios.last.map(FeedCursor.init) ?? query.after
                    break
                }
                query.after = next
            }
            #expect(found == ["P6", "P4", "P2", "P0"], "\(tags)")
            let beyond = try world.feed.page(query)
            #expect(beyond.portfolios.isEmpty && beyond.total == expected.count, "\(tags)")
        }
    }
}
