/// Takes the location fields out of the IPTC record a JPEG's APP13 "Photoshop 3.0"
/// segment carries: city, sub-location, province or state, country and its code, and the
/// older content-location fields. The creator, credit and copyright notice stay.
///
/// The segment is a list of image resources ("8BIM", an id, a Pascal name padded to an
/// even length, a 32-bit size, the data padded to an even length); the IPTC record is
/// resource 0x0404, a list of datasets (0x1C, record, dataset, a 16-bit size, the data).
/// The input is untrusted: every size is checked against the bytes there are, and a
/// segment that cannot be walked — or one using the rare extended dataset sizes — is
/// answered with nil, which the caller reads as "drop the whole segment".
enum IPTCPrivacy {
    static let signature = Array("Photoshop 3.0".utf8) + [0]
    private static let resourceSignature = Array("8BIM".utf8)
    private static let iptcResource = 0x0404
    /// The MD5 digest of the IPTC record, which no longer matches once a field is gone.
    private static let iptcDigestResource = 0x0425
    /// Record 2 datasets that say where: content location code and name, city,
    /// sub-location, province/state, country code, country name.
    static let locationDatasets: Set<UInt8> = [26, 27, 90, 92, 95, 100, 101]

    /// The APP13 payload (signature included) without location fields, or nil.
    static func scrubbed(_ payload: [UInt8]) -> [UInt8]? {
        guard payload.starts(with: signature) else { return nil }
        var output = signature
        var offset = signature.count
        while offset < payload.count {
            guard offset + 7 <= payload.count, payload[offset..<offset + 4].elementsEqual(resourceSignature) else { return nil }
            let id = Int(payload[offset + 4]) << 8 | Int(payload[offset + 5])
            let nameLength = Int(payload[offset + 6])
            let nameEnd = offset + 6 + (nameLength + 1 + 1) / 2 * 2
            guard nameEnd + 4 <= payload.count else { return nil }
            let size = payload[nameEnd..<nameEnd + 4].reduce(0) { $0 << 8 | Int($1) }
            let dataStart = nameEnd + 4
            guard size <= payload.count - dataStart else { return nil }
            let padded = size + size % 2
            let next = min(dataStart + padded, payload.count)
            let data = Array(payload[dataStart..<dataStart + size])
            if id == iptcDigestResource {
                offset = next
                continue
            }
            if id == iptcResource {
                guard let kept = withoutLocation(data) else { return nil }
                output += payload[offset..<nameEnd]
                output += UInt32(kept.count).bigEndianBytes + kept
                if kept.count % 2 == 1 { output.append(0) }
            } else {
                output += payload[offset..<next]
            }
            offset = next
        }
        return output
    }

    /// The datasets of an IPTC record without the location ones; nil when malformed.
    private static func withoutLocation(_ record: [UInt8]) -> [UInt8]? {
        var kept: [UInt8] = []
        var offset = 0
        while offset < record.count {
            // Some writers pad the record with zeros.
            if record[offset] == 0 {
                offset += 1
                continue
            }
            guard record[offset] == 0x1C, offset + 5 <= record.count else { return nil }
            let sizeHigh = Int(record[offset + 3])
            guard sizeHigh & 0x80 == 0 else { return nil }
            let size = sizeHigh << 8 | Int(record[offset + 4])
            let end = offset + 5 + size
            guard end <= record.count else { return nil }
            if !(record[offset + 1] == 2 && locationDatasets.contains(record[offset + 2])) {
                kept += record[offset..<end]
            }
            offset = end
        }
        return kept
    }
}

extension UInt32 {
    /// The four bytes, most significant first, as PNG and Photoshop's resources write them.
    var bigEndianBytes: [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: self >> (8 * $0)) }
    }
}
