import CVips
import Crypto
import Foundation
import Synchronization

/// Turns one original photo into the square and full-frame variants, in WebP and JPEG,
/// oriented, converted to sRGB and stripped of all metadata.
public enum VariantMaker {
    static let jpegQuality: Int32 = 82
    static let webpQuality: Int32 = 80

    /// Probes the photo at `path` (limits, format, header), decodes it once at the size the
    /// variants need, and writes every variant into `directory` (created if missing) under
    /// a name made from a hash of its bytes. Files already there with that name are the same
    /// bytes and are left alone. Nothing is written unless every variant could be made.
    ///
    /// - Parameter framing: where to cut the squares; nil lets libvips's attention-based
    ///   smart crop choose (the choice comes back in `PhotoVariants.framing`).
    ///
    /// Thread: any thread you own (a `DispatchQueue`, a `Thread`), not Swift concurrency's
    /// cooperative pool: it blocks for as long as libvips works (a fraction of a second to
    /// a few seconds). Several calls may run at once on different threads.
    @available(*, noasync, message: "Blocks while libvips works; run it on a queue of your own.")
    public static func makeVariants(
        fromFileAt path: String, into directory: String,
        framing requested: SquareFraming? = nil, limits: PhotoLimits = .standard
    ) throws(ImagingError) -> PhotoVariants {
        try requested?.validate()
        let photo = try ImageProbe.probe(fileAt: path, limits: limits)
        let full = try PhotoDecoding.fitted(path, box: VariantKind.full.targetSize, photo: photo)
        let framing = if let requested { requested } else { try PhotoDecoding.smartFraming(full) }
        let squareSource = try squareSource(path, full: full, framing: framing, photo: photo)
        let effectiveFraming = SquareFraming(
            framing.square(width: full.width, height: full.height),
            width: full.width, height: full.height, zoom: framing.zoom)

        var jobs: [EncodingJob] = []
        for kind in VariantKind.allCases {
            let image = try kind.isSquare
                ? PhotoDecoding.scaled(squareSource, longSide: min(kind.targetSize, squareSource.width))
                : full
            jobs += VariantFormat.allCases.map { EncodingJob(image: image, kind: kind, format: $0) }
        }
        let encoded = try encodeInParallel(jobs)
        try write(encoded.map(\.1), named: encoded.map(\.0.fileName), into: directory)
        return PhotoVariants(
            photo: photo, framing: effectiveFraming,
            placeholderColor: try PhotoDecoding.averageColor(full),
            variants: encoded.map(\.0))
    }

    /// The square the framing asks for, at enough resolution for the largest square
    /// variant. Cut from the full-frame decode when that holds enough pixels (the usual
    /// case: zoom 1 on a 3:2 photo gives 1365 px), otherwise decoded again for the square.
    private static func squareSource(
        _ path: String, full: VImage, framing: SquareFraming, photo: ProbedPhoto
    ) throws(ImagingError) -> VImage {
        let square = framing.square(width: full.width, height: full.height)
        let largest = VariantKind.square1080.targetSize
        let available = Double(min(photo.width, photo.height)) / framing.zoom
        if Double(square.side) >= min(Double(largest), available) - 1 {
            return try PhotoDecoding.crop(full, square)
        }
        return try PhotoDecoding.square(path, framing: framing, side: largest, photo: photo)
    }

    private struct EncodingJob: Sendable {
        let image: VImage
        let kind: VariantKind
        let format: VariantFormat
    }

    /// JPEG and WebP encoders each use one thread, so the eight files are encoded side by
    /// side on GCD's worker threads (never Swift's cooperative pool), the largest first.
    /// Results keep the order of `jobs`; the first failure is thrown.
    private static func encodeInParallel(_ jobs: [EncodingJob]) throws(ImagingError) -> [(Variant, Data)] {
        let order = jobs.indices.sorted { jobs[$0].image.width > jobs[$1].image.width }
        let results = Mutex([Result<EncodedFile, ImagingError>?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { step in
            let index = order[step]
            let result = Result { () throws(ImagingError) in try encode(jobs[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { result throws(ImagingError) in
            let file = try result!.get()
            return (file.variant, file.bytes)
        }
    }

    private struct EncodedFile: Sendable {
        let variant: Variant
        let bytes: Data
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
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status = switch format {
        case .jpeg: fotofolio_vips_jpegsave_buffer(image.pointer, &buffer, &length, jpegQuality)
        case .webp: fotofolio_vips_webpsave_buffer(image.pointer, &buffer, &length, webpQuality)
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

    /// Writes each file unless one of that name exists; content addressing makes an
    /// existing file the same bytes. Atomic writes, so a crash leaves no half file.
    private static func write(_ files: [Data], named names: [String], into directory: String) throws(ImagingError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (bytes, name) in zip(files, names) {
                let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
                guard !FileManager.default.fileExists(atPath: url.path) else { continue }
                try bytes.write(to: url, options: .atomic)
            }
        } catch {
            throw .writeFailed(path: directory, detail: error.localizedDescription)
        }
    }
}
