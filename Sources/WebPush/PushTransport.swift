import CCurl
import Foundation

/// Posts pushes to push services (RFC 8030 §5) with libcurl over HTTP/1.1: one easy handle
/// and connection per push. Redirects are not followed, only https is spoken (http too for
/// an origin the operator allowed), and the connection goes to the address the endpoint
/// policy checked. `send` blocks for up to `timeout`; call it off the concurrency pool.
public final class PushTransport: Sendable {
    /// Of a response body, what is kept for the reason; the rest is read and dropped.
    static let keptBodyBytes = 4096
    /// A response body longer than this ends the transfer.
    static let maxBodyBytes = 65536

    let caFile: String?
    let timeout: TimeInterval

    /// `caFile`: the certificates to trust instead of the system's (tests' push services).
    public init(caFile: String? = nil, timeout: TimeInterval = 10) {
        self.caFile = caFile
        self.timeout = timeout
    }

    public func send(_ request: PushRequest) -> PushOutcome {
        let target = request.target
        let scheme = target.url.scheme?.lowercased()
        // An unpinned target is an allowed origin, which may be plain http.
        guard scheme == "https" || (scheme == "http" && target.pinnedAddress == nil), let host = target.url.host else {
            return .refused(status: 0, reason: "The endpoint is not an https URL.")
        }
        guard let headers = Self.headerLines(of: request) else {
            return .refused(status: 0, reason: "A header value holds a control character.")
        }
        guard curlIsReady, let handle = curl_easy_init() else { return .retry(status: nil, after: nil, reason: "libcurl could not make a handle") }
        defer { curl_easy_cleanup(handle) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for line in headers { headerList = curl_slist_append(headerList, line) }
        defer { curl_slist_free_all(headerList) }
        var resolveList: UnsafeMutablePointer<curl_slist>?
        if let address = target.pinnedAddress {
            // CURLOPT_RESOLVE: this host and port are that address, whatever DNS says now.
            let port = target.url.port ?? 443
            let written = address.contains(":") ? "[\(address)]" : address
            resolveList = curl_slist_append(nil, "\(Self.bare(host).lowercased()):\(port):\(written)")
        }
        defer { curl_slist_free_all(resolveList) }
        let exchange = HTTPExchange()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let milliseconds = max(1, Int((timeout * 1000).rounded()))

        // `exchange` is passed to curl unretained: it lives to the end of this function.
        let code: CURLcode = withExtendedLifetime(exchange) { errorBuffer.withUnsafeMutableBufferPointer { buffer in
            let context = Unmanaged.passUnretained(exchange).toOpaque()
            fotofolio_curl_set_string(handle, CURLOPT_URL, target.url.absoluteString)
            fotofolio_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, target.pinnedAddress == nil ? "http,https" : "https")
            fotofolio_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            // No proxy from the environment: it would connect instead of the pinned address.
            fotofolio_curl_set_string(handle, CURLOPT_PROXY, "")
            fotofolio_curl_set_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
            if resolveList != nil { fotofolio_curl_set_slist(handle, CURLOPT_RESOLVE, resolveList) }
            fotofolio_curl_set_long(handle, CURLOPT_POST, 1)
            fotofolio_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, request.body.count)
            request.body.withUnsafeBufferPointer { body in
                // Copied by curl, so the body need not outlive this closure; "" for an empty one.
                _ = body.baseAddress.map { fotofolio_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0)) }
                    ?? fotofolio_curl_set_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
            fotofolio_curl_set_slist(handle, CURLOPT_HTTPHEADER, headerList)
            fotofolio_curl_set_write_function(handle, receiveBody)
            fotofolio_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
            fotofolio_curl_set_header_function(handle, receiveHeader)
            fotofolio_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
            fotofolio_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            if let caFile { fotofolio_curl_set_string(handle, CURLOPT_CAINFO, caFile) }
            fotofolio_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
            fotofolio_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
            // No SIGALRM for timeouts: signals would reach whichever thread the server runs.
            fotofolio_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
            return curl_easy_perform(handle)
        } }
        var status = 0
        fotofolio_curl_response_code(handle, &status)
        // A status read is the answer, even when the body then broke off or was too long.
        guard status > 0 else {
            let message = errorBuffer.withUnsafeBufferPointer { buffer in
                buffer[0] == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: buffer.baseAddress!)
            }
            return .retry(status: nil, after: nil, reason: message)
        }
        return Self.outcome(status: status, retryAfter: exchange.retryAfter, body: exchange.body, now: Date())
    }

    /// The request's header lines; nil when a value could end its line early.
    static func headerLines(of request: PushRequest) -> [String]? {
        var lines = [
            "TTL: \(request.ttl)",
            "Urgency: \(request.urgency.rawValue)",
            "Content-Encoding: aes128gcm",
            "Content-Type: application/octet-stream",
            "Authorization: \(request.authorization)",
            // curl would otherwise wait for 100 Continue before a larger body.
            "Expect:",
        ]
        if let topic = request.topic { lines.append("Topic: \(topic)") }
        guard request.authorization.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7f }) else { return nil }
        return lines
    }

    /// What a status means for the push.
    static func outcome(status: Int, retryAfter: String?, body: [UInt8], now: Date) -> PushOutcome {
        let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let reason = text.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(text)"
        switch status {
        case 200...299: return .accepted
        case 404, 410: return .gone(status: status)
        case 429, 500...599: return .retry(status: status, after: retryAfter.flatMap { RetryAfter.seconds($0, now: now) }, reason: reason)
        default: return .refused(status: status, reason: reason)
        }
    }

    /// The host without the brackets of an IPv6 literal.
    private static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}

/// What came back for one `send`. Only the thread inside `curl_easy_perform` touches it
/// (curl calls back on the calling thread).
private final class HTTPExchange {
    var body: [UInt8] = []
    var bodyBytes = 0
    var retryAfter: String?

    func header(_ line: String) {
        // A new status line (after a 100 Continue): the headers before it were not the answer's.
        if line.hasPrefix("HTTP/") { retryAfter = nil; return }
        guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "retry-after" else { return }
        retryAfter = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

private let curlIsReady: Bool = fotofolio_curl_global_init() == CURLE_OK

private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    exchange.bodyBytes += length
    let kept = min(length, PushTransport.keptBodyBytes - exchange.body.count)
    if kept > 0 { exchange.body += UnsafeRawBufferPointer(start: data, count: kept) }
    // Returning less than was given ends the transfer: an endless body is not read.
    return exchange.bodyBytes > PushTransport.maxBodyBytes ? 0 : length
}

private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<HTTPExchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    exchange.header(String(decoding: UnsafeRawBufferPointer(start: data, count: min(length, 1000)), as: UTF8.self))
    return length
}
