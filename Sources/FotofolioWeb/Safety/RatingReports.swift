import Fotofolio
import HTTPServer

/// A rating as the person rated and operators read it: who gave it, the stars and what it
/// rests on. No address shows a single rating to anyone else.
struct RatingReports {
    let ratings: RatingsService
    let accounts: AccountsService

    /// "★★★★☆ · verified: a conversation in which both wrote".
    static func line(_ rating: GivenRating, table: StringTable) -> String {
        String(repeating: "★", count: rating.stars) + String(repeating: "☆", count: 5 - rating.stars) + " · "
            + table.string("rating.bases.\(rating.basis.rawValue)")
    }

    /// "@rater → @rated", the rater (whom the desk may suspend) and the rated person's profile.
    func describe(_ ratingId: Int64) throws -> (rating: GivenRating, title: String, rater: User?, link: String?)? {
        guard let rating = try ratings.rating(id: ratingId) else { return nil }
        let rater = try accounts.user(id: rating.raterId), rated = try accounts.user(id: rating.ratedId)
        return (rating, "@\(rater?.username ?? "–") → @\(rated?.username ?? "–")", rater,
                rated.map { "/u/\(QueryItems.escape($0.username))" })
    }
}
