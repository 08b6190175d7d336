import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioDemo
@testable import FotofolioSQLite

extension TestDatabase {
    var ratings: RatingsService { RatingsService(stores: stores) }
    var selection: SelectionService { SelectionService(stores: stores) }
    var feed: FeedService { FeedService(stores: stores) }

    /// A saved portfolio of `author` with `tags`, created at `date`.
    @discardableResult
    func portfolio(of author: User, name: String = "Portfolio", tags: String = "", at date: Date = Date()) throws -> PortfolioDetails {
        var draft = try self.draft(of: author, name: name, photos: 1)
        draft.tags = tags
        return try portfolios.create(draft, by: author, at: date)
    }
}

@Suite struct RatingsTests {
    @Test func theAverageAndCountFollowEveryRating() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client(), eva = try world.client("eva.s")
        try world.converse(jana.id!, with: creator.id!)
        try world.converse(eva.id!, with: creator.id!)
        try world.ratings.rate(creator.id!, stars: 5, by: jana.id!)
        let rated = try world.ratings.rate(creator.id!, stars: 2, by: eva.id!)
        #expect(rated.ratingCount == 2)
        #expect(rated.averageRating == 3.5)
    }

    @Test func onePersonRatesAnotherOnceAndMayChangeOrRemoveIt() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client()
        try world.converse(jana.id!, with: creator.id!)
        try world.ratings.rate(creator.id!, stars: 1, by: jana.id!)
        let changed = try world.ratings.rate(creator.id!, stars: 4, by: jana.id!)
        #expect(changed.ratingCount == 1 && changed.averageRating == 4)
        #expect(try world.ratings.stars(givenTo: creator.id!, by: jana.id!) == 4)
        let removed = try world.ratings.removeRating(of: creator.id!, by: jana.id!)
        #expect(removed?.ratingCount == 0 && removed?.averageRating == nil)
    }

    @Test func nobodyRatesThemselvesAndStarsAreOneToFive() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client()
        #expect(throws: RatingError.ownProfile) { try world.ratings.rate(creator.id!, stars: 5, by: creator.id!) }
        #expect(throws: RatingError.starsOutOfRange) { try world.ratings.rate(creator.id!, stars: 6, by: jana.id!) }
        #expect(throws: RatingError.starsOutOfRange) { try world.ratings.rate(creator.id!, stars: 0, by: jana.id!) }
        #expect(throws: RatingError.unknownPerson) { try world.ratings.rate(999, stars: 3, by: jana.id!) }
    }

    @Test func theAuthorsPortfoliosCarryTheSameAverage() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client(), eva = try world.client("eva.s")
        let before = try world.portfolio(of: creator)
        try world.converse(jana.id!, with: creator.id!)
        try world.converse(eva.id!, with: creator.id!)
        try world.ratings.rate(creator.id!, stars: 5, by: jana.id!)
        try world.ratings.rate(creator.id!, stars: 4, by: eva.id!)
        let after = try world.portfolio(of: creator, name: "Druhé")
        #expect(try world.portfolios.details(id: before.portfolio.id!)?.portfolio.authorRating == 4.5)
        #expect(after.portfolio.authorRating == 4.5)
    }
}

