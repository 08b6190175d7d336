import Foundation
import Imaging

/// A proofing gallery: a shoot's photos shown privately to one client, who picks the ones
/// to be finished; then the photographer delivers them, full size and without watermark.
/// For a client with an account (who must be signed in as them) or for whoever holds its
/// link (`/g/TOKEN`).
public struct Gallery: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var photographerId: Int64
    /// The client's account; nil: the gallery opens to its link alone.
    public var clientId: Int64?
    public var title: String
    /// The photographer's note to the client, shown above the photos.
    public var message: String
    /// How many photos the client may choose ("choose 30"); nil: as many as they like.
    public var pickLimit: Int?
    /// 48 lower-case hex digits: the gallery's address after `/g/`.
    public var token: String
    public var createdAt: Date
    /// When the client last sent their selection.
    public var submittedAt: Date?
    /// When the photographer delivered; from then on picks are final and downloads open.
    public var deliveredAt: Date?
    /// Downloads of delivered files, one by one or as one archive.
    public var downloadCount: Int
    /// Whether delivered files keep the camera's GPS position, serial numbers and the
    /// like (`CameraDetails`); off unless the photographer turns it on for this gallery.
    public var keepsCameraDetails: Bool

    public init(id: Int64, photographerId: Int64, clientId: Int64?, title: String, message: String, pickLimit: Int?,
                token: String, createdAt: Date, submittedAt: Date?, deliveredAt: Date?, downloadCount: Int,
                keepsCameraDetails: Bool = false) {
        self.id = id
        self.photographerId = photographerId
        self.clientId = clientId
        self.title = title
        self.message = message
        self.pickLimit = pickLimit
        self.token = token
        self.createdAt = createdAt
        self.submittedAt = submittedAt
        self.deliveredAt = deliveredAt
        self.downloadCount = downloadCount
        self.keepsCameraDetails = keepsCameraDetails
    }

    /// What delivered files of this gallery carry of the camera's details.
    public var cameraDetails: CameraDetails { keepsCameraDetails ? .kept : .removed }

    public var state: GalleryState {
        if deliveredAt != nil { return .delivered }
        return submittedAt != nil ? .submitted : .proofing
    }
}

public enum GalleryState: String, Sendable, CaseIterable {
    /// The client is choosing.
    case proofing
    /// The client sent a selection (and may still change it until delivery).
    case submitted
    /// Delivered: downloads are open, picks are final.
    case delivered
}

/// A photo of a gallery, with the name it was uploaded under and its watermarked previews.
public struct GalleryPhoto: Sendable, Equatable {
    public let photo: Photo
    /// As uploaded ("IMG_0412.JPG"), for the photographer's list of picks.
    public let fileName: String
    /// The variants shown until delivery, each with the photographer's watermark.
    public let previews: [Variant]
    /// The client's pick, if they chose it.
    public let pick: GalleryPick?

    public init(photo: Photo, fileName: String, previews: [Variant], pick: GalleryPick?) {
        self.photo = photo
        self.fileName = fileName
        self.previews = previews
        self.pick = pick
    }
}

public struct GalleryPick: Sendable, Equatable {
    public let photoId: Int64
    /// The client's note on the photo ("crop closer, please"); may be empty.
    public let comment: String
    public let pickedAt: Date

    public init(photoId: Int64, comment: String, pickedAt: Date) {
        self.photoId = photoId
        self.comment = comment
        self.pickedAt = pickedAt
    }
}

/// A gallery with everything its pages show.
public struct GalleryDetails: Sendable, Equatable {
    public let gallery: Gallery
    public let photographer: User
    public let client: User?
    /// By file name as a person reads numbers ("DSC_9" before "DSC_10"), so a shoot shows in
    /// the camera's order however its files arrived; equal names in upload order.
    public let photos: [GalleryPhoto]

    public init(gallery: Gallery, photographer: User, client: User?, photos: [GalleryPhoto]) {
        self.gallery = gallery
        self.photographer = photographer
        self.client = client
        self.photos = photos.enumerated().sorted { left, right in
            switch left.element.fileName.localizedStandardCompare(right.element.fileName) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: left.offset < right.offset
            }
        }.map(\.element)
    }

    public var picks: [GalleryPhoto] { photos.filter { $0.pick != nil } }

    /// What delivery hands over: the client's picks, or every photo when they picked none.
    public var delivering: [GalleryPhoto] {
        let picks = picks
        return picks.isEmpty ? photos : picks
    }

    /// The watermark on the previews: the photographer's name and the site's.
    public var watermark: String { "© \(photographer.fullName) · Fotofolio" }
}

/// Who is looking at a gallery.
public enum GalleryViewer: Sendable, Equatable {
    case photographer
    case client
}

/// Why a gallery step was refused.
public enum GalleryError: Error, Sendable, Equatable {
    /// No such gallery, or not this person's: told alike.
    case notFound
    /// Only photographers make galleries.
    case notCreator
    /// The client already chose as many as the photographer allows.
    case limitReached(Int)
    /// Delivered: picks are final.
    case delivered
    /// Not delivered yet: nothing to download.
    case notDelivered
    /// A photo that is not in the gallery.
    case unknownPhoto
    /// Sending a selection with nothing in it.
    case nothingPicked
    /// The photographer or the client blocked the other: nothing new reaches the client.
    case blocked
    case comment(GalleryProblem)
}
