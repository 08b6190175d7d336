import Logging

/// One log line per request: method, path, status, duration and request id. Also returns
/// the id to the client as `X-Request-Id`, so a person reporting a problem can quote it.
///
/// A path can be a secret (a share link, a gallery, a calendar feed: whoever has the
/// address gets in), and logs are read by more people and kept longer than addresses are
/// meant to be. So the path is logged with its secrets as "…": the route parameters named
/// in `secretParameters`, found by the route that matched however the path was encoded,
/// and — for a path no route took — any segment that looks like a token (32 or more hex
/// digits).
public struct RequestLogging: Middleware {
    let logger: Logger
    let secretParameters: Set<String>

    public init(logger: Logger, secretParameters: Set<String> = []) {
        self.logger = logger
        self.secretParameters = secretParameters
    }

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        let started = ContinuousClock.now
        var response = try next(request)
        response.headers.add("X-Request-Id", request.id)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("\(request.method) \(loggedPath(of: request)) \(response.status.code)", metadata: [
            "request": "\(request.id)",
            "ms": "\((milliseconds * 100).rounded() / 100)",
        ])
        return response
    }

    static let redacted = "…"

    /// The path as logged: see the type's comment.
    func loggedPath(of request: Request) -> String {
        if let route = request.route, route.split(separator: "/").contains(where: isSecret) {
            return "/" + route.split(separator: "/").map { segment -> String in
                guard let first = segment.first, first == ":" || first == "*" else { return String(segment) }
                if isSecret(segment) { return Self.redacted }
                return QueryItems.escape(request.parameters[String(segment.dropFirst())] ?? "")
            }.joined(separator: "/")
        }
        return request.rawPath.split(separator: "/", omittingEmptySubsequences: false)
            .map { Self.looksLikeToken($0) ? Self.redacted : String($0) }
            .joined(separator: "/")
    }

    private func isSecret(_ patternSegment: Substring) -> Bool {
        guard let first = patternSegment.first, first == ":" || first == "*" else { return false }
        return secretParameters.contains(String(patternSegment.dropFirst()))
    }

    static func looksLikeToken(_ segment: Substring) -> Bool {
        var run = 0
        for byte in segment.utf8 {
            let isHex = (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
            run = isHex ? run + 1 : 0
            if run >= 32 { return true }
        }
        return false
    }
}
