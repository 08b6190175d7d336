import Foundation
import Imaging

/// A processed upload: the original kept for its owner, the variants served to everyone,
/// and what the camera said. Portfolios and avatars refer to photos. A film is a photo
/// too, its poster frame, with the `Film` attached: everything that shows one picture for
/// a portfolio (cards, covers, the selection) shows its poster.
public struct Photo: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var ownerId: Int64
    /// The original as uploaded, relative to the media directory ("originals/ab12….jpg").
    /// It still carries its metadata, so only the owner is given it.
    public var originalFile: String
    public var format: PhotoFormat
    /// As the photo is meant to be seen (EXIF orientation applied).
    public var width: Int
    public var height: Int
    public var byteCount: Int
    /// "#rrggbb", shown while the image loads.
    public var placeholderColor: String
    /// Where the smart crop put the squares when the photo was imported.
    public var cropCenterX: Double
    public var cropCenterY: Double
    public var cropZoom: Double
    /// Where the person moved the squares (all three set, or none while the smart crop stands).
    public var framingCenterX: Double?
    public var framingCenterY: Double?
    public var framingZoom: Double?
    public var variants: [Variant]
    public var shot: ShotDetails
    /// Author, licence name and licence link, for photos used under a licence (the demo photos).
    public var credit: String?
    public var licence: String?
    public var licenceURL: String?
    public var createdAt: Date
    /// Set when the photo is a film's poster frame: the film itself.
    public var film: Film? = nil

    /// The smart crop's choice, the default of every photo.
    public var smartFraming: SquareFraming { SquareFraming(centerX: cropCenterX, centerY: cropCenterY, zoom: cropZoom) }

    /// Where the square variants are cut: the person's framing, or the smart crop's.
    public var framing: SquareFraming {
        guard let framingCenterX, let framingCenterY, let framingZoom else { return smartFraming }
        return SquareFraming(centerX: framingCenterX, centerY: framingCenterY, zoom: framingZoom)
    }

    /// Every variant of `kind`, in `format`, smallest first.
    public func variants(_ format: VariantFormat, square: Bool) -> [Variant] {
        variants.filter { $0.format == format && $0.kind.isSquare == square }.sorted { $0.width < $1.width }
    }

    public func variant(_ kind: VariantKind, _ format: VariantFormat) -> Variant? {
        variants.first { $0.kind == kind && $0.format == format }
    }
}

/// A licence credit for a photo someone else took.
public struct PhotoCredit: Sendable, Equatable {
    public var author: String
    public var licence: String
    public var licenceURL: String

    public init(author: String, licence: String, licenceURL: String) {
        self.author = author
        self.licence = licence
        self.licenceURL = licenceURL
    }
}

extension Photo {
    /// The two variants a photo shown by itself uses, outside a portfolio (a message's, a
    /// demand's): its full frame large and its smallest square as the thumbnail, WebP where
    /// there is one, else JPEG; nil for a photo without them.
    public var largeAndSquare: (large: Variant, square: Variant)? {
        guard let large = variant(.full, .webp) ?? variant(.full, .jpeg),
              let square = variant(.square320, .webp) ?? variant(.square320, .jpeg) else { return nil }
        return (large, square)
    }

    /// Every file of the photo served under `/media/`: its variants, and a film's renditions,
    /// storyboard and map.
    public var publicFiles: [String] {
        variants.map(\.fileName) + (film?.files ?? [])
    }
}

extension Variant {
    private static let fileNameKey = Array(#""fileName":""#.utf8)

    /// The `fileName` values of a variant list as the stores keep it (JSON), read from its
    /// bytes without decoding it: the unused-file sweep reads every photo's. The names are hex
    /// digits and an extension (see `Variant.fileName`), so they never hold an escaped quote.
    public static func fileNames(inStoredJSON json: String) -> [String] {
        var json = json
        return json.withUTF8 { bytes in
            let bytes = UnsafeRawBufferPointer(bytes)
            var names: [String] = []
            var start = 0
            while let key = ByteSearch.firstIndex(of: fileNameKey, in: bytes, from: start) {
                let name = key + fileNameKey.count
                guard let end = ByteSearch.firstIndex(of: [UInt8(ascii: "\"")], in: bytes, from: name) else { break }
                names.append(String(decoding: bytes[name..<end], as: UTF8.self))
                start = end + 1
            }
            return names
        }
    }
}
