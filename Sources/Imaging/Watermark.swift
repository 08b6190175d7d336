import CVips
import Foundation

/// Text repeated across every variant of a photo, so a copy taken from the site still says
/// whose it is. A plain value: any thread.
///
/// The text is drawn as written, whatever it contains: Pango markup (`<b>`, `&amp;`) is
/// shown literally, not interpreted. Line breaks and tabs become spaces, other control
/// characters are dropped, and only the first `maximumCharacters` characters are drawn, as
/// a longer mark would cover the photo with a wall of text rather than label it.
public struct Watermark: Sendable, Equatable {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    /// The most characters drawn (grapheme clusters, so "é" counts once however it is encoded).
    public static let maximumCharacters = 300

    /// The text as it is drawn; empty when nothing visible is left.
    var drawnText: String {
        let scalars = text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar == "\n" || scalar == "\r" || scalar == "\t" { return " " }
            return scalar.properties.generalCategory == .control ? nil : scalar
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let cleaned = String(view).trimmingCharacters(in: .whitespaces)
        return String(cleaned.prefix(Self.maximumCharacters))
    }

    /// `text` as Pango markup that shows it literally: libvips's text renderer always parses
    /// markup, so a bare `&` or `<` would fail the whole variant, and `<b>` would turn bold.
    static func markup(_ text: String) -> String {
        // Pango markup is XML, so XML's escaping is exactly what it needs.
        XMPRights.escaped(text)
    }
}

/// Lays a watermark over an image: white letters at about a third of full opacity, which
/// show on dark photos, over a soft dark shadow, which shows on light ones; in rows across
/// the whole frame, every other row shifted by half a repeat so no column is left bare.
enum WatermarkPainter {
    /// How opaque the white letters are (0…1).
    static let textOpacity = 0.35
    /// How opaque the darkest part of the shadow is (0…1).
    static let shadowOpacity = 0.45
    /// The letters' height is the image's shorter side divided by this…
    static let sizeDivisor = 18
    /// …but never below this many pixels, so that a small variant's mark stays readable.
    static let minimumFontPixels = 14

    /// `image` (3-band 8-bit sRGB) with `watermark` drawn over it, or `image` itself when
    /// the watermark has nothing visible to draw. The result is lazy: only the text itself
    /// is rendered here, the tiling and blending happen as the encoder reads pixels.
    static func apply(_ watermark: Watermark, to image: VImage) throws(ImagingError) -> VImage {
        let text = watermark.drawnText
        guard !text.isEmpty else { return image }
        let (width, height) = (image.width, image.height)
        let fontPixels = max(minimumFontPixels, min(width, height) / sizeDivisor)
        // Lines wrap well inside the frame, so that one repeat of a long text still fits across.
        let wrapWidth = max(fontPixels * 4, width * 4 / 5)
        let letters: VImage
        do {
            letters = try Self.letters(text, fontPixels: fontPixels, wrapWidth: wrapWidth)
        } catch .processingFailed(let detail) where detail.contains("no text to render") {
            // Only invisible characters (a zero-width space): libvips finds no ink to crop to.
            return image
        }
        // One repeat: the letters with a margin around them, which also leaves the shadow
        // room to spread.
        let margin = (x: fontPixels * 3 / 2, y: fontPixels)
        let cell = (width: letters.width + 2 * margin.x, height: letters.height + 2 * margin.y)
        let inCell = try VImage.make(failed) {
            fotofolio_vips_embed(letters.pointer, $0, Int32(margin.x), Int32(margin.y),
                                 Int32(cell.width), Int32(cell.height), 0)
        }
        let offset = max(1, fontPixels / 24)
        let shadowInCell = try VImage.make(failed) {
            fotofolio_vips_embed(letters.pointer, $0, Int32(margin.x + offset), Int32(margin.y + offset),
                                 Int32(cell.width), Int32(cell.height), 0)
        }
        let blurred = try VImage.make(failed) {
            fotofolio_vips_gaussblur(shadowInCell.pointer, $0, max(0.8, Double(fontPixels) / 30))
        }
        // The cells are small, so they are computed once here rather than again for each
        // repeat as the encoders read the wallpaper.
        let shadowCell = try opacity(blurred, shadowOpacity).inMemory(failure: failed)
        let textCell = try opacity(inCell, textOpacity).inMemory(failure: failed)
        let shadowMask = try wallpaper(shadowCell, width: width, height: height)
        let textMask = try wallpaper(textCell, width: width, height: height)
        let black = try constant(like: image, 0)
        let white = try constant(like: image, 255)
        let shadowed = try VImage.make(failed) {
            fotofolio_vips_blend(shadowMask.pointer, black.pointer, image.pointer, $0)
        }
        return try VImage.make(failed) {
            fotofolio_vips_blend(textMask.pointer, white.pointer, shadowed.pointer, $0)
        }
    }

    /// `text`, drawn literally, as a mask cropped to its ink: white on black, bold sans
    /// serif letters `fontPixels` high, lines wrapped to at most `wrapWidth` pixels.
    static func letters(_ text: String, fontPixels: Int, wrapWidth: Int) throws(ImagingError) -> VImage {
        try VImage.make(failed) { out in
            fotofolio_vips_text(out, Watermark.markup(text), "sans bold \(fontPixels)px", Int32(wrapWidth))
        }
    }

    /// `mask` with every value scaled by `factor`.
    private static func opacity(_ mask: VImage, _ factor: Double) throws(ImagingError) -> VImage {
        try VImage.make(failed) { fotofolio_vips_scale_uchar(mask.pointer, $0, factor) }
    }

    /// `cell` repeated over `width` × `height`: a block of two rows, the second shifted by
    /// half a cell (a cyclic shift, made by embedding the cell in its own size with the
    /// edges repeated), then that block repeated in both directions.
    private static func wallpaper(_ cell: VImage, width: Int, height: Int) throws(ImagingError) -> VImage {
        let shifted = try VImage.make(failed) {
            fotofolio_vips_embed(cell.pointer, $0, Int32(cell.width / 2), 0, Int32(cell.width), Int32(cell.height), 1)
        }
        let block = try VImage.make(failed) { fotofolio_vips_join_vertical(cell.pointer, shifted.pointer, $0) }
        return try VImage.make(failed) {
            fotofolio_vips_embed(block.pointer, $0, 0, 0, Int32(width), Int32(height), 1)
        }
    }

    /// An image of `image`'s size, bands and format with every value `value`, computed
    /// only as it is read.
    private static func constant(like image: VImage, _ value: Double) throws(ImagingError) -> VImage {
        guard let pointer = vips_image_new_from_image1(image.pointer, value) else {
            throw failed(Vips.takeError())
        }
        return VImage(owning: pointer)
    }

    private static func failed(_ detail: String) -> ImagingError {
        .processingFailed(detail: detail)
    }
}
