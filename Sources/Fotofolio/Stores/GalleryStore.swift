import Foundation
import Imaging

/// Proofing galleries: their photos with watermarked previews, the client's picks, and
/// delivery. Every change is one transaction that checks who may make it; a change of the
/// picks or the state appends a `gallery` live event for the photographer, so their open
/// page follows the client's choosing.
public protocol GalleryStore: Sendable {
    /// A new gallery; for a client account, refused while either blocks the other
    /// (`GalleryContact.checkNewGallery`, read in the same transaction).
    func create(photographerId: Int64, clientId: Int64?, title: String, message: String, pickLimit: Int?, token: String,
                at date: Date) throws -> Gallery

    func gallery(id: Int64) throws -> Gallery?
    func gallery(token: String) throws -> Gallery?

    /// The gallery with its people, photos and picks (read in upload order; `GalleryDetails`
    /// shows them by file name).
    func details(of gallery: Gallery) throws -> GalleryDetails?

    /// A photographer's galleries, or a client account's, newest first, each with its number of picks.
    func galleries(photographerId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)]
    func galleries(clientId: Int64) throws -> [(gallery: Gallery, picks: Int, photos: Int)]

    /// Adds photos to the end. Each must be the photographer's own and in no portfolio and
    /// no gallery yet; otherwise `GalleryError.unknownPhoto` and nothing is added. Refused with
    /// `GalleryError.blocked` while the gallery's client and photographer block one another.
    func add(_ photos: [NewGalleryPhoto], to galleryId: Int64, by photographerId: Int64) throws

    /// Picks one photo (with the client's comment) or takes the pick back, and returns the
    /// number picked. Refused when delivered, for a photo not in the gallery, and past the limit.
    func setPick(in galleryId: Int64, photoId: Int64, picked: Bool, comment: String, at date: Date) throws -> Int

    /// Replaces the whole selection (photo → comment) at once, with the same checks.
    func replacePicks(in galleryId: Int64, with picks: [Int64: String], at date: Date) throws -> Int

    /// Marks the selection sent; refused with nothing picked or after delivery.
    func submit(_ galleryId: Int64, at date: Date) throws

    /// Marks the gallery delivered; the photographer's only.
    func deliver(_ galleryId: Int64, by photographerId: Int64, at date: Date) throws

    func countDownload(of galleryId: Int64) throws

    /// Whether the gallery's delivered files keep the camera's details; the
    /// photographer's only (`GalleryError.notFound` for anyone else).
    func setKeepsCameraDetails(_ keeps: Bool, in galleryId: Int64, by photographerId: Int64) throws
}

/// A photo joining a gallery.
public struct NewGalleryPhoto: Sendable, Equatable {
    public let photoId: Int64
    public let fileName: String
    public let previews: [Variant]

    public init(photoId: Int64, fileName: String, previews: [Variant]) {
        self.photoId = photoId
        self.fileName = fileName
        self.previews = previews
    }
}
