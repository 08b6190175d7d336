import Foundation
import Testing
@testable import Fotofolio

extension TestDatabase {
    /// Someone whose account was made at `createdAt`, stored as registration stores people.
    func person(_ username: String, createdAt: Date) throws -> Int64 {
        let user = User(username: username, fullName: username, email: "\(username)@example.cz", location: "Praha", role: .creator,
                        priceByAgreement: true, passwordHash: "x", createdAt: createdAt)
        return try stores.accounts.insert(user, registeredFrom: nil, throttle: RegistrationThrottle(limit: 1), at: createdAt).id!
    }
}

/// What a person's counts hold: ratings by people not suspended, and of those the verified.
@Suite struct RatingCountTests {
    let world: TestDatabase
    let now = Date()

    init() throws {
        world = try TestDatabase()
    }

    @Test func aSuspendedPersonsRatingsStopCountingAndCountAgainWhenLifted() throws {
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s")
        let op = try world.operatorAccount()
        try world.converse(jana.id!, with: vojta.id!)
        try world.ratings.rate(vojta.id!, stars: 5, by: jana.id!)
        try world.ratings.rate(vojta.id!, stars: 2, by: eva.id!)
        let portfolio = try world.portfolio(of: vojta).portfolio
        try world.moderation.apply(.suspend(userId: jana.id!, until: nil), reason: "Falešná hodnocení", by: op.id!)
        let without = try #require(try world.accounts.user(id: vojta.id!))
        #expect(without.ratingCount == 1 && without.averageRating == 2 && without.verifiedRatingCount == 0)
        #expect(try world.portfolios.details(id: portfolio.id!)?.portfolio.authorRating == 2)
        // A change by someone else counts again without the suspended person's rating.
        #expect(try world.ratings.rate(vojta.id!, stars: 3, by: eva.id!).ratingCount == 1)
        try world.moderation.apply(.unsuspend(userId: jana.id!), reason: "Omyl", by: op.id!)
        let back = try #require(try world.accounts.user(id: vojta.id!))
        #expect(back.ratingCount == 2 && back.averageRating == 4 && back.verifiedRatingCount == 1)
        #expect(try world.portfolios.details(id: portfolio.id!)?.portfolio.authorRating == 4)
    }

    @Test func aNewAccountGivesTenNewRatingsADayAndMayChangeThem() throws {
        let rater = try world.person("novy.ucet", createdAt: now.addingTimeInterval(-86_400))
        let rated = try (0..<11).map { try world.person("fotograf\($0)", createdAt: now.addingTimeInterval(-400 * 86_400)) }
        for (index, person) in rated.prefix(10).enumerated() {
            try world.ratings.rate(person, stars: 4, by: rater, at: now.addingTimeInterval(Double(index)))
        }
        let later = now.addingTimeInterval(3600)
        #expect(throws: RatingError.tooManyToday) { try world.ratings.rate(rated[10], stars: 5, by: rater, at: later) }
        #expect(try world.ratings.stars(givenTo: rated[10], by: rater) == nil)
        #expect(try world.ratings.rate(rated[0], stars: 1, by: rater, at: later).averageRating == 1)
        // A day after the first, one slot is free again.
        #expect(try world.ratings.rate(rated[10], stars: 5, by: rater, at: now.addingTimeInterval(86_400.5)).ratingCount == 1)
    }

    @Test func anAccountOlderThanAWeekIsNotLimited() throws {
        let rater = try world.person("stary.ucet", createdAt: now.addingTimeInterval(-8 * 86_400))
        for index in 0..<12 {
            let person = try world.person("fotograf\(index)", createdAt: now.addingTimeInterval(-400 * 86_400))
            #expect(try world.ratings.rate(person, stars: 5, by: rater, at: now).ratingCount == 1)
        }
    }
}
