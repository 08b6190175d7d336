import Foundation

/// A named set of a creator's photos with a description and up to five tags.
public struct Portfolio: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var ownerId: Int64
    public var name: String
    public var description: String
    /// The creator chose not to show "how it was shot" under the photos.
    public var hidesShotDetails: Bool
    /// The photo shown first where one photo stands for the portfolio; nil means the first.
    public var coverPhotoId: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    /// The author's average rating (0 while unrated), for the feed's rating sort.
    public var authorRating: Double = 0
    /// Public portfolios are in the feed; the others only behind a share link or to the author.
    public var visibility: PortfolioVisibility = .public
    /// The terms of its photos; nil: the author's default.
    public var licence: Licence? = nil

    public init(id: Int64?, ownerId: Int64, name: String, description: String, hidesShotDetails: Bool, coverPhotoId: Int64?,
                createdAt: Date, updatedAt: Date, authorRating: Double = 0, visibility: PortfolioVisibility = .public,
                licence: Licence? = nil) {
        self.id = id
        self.ownerId = ownerId
        self.name = name
        self.description = description
        self.hidesShotDetails = hidesShotDetails
        self.coverPhotoId = coverPhotoId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.authorRating = authorRating
        self.visibility = visibility
        self.licence = licence
    }
}

/// A photo as it appears in a portfolio: in its place, with its description for people
/// who cannot see it.
public struct PortfolioPhoto: Sendable, Equatable {
    public let photo: Photo
    public let altText: String
    /// This photo's own terms; nil: the portfolio's.
    public let licence: Licence?

    public init(photo: Photo, altText: String, licence: Licence? = nil) {
        self.photo = photo
        self.altText = altText
        self.licence = licence
    }
}

/// A portfolio with everything a page shows of it.
public struct PortfolioDetails: Sendable, Equatable {
    public let portfolio: Portfolio
    public let owner: User
    public let tags: [Tag]
    /// In the creator's order.
    public var photos: [PortfolioPhoto]

    public init(portfolio: Portfolio, owner: User, tags: [Tag], photos: [PortfolioPhoto]) {
        self.portfolio = portfolio
        self.owner = owner
        self.tags = tags
        self.photos = photos
    }

    /// The terms a photo is shown and delivered with: its own, else the portfolio's, else
    /// the author's default.
    public func licence(of item: PortfolioPhoto) -> Licence {
        item.licence ?? portfolio.licence ?? owner.licence
    }

    /// The chosen cover, or the first photo.
    public var cover: PortfolioPhoto? {
        photos.first { $0.photo.id == portfolio.coverPhotoId } ?? photos.first
    }
}

/// A portfolio as typed into its form, before it is checked and saved.
public struct PortfolioDraft: Sendable, Equatable {
    public struct DraftPhoto: Sendable, Equatable {
        public var photoId: Int64
        public var altText: String
        /// Nil: the portfolio's terms.
        public var licence: Licence?

        public init(photoId: Int64, altText: String = "", licence: Licence? = nil) {
            self.photoId = photoId
            self.altText = altText
            self.licence = licence
        }
    }

    public var name = ""
    public var description = ""
    /// As typed: words separated by spaces or commas.
    public var tags = ""
    /// In the order chosen.
    public var photos: [DraftPhoto] = []
    public var coverPhotoId: Int64?
    public var hidesShotDetails = false
    public var visibility = PortfolioVisibility.public
    /// Nil: the author's default.
    public var licence: Licence?

    /// The most photos a portfolio holds.
    public static let photoLimit = 30

    public init() {}

    /// The draft a portfolio's edit form starts from.
    public init(_ details: PortfolioDetails) {
        name = details.portfolio.name
        description = details.portfolio.description
        tags = details.tags.map(\.label).joined(separator: " ")
        photos = details.photos.map { DraftPhoto(photoId: $0.photo.id!, altText: $0.altText, licence: $0.licence) }
        coverPhotoId = details.portfolio.coverPhotoId
        hidesShotDetails = details.portfolio.hidesShotDetails
        visibility = details.portfolio.visibility
        licence = details.portfolio.licence
    }
}

/// The parts of the portfolio form a problem can belong to.
public enum PortfolioField: String, Sendable, CaseIterable {
    case name, description, tags, photos
}

/// What can be wrong with a portfolio draft; the web layer words each one.
public enum PortfolioProblem: String, Sendable, Equatable {
    case nameMissing
    case nameTooLong
    case descriptionTooLong
    case tooManyTags
    case tagTooLong
    case tagCharacters
    case noPhotos
    case tooManyPhotos
    case altTextTooLong
    /// Control characters in the name, the description (other than line breaks and tabs) or
    /// a photo's description.
    case textCharacters
    /// A photo id that is not the author's, or belongs to another portfolio.
    case unknownPhoto
}

/// Every problem found in a draft, by field.
public struct PortfolioErrors: Error, Sendable, Equatable {
    public let problems: [PortfolioField: PortfolioProblem]

    public init(problems: [PortfolioField: PortfolioProblem]) {
        self.problems = problems
    }
}

/// Why someone may not do what they asked to a portfolio.
public enum PortfolioAccessError: Error, Sendable, Equatable {
    case notFound
    /// Only the author changes a portfolio.
    case notOwner
    /// Only creators have portfolios.
    case notCreator
}
