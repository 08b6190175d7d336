/// One HTTP request as a handler sees it: parsed, decoded and with its body read.
public struct Request: Sendable {
    /// A short id unique within this process, also sent back as `X-Request-Id`.
    public let id: String
    public let method: HTTPMethod
    /// The normalized, decoded path.
    public let path: RequestPath
    /// The path as the client sent it (still encoded), for logs; it may be invalid.
    public let rawPath: String
    public let query: QueryItems
    public let headers: HTTPHeaders
    /// The peer's address (IPv4 dotted or IPv6 text).
    public let remoteAddress: String
    /// The body as received, for requests that are not forms.
    public let body: [UInt8]
    /// Fields and files of a form body; empty for other bodies.
    public let form: Form
    /// Values captured by `:name` and `*name` segments of the matched route.
    public internal(set) var parameters: [String: String] = [:]
    /// The route pattern that matched (e.g. `/users/:username`), for logs and metrics.
    public internal(set) var route: String?
    /// What the matched route said of itself; nil when no route matched.
    public internal(set) var routeOptions: RouteOptions?
    /// Set when the server has already found the request bad (malformed, over a limit): the
    /// answer will be this error, so middleware should not judge the request further.
    public internal(set) var failure: HTTPFailure?
    /// Values attached by middleware for the handlers after it.
    public var context = RequestContext()
    /// The handler the daemon chose for this request when its headers arrived.
    var resolvedHandler: Handler?

    public init(
        id: String = "-", method: HTTPMethod, path: RequestPath, rawPath: String? = nil, query: QueryItems = QueryItems(),
        headers: HTTPHeaders = HTTPHeaders(), remoteAddress: String = "127.0.0.1",
        body: [UInt8] = [], form: Form = Form()
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.rawPath = rawPath ?? path.description
        self.query = query
        self.headers = headers
        self.remoteAddress = remoteAddress
        self.body = body
        self.form = form
        self.cookies = Self.parseCookies(headers)
    }

    /// Whether a script asked for JSON (`Accept: application/json`) rather than a page.
    public var wantsJSON: Bool {
        headers["accept"]?.contains("application/json") == true
    }

    /// Cookies from every `Cookie` header; the first of a repeated name wins. Parsed once
    /// here, because several middleware and the page renderer each look at them.
    public let cookies: [String: String]

    /// Split on UTF-8 bytes: a `;` or `=` followed by a combining mark is one `Character`
    /// that is neither, and splitting on characters would run two cookies into one.
    static func parseCookies(_ headers: HTTPHeaders) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in headers.values("cookie") {
            for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
                let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else { continue }
                let name = Substring(parts[0]).trimmingSpaces
                var value = Substring(parts[1]).trimmingSpaces
                if value.utf8.count >= 2, value.utf8.first == UInt8(ascii: "\""), value.utf8.last == UInt8(ascii: "\"") {
                    value = String(Substring(value.utf8.dropFirst().dropLast()))
                }
                guard !name.isEmpty, cookies[name] == nil else { continue }
                cookies[name] = value
            }
        }
        return cookies
    }
}

extension Substring {
    /// Without the spaces and tabs around it (on UTF-8, as header text is ASCII around values).
    var trimmingSpaces: String {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
              let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(Substring(bytes[first...last]))
    }
}

extension Request {
    /// Sent from this machine and not forwarded by a proxy on it: a proxy in front names the
    /// real client in `X-Forwarded-For`, and such a request is from elsewhere.
    public var comesFromLoopback: Bool {
        guard !headers.contains("x-forwarded-for"), !headers.contains("forwarded") else { return false }
        return remoteAddress == "::1" || remoteAddress.hasPrefix("127.")
    }
}
