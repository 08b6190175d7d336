import CVips
import Crypto
import Foundation
import PollingThreads
import Synchronization

/// One file to encode: an image (usually still lazy), the size it stands for, a format.
struct EncodingJob: Sendable {
    let image: VImage
    let kind: VariantKind
    let format: VariantFormat
}

/// An encoded file and its description.
struct EncodedFile: Sendable {
    let variant: Variant
    let bytes: Data
}

/// Encodes jobs side by side on GCD's global queue, never Swift's cooperative pool, while
/// the caller goes on. JPEG and WebP encoders work on one thread each, so this is what
/// puts a second core to use.
final class EncodingBatch: Sendable {
    static let jpegQuality: Int32 = 82
    static let webpQuality: Int32 = 80

    private let group = DispatchGroup()
    private let results: Mutex<[Result<EncodedFile, ImagingError>?]>

    /// Starts encoding every job, the largest images first.
    init(_ jobs: [EncodingJob]) {
        results = Mutex(Array(repeating: nil, count: jobs.count))
        let order = jobs.indices.sorted { jobs[$0].image.width > jobs[$1].image.width }
        for index in order {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                let result = Result { () throws(ImagingError) in try Self.encode(jobs[index]) }
                self.results.withLock { $0[index] = result }
            }
        }
    }

    /// Blocks until every job is done.
    func finish() {
        group.wait()
    }

    /// Blocks until every job is done; the files in the order the jobs were given, or
    /// the first job's error.
    func wait() throws(ImagingError) -> [EncodedFile] {
        finish()
        return try results.withLock { $0 }.map { result throws(ImagingError) in try result!.get() }
    }

    private static func encode(_ job: EncodingJob) throws(ImagingError) -> EncodedFile {
        let bytes = try encoded(job.image, job.format)
        let digest = SHA256.hash(data: bytes).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let variant = Variant(
            kind: job.kind, format: job.format, width: job.image.width, height: job.image.height,
            byteCount: bytes.count, fileName: "\(digest.prefix(16)).\(job.format.fileExtension)",
            sha256: digest)
        return EncodedFile(variant: variant, bytes: bytes)
    }

    private static func encoded(_ image: VImage, _ format: VariantFormat) throws(ImagingError) -> Data {
        switch format {
        case .jpeg: try encoded(image, format, quality: jpegQuality)
        case .webp: try encoded(image, format, quality: webpQuality)
        }
    }

    /// `image` encoded in `format` at `quality`, without metadata.
    static func encoded(_ image: VImage, _ format: VariantFormat, quality: Int32) throws(ImagingError) -> Data {
        PollingThread.refuse("image encoding")
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status = switch format {
        case .jpeg: fotofolio_vips_jpegsave_buffer(image.pointer, &buffer, &length, quality)
        case .webp: fotofolio_vips_webpsave_buffer(image.pointer, &buffer, &length, quality)
        }
        guard status == 0, let buffer else {
            g_free(buffer)
            throw .processingFailed(detail: Vips.takeError())
        }
        defer { g_free(buffer) }
        let bytes = Data(bytes: buffer, count: length)
        guard format == .webp else { return bytes }
        guard let stripped = WebPMetadata.stripped(bytes) else {
            throw .processingFailed(detail: "libvips wrote a WebP file that could not be parsed")
        }
        return stripped
    }
}
