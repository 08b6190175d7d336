import Foundation

/// A reference photo of a demand ("like this"), made by the photo pipeline (variants; camera
/// details and GPS gone). Its files are named when it is attached, as a message's are, and
/// served only through the demand's address (`/demands/:demand/photos/:number`) to whoever
/// may see the demand: never under `/media/` to anyone but its client.
public struct DemandPhoto: Sendable, Equatable {
    /// The photo record that keeps the files and counts their bytes.
    public var photoId: Int64
    /// The full-frame variant and its size.
    public var file: String
    public var width: Int
    public var height: Int
    /// The smallest square variant and its size.
    public var thumbnailFile: String
    public var thumbnailWidth: Int
    public var thumbnailHeight: Int

    public init(photoId: Int64, file: String, width: Int, height: Int, thumbnailFile: String, thumbnailWidth: Int,
                thumbnailHeight: Int) {
        self.photoId = photoId
        self.file = file
        self.width = width
        self.height = height
        self.thumbnailFile = thumbnailFile
        self.thumbnailWidth = thumbnailWidth
        self.thumbnailHeight = thumbnailHeight
    }

    /// A stored photo as a demand shows it; nil for one without its variants.
    public init?(photo: Photo) {
        guard let id = photo.id, let (large, square) = photo.largeAndSquare else { return nil }
        self.init(photoId: id, file: large.fileName, width: large.width, height: large.height, thumbnailFile: square.fileName,
                  thumbnailWidth: square.width, thumbnailHeight: square.height)
    }

    /// Where whoever may see the demand opens its photo `number` (from 1, as the page counts
    /// them): its large variant, or with `/small` its square.
    public static func path(of demandId: Int64, number: Int, small: Bool = false) -> String {
        "/demands/\(demandId)/photos/\(number)" + (small ? "/small" : "")
    }
}