@Suite struct SelectionTests {
    @Test func addingTwiceKeepsOneEntryAndTheLatestComesFirst() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client()
        let first = try world.portfolio(of: creator, name: "První"), second = try world.portfolio(of: creator, name: "Druhé")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        try world.selection.add(first.portfolio.id!, for: jana.id!, at: start)
        try world.selection.add(second.portfolio.id!, for: jana.id!, at: start + 1)
        try world.selection.add(first.portfolio.id!, for: jana.id!, at: start + 2)
        #expect(try world.selection.entries(for: jana.id!).map(\.portfolio.name) == ["Druhé", "První"])
        #expect(try world.selection.add(12345, for: jana.id!) == false)
    }

    @Test func removingOneOrAll() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client()
        let ids = try (0..<3).map { try world.portfolio(of: creator, name: "P\($0)").portfolio.id! }
        for id in ids { try world.selection.add(id, for: jana.id!) }
        try world.selection.remove(ids[0], for: jana.id!)
        #expect(try world.selection.portfolioIds(for: jana.id!) == Set(ids[1...]))
        try world.selection.removeAll(for: jana.id!)
        #expect(try world.selection.portfolioIds(for: jana.id!).isEmpty)
    }

    @Test func aGuestsBookmarksMergeIntoTheAccountSkippingWhatIsGone() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client()
        let kept = try world.portfolio(of: creator, name: "Uložené")
        let already = try world.portfolio(of: creator, name: "Už tam")
        try world.selection.add(already.portfolio.id!, for: jana.id!, at: Date(timeIntervalSince1970: 1_000))
        try world.selection.merge([kept.portfolio.id!, 9999, already.portfolio.id!], into: jana.id!)
        #expect(try world.selection.entries(for: jana.id!).map(\.portfolio.name) == ["Uložené", "Už tam"])
    }
}

