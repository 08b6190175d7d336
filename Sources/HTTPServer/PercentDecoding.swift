/// Strict percent-decoding of URL components (RFC 3986) into UTF-8 text.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`, as in form bodies).
    /// Returns nil for a malformed escape, a NUL byte or bytes that are not valid UTF-8.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, plusIsSpace: Bool = false) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                let high = bytes.index(after: index)
                guard high != bytes.endIndex else { return nil }
                let low = bytes.index(after: high)
                guard low != bytes.endIndex,
                      let h = hexValue(bytes[high]), let l = hexValue(bytes[low]) else { return nil }
                output.append(h << 4 | l)
                index = bytes.index(after: low)
                continue
            case UInt8(ascii: "+") where plusIsSpace:
                output.append(UInt8(ascii: " "))
            default:
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        if output.contains(0) { return nil }
        return String(validating: output, as: UTF8.self)
    }

    /// A path segment: most have no escapes, and those are taken as they are (after the
    /// same NUL and UTF-8 checks) without building a decoded copy.
    static func decodeSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else {
            if bytes.contains(0) { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
        return decode(bytes)
    }

    static func decode(_ text: String, plusIsSpace: Bool = false) -> String? {
        decode(Array(text.utf8), plusIsSpace: plusIsSpace)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
