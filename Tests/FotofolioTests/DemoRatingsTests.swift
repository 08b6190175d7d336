import Foundation
import Testing
@testable import Fotofolio
@testable import FotofolioDemo

@Suite(.enabled(if: TestStore.kind == .sqlite, "the demo seeders write SQLite rows")) struct DemoRatingsTests {
    let world: TestDatabase

    init() throws {
        world = try TestDatabase()
        try DemoWorld(database: world.database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
        try DemoConversations(database: world.database).seed()
        try DemoBookings(database: world.database).seed()
    }

    private func user(_ username: String) throws -> User {
        try #require(try world.accounts.user(username: username))
    }

    @Test func everyPhotographerIsRatedBySeveralPeopleWithAveragesThatAllDiffer() throws {
        #expect(try DemoRatings(database: world.database).seed() == DemoRatings.ratings.map(\.by.count).reduce(0, +))
        let creators = try DemoWorld.people.filter { $0.role == .creator }.map { try user($0.username) }
        #expect(creators.allSatisfy { $0.ratingCount >= 3 })
        let averages = creators.compactMap(\.averageRating)
        #expect(averages.count == creators.count && Set(averages).count == averages.count)
        let best = try #require(creators.max { $0.averageRating! < $1.averageRating! })
        #expect(best.username == "ad.fotograf", "vojtafoti, whom the prototype's user tests sign in as, finds someone else at the top")
    }

    @Test func vojtafotiIsRatedAsInThePrototypeAndSomeRatingsAreVerified() throws {
        try DemoRatings(database: world.database).seed()
        let vojta = try user("vojtafoti")
        #expect(try world.ratings.stars(givenTo: vojta.id!, by: try user("ad.fotograf").id!) == 5)
        #expect(try world.ratings.stars(givenTo: vojta.id!, by: try user("michal1").id!) == 4)
        #expect(vojta.verifiedRatingCount == 1, "martin.b wrote with him about the wedding")
        #expect(try user("ad.fotograf").verifiedRatingCount == 1)
        #expect(try user("lenka.svetlo").verifiedRatingCount == 2)
        #expect(try user("velvary.foto").verifiedRatingCount == 0)
    }

    @Test func theBestRatedComeFirstInTheFeedSortedByRating() throws {
        let world = try SeededDemoPortfolios.world()
        try DemoConversations(database: world.database).seed()
        try DemoBookings(database: world.database).seed()
        try DemoRatings(database: world.database).seed()
        var query = FeedQuery(sort: .rating)
        query.pageSize = 100
        let owners = try world.feed.page(query).portfolios.map { try world.accounts.user(id: $0.ownerId)!.username }
        var order: [String] = []
        for owner in owners where order.last != owner { order.append(owner) }
        #expect(order == ["ad.fotograf", "lenka.svetlo", "vojtafoti", "michal1", "tomas.priroda", "velvary.foto"])
    }

    @Test func seedingTwiceGivesNothingTheSecondTime() throws {
        let demo = DemoRatings(database: world.database)
        try demo.seed()
        #expect(try demo.seed() == 0)
    }
}
