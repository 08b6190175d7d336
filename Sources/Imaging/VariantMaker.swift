import Foundation

/// Turns one original photo into the square and full-frame variants, in WebP and JPEG,
/// oriented, converted to sRGB and stripped of all metadata.
public enum VariantMaker {
    /// Probes the photo at `path` (limits, format, header), decodes it once at the size the
    /// variants need, and writes every variant into `directory` (created if missing) under
    /// a name made from a hash of its bytes. Files already there with that name are the same
    /// bytes and are left alone. Nothing is written unless every variant could be made.
    ///
    /// - Parameter framing: where to cut the squares; nil lets libvips's attention-based
    ///   smart crop choose (the choice comes back in `PhotoVariants.framing`).
    /// - Parameter watermark: text tiled over every variant, each at its own size; nil
    ///   makes exactly the files it made before watermarks existed. The smart crop and the
    ///   placeholder colour are always taken from the unmarked photo, so they do not move
    ///   when a watermark is added. Marked files have other bytes, so other names: they
    ///   never replace unmarked ones in a shared directory.
    ///
    /// Thread: any thread you own (a `DispatchQueue`, a `Thread`), not Swift concurrency's
    /// cooperative pool: it blocks for as long as libvips works (a fraction of a second to
    /// a few seconds). Several calls may run at once on different threads.
    @available(*, noasync, message: "Blocks while libvips works; run it on a queue of your own.")
    public static func makeVariants(
        fromFileAt path: String, into directory: String,
        framing requested: SquareFraming? = nil, limits: PhotoLimits = .standard,
        watermark: Watermark? = nil
    ) throws(ImagingError) -> PhotoVariants {
        try requested?.validate()
        let photo = try ImageProbe.probe(fileAt: path, limits: limits)
        let full = try PhotoDecoding.fitted(path, box: VariantKind.full.targetSize, photo: photo)
        // The full frame is encoded while the squares are chosen and cut. Whatever happens,
        // no work is left running once this returns.
        let markedFull = try marked(full, watermark)
        let fullFrame = EncodingBatch(VariantFormat.allCases.map { EncodingJob(image: markedFull, kind: .full, format: $0) })
        defer { fullFrame.finish() }
        let framing = if let requested { requested } else { try PhotoDecoding.smartFraming(full) }
        let squares = EncodingBatch(try squareJobs(path, full: full, framing: framing, photo: photo, watermark: watermark))
        defer { squares.finish() }
        let placeholderColor = try PhotoDecoding.averageColor(full)
        let files = try squares.wait() + fullFrame.wait()
        try write(files, into: directory)
        return PhotoVariants(
            photo: photo,
            framing: SquareFraming(
                framing.square(width: full.width, height: full.height),
                width: full.width, height: full.height, zoom: framing.zoom),
            placeholderColor: placeholderColor,
            variants: files.map(\.variant))
    }

    /// Every square size in every format, from one cut of the framing's square.
    private static func squareJobs(
        _ path: String, full: VImage, framing: SquareFraming, photo: ProbedPhoto, watermark: Watermark?
    ) throws(ImagingError) -> [EncodingJob] {
        let source = try squareSource(path, full: full, framing: framing, photo: photo)
        var jobs: [EncodingJob] = []
        for kind in VariantKind.allCases where kind.isSquare {
            let image = try marked(PhotoDecoding.scaled(source, longSide: min(kind.targetSize, source.width)), watermark)
            jobs += VariantFormat.allCases.map { EncodingJob(image: image, kind: kind, format: $0) }
        }
        return jobs
    }

    /// `image` with the watermark drawn over it at a size that suits the image, or
    /// `image` itself without one.
    private static func marked(_ image: VImage, _ watermark: Watermark?) throws(ImagingError) -> VImage {
        guard let watermark else { return image }
        return try WatermarkPainter.apply(watermark, to: image)
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

    /// Writes each file unless one of that name exists; content addressing makes an
    /// existing file the same bytes. Atomic writes, so a crash leaves no half file.
    private static func write(_ files: [EncodedFile], into directory: String) throws(ImagingError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for file in files {
                let url = URL(fileURLWithPath: directory).appendingPathComponent(file.variant.fileName)
                guard !FileManager.default.fileExists(atPath: url.path) else { continue }
                try file.bytes.write(to: url, options: .atomic)
            }
        } catch {
            throw .writeFailed(path: directory, detail: error.localizedDescription)
        }
    }
}