@Suite struct FeedTests {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aPortfolioMustHaveEveryTagOfTheFilterWhateverItsCaseAndAccents() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        try world.portfolio(of: creator, name: "Obojí", tags: "Svatba Portrét")
        try world.portfolio(of: creator, name: "Jen svatba", tags: "svatba")
        try world.portfolio(of: creator, name: "Nic", tags: "krajina")
        let both = try world.feed.page(FeedQuery(tags: ["svatba", "portret"].map(Tag.fold)))
        #expect(both.portfolios.map(\.name) == ["Obojí"])
        #expect(both.total == 1)
        let one = try world.feed.page(FeedQuery(tags: [Tag.fold("SVATBA")]))
        #expect(Set(one.portfolios.map(\.name)) == ["Obojí", "Jen svatba"])
    }

    /// Every combination of one to three tags (repeated, in any order) finds exactly the
    /// portfolios carrying all of them, page after page, each page counting them all, and so
    /// does the page past the last.
    @Test func aFilterOfSeveralTagsFindsAndCountsExactlyThePortfoliosWithAllOfThem() throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let tags = ["svatba", "praha", "portret", "noc"]
        var carrying: [String: Set<String>] = [:]
        for index in 0..<24 {
            // Each portfolio carries the tags whose bit is set in its number.
            let own = tags.indices.filter { index & (1 << $0) != 0 }.map { tags[$0] }
            try world.portfolio(of: creator, name: "P\(index)", tags: own.joined(separator: " "), at: start + Double(index))
            carrying["P\(index)"] = Set(own)
        }
        let filters = [["svatba"], ["praha", "svatba"], ["svatba", "praha", "svatba"], ["noc", "portret", "praha"], ["noc", "noc"]]
        for filter in filters {
            let expected = Set(carrying.filter { Set(filter).isSubset(of: $0.value) }.keys)
            var query = FeedQuery(tags: filter)
            query.pageSize = 2
            var found: [String] = []
            while true {
                let page = try world.feed.page(query)
                #expect(page.total == expected.count, "\(filter)")
                found += page.portfolios.map(\.name)
                guard let next = page.next else {
                    query.after = page.portfolios.last.map(FeedCursor.init) ?? query.after
                    break
                }
                query.after = next
            }
            #expect(Set(found) == expected && found.count == expected.count, "\(filter): \(found)")
            let beyond = try world.feed.page(query)
            #expect(beyond.portfolios.isEmpty && beyond.total == expected.count, "\(filter)")
        }
    }

    @Test func newestFirstOrBestRatedFirstWithTiesNewestFirst() throws {
        let world = try TestDatabase()
        let good = try world.creator("good"), best = try world.creator("best"), unrated = try world.creator("unrated")
        let jana = try world.client()
        try world.portfolio(of: best, name: "Nejlepší staré", at: start)
        try world.portfolio(of: good, name: "Dobré", at: start + 10)
        try world.portfolio(of: unrated, name: "Nové", at: start + 20)
        try world.portfolio(of: best, name: "Nejlepší nové", at: start + 5)
        try world.converse(jana.id!, with: best.id!)
        try world.converse(jana.id!, with: good.id!)
        try world.ratings.rate(best.id!, stars: 5, by: jana.id!)
        try world.ratings.rate(good.id!, stars: 3, by: jana.id!)
        #expect(try world.feed.page(FeedQuery()).portfolios.map(\.name) == ["Nové", "Dobré", "Nejlepší nové", "Nejlepší staré"])
        #expect(try world.feed.page(FeedQuery(sort: .rating)).portfolios.map(\.name) == [
            "Nejlepší nové", "Nejlepší staré", "Dobré", "Nové",
        ])
    }

    @Test(arguments: FeedQuery.Sort.allCases)
    func pagesStayPutWhileNewPortfoliosArrive(sort: FeedQuery.Sort) throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        let jana = try world.client()
        try world.converse(jana.id!, with: creator.id!)
        try world.ratings.rate(creator.id!, stars: 4, by: jana.id!)
        for index in 0..<30 { try world.portfolio(of: creator, name: "P\(index)", at: start + Double(index)) }
        var query = FeedQuery(sort: sort)
        let first = try world.feed.page(query)
        #expect(first.portfolios.count == 12)
        try world.portfolio(of: creator, name: "Úplně nové", at: start + 100)
        query.after = try #require(first.next)
        let second = try world.feed.page(query)
        query.after = try #require(second.next)
        let third = try world.feed.page(query)
        let names = (first.portfolios + second.portfolios + third.portfolios).map(\.name)
        #expect(names == (0..<30).reversed().map { "P\($0)" })
        #expect(third.next == nil)
        #expect(third.total == 31)
        // Past the last page nothing is left, and the count still covers everything.
        query.after = FeedCursor(try #require(third.portfolios.last))
        let beyond = try world.feed.page(query)
        #expect(beyond.portfolios.isEmpty && beyond.total == 31 && beyond.next == nil)
    }

    @Test(arguments: FeedQuery.Sort.allCases)
    func aCursorSurvivesItsTextForm(sort: FeedQuery.Sort) throws {
        let world = try TestDatabase()
        let creator = try world.creator()
        for index in 0..<13 { try world.portfolio(of: creator, name: "P\(index)", at: start + Double(index) + 0.123) }
        let first = try world.feed.page(FeedQuery(sort: sort))
        let text = try #require(first.next).text(for: sort)
        let second = try world.feed.page(FeedQuery(sort: sort, after: FeedCursor(text, sort: sort)))
        #expect(second.portfolios.map(\.name) == ["P0"])
        #expect(FeedCursor("nonsense", sort: sort) == nil)
        #expect(FeedCursor("1-2-3-4", sort: sort) == nil)
    }

    @Test(arguments: [
        ("9223372036854775807-1", FeedQuery.Sort.newest), ("253402300800000-1", .newest), ("-1-1", .newest), ("+1-1", .newest),
        ("1700000000000-0", .newest), ("1700000000000--1", .newest), ("1700000000000-", .newest), ("-1700000000000-1", .newest),
        ("9223372036854775807-0-1", .rating), ("5001-1700000000000-1", .rating), ("4500-9223372036854775807-1", .rating),
        ("0x10-1", .newest), ("１２-1", .newest),
    ])
    func aCursorOutOfBoundsIsNoCursor(text: String, sort: FeedQuery.Sort) {
        #expect(FeedCursor(text, sort: sort) == nil)
    }

    @Test(arguments: [("0-1", FeedQuery.Sort.newest), ("253402300799999-9223372036854775807", .newest), ("5000-253402300799999-1", .rating), ("0-0-1", .rating)])
    func aCursorAtItsBoundsKeepsItsText(text: String, sort: FeedQuery.Sort) throws {
        #expect(try #require(FeedCursor(text, sort: sort)).text(for: sort) == text)
    }

    @Test(.enabled(if: TestStore.kind == .sqlite, "reads SQLite's query plans"))
    func theFeedQueriesUseIndexesNotFullScans() throws {
        let world = try TestDatabase()
        let cursor = FeedCursor("4500-1700000000000-5", sort: .rating)!
        // The statements the store runs: every sort, with and without a cursor and a tag filter.
        let statements: [(String, StatementArguments)] = FeedQuery.Sort.allCases.flatMap { sort in
            [FeedQuery(sort: sort), FeedQuery(sort: sort, after: cursor), FeedQuery(tags: ["svatba", "praha"], sort: sort)]
                .flatMap { query in [FeedSQL.page(query), FeedSQL.count(query)].map { ($0.sql, $0.arguments) } }
        }
        try world.database.pool.read { db in
            for (sql, arguments) in statements {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(sql)", arguments: arguments).map { $0["detail"] as String }
                #expect(!plan.contains { $0.hasPrefix("SCAN portfolio") && !$0.contains("USING") }, "\(sql): \(plan)")
                #expect(!plan.contains { $0.contains("SCAN portfolioTag") && !$0.contains("USING") }, "\(sql): \(plan)")
                // The suspended are few: their portfolios are searched by owner, never found by
                // walking every portfolio's owner.
                #expect(!plan.contains { $0.hasPrefix("SCAN portfolio USING COVERING INDEX portfolio_on_ownerId") }, "\(sql): \(plan)")
                // A tag filter finds its few matches through the tag index and sorts just
                // those; without one, the order must come straight from an index.
                if !sql.contains("portfolioTag") {
                    #expect(!plan.contains { $0.contains("TEMP B-TREE FOR ORDER BY") }, "\(sql): \(plan)")
                }
            }
        }
    }
}

