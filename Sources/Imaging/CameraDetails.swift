/// Whether a delivered file keeps what tells where a photo was taken and which camera took
/// it: the GPS position, the serial numbers of body and lens, the owner's name the camera
/// was set to, and the maker's private notes (which carry serial numbers and, for some
/// makers, a position too). Everything else — make, model, lens, exposure, orientation,
/// copyright, the rights — stays either way.
public enum CameraDetails: Sendable, Equatable {
    /// Taken out: the default, since a client may pass the file on.
    case removed
    /// Kept, as the photographer chose for one gallery.
    case kept
}

/// Takes the camera details out of an EXIF block: the TIFF structure an APP1 "Exif"
/// segment or a PNG `eXIf` chunk carries.
///
/// The structure is edited where it lies, so it keeps its length and every offset in it
/// stays right: a removed entry's 12 bytes leave its directory (the entries after it move
/// up, the count drops), and the bytes of its value — and the whole GPS directory — are
/// overwritten with zeros, so the position is not left behind where a directory no
/// longer points. The input is untrusted: every offset and length is checked against the
/// bytes there are, and a structure that cannot be walked safely is answered with nil
/// (the caller then drops the whole block rather than deliver what it could not check).
enum EXIFPrivacy {
    /// Tags taken out of IFD0, IFD1 and the EXIF directory.
    static let removedTags: Set<UInt16> = [
        gpsPointer,
        0xA430, // CameraOwnerName
        0xA431, // BodySerialNumber
        0xA435, // LensSerialNumber
        0xC62F, // CameraSerialNumber (DNG)
        0x927C, // MakerNote
    ]
    static let gpsPointer: UInt16 = 0x8825
    static let exifPointer: UInt16 = 0x8769
    /// Directories followed at most: IFD0, IFD1, the EXIF directory, and a few a strange
    /// file may chain; more is a loop or a trap.
    private static let maximumDirectories = 8

    /// `tiff` without the camera details, or nil when its structure cannot be walked.
    static func scrubbed(_ tiff: [UInt8]) -> [UInt8]? {
        var block = TIFFBlock(bytes: tiff)
        guard block.bytes.count >= 8 else { return nil }
        switch (block.bytes[0], block.bytes[1]) {
        case (0x49, 0x49): block.littleEndian = true
        case (0x4D, 0x4D): block.littleEndian = false
        default: return nil
        }
        guard block.u16(at: 2) == 42, let first = block.u32(at: 4) else { return nil }
        var pending = [first]
        var visited: Set<Int> = []
        while let offset = pending.popLast() {
            guard offset != 0 else { continue }
            guard visited.insert(offset).inserted, visited.count <= maximumDirectories else { return nil }
            guard let found = block.scrubDirectory(at: offset) else { return nil }
            pending += found
        }
        return block.bytes
    }
}

/// The bytes of a TIFF structure and the reads and writes a scrub needs, each checked.
private struct TIFFBlock {
    var bytes: [UInt8]
    var littleEndian = true

    func u16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(at offset: Int) -> Int? {
        guard let low = u16(at: littleEndian ? offset : offset + 2),
              let high = u16(at: littleEndian ? offset + 2 : offset) else { return nil }
        return high << 16 | low
    }

    mutating func zero(_ range: Range<Int>) {
        for index in range { bytes[index] = 0 }
    }

    /// The bytes of a directory entry's value when they lie outside the entry (more than
    /// four), or nil when they lie inside it; `.none` for a value that points past the end.
    private func outOfLineValue(ofEntryAt entry: Int) -> Range<Int>?? {
        guard let type = u16(at: entry + 2), let count = u32(at: entry + 4) else { return .none }
        let unit: Int = switch type {
        case 3, 8: 2 // SHORT, SSHORT
        case 4, 9, 11, 13: 4 // LONG, SLONG, FLOAT, IFD
        case 5, 10, 12: 8 // RATIONAL, SRATIONAL, DOUBLE
        default: 1 // BYTE, ASCII, SBYTE, UNDEFINED, and unknown types read as bytes
        }
        let (size, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow else { return .none }
        guard size > 4 else { return .some(nil) }
        guard let start = u32(at: entry + 8), start <= bytes.count, size <= bytes.count - start else { return .none }
        return .some(start..<start + size)
    }

    /// Takes the removed tags out of the directory at `offset` and blanks the GPS
    /// directory it points to; the directories to visit next (the EXIF directory and the
    /// next in the chain), or nil when the directory runs past the end.
    mutating func scrubDirectory(at offset: Int) -> [Int]? {
        guard let count = u16(at: offset) else { return nil }
        let entries = offset + 2
        let end = entries + 12 * count
        guard let next = u32(at: end) else { return nil }
        var kept: [[UInt8]] = []
        var followed = [next]
        for index in 0..<count {
            let entry = entries + 12 * index
            guard let tag = u16(at: entry).map(UInt16.init) else { return nil }
            guard EXIFPrivacy.removedTags.contains(tag) else {
                kept.append(Array(bytes[entry..<entry + 12]))
                if tag == EXIFPrivacy.exifPointer, let pointed = u32(at: entry + 8) { followed.append(pointed) }
                continue
            }
            if tag == EXIFPrivacy.gpsPointer, let gps = u32(at: entry + 8), gps != offset {
                guard blankDirectory(at: gps) else { return nil }
            } else if case .some(.some(let value)) = outOfLineValue(ofEntryAt: entry) {
                zero(value)
            }
        }
        guard kept.count < count else { return followed }
        var write = entries
        for entry in kept {
            bytes.replaceSubrange(write..<write + 12, with: entry)
            write += 12
        }
        let nextBytes = Array(bytes[end..<end + 4])
        bytes.replaceSubrange(write..<write + 4, with: nextBytes)
        zero(write + 4..<end + 4)
        let newCount = kept.count
        bytes[offset] = UInt8(littleEndian ? newCount & 0xFF : newCount >> 8)
        bytes[offset + 1] = UInt8(littleEndian ? newCount >> 8 : newCount & 0xFF)
        return followed
    }

    /// Overwrites the directory at `offset` (the GPS one) and its values with zeros.
    private mutating func blankDirectory(at offset: Int) -> Bool {
        guard let count = u16(at: offset) else { return false }
        let end = offset + 2 + 12 * count + 4
        guard end <= bytes.count else { return false }
        for index in 0..<count {
            if case .some(.some(let value)) = outOfLineValue(ofEntryAt: offset + 2 + 12 * index) { zero(value) }
        }
        zero(offset..<end)
        return true
    }
}
