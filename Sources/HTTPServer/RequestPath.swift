/// The decoded, normalized path of a request.
///
/// Rejected with 400: segments of `..` (escape attempts), encoded slashes inside a
/// segment, NUL bytes, malformed escapes and invalid UTF-8. Empty and `.` segments are
/// dropped, so `//a/./b/` and `/a/b` are the same path.
public struct RequestPath: Sendable, Equatable, CustomStringConvertible {
    public let segments: [String]
    /// The normalized path, always starting with `/`.
    public let description: String

    public init(segments: [String]) {
        self.segments = segments
        description = "/" + segments.joined(separator: "/")
    }

    /// Parses the path part of a request target as sent (still percent-encoded).
    public init(encoded raw: String) throws(HTTPFailure) {
        var raw = raw
        // Work on the contiguous UTF-8 bytes: this runs for every request.
        let parsed = raw.withUTF8 { bytes in Result { () throws(HTTPFailure) in try Self.segments(of: bytes) } }
        self.init(segments: try parsed.get())
    }

    private static func segments(of bytes: UnsafeBufferPointer<UInt8>) throws(HTTPFailure) -> [String] {
        guard bytes.first == UInt8(ascii: "/") else {
            throw HTTPFailure(.badRequest, "The request path must start with “/”.")
        }
        var segments: [String] = []
        var start = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            if end > start, let segment = try Self.segment(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                segments.append(segment)
            }
            start = end + 1
        }
        return segments
    }

    /// One decoded segment, or nil for `.` (which normalization drops).
    private static func segment(_ encoded: UnsafeBufferPointer<UInt8>) throws(HTTPFailure) -> String? {
        guard let segment = PercentDecoding.decodeSegment(encoded) else {
            throw HTTPFailure(.badRequest, "The request path has a malformed escape, a NUL byte or invalid UTF-8.")
        }
        if segment.utf8.contains(UInt8(ascii: "/")) {
            throw HTTPFailure(.badRequest, "The request path may not contain an encoded slash (%2F).")
        }
        if segment == ".." {
            throw HTTPFailure(.badRequest, "The request path may not contain “..” segments.")
        }
        return segment == "." ? nil : segment
    }
}
