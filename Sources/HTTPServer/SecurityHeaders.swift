import Crypto
import Foundation

/// Adds the browser security headers to every response.
///
/// The default policy allows scripts, styles, images and fonts from this origin only
/// (no inline scripts but those a page names by hash), forbids framing, and switches off powerful features a portfolio
/// site never needs.
public struct SecurityHeaders: Middleware {
    public static let defaultContentSecurityPolicy = contentSecurityPolicy(allowingInlineScripts: [])

    /// The default policy, which also lets the inline scripts whose exact text is in
    /// `scripts` run (by their SHA-256, CSP Level 3 hash sources); any other inline script,
    /// or one of these changed by a single byte, is still refused.
    public static func contentSecurityPolicy(allowingInlineScripts scripts: [String]) -> String {
        let hashes = scripts.map { "'sha256-\(Data(SHA256.hash(data: Array($0.utf8))).base64EncodedString())'" }
        return [
            "default-src 'self'", (["script-src", "'self'"] + hashes).joined(separator: " "), "style-src 'self'",
            "img-src 'self' data: blob:", "font-src 'self'", "connect-src 'self'", "form-action 'self'", "base-uri 'none'",
            "object-src 'none'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// Built once: this runs on every response.
    private let fields: [HTTPHeaders.Field]

    public init(
        contentSecurityPolicy: String = SecurityHeaders.defaultContentSecurityPolicy,
        referrerPolicy: String = "strict-origin-when-cross-origin",
        permissionsPolicy: String = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"
    ) {
        fields = [
            .init(name: "Content-Security-Policy", value: contentSecurityPolicy),
            .init(name: "X-Content-Type-Options", value: "nosniff"),
            .init(name: "Referrer-Policy", value: referrerPolicy),
            .init(name: "Permissions-Policy", value: permissionsPolicy),
            .init(name: "X-Frame-Options", value: "DENY"),
            .init(name: "Cross-Origin-Opener-Policy", value: "same-origin"),
        ]
    }

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var response = try next(request)
        // A handler may set its own policy (e.g. a stricter CSP for one page).
        response.headers.addMissing(fields)
        return response
    }
}
