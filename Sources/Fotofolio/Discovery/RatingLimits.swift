import Foundation

/// What keeps a crowd of fresh accounts from burying a photographer in stars: an account
/// younger than `SpamLimits`' new-account age gives at most `newRatingsPerDay` new ratings
/// in any 24 hours. Changing a rating already given is free. The store counts inside the
/// transaction that would store the rating, so two nodes cannot both let the one over through.
public struct RatingLimits: Sendable, Equatable {
    public var newAccountAge: Duration = SpamLimits.standard.newAccountAge
    public var newRatingsPerDay = 10

    public init() {}

    public static let standard = RatingLimits()

    /// Since when a rater's new ratings count: the last day.
    public func counted(at date: Date) -> Date { date.addingTimeInterval(-86_400) }

    /// `givenToday`: the rater's ratings first given since `counted(at:)`; `isChange`: the
    /// rater has already rated this person.
    public func check(raterCreatedAt: Date, givenToday: Int, isChange: Bool, at date: Date) throws {
        guard !isChange, date.timeIntervalSince(raterCreatedAt) < newAccountAge.timeInterval else { return }
        if givenToday >= newRatingsPerDay { throw RatingError.tooManyToday }
    }
}
