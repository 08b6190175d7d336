import Fotofolio
import HTTPServer

/// "Forgot your password?": asking for a link (the same answer whether an account exists or
/// not), and the link's form that sets a new password and ends every session.
struct PasswordResetPages {
    let renderer: PageRenderer
    let resets: PasswordResets

    func register(in router: inout Router) {
        router.get("/forgot-password") { request in try requestForm(request) }
        router.post("/forgot-password") { request in try requestLink(request) }
        router.get("/reset-password/:token") { request in try resetForm(request) }
        // Hashes the new password (argon2): off the polling thread.
        router.post("/reset-password/:token", options: .slow) { request in try reset(request) }
    }

    private func requestForm(_ request: Request, identifier: String = "", sent: Bool = false, message: String? = nil,
                             status: HTTPStatus = .ok) throws -> Response {
        try renderer.render(.forgotPassword, for: request, content: ForgotPasswordPage(
            csrf: request.csrfToken, identifier: identifier, sent: sent, message: message), status: status)
    }

    private func requestLink(_ request: Request) throws -> Response {
        let identifier = String((request.form["identifier"] ?? "").prefix(320))
        do {
            try resets.request(for: identifier, from: request.clientAddress)
        } catch is ResetThrottled {
            let table = renderer.strings(for: request)
            var response = try requestForm(request, identifier: identifier, message: table.string("mail.forgot.tooMany"),
                                           status: .tooManyRequests)
            response.retryAfter(.seconds(3600))
            return response
        }
        // The same page whether or not anyone has this name: it tells nobody who has an account.
        return try requestForm(request, identifier: identifier, sent: true)
    }

    private func resetForm(_ request: Request, problems: [RegistrationField: RegistrationProblem] = [:],
                           status: HTTPStatus = .ok) throws -> Response {
        let token = request.parameters["token"] ?? ""
        guard try resets.isUsable(token) else { return try spent(request) }
        return try renderer.render(.passwordReset, for: request, content: PasswordResetPage(
            csrf: request.csrfToken, action: "/reset-password/\(token)",
            errors: AccountFieldErrors(problems, table: renderer.strings(for: request)), hasErrors: !problems.isEmpty,
            spent: false), status: problems.isEmpty ? status : .unprocessableContent)
    }

    private func reset(_ request: Request) throws -> Response {
        let token = request.parameters["token"] ?? ""
        do {
            guard try resets.reset(token, password: request.form["password"] ?? "",
                                   confirmation: request.form["passwordConfirmation"] ?? "") != nil else { return try spent(request) }
        } catch let errors as RegistrationErrors {
            return try resetForm(request, problems: errors.problems)
        }
        // Every session ended, this browser's too: the person signs in with the new password.
        var response = Response.redirect(to: "/login?passwordReset=1")
        response.setCookie(.deleting(SessionLoading.cookieName))
        return response
    }

    /// A link used, expired or never issued: say so, and offer a new one.
    private func spent(_ request: Request) throws -> Response {
        try renderer.render(.passwordReset, for: request, content: PasswordResetPage(
            csrf: request.csrfToken, action: "", errors: AccountFieldErrors([:], table: renderer.strings(for: request)),
            hasErrors: false, spent: true), status: .gone)
    }
}

/// `pages/forgot-password`.
struct ForgotPasswordPage: ViewModel {
    let csrf: String
    let identifier: String
    /// The request was taken: "if an account has it, a link is on its way".
    let sent: Bool
    let message: String?
}

/// `pages/password-reset`.
struct PasswordResetPage: ViewModel {
    let csrf: String
    let action: String
    let errors: AccountFieldErrors
    let hasErrors: Bool
    /// The link cannot set a password (used, expired, unknown).
    let spent: Bool
}
