import Foundation

/// The file a visitor downloads when a photo's licence allows it: the original, with its
/// owner and licence written into it as XMP, so the terms stay with every copy.
public enum DeliveredFile {
    /// The quality WebP and HEIC originals are re-encoded at: they become JPEG, which
    /// every program opens, close enough to the original to stand for it.
    static let jpegQuality: Int32 = 92

    /// The bytes to deliver for the original at `path`, and the file name extension they
    /// need ("jpg" or "png").
    ///
    /// - JPEG and PNG: the original's bytes, the pixels untouched, with one XMP packet put
    ///   in (an APP1 segment after the leading JFIF and EXIF segments; an `iTXt` chunk
    ///   after IHDR) and any packet the file had taken out. With `cameraDetails`
    ///   `.removed` (the default) the GPS position, serial numbers, the camera owner's
    ///   name and the maker's notes go too (`EXIFPrivacy`, `IPTCPrivacy`); other metadata
    ///   stays as it was.
    /// - WebP and HEIC: decoded once at full size, oriented, in sRGB, and encoded as JPEG
    ///   at quality 92 without any other metadata (so without camera details either way),
    ///   then given the packet as a JPEG is.
    ///
    /// The file is probed first against `limits`, and its content must be `format`
    /// (`.unsupportedFormat` otherwise). A file whose structure is cut short or malformed
    /// is `.damaged`; texts over `XMPRights.maximumTextBytes` are `.processingFailed`.
    ///
    /// Thread: any thread you own (a `DispatchQueue`, a `Thread`), not Swift concurrency's
    /// cooperative pool: it blocks on file I/O, and for WebP and HEIC on libvips.
    @available(*, noasync, message: "Blocks on I/O and libvips; run it on a queue of your own.")
    public static func bytes(
        ofOriginalAt path: String, format: PhotoFormat, rights: XMPRights, limits: PhotoLimits = .standard,
        cameraDetails: CameraDetails = .removed
    ) throws(ImagingError) -> (bytes: [UInt8], fileExtension: String) {
        let packet = Array(try rights.xmpPacket().utf8)
        let photo = try ImageProbe.probe(fileAt: path, limits: limits)
        guard photo.format == format else {
            throw .unsupportedFormat(detail: "the file holds \(photo.format.rawValue), not \(format.rawValue)")
        }
        switch format {
        case .jpeg:
            return (try JPEGMetadata.inserting(packet, into: contents(path, limits: limits), cameraDetails: cameraDetails), "jpg")
        case .png:
            return (try PNGMetadata.inserting(packet, into: contents(path, limits: limits), cameraDetails: cameraDetails), "png")
        case .webp, .heic:
            let image = try PhotoDecoding.fullSize(path, photo: photo)
            let jpeg = try EncodingBatch.encoded(image, .jpeg, quality: jpegQuality)
            return (try JPEGMetadata.inserting(packet, into: Array(jpeg)), "jpg")
        }
    }

    /// The whole file, still within the byte limit (it may have grown since the probe).
    private static func contents(_ path: String, limits: PhotoLimits) throws(ImagingError) -> [UInt8] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        guard data.count <= limits.maxBytes else { throw .fileTooLarge(byteCount: data.count, limit: limits.maxBytes) }
        return Array(data)
    }
}
