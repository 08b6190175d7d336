import Foundation

/// The container formats accepted, recognised from the file's content, never its name.
/// A plain value: any thread.
public enum VideoContainer: String, Sendable, Codable, CaseIterable {
    /// ISO base media: MP4, QuickTime MOV, 3GP.
    case mp4
    /// Matroska: MKV and WebM.
    case matroska

    /// The container of the file at `path` from its first bytes, or nil when it is neither
    /// (or cannot be read): a check costing one small read, before anything is kept or started.
    public static func recognise(fileAt path: String) -> VideoContainer? {
        (try? leadingBytes(path)).flatMap(ContainerSniffer.container(ofLeadingBytes:))
    }

    /// The first bytes of the file at `path`, as many as recognition needs.
    static func leadingBytes(_ path: String) throws -> [UInt8] {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? file.close() }
        return Array(try file.read(upToCount: ContainerSniffer.leadingByteCount) ?? Data())
    }

    /// The FFmpeg demuxer forced on the file (`-f`), so no other reader is ever tried on it.
    var demuxer: String {
        switch self {
        case .mp4: "mov"
        case .matroska: "matroska"
        }
    }

    /// The `format_name` ffprobe gives that demuxer.
    var formatName: String {
        switch self {
        case .mp4: "mov,mp4,m4a,3gp,3g2,mj2"
        case .matroska: "matroska,webm"
        }
    }
}

/// Recognises containers from their first bytes.
enum ContainerSniffer {
    /// How many leading bytes `container(ofLeadingBytes:)` needs to see: the first box's
    /// size and type, and an `ftyp` box's major brand.
    static let leadingByteCount = 12

    private static let ebmlMagic: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]

    /// The boxes an ISO media file may open with: `ftyp` in every MP4 and newer MOV; the
    /// others in QuickTime files written before `ftyp` existed.
    private static let firstBoxes: Set<String> = ["ftyp", "moov", "mdat", "wide", "free"]

    /// Major brands of still images in ISO media boxes (HEIF, HEIC, AVIF): they open with
    /// `ftyp` like a film but hold a photo, which the photo pipeline takes.
    private static let stillImageBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "avif", "avis",
    ]

    static func container(ofLeadingBytes bytes: [UInt8]) -> VideoContainer? {
        if bytes.starts(with: ebmlMagic) { return .matroska }
        guard bytes.count >= 8 else { return nil }
        let box = String(decoding: bytes[4..<8], as: UTF8.self)
        guard firstBoxes.contains(box) else { return nil }
        if box == "ftyp", bytes.count >= 12, stillImageBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self)) {
            return nil
        }
        return .mp4
    }
}
