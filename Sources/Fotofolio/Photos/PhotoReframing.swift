import Foundation
import Imaging

/// Moves a photo's square crop: cuts the square variants again from the kept original
/// where the person framed it, then points the record at the new files.
///
/// New files are written first (under new names, made from their bytes) and the record is
/// switched to them in one transaction, so a photo always has a full set of variants and a
/// browser never sees an old crop under a cached URL. The files of the old crop stay until
/// `UnusedPhotos` finds that no record names them.
public struct PhotoReframing: Sendable {
    let library: PhotoLibrary

    public init(library: PhotoLibrary) {
        self.library = library
    }

    /// Frames the photo `photoId` of `owner` at `framing` and returns the updated record.
    /// A framing that would cross an edge is slid inside, and that is what is stored.
    /// Nothing is done when the photo is already cut there.
    @discardableResult
    public func reframe(_ photoId: Int64, by owner: Int64, to framing: SquareFraming,
                        at date: Date = Date()) throws(PhotoFramingError) -> Photo {
        guard let photo = try? library.photo(id: photoId) else { throw .notFound }
        guard photo.ownerId == owner else { throw .notOwner }
        guard !Self.isSame(framing, photo.framing) else { return photo }
        guard let original = library.path(of: photo.originalFile) else { throw .failed(detail: "the original's name is unsafe") }
        let made: PhotoVariants
        do {
            made = try library.makeVariants(fromFileAt: original, framing: framing)
        } catch {
            switch error {
            case .rejected(let reason): throw .rejected(reason)
            case .busy: throw .busy
            case .quotaExceeded, .failed: throw .failed(detail: "\(error)")
            }
        }
        var updated = photo
        updated.variants = made.variants
        updated.framingCenterX = made.framing.centerX
        updated.framingCenterY = made.framing.centerY
        updated.framingZoom = made.framing.zoom
        do {
            // Feed cards are cached per portfolio version: the new squares make a new version.
            try library.store.saveFraming(of: updated, at: date)
        } catch {
            throw .failed(detail: "\(error)")
        }
        return updated
    }

    /// Framings closer than a pixel of a 2048 px frame cut the same squares.
    static func isSame(_ a: SquareFraming, _ b: SquareFraming) -> Bool {
        abs(a.centerX - b.centerX) < 0.0005 && abs(a.centerY - b.centerY) < 0.0005 && abs(a.zoom - b.zoom) < 0.0005
    }
}

/// Why a photo's framing was not changed.
public enum PhotoFramingError: Error, Sendable {
    case notFound
    /// Only the photo's owner frames it.
    case notOwner
    /// The framing is refused (centre outside the photo, zoom out of range) or the original is unreadable.
    case rejected(ImagingError)
    /// Too many photos are being processed; try again shortly.
    case busy
    case failed(detail: String)
}
