import Foundation

/// Stars people give each other: at most one rating per rater and rated person, each with
/// its basis (`RatingBasis`). Each person's `ratingCount`, `ratingSum` and
/// `verifiedRatingCount`, and their portfolios' `authorRating` (the average rounded to three
/// decimals, 0 while unrated), change in the transaction that changes their ratings, so every
/// page shows the same average. Ratings by a suspended person are not counted.
public protocol RatingsStore: Sendable {
    /// Sets (or changes) the stars and returns the rated person as now stored; throws
    /// `RatingError.unknownPerson` when there is no such person, `RatingError.blocked`
    /// when they have blocked the rater and `RatingError.tooManyToday` past `limits`, all
    /// checked in the same transaction. The rating's basis is what `contact(of:with:at:)`
    /// finds then.
    func rate(_ ratedId: Int64, stars: Int, by raterId: Int64, limits: RatingLimits, at date: Date) throws -> User

    /// Takes the rating back, if any; returns the rated person as now stored, nil when
    /// there is no such person.
    func removeRating(of ratedId: Int64, by raterId: Int64) throws -> User?

    /// What a rating by `raterId` of `ratedId` rests on now: a booking of theirs that is
    /// done, else a conversation in which both wrote, else none.
    func contact(of raterId: Int64, with ratedId: Int64, at date: Date) throws -> RatingBasis

    func stars(givenTo ratedId: Int64, by raterId: Int64) throws -> Int?

    func rating(id: Int64) throws -> GivenRating?

    /// The ratings the person was given, newest first.
    func ratings(of ratedId: Int64) throws -> [GivenRating]
}
