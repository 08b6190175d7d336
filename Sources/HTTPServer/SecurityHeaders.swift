/// Adds the browser security headers to every response.
///
/// The default policy allows scripts, styles, images and fonts from this origin only
/// (no inline scripts), forbids framing, and switches off powerful features a portfolio
/// site never needs.
public struct SecurityHeaders: Middleware {
    public var contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
        "font-src 'self'", "connect-src 'self'", "form-action 'self'", "base-uri 'none'",
        "object-src 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")
    public var referrerPolicy = "strict-origin-when-cross-origin"
    public var permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"

    public init() {}

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var response = try next(request)
        response.headers.setIfMissing("Content-Security-Policy", contentSecurityPolicy)
        response.headers.set("X-Content-Type-Options", "nosniff")
        response.headers.set("Referrer-Policy", referrerPolicy)
        response.headers.set("Permissions-Policy", permissionsPolicy)
        response.headers.set("X-Frame-Options", "DENY")
        response.headers.set("Cross-Origin-Opener-Policy", "same-origin")
        return response
    }
}
