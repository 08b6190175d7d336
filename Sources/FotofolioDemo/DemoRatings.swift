import Fotofolio
import FotofolioSQLite
import Foundation

/// Ratings of the demo world: several people rate every photographer, as the prototype's mock
/// data rated `vojtafoti` (`ad.fotograf` 5, `michal1` 4). The averages all differ, so "best
/// rated" is one clear person and the feed sorted by rating keeps one order. Ratings from
/// people who wrote to each other (`DemoConversations`, `DemoBookings`) count as verified,
/// so they are given after those are seeded. A rating already given is left as it is.
public struct DemoRatings: Sendable {
    /// Photographer, then who gives how many stars.
    static let ratings: [(rated: String, by: [(String, Int)])] = [
        // 19/4 = 4.75, the best rated, so vojtafoti (S2 of the prototype's user tests) finds
        // someone else at the top; eva.s's rests on the family shoot conversation.
        ("ad.fotograf", [("eva.s", 5), ("jana.k", 5), ("vojtafoti", 4), ("lenka.svetlo", 5)]),
        // 14/3 ≈ 4.67; jana.k's (the café) and martin.b's (the wedding group) are verified.
        ("lenka.svetlo", [("jana.k", 5), ("martin.b", 4), ("eva.s", 5)]),
        // 13/3 ≈ 4.33; martin.b's rests on the wedding conversation.
        ("vojtafoti", [("ad.fotograf", 5), ("michal1", 4), ("martin.b", 4)]),
        // 16/4 = 4.0
        ("michal1", [("vojtafoti", 4), ("tomas.priroda", 5), ("eva.s", 3), ("martin.b", 4)]),
        // 11/3 ≈ 3.67
        ("tomas.priroda", [("michal1", 4), ("eva.s", 4), ("jana.k", 3)]),
        // 10/3 ≈ 3.33
        ("velvary.foto", [("martin.b", 3), ("lenka.svetlo", 4), ("jana.k", 3)]),
    ]

    let database: AppDatabase
    let ratings: RatingsService
    let accounts: AccountsService

    public init(database: AppDatabase) {
        self.database = database
        ratings = RatingsService(stores: .sqlite(database))
        accounts = AccountsService(stores: .sqlite(database))
    }

    /// Gives the ratings not given yet; returns how many (0 the second time). Needs the demo
    /// world's people.
    @discardableResult
    public func seed(at date: Date = Date()) throws -> Int {
        var given = 0
        for (ratedName, raters) in Self.ratings {
            let rated = try person(ratedName)
            for (raterName, stars) in raters {
                let rater = try person(raterName)
                guard try ratings.stars(givenTo: rated, by: rater) == nil else { continue }
                try ratings.rate(rated, stars: stars, by: rater, at: date)
                given += 1
            }
        }
        return given
    }

    private func person(_ username: String) throws -> Int64 {
        guard let id = try accounts.user(username: username)?.id else { throw DemoConversations.DemoError.missingPerson(username) }
        return id
    }
}
