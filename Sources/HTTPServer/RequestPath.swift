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
        guard raw.hasPrefix("/") else {
            throw HTTPFailure(.badRequest, "The request path must start with “/”.")
        }
        var segments: [String] = []
        for encoded in raw.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard let segment = PercentDecoding.decodeSegment(encoded) else {
                throw HTTPFailure(.badRequest, "The request path has a malformed escape, a NUL byte or invalid UTF-8.")
            }
            if segment.utf8.contains(UInt8(ascii: "/")) {
                throw HTTPFailure(.badRequest, "The request path may not contain an encoded slash (%2F).")
            }
            if segment == ".." {
                throw HTTPFailure(.badRequest, "The request path may not contain “..” segments.")
            }
            if segment == "." { continue }
            segments.append(segment)
        }
        self.init(segments: segments)
    }
}
