/// Puts an XMP packet into a JPEG file without touching its compressed pixels.
///
/// Only the segments before the first scan are parsed; everything from the first SOS
/// marker on is copied as it is. The input is untrusted: every length is checked against
/// the bytes there are, and anything malformed is `.damaged`, never a trap.
enum JPEGMetadata {
    /// What begins the payload of an APP1 segment holding the main XMP packet.
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// What begins the payload of an APP1 segment holding the rest of a packet too large
    /// for one segment ("extended XMP"); it belongs to the packet being replaced.
    private static let extendedXMPSignature = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
    private static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The largest packet one APP1 segment can carry: its 16-bit length counts itself
    /// (2 bytes) and the signature (29 bytes) too.
    static let maximumPacketBytes = 0xFFFF - 2 - xmpSignature.count

    private static let startOfImage: UInt8 = 0xD8
    private static let endOfImage: UInt8 = 0xD9
    private static let startOfScan: UInt8 = 0xDA
    private static let app0: UInt8 = 0xE0
    private static let app1: UInt8 = 0xE1

    /// `jpeg` with `packet` in an APP1 segment right after SOI and the APP0 (JFIF) and
    /// APP1 EXIF segments that lead the file, as readers expect, and with every XMP
    /// segment the file already had removed, so there is exactly one packet.
    ///
    /// With the camera details `.removed`, every EXIF block is scrubbed (`EXIFPrivacy`; a
    /// block that cannot be walked is dropped whole), the IPTC location fields go
    /// (`IPTCPrivacy`), and so does whatever follows the image's end: the further pictures
    /// a multi-picture file appends there carry EXIF blocks of their own, and the APP2 "MPF"
    /// index that points to them goes with them.
    static func inserting(
        _ packet: [UInt8], into jpeg: [UInt8], cameraDetails: CameraDetails = .kept
    ) throws(ImagingError) -> [UInt8] {
        guard packet.count <= maximumPacketBytes else {
            throw .processingFailed(
                detail: "the XMP packet is \(packet.count) bytes; one JPEG segment holds \(maximumPacketBytes)")
        }
        let header = try parse(jpeg)
        let length = 2 + xmpSignature.count + packet.count
        let segment: [UInt8] = [0xFF, app1, UInt8(length >> 8), UInt8(length & 0xFF)] + xmpSignature + packet
        var output: [UInt8] = [0xFF, startOfImage]
        output.reserveCapacity(jpeg.count + segment.count)
        for (index, range) in header.kept.enumerated() {
            if index == header.insertionIndex { output += segment }
            if cameraDetails == .removed {
                output += withoutCameraDetails(jpeg[range])
            } else {
                output += jpeg[range]
            }
        }
        if header.insertionIndex == header.kept.count { output += segment }
        output += jpeg[header.scanStart..<(cameraDetails == .removed ? header.imageEnd : jpeg.count)]
        return output
    }

    private static let app2: UInt8 = 0xE2
    private static let app13: UInt8 = 0xED
    private static let multiPictureSignature = Array("MPF".utf8) + [0]

    /// A header segment (marker to end of payload) as delivered without camera details:
    /// as it was, scrubbed, or nothing.
    private static func withoutCameraDetails(_ segment: ArraySlice<UInt8>) -> [UInt8] {
        let start = segment.startIndex
        guard segment.count >= 4 else { return Array(segment) }
        let marker = segment[start + 1]
        let payload = segment[(start + 4)...]
        let rebuilt: [UInt8]?
        if marker == app1, payload.starts(with: exifSignature) {
            rebuilt = EXIFPrivacy.scrubbed(Array(payload.dropFirst(exifSignature.count))).map { exifSignature + $0 }
        } else if marker == app2, payload.starts(with: multiPictureSignature) {
            rebuilt = nil
        } else if marker == app13, payload.starts(with: IPTCPrivacy.signature) {
            rebuilt = IPTCPrivacy.scrubbed(Array(payload))
        } else {
            return Array(segment)
        }
        guard let rebuilt, rebuilt.count + 2 <= 0xFFFF else { return [] }
        let length = rebuilt.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + rebuilt
    }