@Suite struct PeopleSearchTests {
    private func world() throws -> TestDatabase {
        let world = try TestDatabase()
        try world.demoPeople()
        return world
    }

    @Test func aTownIsFoundFromItsFirstLettersWithoutDiacritics() throws {
        let world = try world()
        let search = PeopleSearch(stores: world.stores)
        #expect(try search.search("plz", mode: .location).map(\.username) == ["michal1"])
        #expect(Set(try search.search("praha", mode: .location).map(\.username)) == ["vojtafoti", "lenka.svetlo", "martin.b"])
    }

    @Test func aNameIsFoundByUsernameOrFullNameWithoutDiacritics() throws {
        let world = try world()
        let search = PeopleSearch(stores: world.stores)
        #expect(try search.search("dvorakova", mode: .name).map(\.username) == ["ad.fotograf"])
        #expect(try search.search("Vojta Vot", mode: .name).map(\.username) == ["vojtafoti"])
        #expect(try search.search("vojtaf", mode: .name).map(\.username) == ["vojtafoti"])
        #expect(try search.search("praha", mode: .name).isEmpty)
    }

    @Test func aUsernameIsFoundByEachOfItsWordsBetweenDots() throws {
        let world = try world()
        let search = PeopleSearch(stores: world.stores)
        #expect(try search.search("fotograf", mode: .name).map(\.username) == ["ad.fotograf"])
        #expect(try search.search("svetl", mode: .name).map(\.username) == ["lenka.svetlo"])
    }

    @Test func queryPunctuationIsNeverReadAsSyntax() throws {
        let world = try world()
        let search = PeopleSearch(stores: world.stores)
        for text in ["\"", "*", "a OR b", "NEAR(", "location:praha", "   ", "-", "^x"] {
            #expect(throws: Never.self) { _ = try search.search(text, mode: .name) }
        }
    }

    @Test func anEditedProfileIsFoundUnderItsNewTown() throws {
        let world = try world()
        let jana = try #require(try world.accounts.user(username: "jana.k"))
        var edit = ProfileEdit(jana)
        edit.location = "Ústí nad Labem"
        _ = try world.accounts.updateProfile(of: jana.id!, with: edit)
        #expect(try PeopleSearch(stores: world.stores).search("usti", mode: .location).map(\.username) == ["jana.k"])
    }
}
