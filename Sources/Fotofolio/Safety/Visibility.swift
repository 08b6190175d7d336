import Foundation

/// Something an address names by its id: a person's profile, a portfolio, a photo (a film is
/// a photo, its poster, and a gallery's photos are photos too), or a message.
public enum Subject: Sendable, Hashable {
    case profile(Int64)
    case portfolio(Int64)
    case photo(Int64)
    case message(Int64)

    /// nil for a rating (no address shows one, and only the person rated reports it) and a
    /// demand (`DemandRules.mayView` decides who sees it).
    public init?(_ reported: ReportSubject) {
        switch reported.kind {
        case .profile: self = .profile(reported.id)
        case .portfolio: self = .portfolio(reported.id)
        case .photo: self = .photo(reported.id)
        case .message: self = .message(reported.id)
        case .rating, .demand: return nil
        }
    }
}

/// Who asks to see a subject: a guest or a signed-in person, and what secret addresses this
/// request opened (a share link with its password, a gallery's link).
public struct Viewer: Sendable, Equatable {
    public var personId: Int64?
    /// The portfolio a share link (and its password, if it has one) opened to this request.
    public var sharedPortfolioId: Int64?
    /// The gallery its link opened to this request.
    public var galleryId: Int64?

    public init(personId: Int64?, sharedPortfolioId: Int64? = nil, galleryId: Int64? = nil) {
        self.personId = personId
        self.sharedPortfolioId = sharedPortfolioId
        self.galleryId = galleryId
    }

    public static let guest = Viewer(personId: nil)
}

/// How much of a subject a viewer sees.
public enum Sight: Int, Sendable, Comparable {
    /// Nothing: it answers as if it did not exist.
    case none
    /// What its readers see: the photos an operator hid left out.
    case reader
    /// Its owner or an operator: everything, what moderation hid and why included.
    case keeper

    public static func < (lhs: Sight, rhs: Sight) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The portfolio a subject is, or is shown in.
public struct PortfolioPlace: Sendable, Equatable {
    public var id: Int64
    public var visibility: PortfolioVisibility
    /// Hidden by an operator.
    public var hidden: Bool

    public init(id: Int64, visibility: PortfolioVisibility, hidden: Bool) {
        self.id = id
        self.visibility = visibility
        self.hidden = hidden
    }
}

/// The proofing gallery a photo is in.
public struct GalleryPlace: Sendable, Equatable {
    public var id: Int64
    /// The client's account; nil for a gallery made for whoever holds its link.
    public var clientId: Int64?
    public var delivered: Bool

    public init(id: Int64, clientId: Int64?, delivered: Bool) {
        self.id = id
        self.clientId = clientId
        self.delivered = delivered
    }
}

/// What `VisibilityRules` decides on, read by a store in one statement for one viewer.
public struct VisibilityFacts: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case profile, portfolio, photo, message }

    public var kind: Kind
    /// Whose it is: the person of a profile, the author of a portfolio, photo or message.
    public var ownerId: Int64
    /// The owner's suspension holds now (messages keep being shown in their rooms).
    public var ownerSuspended = false
    /// An operator hid the portfolio or photo, or removed the message.
    public var hidden = false
    /// The portfolio itself, or the one the photo is in.
    public var portfolio: PortfolioPlace?
    /// The photo is someone's profile picture.
    public var isAvatar = false
    /// The gallery the photo is in.
    public var gallery: GalleryPlace?
    /// A message: the viewer is a member of its conversation.
    public var viewerInRoom = false
    public var viewerIsOperator = false
    /// The owner blocked the viewer.
    public var viewerBlockedByOwner = false

    public init(kind: Kind, ownerId: Int64) {
        self.kind = kind
        self.ownerId = ownerId
    }
}

