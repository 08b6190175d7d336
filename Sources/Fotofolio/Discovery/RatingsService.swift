import Foundation

/// One to five stars from one person for another; changeable, removable, never for oneself.
/// The rated person's count and sum, and their portfolios' copy of the average, change in
/// the same transaction, so every page shows the same average.
public struct RatingsService: Sendable {
    let store: any RatingsStore

    public init(stores: Stores) {
        store = stores.ratings
    }

    public static let stars = 1...5

    /// Sets (or changes) the rating `rater` gives `rated`; returns the rated person as now
    /// stored. Someone `rated` has blocked may not (`RatingError.blocked`), nor someone
    /// without real contact with them (`RatingError.noContact`): a booking that is done, or a
    /// conversation in which both wrote.
    @discardableResult
    public func rate(_ ratedId: Int64, stars: Int, by raterId: Int64, at date: Date = Date()) throws -> User {
        guard Self.stars.contains(stars) else { throw RatingError.starsOutOfRange }
        guard raterId != ratedId else { throw RatingError.ownProfile }
        return try store.rate(ratedId, stars: stars, by: raterId, at: date)
    }

    /// Takes back the rating `rater` gave `rated`, if any.
    @discardableResult
    public func removeRating(of ratedId: Int64, by raterId: Int64) throws -> User? {
        try store.removeRating(of: ratedId, by: raterId)
    }

    /// What a rating would rest on now; nil when the two have had no real contact and the
    /// form is not offered.
    public func contact(of raterId: Int64, with ratedId: Int64, at date: Date = Date()) throws -> RatingBasis? {
        guard raterId != ratedId else { return nil }
        return try store.contact(of: raterId, with: ratedId, at: date)
    }

    /// The stars `rater` gave `rated`, if any.
    public func stars(givenTo ratedId: Int64, by raterId: Int64) throws -> Int? {
        try store.stars(givenTo: ratedId, by: raterId)
    }
}

public enum RatingError: Error, Sendable, Equatable {
    case starsOutOfRange
    case ownProfile
    case unknownPerson
    /// The rated person has blocked the rater.
    case blocked
    /// No booking of theirs is done and they have not both written in a conversation.
    case noContact
}

/// Whether a rating may be given: pure, so both stores decide alike on what they read in the
/// transaction that stores it.
public enum RatingRules {
    /// A rating rests on a contact (`basis`, nil: none) with someone who has not blocked the
    /// rater; the block is said first.
    public static func basis(blockedByRated: Bool, contact basis: RatingBasis?) throws -> RatingBasis {
        guard !blockedByRated else { throw RatingError.blocked }
        guard let basis else { throw RatingError.noContact }
        return basis
    }
}

/// What a rating rests on: the contact that let it be given.
public enum RatingBasis: String, Sendable, CaseIterable {
    /// A booking between the two that is done.
    case booking
    /// A conversation in which both wrote.
    case conversation
    /// Given before a rating needed contact (kept as it was).
    case beforeBookings
}
