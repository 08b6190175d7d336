import Fotofolio
import HTTPServer
import Logging

/// Registration (with its confirmation mail), login, logout (here or everywhere) and the
/// signed-in person's own page.
struct AccountPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let sessions: SessionStore
    let confirmations: EmailConfirmations
    let preferences: MailPreferences
    let selection: SelectionService
    let logger: Logger

    func register(in router: inout Router) {
        router.get("/register") { request in try registrationForm(request) }
        // Both hash or verify a password (argon2): off the polling thread.
        router.post("/register", options: .slow) { request in try registerAccount(request) }
        router.get("/login") { request in try loginForm(request) }
        router.post("/login", options: .slow) { request in try logIn(request) }
        router.post("/logout") { request in try logOut(request) }
        router.post("/logout/everywhere") { request in try logOutEverywhere(request) }
        router.group(RequireSignIn()) { router in
            router.get("/profile") { request in try ownProfile(request) }
        }
    }

    private func registrationForm(_ request: Request, registration: Registration = Registration(),
                                  problems: [RegistrationField: RegistrationProblem] = [:]) throws -> Response {
        if request.signedIn != nil { return .redirect(to: "/profile") }
        return try renderer.render(.register, for: request, content: RegisterPage(
            csrf: request.csrfToken, values: registration.formValues,
            errors: AccountFieldErrors(problems, table: renderer.strings(for: request)), hasErrors: !problems.isEmpty
        ), status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    private func registerAccount(_ request: Request) throws -> Response {
        // A signed-in person (a second tab, a resubmitted form) is not signed up again.
        if request.signedIn != nil { return .redirect(to: "/profile") }
        let registration = Registration(form: request.form)
        do {
            let user = try accounts.register(registration, from: request.clientAddress)
            try preferences.remember(language: Language.preferred(by: request).rawValue, of: user.storedId)
            try confirmations.issue(for: user)
            return try startSession(for: user, request: request, then: "/profile")
        } catch let errors as RegistrationErrors {
            return try registrationForm(request, registration: registration, problems: errors.problems)
        } catch let throttled as RegistrationThrottled {
            return try registrationRefused(request, wait: throttled.retryAfter)
        }
    }

    /// Too many accounts from this address lately: a page saying when another may be made.
    private func registrationRefused(_ request: Request, wait: Duration) throws -> Response {
        let table = renderer.strings(for: request)
        let title = table.string("register.tooManyAccounts.title")
        let message = WaitAnswer.text(wait, table: table, minutes: "register.tooManyAccounts.message")
        var response = try renderer.render(.error, for: request, title: title,
                                           content: ErrorPage(status: .tooManyRequests, title: title, message: message),
                                           status: .tooManyRequests)
        response.retryAfter(wait)
        return response
    }

    private func loginForm(_ request: Request, identifier: String = "", message: String? = nil,
                           status: HTTPStatus = .ok) throws -> Response {
        if request.signedIn != nil { return .redirect(to: SafeRedirect.path(request.query["return"])) }
        let returnTo = request.form["return"] ?? request.query["return"] ?? "/profile"
        return try renderer.render(.login, for: request, content: LoginPage(
            csrf: request.csrfToken, identifier: identifier, returnTo: SafeRedirect.path(returnTo), message: message,
            notice: message == nil ? signedOutNotice(request) : nil
        ), status: status)
    }

    /// After "log out everywhere" or a new password the login page says why nobody is signed in any more.
    private func signedOutNotice(_ request: Request) -> String? {
        if request.query["passwordReset"] == "1" { return renderer.strings(for: request).string("mail.reset.done") }
        guard request.query["signedOut"] == "everywhere" else { return nil }
        return renderer.strings(for: request).string("login.signedOutEverywhere")
    }

    private func logIn(_ request: Request) throws -> Response {
        let identifier = request.form["identifier"] ?? ""
        let table = renderer.strings(for: request)
        let user: User
        do {
            user = try accounts.logIn(identifier, password: request.form["password"] ?? "", from: request.clientAddress)
        } catch {
            switch error {
            case .wrongCredentials:
                return try loginForm(request, identifier: identifier, message: table.string("login.wrongCredentials"),
                                     status: .unauthorized)
            case .tooManyAttempts(let wait):
                let message = WaitAnswer.text(wait, table: table, seconds: "login.tooManyAttemptsSeconds", minutes: "login.tooManyAttempts")
                var response = try loginForm(request, identifier: identifier, message: message, status: .tooManyRequests)
                response.retryAfter(wait)
                return response
            case .suspended(let suspension):
                return try loginForm(request, identifier: identifier, message: SuspensionNotice.text(suspension, for: request, table: table),
                                     status: .forbidden)
            case .unavailable:
                throw HTTPFailure(.serviceUnavailable, "Logging in is not possible right now.")
            }
        }
        // Mails to the person speak the language they last used the site in.
        try preferences.remember(language: Language.preferred(by: request).rawValue, of: user.storedId)
        return try startSession(for: user, request: request, then: SafeRedirect.path(request.form["return"]), replacing: request.signedIn)
    }

    private func logOut(_ request: Request) throws -> Response {
        if let signedIn = request.signedIn { try sessions.end(signedIn.token) }
        var response = Response.redirect(to: "/")
        response.setCookie(.deleting(SessionLoading.cookieName))
        response.forgetBrowserData()
        return response
    }

    /// Ends every session of the person, this one too: for a lost phone or a shared
    /// computer left signed in.
    private func logOutEverywhere(_ request: Request) throws -> Response {
        // A guest (signed out meanwhile) goes to the login page, not back here after signing in.
        guard let signedIn = request.signedIn else { return .redirect(to: "/login") }
        try sessions.endAll(of: signedIn.userId)
        var response = Response.redirect(to: "/login?signedOut=everywhere")
        response.setCookie(.deleting(SessionLoading.cookieName))
        response.forgetBrowserData()
        return response
    }

    /// The Profile tab: the signed-in person's public profile (with their settings).
    private func ownProfile(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let path = "/u/" + QueryItems.escape(signedIn.user.username)
        return .redirect(to: request.query.isEmpty ? path : "\(path)?\(request.query.encoded)")
    }

    /// A new session at every login, so a session id planted before login is worthless.
    private func startSession(for user: User, request: Request, then location: String, replacing old: SignedIn? = nil) throws -> Response {
        let id = user.storedId
        if let old { try sessions.end(old.token) }
        let (token, _) = try sessions.start(for: id)
        var response = Response.redirect(to: location)
        response.startSession(token: token)
        // What they bookmarked as a guest is theirs now.
        let bookmarked = GuestSelection.ids(in: request)
        if !bookmarked.isEmpty {
            try selection.merge(bookmarked, into: id)
            response.setCookie(GuestSelection.cookie([]))
        }
        return response
    }
}

/// `pages/register`: the form as typed, each problem next to its field.
struct RegisterPage: ViewModel {
    struct Values: ViewModel {
        let roleClient: Bool
        let roleCreator: Bool
        let username: String
        let fullName: String
        let email: String
        let location: String
        let bio: String
        let yearsOfExperience: String
        let hourlyRate: String
        let priceByAgreement: Bool
    }

    let csrf: String
    let values: Values
    let errors: AccountFieldErrors
    let hasErrors: Bool
}

/// `pages/login`.
struct LoginPage: ViewModel {
    let csrf: String
    let identifier: String
    /// Where to go once signed in.
    let returnTo: String
    /// Why the last attempt failed.
    let message: String?
    /// Why nobody is signed in any more (after "log out everywhere").
    let notice: String?
}

extension Response {
    /// Signing out leaves nothing of the person in this browser (`Clear-Site-Data`): no page
    /// in the HTTP cache, no conversation list saved for the offline page, and no service
    /// worker — which ends this browser's push subscription, so the next person at it is not
    /// shown the last one's notifications. The next page registers a fresh worker.
    mutating func forgetBrowserData() {
        headers.set("Clear-Site-Data", #""cache", "storage""#)
    }
}
