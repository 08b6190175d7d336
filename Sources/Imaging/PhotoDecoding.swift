import CVips
import PollingThreads

/// Decoding the original at the sizes the variants need, and the pixel work on the result.
/// Decoding errors are the file's fault (`.damaged`); the rest are `.processingFailed`.
enum PhotoDecoding {
    /// The photo, oriented, as 8-bit sRGB without alpha, fitted inside `box` × `box` and
    /// held in memory. The decoder shrinks while it decodes where it can (a JPEG at 1/2,
    /// 1/4, 1/8), so a 24-megapixel JPEG never exists at full size in memory.
    static func fitted(_ path: String, box: Int, photo: ProbedPhoto) throws(ImagingError) -> VImage {
        try withoutMetadata(decoded(path, box: box, photo: photo))
    }

    /// The whole photo at its own size, oriented, as 8-bit sRGB without alpha or
    /// metadata, held in memory (3 bytes a pixel: 180 MB at the 60-megapixel limit).
    static func fullSize(_ path: String, photo: ProbedPhoto) throws(ImagingError) -> VImage {
        try fitted(path, box: max(photo.width, photo.height), photo: photo)
    }

    /// Only the `framing` square of the photo decoded so that the square is about
    /// `side` pixels, held in memory. Rows are decoded and dropped on the way, so memory
    /// holds the square, not the photo.
    static func square(
        _ path: String, framing: SquareFraming, side: Int, photo: ProbedPhoto
    ) throws(ImagingError) -> VImage {
        let squareInOriginal = Double(min(photo.width, photo.height)) / framing.zoom
        let scale = min(1, Double(side) / squareInOriginal)
        let box = Int((Double(max(photo.width, photo.height)) * scale).rounded(.up))
        let image = try decoded(path, box: box, photo: photo)
        let region = try crop(image, framing.square(width: image.width, height: image.height))
        return try withoutMetadata(region)
    }

    /// `image` decoded into memory with its metadata dropped, so that no encoder can write
    /// any of it back. The encoders' own `strip` option is not enough on its own: libvips
    /// 8.14.1 (Debian 12) ignores it when saving WebP (fixed in 8.14.2).
    private static func withoutMetadata(_ image: VImage) throws(ImagingError) -> VImage {
        let copy = try image.inMemory { .damaged(detail: $0) }
        copy.removeAllMetadata()
        return copy
    }

    /// A lazy pipeline: nothing is decoded until its pixels are read.
    private static func decoded(_ path: String, box: Int, photo: ProbedPhoto) throws(ImagingError) -> VImage {
        PollingThread.refuse("image decoding")
        let thumbnail = try VImage.make({ .damaged(detail: $0) }) { out in
            fotofolio_vips_thumbnail(
                Vips.literalFilename(path), out, Int32(box), Int32(box), photo.hasColourProfile ? 1 : 0)
        }
        return try eightBitSRGB(thumbnail)
    }

    /// Grey, 16-bit and alpha images become what both encoders take: 3-band 8-bit sRGB,
    /// transparency laid over white.
    private static func eightBitSRGB(_ image: VImage) throws(ImagingError) -> VImage {
        var image = image
        if !image.isSRGB || !image.isUchar {
            image = try VImage.make(failed) { fotofolio_vips_to_srgb(image.pointer, $0) }
        }
        if image.hasAlpha {
            image = try VImage.make(failed) { fotofolio_vips_flatten_white(image.pointer, $0) }
        }
        if !image.isUchar {
            image = try VImage.make(failed) { fotofolio_vips_cast_uchar(image.pointer, $0) }
        }
        return image
    }

    static func crop(_ image: VImage, _ square: PixelSquare) throws(ImagingError) -> VImage {
        try VImage.make(failed) {
            fotofolio_vips_crop(
                image.pointer, $0, Int32(square.left), Int32(square.top),
                Int32(square.side), Int32(square.side))
        }
    }

    /// `image` scaled so its longer side is `longSide`; the same image when it already is.
    static func scaled(_ image: VImage, longSide: Int) throws(ImagingError) -> VImage {
        let current = max(image.width, image.height)
        guard longSide != current else { return image }
        let scale = Double(longSide) / Double(current)
        return try VImage.make(failed) { fotofolio_vips_resize(image.pointer, $0, scale, scale) }
    }

    /// The framing libvips's attention-based smart crop chooses for the largest square.
    static func smartFraming(_ image: VImage) throws(ImagingError) -> SquareFraming {
        var x: Int32 = 0
        var y: Int32 = 0
        let side = Int32(min(image.width, image.height))
        // Only the attention centre is wanted; the cropped image is dropped unread.
        _ = try VImage.make(failed) {
            fotofolio_vips_smartcrop_attention(image.pointer, $0, side, &x, &y)
        }
        return .attention(x: Int(x), y: Int(y), width: image.width, height: image.height)
    }

    /// The mean of each of the three bands as "#rrggbb".
    static func averageColor(_ image: VImage) throws(ImagingError) -> String {
        let stats = try VImage.make(failed) { fotofolio_vips_stats(image.pointer, $0) }
        let values = try stats.pixelBytes().withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
        // One row of 10 statistics for all bands together, then one row per band;
        // the mean is column 4.
        let columns = stats.width
        let hex = (1...3).map { band -> String in
            let mean = values[band * columns + 4]
            let byte = UInt8(max(0, min(255, mean.rounded())))
            return String(byte, radix: 16).leftPadded(to: 2)
        }
        return "#" + hex.joined()
    }

    private static func failed(_ detail: String) -> ImagingError {
        .processingFailed(detail: detail)
    }
}

extension String {
    func leftPadded(to length: Int, with pad: Character = "0") -> String {
        String(repeating: pad, count: max(0, length - count)) + self
    }
}