/// The one rule of who sees what an address names by id. Every page, form, prefill, media
/// file and preview that names a subject asks it, so they answer alike: what a viewer may
/// not see is a 404, never a name, an owner or a cover.
public enum VisibilityRules {
    public static func sight(_ facts: VisibilityFacts?, for viewer: Viewer) -> Sight {
        guard let facts else { return .none }
        // Operators read a conversation's messages on the moderation desk, in their context,
        // not by a message's address.
        if let person = viewer.personId, person == facts.ownerId || (facts.viewerIsOperator && facts.kind != .message) {
            return .keeper
        }
        if facts.hidden { return .none }
        switch facts.kind {
        case .profile:
            return facts.ownerSuspended ? .none : .reader
        case .message:
            // A conversation keeps its history whoever is suspended since.
            return facts.viewerInRoom ? .reader : .none
        case .portfolio, .photo:
            guard !facts.ownerSuspended else { return .none }
            if let gallery = facts.gallery, viewer.galleryId == gallery.id || (viewer.personId != nil && viewer.personId == gallery.clientId) {
                return .reader
            }
            if let portfolio = facts.portfolio, !portfolio.hidden, !facts.viewerBlockedByOwner {
                switch portfolio.visibility {
                case .public: return .reader
                case .unlisted where viewer.sharedPortfolioId == portfolio.id: return .reader
                case .unlisted, .private: break
                }
            }
            // A profile picture is shown wherever its person is.
            return facts.isAvatar ? .reader : .none
        }
    }
}

/// One photo that uses a file served under `/media/` (files are named by their bytes, so
/// photos of different owners can share one).
public struct FileUse: Sendable, Equatable {
    public var facts: VisibilityFacts
    /// A gallery's watermarked preview rather than one of the photo's own variants.
    public var isPreview: Bool

    public init(facts: VisibilityFacts, isPreview: Bool) {
        self.facts = facts
        self.isPreview = isPreview
    }
}

/// Who a file under `/media/` opens for.
public enum FileSight: Sendable, Equatable {
    case none
    /// Only the one asking (an owner, an operator, a gallery's client): kept by no shared cache.
    case viewer
    /// Anyone: kept by every cache for good, as its name never changes meaning.
    case everyone
}

extension VisibilityRules {
    /// What a guest would see of the subject these facts were read for: whether it may be
    /// previewed where its address is pasted.
    public static func sightForGuest(_ facts: VisibilityFacts?) -> Sight {
        sight(facts.map(asForGuest), for: .guest)
    }

    /// The facts without what was read about the one who asked.
    private static func asForGuest(_ facts: VisibilityFacts) -> VisibilityFacts {
        var facts = facts
        facts.viewerIsOperator = false
        facts.viewerBlockedByOwner = false
        facts.viewerInRoom = false
        return facts
    }

    /// A file opens for whoever may see at least one photo that uses it. The pages of a
    /// share link and of a gallery link show their photos by file name, and a request for a
    /// file carries neither link: the name, 64 bits of the file's hash learnt from such a
    /// page, stands for that link (a gallery made for an account asks for the account). A gallery photo's own files reach its client only once
    /// delivered; until then, the watermarked previews.
    public static func fileSight(_ uses: [FileUse], for viewer: Viewer) -> FileSight {
        if uses.contains(where: { sight(of: FileUse(facts: asForGuest($0.facts), isPreview: $0.isPreview), for: .guest) >= .reader }) {
            return .everyone
        }
        if viewer.personId != nil, uses.contains(where: { sight(of: $0, for: viewer) >= .reader }) { return .viewer }
        return .none
    }

    private static func sight(of use: FileUse, for viewer: Viewer) -> Sight {
        var holder = viewer
        holder.sharedPortfolioId = use.facts.portfolio?.id
        // A gallery made for an account opens to that account only, signed in.
        holder.galleryId = use.facts.gallery.flatMap { $0.clientId == nil ? $0.id : nil }
        let seen = sight(use.facts, for: holder)
        guard seen == .reader, let gallery = use.facts.gallery, !use.isPreview, !gallery.delivered else { return seen }
        return .none
    }
}
