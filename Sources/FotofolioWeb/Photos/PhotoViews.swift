import Fotofolio
import Imaging

/// What templates need to show a photo: `<picture>` sources with `srcset`, a fallback
/// `<img>` with its size (so the layout never jumps), the placeholder colour, the alt text.
enum PhotoViews {
    /// The square crop, for rows and grids; `sizes` says how wide it is shown.
    static func square(_ photo: Photo, alt: String, number: Int, sizes: String = "(min-width: 48em) 24rem, 100vw") -> PhotoModel {
        let webp = photo.variants(.webp, square: true)
        let jpeg = photo.variants(.jpeg, square: true)
        let fallback = jpeg.first { $0.kind == .square640 } ?? jpeg.last
        return PhotoModel(
            color: photo.placeholderColor, webpSrcset: srcset(webp), jpegSrcset: srcset(jpeg), sizes: sizes,
            src: fallback.map { MediaFiles.url($0.fileName) } ?? "",
            width: fallback?.width ?? 640, height: fallback?.height ?? 640, alt: alt, eager: false, number: number,
            duration: photo.film.map { FilmViews.duration($0.duration) })
    }

    /// The whole frame, as large as the page allows.
    static func full(_ photo: Photo, alt: String, number: Int, eager: Bool,
                     sizes: String = "(min-width: 60em) 56rem, 100vw") -> PhotoModel {
        let fullJPEG = photo.variant(.full, .jpeg)
        let fullWebP = photo.variant(.full, .webp)
        return PhotoModel(
            color: photo.placeholderColor, webpSrcset: fullWebP.map { srcset([$0]) } ?? "",
            jpegSrcset: fullJPEG.map { srcset([$0]) } ?? "", sizes: sizes,
            src: fullJPEG.map { MediaFiles.url($0.fileName) } ?? "",
            width: fullJPEG?.width ?? photo.width, height: fullJPEG?.height ?? photo.height, alt: alt,
            eager: eager, number: number)
    }

    /// The smallest square, for thumbnails in forms and avatars.
    static func thumbnailURL(_ photo: Photo) -> String {
        photo.variant(.square320, .webp).map { MediaFiles.url($0.fileName) } ?? ""
    }

    /// The absolute URL of a shareable image (social cards): the 1080 square JPEG.
    static func cardImagePath(_ photo: Photo) -> String? {
        photo.variant(.square1080, .jpeg).map { MediaFiles.url($0.fileName) }
    }

    /// "29. 1. 2011" or "29 Jan 2011" from the camera's "2011-01-29T13:49:35".
    static func date(_ stamp: String, language: Language) -> String? {
        let parts = stamp.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return language == .cs ? "\(parts[2]). \(parts[1]). \(parts[0])" : "\(parts[2]) \(months[parts[1] - 1]) \(parts[0])"
    }

    private static func srcset(_ variants: [Variant]) -> String {
        variants.map { "\(MediaFiles.url($0.fileName)) \($0.width)w" }.joined(separator: ", ")
    }

    /// "how it was shot", in the reader's words, or nil when the camera said nothing.
    static func shot(_ details: ShotDetails, table: StringTable) -> ShotModel? {
        guard !details.isEmpty else { return nil }
        let settings = [details.focalLengthText, details.apertureText, details.shutterText, details.isoText].compactMap { $0 }
        let shot = ShotModel(camera: details.camera, lens: details.lens, settings: settings.isEmpty ? nil : settings.joined(separator: " · "),
                             takenAt: details.takenAt.flatMap { date($0, language: table.language) })
        let said = [shot.camera, shot.lens, shot.settings, shot.takenAt].contains { $0 != nil }
        return said ? shot : nil
    }
}
