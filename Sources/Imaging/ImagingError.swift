/// Why a photo could not be read or turned into variants.
///
/// `message` is written for the person who uploaded the photo and says what to do;
/// `detail` carries libvips's own error text (or another technical note) for the logs.
/// A plain value: any thread.
public enum ImagingError: Error, Sendable, CustomStringConvertible {
    /// libvips could not start (a broken installation, not the photo's fault).
    case libraryUnavailable(detail: String)
    /// The file does not exist, is not a regular file, or cannot be opened.
    case unreadableFile(path: String, detail: String)
    /// The file is larger than the byte limit.
    case fileTooLarge(byteCount: Int, limit: Int)
    /// The content is not JPEG, PNG, WebP or HEIC, whatever the file is named.
    case unsupportedFormat(detail: String)
    /// Width × height is over the pixel limit; refused from the header, before decoding.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The file holds more than one frame or page.
    case animated(frames: Int)
    /// The photo's data is cut short or corrupt.
    case damaged(detail: String)
    /// The requested square framing is outside its allowed range.
    case invalidFraming(detail: String)
    /// libvips failed while resizing or encoding.
    case processingFailed(detail: String)
    /// A variant could not be written to the output directory.
    case writeFailed(path: String, detail: String)

    /// What went wrong and what to do about it, in words for the person uploading.
    public var message: String {
        switch self {
        case .libraryUnavailable:
            "Photo processing is not available on this server right now. Please try again later."
        case .unreadableFile:
            "The uploaded file could not be opened. Please upload it again."
        case .fileTooLarge(let byteCount, let limit):
            "This file is \(Self.megabytes(byteCount)); photos can be at most "
                + "\(Self.megabytes(limit)). Export a smaller JPEG and try again."
        case .unsupportedFormat:
            "This file is not a photo we can read. Use JPEG, PNG, WebP or HEIC."
        case .tooManyPixels(let width, let height, let limit):
            "This photo is \(width) × \(height) pixels (\(Self.megapixels(width * height))); "
                + "the limit is \(Self.megapixels(limit)). Resize it and try again."
        case .animated(let frames):
            "This file is an animation (\(frames) frames). Upload a single still photo."
        case .damaged:
            "This photo is damaged or cut short, so it cannot be read to the end. "
                + "Upload it again, or export it again from your photo software."
        case .invalidFraming(let detail):
            "This square framing cannot be used: \(detail)."
        case .processingFailed:
            "Something went wrong while preparing this photo. Please try again."
        case .writeFailed:
            "The prepared photo could not be saved on the server. Please try again later."
        }
    }

    /// The technical reason (libvips's error text, a path), for logs; nil when `message` says it all.
    public var detail: String? {
        switch self {
        case .libraryUnavailable(let detail), .unsupportedFormat(let detail),
             .damaged(let detail), .processingFailed(let detail):
            detail.isEmpty ? nil : detail
        case .unreadableFile(let path, let detail), .writeFailed(let path, let detail):
            "\(path): \(detail)"
        case .fileTooLarge, .tooManyPixels, .animated, .invalidFraming:
            nil
        }
    }

    public var description: String {
        detail.map { "\(message) (\($0))" } ?? message
    }

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value < 10 ? "\(oneDecimal(value)) MB" : "\(Int(value.rounded())) MB"
    }

    private static func megapixels(_ pixels: Int) -> String {
        "\(oneDecimal(Double(pixels) / 1_000_000)) megapixels"
    }
}
