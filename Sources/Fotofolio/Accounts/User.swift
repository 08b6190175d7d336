import Foundation

/// Someone with an account: a client looking for a photographer, or a creator showing work.
public struct User: Codable, Sendable, Equatable {
    public enum Role: String, Codable, Sendable, CaseIterable {
        case client
        case creator
    }

    public var id: Int64?
    /// Lower-case `a-z 0-9 . _`, 3–30 characters, unique.
    public var username: String
    public var fullName: String
    /// Unique regardless of letter case.
    public var email: String
    public var emailConfirmedAt: Date?
    public var location: String
    public var role: Role
    /// Creators only.
    public var bio: String?
    public var yearsOfExperience: Int?
    /// Whole Kč per hour; nil with `priceByAgreement` when the creator prefers to agree a price.
    public var hourlyRate: Int?
    public var priceByAgreement: Bool
    public var passwordHash: String
    public var createdAt: Date
    /// The square photo shown instead of initials, once uploaded.
    public var avatarPhotoId: Int64? = nil
    /// A creator's accent colour on their profile page (both set, or neither).
    public var accentHue: Double? = nil
    public var accentSaturation: Double? = nil
    /// Kept by `RatingsService` in the same transaction as the ratings themselves.
    public var ratingCount: Int = 0
    public var ratingSum: Int = 0
    /// Of `ratingCount`, those resting on real contact (`RatingBasis.isVerified`).
    public var verifiedRatingCount: Int = 0
    /// Who may start a conversation with the person.
    public var whoMayWrite: WritePolicy = .everyone
    /// The terms of a creator's photos unless a portfolio or a photo says otherwise.
    public var licence: Licence = .allRightsReserved
    /// Whether the other person of a direct conversation sees when this one has read their
    /// messages ("Seen"); off also hides theirs (`ReadReceipts`).
    public var sharesSeen: Bool = true

    /// The mean of the stars given, or nil while nobody has rated.
    public var averageRating: Double? { ratingCount == 0 ? nil : Double(ratingSum) / Double(ratingCount) }

    public init(id: Int64? = nil, username: String, fullName: String, email: String, emailConfirmedAt: Date? = nil,
                location: String, role: Role, bio: String? = nil, yearsOfExperience: Int? = nil, hourlyRate: Int? = nil,
                priceByAgreement: Bool, passwordHash: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.fullName = fullName
        self.email = email
        self.emailConfirmedAt = emailConfirmedAt
        self.location = location
        self.role = role
        self.bio = bio
        self.yearsOfExperience = yearsOfExperience
        self.hourlyRate = hourlyRate
        self.priceByAgreement = priceByAgreement
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}
