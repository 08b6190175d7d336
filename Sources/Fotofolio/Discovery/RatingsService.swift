import Foundation

/// One to five stars from one person for another; changeable, removable, never for oneself.
/// Anyone signed in rates; what the two have had to do with each other is kept as the
/// rating's basis, and ratings after real contact count as verified. The rated person's
/// counts and sum, and their portfolios' copy of the average, change in the same
/// transaction, so every page shows the same average.
public struct RatingsService: Sendable {
    let store: any RatingsStore
    let limits: RatingLimits

    public init(stores: Stores, limits: RatingLimits = .standard) {
        store = stores.ratings
        self.limits = limits
    }

    public static let stars = 1...5

    /// Sets (or changes) the rating `rater` gives `rated`; returns the rated person as now
    /// stored. Someone `rated` has blocked may not (`RatingError.blocked`); a new account
    /// past its day's new ratings may not give another (`RatingError.tooManyToday`).
    @discardableResult
    public func rate(_ ratedId: Int64, stars: Int, by raterId: Int64, at date: Date = Date()) throws -> User {
        guard Self.stars.contains(stars) else { throw RatingError.starsOutOfRange }
        guard raterId != ratedId else { throw RatingError.ownProfile }
        return try store.rate(ratedId, stars: stars, by: raterId, limits: limits, at: date)
    }

    /// Takes back the rating `rater` gave `rated`, if any.
    @discardableResult
    public func removeRating(of ratedId: Int64, by raterId: Int64) throws -> User? {
        try store.removeRating(of: ratedId, by: raterId)
    }

    /// What a rating by `rater` of `rated` would rest on now.
    public func contact(of raterId: Int64, with ratedId: Int64, at date: Date = Date()) throws -> RatingBasis {
        guard raterId != ratedId else { return .none }
        return try store.contact(of: raterId, with: ratedId, at: date)
    }

    /// The ratings the person was given, newest first: theirs to read, and to report.
    public func ratings(of ratedId: Int64) throws -> [GivenRating] {
        try store.ratings(of: ratedId)
    }

    public func rating(id: Int64) throws -> GivenRating? {
        try store.rating(id: id)
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
    /// A new account gave its day's new ratings (`RatingLimits`).
    case tooManyToday
}

/// What a rating rests on, found again whenever it is set or changed.
public enum RatingBasis: String, Sendable, CaseIterable {
    /// A booking between the two that is done.
    case booking
    /// A conversation in which both wrote.
    case conversation
    /// No contact between the two.
    case none
    /// Given before ratings kept their basis, while a rating needed no contact.
    case beforeBookings

    /// Rests on real contact, and so counts as verified.
    public var isVerified: Bool { self == .booking || self == .conversation }
}

/// Whether a rating may be given: pure, so both stores decide alike on what they read in the
/// transaction that stores it.
public enum RatingRules {
    /// Anyone the rated person has not blocked rates, whatever their contact; the contact
    /// becomes the rating's basis.
    public static func basis(blockedByRated: Bool, contact: RatingBasis) throws -> RatingBasis {
        guard !blockedByRated else { throw RatingError.blocked }
        return contact
    }
}
