import Foundation

extension Response {
    /// A file whose name is its content (so `etag`, strong, never changes meaning) as the
    /// request asks for it: 304 when the client has it, one byte range (206) for `Range`
    /// with no `If-Range` or a matching one, 416 for a range past the end, else the whole
    /// file. Media players seek with ranges, and some engines play nothing without them.
    /// Nil when the file is not there.
    public static func contentAddressedFile(at path: String, request: Request, etag: String,
                                            headers: HTTPHeaders) -> Response? {
        var headers = headers
        headers.set("ETag", etag)
        headers.set("Accept-Ranges", "bytes")
        if StaticFiles.EntityTag.list(request.headers.values("if-none-match").joined(separator: ","), weaklyMatches: etag) {
            return Response(status: .notModified, headers: headers)
        }
        guard let whole = FileRegion(path: path) else { return nil }
        let ranges = request.headers.values("range")
        let ifRange = request.headers["if-range"]?.trimmingCharacters(in: .whitespaces)
        guard request.method == .get, ranges.count == 1, ifRange == nil || ifRange == etag else {
            return Response(status: .ok, headers: headers, body: .file(whole))
        }
        switch StaticFiles.ByteRange(ranges[0], size: whole.length) {
        case .whole:
            return Response(status: .ok, headers: headers, body: .file(whole))
        case .partial(let offset, let length):
            guard let part = FileRegion(path: path, offset: offset, length: length) else { return nil }
            headers.set("Content-Range", "bytes \(offset)-\(offset + length - 1)/\(whole.length)")
            return Response(status: .partialContent, headers: headers, body: .file(part))
        case .unsatisfiable:
            var refused = HTTPHeaders()
            refused.set("Content-Range", "bytes */\(whole.length)")
            return Response(status: .rangeNotSatisfiable, headers: refused)
        }
    }
}
