import Foundation

/// The photo formats accepted, recognised from the file's content, never its name.
/// A plain value: any thread.
public enum PhotoFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, webp, heic

    /// The libvips loader class that must claim a file of this format: the file variant of
    /// the loader unblocked in `Vips.allowedLoaders`.
    var loaderClass: String {
        switch self {
        case .jpeg: "VipsForeignLoadJpegFile"
        case .png: "VipsForeignLoadPngFile"
        case .webp: "VipsForeignLoadWebpFile"
        case .heic: "VipsForeignLoadHeifFile"
        }
    }
}

/// Recognises formats from their first bytes (their "magic numbers").
enum FormatSniffer {
    /// How many leading bytes `format(ofLeadingBytes:)` needs to see.
    static let leadingByteCount = 64

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// ISO base media "ftyp" brands that mark an HEIF/HEIC still image. AVIF files share the
    /// generic `mif1`; they are told apart later by the codec libvips reports.
    private static let heifBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1",
    ]

    static func format(ofLeadingBytes bytes: [UInt8]) -> PhotoFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.count >= 12, ascii(bytes[0..<4]) == "RIFF", ascii(bytes[8..<12]) == "WEBP" {
            return .webp
        }
        if isHEIF(bytes) { return .heic }
        return nil
    }

    /// An `ftyp` box first, whose major or compatible brands name an HEIF still image.
    private static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, ascii(bytes[4..<8]) == "ftyp" else { return false }
        let boxSize = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(max(boxSize, 16), bytes.count)
        let brandOffsets = [8] + Array(stride(from: 16, to: end - 3, by: 4))
        return brandOffsets.contains { heifBrands.contains(ascii(bytes[$0..<$0 + 4])) }
    }

    /// The frame count an animated PNG declares in its `acTL` chunk, or nil for a still
    /// PNG. libvips shows only the first frame of those, so it cannot tell us itself.
    /// Reads only chunk headers up to the first image data.
    static func pngFrameCount(_ file: FileHandle) throws -> Int? {
        var offset: UInt64 = 8
        for _ in 0..<1_000 {
            try file.seek(toOffset: offset)
            guard let chunk = try file.read(upToCount: 12), chunk.count == 12 else { return nil }
            let bytes = Array(chunk)
            switch ascii(bytes[4..<8]) {
            case "acTL": return bytes[8..<12].reduce(0) { $0 << 8 | Int($1) }
            case "IDAT", "IEND": return nil
            default: offset += 12 + bytes[0..<4].reduce(0) { $0 << 8 | UInt64($1) }
            }
        }
        return nil
    }

    private static func ascii<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
