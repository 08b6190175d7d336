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
    static func inserting(_ packet: [UInt8], into png: [UInt8]) throws(ImagingError) -> [UInt8] {
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
            } else if !isXMP(type: type, data: chunkData) {
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

    /// Whether a chunk is a text chunk of any kind carrying XMP.
    private static func isXMP(type: [UInt8], data: ArraySlice<UInt8>) -> Bool {
        let textTypes = ["iTXt", "tEXt", "zTXt"].map { Array($0.utf8) }
        return textTypes.contains(type) && data.starts(with: xmpKeyword + [0])
    }

    /// Length, type, data, and the CRC-32 of type and data.
    private static func encodedChunk(type: [UInt8], data: [UInt8]) -> [UInt8] {
        let checked = type + data
        let crc = checked.withUnsafeBufferPointer { buffer in
            crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        return bigEndian(UInt32(data.count)) + checked + bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func cutShort() -> ImagingError {
        .damaged(detail: "the PNG is cut short before its end chunk")
    }
}
