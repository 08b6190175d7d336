#if canImport(Glibc)
import Glibc
#endif

/// Behind a proxy the connection comes from the proxy, and the client's own address is the
/// last one in `X-Forwarded-For` (the proxy appends it; whatever the client sent itself
/// comes before). Only for a server that nothing but the proxy can reach: anyone talking to
/// it directly could name any address there.
public struct ForwardedFor: Middleware {
    public init() {}

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        guard let address = Self.client(in: request.headers["x-forwarded-for"]) else { return try next(request) }
        var request = request
        request.context[ForwardedClientKey.self] = address
        return try next(request)
    }

    /// The last entry when it is an IPv4 or IPv6 address; nil otherwise.
    static func client(in header: String?) -> String? {
        guard let last = header?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
              !last.isEmpty, last.utf8.count <= 45 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 16)
        let parsed = last.withCString { text in
            inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
        }
        return parsed ? last : nil
    }
}

enum ForwardedClientKey: RequestContextKey {
    typealias Value = String
}

extension Request {
    /// Who sent the request: the client a trusted proxy names (`ForwardedFor`), else the peer.
    public var clientAddress: String { context[ForwardedClientKey.self] ?? remoteAddress }
}
