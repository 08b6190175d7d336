import Fotofolio
import HTTPServer
import Logging

/// The person behind a request, when signed in.
public struct SignedIn: Sendable {
    public let user: User
    public let session: Session
    /// The cookie token, needed to end the session.
    let token: String
}

enum SignedInKey: RequestContextKey {
    typealias Value = SignedIn
}

extension Request {
    /// The signed-in person, or nil for a guest.
    var signedIn: SignedIn? { context[SignedInKey.self] }
}

/// Loads the session named by the session cookie and the user it belongs to. A cookie for
/// an unknown or expired session is cleared. Never throws: if sessions cannot be read, the
/// request goes on as a guest's (and the error is logged), so error pages still render.
struct SessionLoading: Middleware {
    static let cookieName = "session"

    let sessions: SessionStore
    let accounts: AccountsService
    let logger: Logger

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        guard let token = request.cookies[Self.cookieName] else { return try next(request) }
        var request = request
        do {
            if let session = try sessions.resume(token), let user = try accounts.user(id: session.userId) {
                request.context[SignedInKey.self] = SignedIn(user: user, session: session, token: token)
                return try next(request)
            }
        } catch {
            logger.error("Cannot load a session", metadata: ["request": "\(request.id)", "error": "\(error)"])
            return try next(request)
        }
        var response = try next(request)
        response.setCookie(.deleting(Self.cookieName))
        return response
    }
}

/// Sets the session cookie for a new session.
extension Response {
    mutating func startSession(token: String) {
        var cookie = SetCookie(name: SessionLoading.cookieName, value: token, maxAge: Int(SessionStore.lifetime))
        cookie.sameSite = .lax
        setCookie(cookie)
    }
}