    /// The header segments to keep (marker to end of payload), where in that list the new
    /// segment goes, and where the first scan begins.
    private struct Header {
        var kept: [Range<Int>] = []
        var insertionIndex = 0
        var scanStart = 0
        /// Just past the image's end-of-image marker; bytes after it are not the image.
        var imageEnd = 0
    }

    private static func parse(_ jpeg: [UInt8]) throws(ImagingError) -> Header {
        guard jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == startOfImage else {
            throw .damaged(detail: "the JPEG does not begin with a start-of-image marker")
        }
        var header = Header()
        // Whether every segment so far was APP0 or EXIF: the new one goes after that run.
        var leading = true
        var offset = 2
        while true {
            guard offset < jpeg.count else { throw cutShort("before its image data") }
            guard jpeg[offset] == 0xFF else {
                throw .damaged(detail: "the JPEG has no segment marker at byte \(offset)")
            }
            // Any number of 0xFF fill bytes may precede a marker.
            var markerAt = offset + 1
            while markerAt < jpeg.count, jpeg[markerAt] == 0xFF { markerAt += 1 }
            guard markerAt < jpeg.count else { throw cutShort("in a segment marker") }
            let marker = jpeg[markerAt]
            let start = markerAt - 1
            switch marker {
            case startOfImage, endOfImage, 0x00:
                throw .damaged(detail: "the JPEG has a misplaced marker 0x\(String(marker, radix: 16)) at byte \(start)")
            case 0x01, 0xD0...0xD7:
                // TEM and RST carry no length; they do not belong here, but do no harm.
                header.kept.append(start..<markerAt + 1)
                leading = false
                offset = markerAt + 1
                continue
            default:
                break
            }
            guard markerAt + 2 < jpeg.count else { throw cutShort("in a segment length") }
            let length = Int(jpeg[markerAt + 1]) << 8 | Int(jpeg[markerAt + 2])
            let end = markerAt + 1 + length
            guard length >= 2 else { throw .damaged(detail: "the JPEG has a segment of length \(length) at byte \(start)") }
            guard end <= jpeg.count else { throw cutShort("in a segment that runs past the end of the file") }
            let payload = jpeg[(markerAt + 3)..<end]
            if marker == startOfScan {
                guard let imageEnd = endOfImage(jpeg, from: end) else { throw cutShort("in its image data") }
                header.scanStart = start
                header.imageEnd = imageEnd
                return header
            }
            if marker == app1, payload.starts(with: xmpSignature) || payload.starts(with: extendedXMPSignature) {
                // The old packet is dropped; it neither ends nor extends the leading run.
            } else {
                header.kept.append(start..<end)
                if leading, marker == app0 || (marker == app1 && payload.starts(with: exifSignature)) {
                    header.insertionIndex = header.kept.count
                } else {
                    leading = false
                }
            }
            offset = end
        }
    }

    /// Just past the image's EOI marker, walking from the end of the first scan's header
    /// at `offset`: inside compressed data a 0xFF byte is followed by 0x00 (a stuffed
    /// byte), a restart marker or a fill byte; any other marker between the scans of a
    /// progressive image (tables, further scans) carries a length and is stepped over, so
    /// no byte of a table is mistaken for the end. Nil when the data is cut short.
    private static func endOfImage(_ jpeg: [UInt8], from offset: Int) -> Int? {
        var index = offset
        while index + 1 < jpeg.count {
            guard jpeg[index] == 0xFF else {
                index += 1
                continue
            }
            let marker = jpeg[index + 1]
            switch marker {
            case endOfImage:
                return index + 2
            case 0x00, 0x01, 0xFF, 0xD0...0xD7:
                index += 1
            default:
                guard index + 3 < jpeg.count else { return nil }
                let length = Int(jpeg[index + 2]) << 8 | Int(jpeg[index + 3])
                guard length >= 2 else { return nil }
                index += 2 + length
            }
        }
        return nil
    }

    private static func cutShort(_ place: String) -> ImagingError {
        .damaged(detail: "the JPEG is cut short \(place)")
    }
}
