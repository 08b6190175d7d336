import CVips
import Foundation

/// The limits an uploaded photo must stay within. A plain value: any thread.
public struct PhotoLimits: Sendable, Equatable {
    /// The largest file accepted, in bytes.
    public var maxBytes: Int
    /// The largest width × height accepted, as stored in the file.
    public var maxPixels: Int

    public init(maxBytes: Int = 30 * 1_048_576, maxPixels: Int = 60_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// 30 MiB and 60 megapixels.
    public static let standard = PhotoLimits()
}

/// What a photo's header says, checked against the limits. A plain value: any thread.
public struct ProbedPhoto: Sendable, Equatable {
    public let format: PhotoFormat
    public let byteCount: Int
    /// Pixel size as stored, before the EXIF orientation is applied.
    public let storedWidth: Int
    public let storedHeight: Int
    /// The EXIF orientation, 1…8; 1 when absent. HEIC is always 1 (the decoder rotates).
    public let orientation: Int
    public let shot: ShotDetails
    /// Whether the file embeds an ICC colour profile to convert from.
    let hasColourProfile: Bool

    /// Pixel size as the photo is meant to be seen.
    public var width: Int { swapsSides ? storedHeight : storedWidth }
    public var height: Int { swapsSides ? storedWidth : storedHeight }

    /// Orientations 5–8 turn the photo by 90° one way or the other.
    private var swapsSides: Bool { (5...8).contains(orientation) }
}

/// Checks an uploaded file before any pixel is decoded: size on disk, format from the
/// content, pixel count and frame count from the header.
public enum ImageProbe {
    /// Reads the header of the file at `path` and returns what it says, or throws the
    /// first limit it breaks. Reads only headers and metadata and decodes no pixels, so a
    /// decompression bomb costs nothing. A file cut short after its header passes; it is
    /// refused as `.damaged` when `VariantMaker` decodes it.
    ///
    /// Thread: any thread you own (a `DispatchQueue`, a `Thread`), not Swift
    /// concurrency's cooperative pool: it blocks on file I/O and libvips.
    @available(*, noasync, message: "Blocks on I/O; run it on a queue of your own.")
    public static func probe(
        fileAt path: String, limits: PhotoLimits = .standard
    ) throws(ImagingError) -> ProbedPhoto {
        let byteCount = try checkedByteCount(path, limits: limits)
        let format = try sniffedFormat(path)
        try Vips.ensureStarted()
        try confirmLoader(path, format: format)
        let header = try VImage.open(path) { .damaged(detail: $0) }
        try checkPixelCount(header, limits: limits)
        try checkSingleFrame(header, format: format, path: path)
        if format == .heic { try checkHEVC(header) }
        return ProbedPhoto(
            format: format, byteCount: byteCount,
            storedWidth: header.width, storedHeight: header.height,
            orientation: format == .heic ? 1 : Int(vips_image_get_orientation(header.pointer)),
            shot: ShotDetails(exif: header.string),
            hasColourProfile: header.has("icc-profile-data"))
    }

    private static func checkedByteCount(_ path: String, limits: PhotoLimits) throws(ImagingError) -> Int {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadableFile(path: path, detail: "not a regular file")
        }
        let byteCount = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard byteCount <= limits.maxBytes else {
            throw .fileTooLarge(byteCount: byteCount, limit: limits.maxBytes)
        }
        return byteCount
    }

    private static func sniffedFormat(_ path: String) throws(ImagingError) -> PhotoFormat {
        let leading: [UInt8]
        do {
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? file.close() }
            leading = Array(try file.read(upToCount: FormatSniffer.leadingByteCount) ?? Data())
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        guard let format = FormatSniffer.format(ofLeadingBytes: leading) else {
            throw .unsupportedFormat(detail: "the content is not JPEG, PNG, WebP or HEIC")
        }
        return format
    }

    /// libvips must pick the loader our own sniffing expects; a mismatch means a file
    /// built to look like one format to us and another to libvips.
    private static func confirmLoader(_ path: String, format: PhotoFormat) throws(ImagingError) {
        guard let name = vips_foreign_find_load(Vips.literalFilename(path)) else {
            throw .unsupportedFormat(detail: Vips.takeError())
        }
        let loader = String(cString: name)
        guard loader == format.loaderClass else {
            throw .unsupportedFormat(detail: "looks like \(format.rawValue) but libvips chose \(loader)")
        }
    }

    /// Width and height come from the header alone, so a small file announcing a huge
    /// image is refused here, before anything is decompressed.
    private static func checkPixelCount(_ header: VImage, limits: PhotoLimits) throws(ImagingError) {
        let (width, height) = (header.width, header.height)
        guard width > 0, height > 0 else { throw .damaged(detail: "the header gives no pixel size") }
        guard width * height <= limits.maxPixels else {
            throw .tooManyPixels(width: width, height: height, limit: limits.maxPixels)
        }
    }

    private static func checkSingleFrame(
        _ header: VImage, format: PhotoFormat, path: String
    ) throws(ImagingError) {
        let frames = Int(vips_image_get_n_pages(header.pointer))
        guard frames <= 1 else { throw .animated(frames: frames) }
        guard format == .png else { return }
        let pngFrames: Int?
        do {
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? file.close() }
            pngFrames = try FormatSniffer.pngFrameCount(file)
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        if let pngFrames, pngFrames > 1 { throw .animated(frames: pngFrames) }
    }

    /// The HEIF container also carries AVIF (AV1-compressed), which we do not accept.
    private static func checkHEVC(_ header: VImage) throws(ImagingError) {
        let compression = header.string("heif-compression") ?? "unknown"
        guard compression == "hevc" else {
            throw .unsupportedFormat(detail: "HEIF with \(compression) compression, not HEIC")
        }
    }
}
