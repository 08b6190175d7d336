import Foundation

extension StaticFiles {
    /// Fingerprinted URLs change whenever the content does, so caches may keep them for a year.
    static let immutableCacheControl = "public, max-age=31536000, immutable"
    /// Plain URLs keep their name across deploys, so caches must revalidate (cheap with the ETag).
    static let revalidateCacheControl = "no-cache"

    /// The answer for one catalogued asset, evaluating the request's headers in the order
    /// RFC 9110 §13.2.2 gives: validators first (304), then `If-Range` and `Range`.
    struct Answer {
        let asset: Asset
        let isFingerprinted: Bool
        let request: Request

        func response() -> Response? {
            let range = requestedRange()
            // Ranges are always cut from the identity bytes, so only whole responses are gzipped.
            let gzip = range == .whole && asset.gzipped != nil
                && ContentCoding.acceptsGzip(request.headers.values("accept-encoding"))
            let etag = gzip ? asset.gzipETag : asset.etag
            if isNotModified(etag: etag) { return notModified(etag: etag) }
            switch range {
            case .whole: return gzip ? gzipped() : identity()
            case .partial(let offset, let length): return partial(offset: offset, length: length)
            case .unsatisfiable: return unsatisfiable()
            }
        }

        // MARK: Conditions

        /// `If-None-Match` wins over `If-Modified-Since`, which is only looked at without it.
        private func isNotModified(etag: String) -> Bool {
            let tags = request.headers.values("if-none-match")
            if !tags.isEmpty {
                return EntityTag.list(tags.joined(separator: ","), weaklyMatches: etag)
            }
            let dates = request.headers.values("if-modified-since")
            // A repeated field or a date in the future is invalid and must be ignored.
            guard dates.count == 1, let since = HTTPDate.parse(dates[0]),
                  since <= Int(Date().timeIntervalSince1970) else { return false }
            return asset.lastModified <= since
        }

        /// The range asked for, or `.whole` when there is none to honour.
        private func requestedRange() -> ByteRange {
            // Range handling is defined for GET only (RFC 9110 §14.2): HEAD gets the full headers.
            let headers = request.headers.values("range")
            guard request.method == .get, headers.count == 1, ifRangeHolds() else { return .whole }
            return ByteRange(headers[0], size: asset.size)
        }

        /// `If-Range` lets a client resume only if its partial copy is still current: a strong
        /// ETag match, or the exact `Last-Modified` date. Otherwise the whole file is sent.
        private func ifRangeHolds() -> Bool {
            guard let condition = request.headers["if-range"]?.trimmingCharacters(in: .whitespaces) else {
                return true
            }
            if condition.hasPrefix("\"") { return condition == asset.etag }
            if condition.hasPrefix("W/") { return false }
            return HTTPDate.parse(condition) == asset.lastModified
        }

        // MARK: Responses

        private var cacheControl: String {
            isFingerprinted ? StaticFiles.immutableCacheControl : StaticFiles.revalidateCacheControl
        }

        /// Headers every 200 and 206 carries.
        private func representationHeaders(etag: String) -> HTTPHeaders {
            var headers = HTTPHeaders()
            headers.add("Content-Type", asset.mediaType.value)
            headers.add("ETag", etag)
            headers.add("Last-Modified", asset.lastModifiedText)
            headers.add("Cache-Control", cacheControl)
            headers.add("Accept-Ranges", "bytes")
            addVary(to: &headers)
            return headers
        }

        /// Caches must key compressible responses by `Accept-Encoding`, gzipped or not,
        /// or they would hand gzip to a client that cannot read it.
        private func addVary(to headers: inout HTTPHeaders) {
            if asset.mediaType.isCompressible { headers.add("Vary", "Accept-Encoding") }
        }

        /// A 304 carries what would update a cache's stored copy (RFC 9110 §15.4.5), no body.
        private func notModified(etag: String) -> Response {
            var headers = HTTPHeaders()
            headers.add("ETag", etag)
            headers.add("Cache-Control", cacheControl)
            addVary(to: &headers)
            return Response(status: .notModified, headers: headers)
        }

        private func gzipped() -> Response? {
            guard let gzipped = asset.gzipped else { return identity() }
            var headers = representationHeaders(etag: asset.gzipETag)
            headers.add("Content-Encoding", "gzip")
            return Response(status: .ok, headers: headers, body: .shared(gzipped))
        }

        private func identity() -> Response? {
            guard let body = body(offset: 0, length: asset.size) else { return nil }
            return Response(status: .ok, headers: representationHeaders(etag: asset.etag), body: body)
        }

        private func partial(offset: Int, length: Int) -> Response? {
            guard let body = body(offset: offset, length: length) else { return nil }
            var headers = representationHeaders(etag: asset.etag)
            headers.add("Content-Range", "bytes \(offset)-\(offset + length - 1)/\(asset.size)")
            return Response(status: .partialContent, headers: headers, body: body)
        }

        private func unsatisfiable() -> Response {
            var headers = HTTPHeaders()
            headers.add("Content-Range", "bytes */\(asset.size)")
            addVary(to: &headers)
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }

        /// Bytes from memory when the file is kept there, else a region the kernel sends;
        /// nil if the file disappeared since it was checked.
        private func body(offset: Int, length: Int) -> ResponseBody? {
            if let identity = asset.identity {
                if offset == 0 && length == identity.count { return .shared(identity) }
                return .bytes(Array(identity.buffer[offset..<(offset + length)]))
            }
            return FileRegion(path: asset.filePath, offset: offset, length: length).map { .file($0) }
        }
    }
}

extension StaticFiles {
    /// A single byte range from a `Range` header (RFC 9110 §14.1.2), resolved against a size.
    enum ByteRange: Equatable {
        /// No range to honour: send everything. Malformed and multi-range headers end here,
        /// which RFC 9110 allows (a server may ignore `Range`).
        case whole
        case partial(offset: Int, length: Int)
        /// Well-formed, but no byte of it exists (416).
        case unsatisfiable

        init(_ header: String, size: Int) {
            let parts = header.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "bytes",
                  size > 0 else {
                self = .whole
                return
            }
            let spec = parts[1].trimmingCharacters(in: .whitespaces)
            let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard !spec.contains(","), bounds.count == 2 else {
                self = .whole
                return
            }
            self = Self.resolve(first: bounds[0], last: bounds[1], size: size)
        }

        private static func resolve(first: Substring, last: Substring, size: Int) -> ByteRange {
            if first.isEmpty {
                // "-n": the last n bytes; "-0" asks for nothing, which cannot be satisfied.
                guard let count = number(last) else { return .whole }
                guard count > 0 else { return .unsatisfiable }
                let length = min(count, size)
                return .partial(offset: size - length, length: length)
            }
            guard let start = number(first) else { return .whole }
            let end: Int
            if last.isEmpty {
                end = size - 1
            } else {
                guard let requested = number(last), requested >= start else { return .whole }
                end = min(requested, size - 1)
            }
            guard start < size else { return .unsatisfiable }
            return .partial(offset: start, length: end - start + 1)
        }

        /// Decimal digits only; a value past `Int.max` saturates (it still means "to the end").
        private static func number(_ text: Substring) -> Int? {
            guard !text.isEmpty else { return nil }
            var value = 0
            for byte in text.utf8 {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                value = overflow1 || overflow2 ? Int.max : sum
            }
            return value
        }
    }
}
