/// The sizes made from every photo. A plain value: any thread.
public enum VariantKind: String, Sendable, Codable, CaseIterable {
    case square320 = "square-320"
    case square640 = "square-640"
    case square1080 = "square-1080"
    /// The whole photo, at most 2048 pixels on its longer side.
    case full = "full"

    /// The square's side, or the full frame's longer side, in pixels. A photo smaller than
    /// that is never enlarged, so its variant is smaller too.
    public var targetSize: Int {
        switch self {
        case .square320: 320
        case .square640: 640
        case .square1080: 1080
        case .full: 2048
        }
    }

    public var isSquare: Bool { self != .full }
}

/// The file formats each size is made in. A plain value: any thread.
public enum VariantFormat: String, Sendable, Codable, CaseIterable {
    case webp, jpeg

    public var fileExtension: String {
        switch self {
        case .webp: "webp"
        case .jpeg: "jpg"
        }
    }

    /// The HTTP `Content-Type`.
    public var mediaType: String {
        switch self {
        case .webp: "image/webp"
        case .jpeg: "image/jpeg"
        }
    }
}

/// One file made from a photo. A plain value: any thread.
public struct Variant: Sendable, Equatable, Hashable, Codable {
    public let kind: VariantKind
    public let format: VariantFormat
    public let width: Int
    public let height: Int
    public let byteCount: Int
    /// The name in the output directory: the first 16 hex digits of the SHA-256 of the
    /// bytes, then the extension ("3f2a9c04b1d7e6a8.webp"). Same bytes, same name.
    public let fileName: String
    /// The full SHA-256 of the bytes, in lower-case hex (usable as an HTTP ETag).
    public let sha256: String
}

/// Everything made from one photo. A plain value: any thread.
public struct PhotoVariants: Sendable, Equatable {
    /// What the original's header said: format, oriented size, "how it was shot".
    public let photo: ProbedPhoto
    /// Where the squares were cut: the framing asked for (slid inside the edges if it
    /// crossed one), or the one the smart crop chose. Store it to make the same squares again.
    public let framing: SquareFraming
    /// The photo's average colour as "#rrggbb", to show while the image loads.
    public let placeholderColor: String
    /// Every size in every format, in `VariantKind` then `VariantFormat` order.
    public let variants: [Variant]

    /// The photo's width as it is meant to be seen (EXIF orientation applied).
    public var width: Int { photo.width }
    /// The photo's height as it is meant to be seen (EXIF orientation applied).
    public var height: Int { photo.height }
    public var shot: ShotDetails { photo.shot }

    /// The variant of `kind` in `format`.
    public func variant(_ kind: VariantKind, _ format: VariantFormat) -> Variant? {
        variants.first { $0.kind == kind && $0.format == format }
    }
}
