import Fotofolio
import HTTPServer
import Logging

/// The person behind a request, when signed in.
public struct SignedIn: Sendable {
    public let user: User
    /// The stored user's id: a signed-in person always has one.
    public let userId: Int64
    public let session: Session
    /// The cookie token, needed to end the session.
    let token: String

    init?(user: User, session: Session, token: String) {
        guard let userId = user.id else { return nil }
        self.user = user
        self.userId = userId
        self.session = session
        self.token = token
    }
}

/// Thrown where only a signed-in person may go, and answered once for every handler:
/// a page goes to the login page and comes back afterwards (303), a script's `fetch` gets
/// 401 with the sentence in JSON.
struct SignInRequired: HTTPError {
    let status: HTTPStatus
    let message = "Sign in to continue."
    let headers: HTTPHeaders

    init(_ request: Request) {
        if request.wantsJSON {
            status = .unauthorized
            headers = HTTPHeaders()
        } else {
            status = .seeOther
            headers = ["Location": SignInRedirect.location(for: request)]
        }
    }
}

enum SignedInKey: RequestContextKey {
    typealias Value = SignedIn
}

extension SignedIn {
    /// The person the session cookie of a request's head names, read with their session
    /// (extended if due), as `SessionLoading` reads it; nil for a guest, an ended session or
    /// a database out of reach. For a body's admission (`BodyAdmission`).
    static func resume(_ head: Request, sessions: SessionStore) -> SignedIn? {
        guard let token = head.cookies[SessionLoading.cookieName],
              let (session, user) = (try? sessions.resumeWithUser(token)) ?? nil else { return nil }
        return SignedIn(user: user, session: session, token: token)
    }
}

extension Admission {
    /// Admitted, with the person the admission found signed in kept for the request:
    /// `SessionLoading` does not read the session again. Only for a body of a form's size,
    /// which arrives at once; an upload's handler runs long after its head, and reads it then.
    static func admitted(_ signedIn: SignedIn) -> Admission {
        var context = RequestContext()
        context[SignedInKey.self] = signedIn
        return .admitted(release: {}, context: context)
    }
}

/// The request carried a session cookie whose session could not be read because the
/// database was out of reach: the person may well be signed in.
enum SessionUnreadableKey: RequestContextKey {
    typealias Value = Bool
}

extension Request {
    /// The signed-in person, or nil for a guest.
    var signedIn: SignedIn? { context[SignedInKey.self] }

    /// The signed-in person; a guest's request ends here with `SignInRequired`, and one
    /// whose session could not be read for now with a 503 to try again (not a trip to the
    /// login form, which could not sign anybody in either).
    func requireSignIn() throws -> SignedIn {
        guard let signedIn else {
            if context[SessionUnreadableKey.self] == true {
                throw HTTPFailure.dataUnavailable
            }
            throw SignInRequired(self)
        }
        return signedIn
    }

    /// The signed-in photographer; a client is answered 403 with the sentence of the string
    /// table's `bookings.errors.notAPhotographer` (pages only photographers have: busy days,
    /// bank details).
    func requirePhotographer(_ table: StringTable) throws -> SignedIn {
        let signedIn = try requireSignIn()
        guard signedIn.user.role == .creator else { throw HTTPFailure(.forbidden, table.string("bookings.errors.notAPhotographer")) }
        return signedIn
    }
}

/// For a route group where every handler needs a signed-in person (`router.group`): a
/// guest is turned away before the handler runs. Handlers still take the person from
/// `requireSignIn()`, which cannot fail behind this guard.
struct RequireSignIn: Middleware {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        _ = try request.requireSignIn()
        return try next(request)
    }
}

/// Loads the session named by the session cookie and the user it belongs to. A cookie for
/// an unknown or expired session is cleared. Never throws: if sessions cannot be read, the
/// request goes on as a guest's (and the error is logged), so error pages still render.
struct SessionLoading: Middleware {
    static let cookieName = "session"

    let sessions: SessionStore
    let logger: Logger

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        guard let token = request.cookies[Self.cookieName] else { return try next(request) }
        // Read already, by the admission of the request's body (`Admission.admitted(_:)`).
        if let known = request.signedIn, known.token == token { return try next(request) }
        var request = request
        do {
            if let (session, user) = try sessions.resumeWithUser(token), let signedIn = SignedIn(user: user, session: session, token: token) {
                request.context[SignedInKey.self] = signedIn
                return try next(request)
            }
        } catch {
            logger.error("Cannot load a session", metadata: ["request": "\(request.id)", "error": "\(error)"])
            request.context[SessionUnreadableKey.self] = true
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
