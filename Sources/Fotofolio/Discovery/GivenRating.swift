import Foundation

/// One rating as stored: who gave whom how many stars, on what basis.
public struct GivenRating: Sendable, Equatable {
    public let id: Int64
    public let raterId: Int64
    public let ratedId: Int64
    public let stars: Int
    public let basis: RatingBasis
    public let updatedAt: Date

    public init(id: Int64, raterId: Int64, ratedId: Int64, stars: Int, basis: RatingBasis, updatedAt: Date) {
        (self.id, self.raterId, self.ratedId) = (id, raterId, ratedId)
        (self.stars, self.basis, self.updatedAt) = (stars, basis, updatedAt)
    }
}
