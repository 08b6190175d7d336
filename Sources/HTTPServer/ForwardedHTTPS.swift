/// Behind a proxy that ends TLS (`--trust-proxy`): a request the proxy says came over https
/// (`X-Forwarded-Proto: https`) gets cookies marked `Secure`, so the browser never sends
/// them over plain http, and `Strict-Transport-Security`, so it never tries plain http again.
///
/// Only behind a proxy that sets the header itself: a client talking to the server directly
/// could claim anything, which is why this middleware is off unless asked for.
public struct ForwardedHTTPS: Middleware {
    /// A year, as browsers' preload lists expect.
    public static let strictTransportSecurity = "max-age=31536000"

    public init() {}

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var response = try next(request)
        guard Self.isHTTPS(request) else { return response }
        var headers = HTTPHeaders()
        for field in response.headers {
            if field.name.lowercased() == "set-cookie", !Self.isSecure(field.value) {
                headers.add(field.name, field.value + "; Secure")
            } else {
                headers.add(field.name, field.value)
            }
        }
        headers.set("Strict-Transport-Security", Self.strictTransportSecurity)
        response.headers = headers
        return response
    }

    /// The first proxy's word (a chain appends with commas).
    static func isHTTPS(_ request: Request) -> Bool {
        guard let value = request.headers["x-forwarded-proto"] else { return false }
        let first = value.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return first == "https"
    }

    private static func isSecure(_ cookie: String) -> Bool {
        cookie.split(separator: ";").dropFirst().contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "secure" }
    }
}
