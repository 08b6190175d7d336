import Foundation

/// Removes metadata chunks from an encoded WebP file.
///
/// libvips 8.14.1 (Debian 12's version) ignores `strip` when saving WebP and always writes
/// an EXIF chunk it rebuilds from the image header (fixed in 8.14.2). Removing the chunks
/// from the finished file works whatever the libvips version, and changes nothing when
/// there is nothing to remove.
enum WebPMetadata {
    /// Chunks that carry metadata rather than pixels.
    private static let metadataChunks: Set<String> = ["EXIF", "XMP ", "ICCP"]

    /// VP8X feature flags for those chunks: ICC profile, EXIF, XMP.
    private static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

    /// `webp` without EXIF, XMP and ICC chunks; nil when it is not a well-formed WebP file.
    static func stripped(_ webp: Data) -> Data? {
        let bytes = [UInt8](webp)
        guard bytes.count >= 12, tag(bytes, 0) == "RIFF", tag(bytes, 8) == "WEBP",
              var chunks = chunks(bytes) else { return nil }
        chunks.removeAll { metadataChunks.contains($0.tag) }
        if let index = chunks.firstIndex(where: { $0.tag == "VP8X" }) {
            chunks[index].payload[0] &= ~metadataFlags
            // With no feature left (alpha, animation), the simple format says the same in fewer bytes.
            if chunks[index].payload[0] == 0 { chunks.remove(at: index) }
        }
        let body = chunks.flatMap(\.encoded)
        return Data(Array("RIFF".utf8) + littleEndian(UInt32(4 + body.count)) + Array("WEBP".utf8) + body)
    }

    private struct Chunk {
        let tag: String
        var payload: [UInt8]

        /// Tag, little-endian size, payload, and a pad byte when the size is odd.
        var encoded: [UInt8] {
            Array(tag.utf8) + littleEndian(UInt32(payload.count)) + payload
                + (payload.count % 2 == 1 ? [0] : [])
        }
    }

    private static func chunks(_ bytes: [UInt8]) -> [Chunk]? {
        var chunks: [Chunk] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8
                | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let start = offset + 8
            guard start + size <= bytes.count else { return nil }
            chunks.append(Chunk(tag: tag(bytes, offset), payload: Array(bytes[start..<start + size])))
            offset = start + size + size % 2
        }
        // A VP8X chunk without its 10-byte payload would be malformed.
        guard chunks.allSatisfy({ $0.tag != "VP8X" || $0.payload.count >= 10 }) else { return nil }
        return chunks
    }

    private static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}

private func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}
