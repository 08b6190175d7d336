import Fotofolio
import HTTPServer
import Synchronization

enum CSRFTokenKey: RequestContextKey {
    typealias Value = CSRFTokenSource
}

/// The request's token, made only when something asks for it: static files and other
/// answers without forms neither pay for a random token nor set a cookie.
final class CSRFTokenSource: Sendable {
    private let known: String?
    private let made = Mutex<String?>(nil)

    init(known: String?) { self.known = known }

    var token: String {
        known ?? made.withLock { made in
            if made == nil { made = RandomToken.make() }
            return made ?? ""
        }
    }

    /// A token made during this request, which the browser must now keep in a cookie.
    var newToken: String? { known == nil ? made.withLock { $0 } : nil }
}

extension Request {
    /// The token forms of this request must carry (empty only before the middleware ran).
    var csrfToken: String { context[CSRFTokenKey.self]?.token ?? "" }
}

/// Gives every request the CSRF token its forms must carry: the session's, or for guests
/// (registration, login) a random one kept in the `csrf` cookie (double submit). Runs
/// outside the error pages, so they get the token too.
struct CSRFToken: Middleware {
    static let cookieName = "csrf"

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        var request = request
        let guestToken = request.cookies[Self.cookieName].flatMap { CSRFCheck.isWellFormed($0) ? $0 : nil }
        let source = CSRFTokenSource(known: request.signedIn?.session.csrfToken ?? guestToken)
        request.context[CSRFTokenKey.self] = source
        var response = try next(request)
        if let token = source.newToken {
            response.setCookie(SetCookie(name: Self.cookieName, value: token, maxAge: nil))
        }
        return response
    }
}

/// Refuses state-changing requests that did not come from Fotofolio's own pages: the
/// browser must say the request is same-origin (`Sec-Fetch-Site`, else `Origin`), and the
/// form must carry the request's CSRF token.
struct CSRFCheck: Middleware {
    static let fieldName = "_csrf"

    /// Addresses whose POST carries its own authority — a signed token in the address — and
    /// comes from a mail program, not a page of ours: one-click unsubscribe (RFC 8058).
    static let signedAddresses = ["unsubscribe"]

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        if Self.changesState(request.method), request.failure == nil,
           !Self.signedAddresses.contains(request.path.segments.first ?? "") {
            guard Self.isSameOrigin(request), let sent = request.form[Self.fieldName],
                  !request.csrfToken.isEmpty, Self.equal(sent, request.csrfToken) else {
                throw HTTPFailure(.forbidden, "This form has expired or did not come from this site. Reload the page and try again.")
            }
        }
        return try next(request)
    }

    static func changesState(_ method: HTTPMethod) -> Bool {
        ![HTTPMethod.get, .head, .options].contains(method)
    }

    /// Browsers send `Sec-Fetch-Site`; older ones at least send `Origin` on POST.
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers["sec-fetch-site"] { return site == "same-origin" || site == "none" }
        guard let origin = request.headers["origin"] else { return true }
        guard let host = request.headers["host"] else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }

    /// A GET that came from this site's own pages or from the person (typed, bookmarked): not a
    /// link or form on another site. Browsers without `Sec-Fetch-Site` must name this site in
    /// `Referer`; with neither, it is not trusted to change anything.
    static func isOwnNavigation(_ request: Request) -> Bool {
        if let site = request.headers["sec-fetch-site"] { return site == "same-origin" || site == "none" }
        guard let referer = request.headers["referer"], let host = request.headers["host"] else { return false }
        return ["http://\(host)/", "https://\(host)/"].contains { referer.hasPrefix($0) }
            || referer == "http://\(host)" || referer == "https://\(host)"
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.count == 43 && token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// Compares in time independent of where the strings differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
