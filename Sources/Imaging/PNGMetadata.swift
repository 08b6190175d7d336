import CZlib

/// Puts an XMP packet into a PNG file without touching its compressed pixels.
///
/// The input is untrusted: every chunk length is checked against the bytes there are,
/// and anything malformed is `.damaged`, never a trap. Chunk CRCs are copied, not checked:
/// the pixels are not re-encoded, so a reader will judge them as it would the original.
enum PNGMetadata {
    /// The keyword of the text chunk that carries XMP, as the XMP specification names it.
    static let xmpKeyword = Array("XML:com.adobe.xmp".utf8)
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// PNG caps a chunk's length at 2³¹ − 1.
    private static let maximumChunkLength = 0x7FFF_FFFF

    /// `png` with `packet` in an uncompressed `iTXt` chunk right after IHDR, where readers
    /// find it before the image data, and without any XMP chunk the file already had.
    ///
    /// With the camera details `.removed`, an `eXIf` chunk is scrubbed (`EXIFPrivacy`; one
    /// that cannot be walked is dropped) and the text chunks in which ImageMagick and
    /// others keep a hex copy of EXIF or IPTC ("Raw profile type exif", "APP1", "iptc") go.
    static func inserting(
        _ packet: [UInt8], into png: [UInt8], cameraDetails: CameraDetails = .kept
    ) throws(ImagingError) -> [UInt8] {
        guard png.starts(with: signature) else {
            throw .damaged(detail: "the PNG does not begin with the PNG signature")
        }
        // Keyword, NUL, compression flag and method (none), empty language tag and
        // translated keyword (each NUL-terminated), then the text.
        let data = xmpKeyword + [0, 0, 0, 0, 0] + packet
        guard data.count <= maximumChunkLength else {
            throw .processingFailed(detail: "the XMP packet is too large for a PNG chunk")
        }
        let chunk = encodedChunk(type: Array("iTXt".utf8), data: data)
        var output = signature
        output.reserveCapacity(png.count + chunk.count)
        var offset = signature.count
        var isFirst = true
        while true {
            guard offset + 12 <= png.count else { throw cutShort() }
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= maximumChunkLength else {
                throw .damaged(detail: "the PNG has a chunk of length \(length) at byte \(offset)")
            }
            let type = Array(png[offset + 4..<offset + 8])
            let end = offset + 12 + length
            guard end <= png.count else { throw cutShort() }
            let chunkData = png[offset + 8..<offset + 8 + length]
            if isFirst {
                guard type == Array("IHDR".utf8) else {
                    throw .damaged(detail: "the PNG does not begin with an IHDR chunk")
                }
                output += png[offset..<end]
                output += chunk
                isFirst = false
            } else if isXMP(type: type, data: chunkData) {
                // Replaced by the new packet.
            } else if cameraDetails == .removed, type == Array("eXIf".utf8) {
                if let scrubbed = scrubbedEXIF(chunkData) { output += encodedChunk(type: type, data: scrubbed) }
            } else if cameraDetails == .removed, isRawProfile(type: type, data: chunkData) {
                // A copy of EXIF or IPTC as text: dropped.
            } else {
                output += png[offset..<end]
            }
            offset = end
            if type == Array("IEND".utf8) {
                // Bytes after IEND are not part of the image; they are kept as they were.
                output += png[offset...]
                return output
            }
        }
    }

    private static let textTypes = ["iTXt", "tEXt", "zTXt"].map { Array($0.utf8) }

    /// Whether a chunk is a text chunk of any kind carrying XMP.
    private static func isXMP(type: [UInt8], data: ArraySlice<UInt8>) -> Bool {
        textTypes.contains(type) && data.starts(with: xmpKeyword + [0])
    }

    /// The keywords of the text chunks that hold a profile as hex ("Raw profile type exif").
    private static let rawProfileKeywords = ["exif", "app1", "iptc", "8bim", "xmp"].map { Array("Raw profile type \($0)".utf8) }

    private static func isRawProfile(type: [UInt8], data: ArraySlice<UInt8>) -> Bool {
        guard textTypes.contains(type) else { return false }
        let keyword = data.prefix { $0 != 0 }.map { $0 | 0x20 } // ASCII, compared without case
        return rawProfileKeywords.contains { keyword.elementsEqual($0.map { $0 | 0x20 }) }
    }

    /// An `eXIf` chunk's data scrubbed, with the "Exif\0\0" some writers put first kept.
    private static func scrubbedEXIF(_ data: ArraySlice<UInt8>) -> [UInt8]? {
        let prefix = Array("Exif".utf8) + [0, 0]
        if data.starts(with: prefix) { return EXIFPrivacy.scrubbed(Array(data.dropFirst(prefix.count))).map { prefix + $0 } }
        return EXIFPrivacy.scrubbed(Array(data))
    }

    /// Length, type, data, and the CRC-32 of type and data.
    private static func encodedChunk(type: [UInt8], data: [UInt8]) -> [UInt8] {
        let checked = type + data
        let crc = checked.withUnsafeBufferPointer { buffer in
            crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        return UInt32(data.count).bigEndianBytes + checked + UInt32(truncatingIfNeeded: crc).bigEndianBytes
    }

    private static func cutShort() -> ImagingError {
        .damaged(detail: "the PNG is cut short before its end chunk")
    }
}
