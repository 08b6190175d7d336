import Fotofolio
import HTTPServer

/// The person's mail: which notices they get (`/profile/notifications`), the confirmation
/// link sent again, the page a confirmation link opens, and one-click unsubscribe
/// (RFC 8058) from a notice's link, without signing in.
struct MailSettingsPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let confirmations: EmailConfirmations
    let preferences: MailPreferences
    /// The devices part; nil where push is not set up.
    let push: PushSettings?

    func register(in router: inout Router) {
        router.get("/confirm-email/:token") { request in try confirm(request) }
        router.get("/unsubscribe/:kind/:token") { request in try unsubscribeForm(request) }
        router.post("/unsubscribe/:kind/:token") { request in try unsubscribe(request) }
        router.group(RequireSignIn()) { router in
            router.get("/profile/notifications") { request in try settingsForm(request) }
            router.post("/profile/notifications") { request in try saveSettings(request) }
            router.post("/profile/confirmation") { request in try resendConfirmation(request) }
        }
    }

    private func confirm(_ request: Request) throws -> Response {
        let outcome = try confirmations.confirm(request.parameters["token"] ?? "")
        let key: String
        switch outcome {
        case .confirmed: key = "confirmed"
        case .alreadyUsed: key = "alreadyUsed"
        case .expired: key = "expired"
        case .addressChanged: key = "addressChanged"
        case .unknown: key = "unknown"
        }
        let table = renderer.strings(for: request)
        var succeeded = false
        if case .confirmed = outcome { succeeded = true }
        return try renderer.render(.emailConfirmation, for: request, content: EmailConfirmationPage(
            confirmed: succeeded, message: table.string("mail.confirmation.\(key)"),
            signedIn: request.signedIn != nil), status: succeeded || outcome == .alreadyUsed ? .ok : .gone)
    }

    private func settingsForm(_ request: Request, saved: Bool = false) throws -> Response {
        let signedIn = try request.requireSignIn()
        let settings = try preferences.settings(of: signedIn.userId)
        let table = renderer.strings(for: request)
        let user = signedIn.user
        return try renderer.render(.notifications, for: request, content: NotificationsPage(
            csrf: request.csrfToken, email: user.email, confirmed: user.emailConfirmedAt != nil,
            bouncing: try preferences.isBouncing(user.email),
            cadences: MailSettings.MessageCadence.allCases.map { cadence in
                NotificationsPage.Choice(value: cadence.rawValue, label: table.string("mail.settings.cadence.\(cadence.rawValue)"),
                                         checked: settings.messages == cadence)
            },
            groupMessages: settings.groupMessages, shoots: settings.shoots, galleries: settings.galleries,
            notice: saved || request.query["saved"] == "1" ? table.string("mail.settings.saved")
                : request.query["resent"] == "1" ? table.string("mail.settings.resent")
                : request.query["pushAdded"] == "1" ? table.string("push.settings.addedNotice")
                : request.query["pushRemoved"] == "1" ? table.string("push.settings.removedNotice") : nil,
            message: nil, push: try push?.section(for: request, userId: signedIn.userId, table: table)))
    }

    private func saveSettings(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        var settings = try preferences.settings(of: signedIn.userId)
        // A value that is not one of the choices keeps what was there.
        if let cadence = request.form["messages"].flatMap(MailSettings.MessageCadence.init(rawValue:)) { settings.messages = cadence }
        settings.groupMessages = request.form["groupMessages"] == "on"
        settings.shoots = request.form["shoots"] == "on"
        settings.galleries = request.form["galleries"] == "on"
        try preferences.save(settings, of: signedIn.userId)
        return .redirect(to: "/profile/notifications?saved=1")
    }

    private func resendConfirmation(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        guard signedIn.user.emailConfirmedAt == nil else { return .redirect(to: "/profile/notifications") }
        do {
            try confirmations.resend(for: signedIn.user)
        } catch let throttled as ResendThrottled {
            let table = renderer.strings(for: request)
            let title = table.string("mail.settings.resendTooSoon.title")
            var response = try renderer.render(.error, for: request, title: title, content: ErrorPage(
                status: .tooManyRequests, title: title,
                message: WaitAnswer.text(throttled.retryAfter, table: table, minutes: "mail.settings.resendTooSoon.message")),
                status: .tooManyRequests)
            response.retryAfter(throttled.retryAfter)
            return response
        }
        return .redirect(to: "/profile/notifications?resent=1")
    }

    private func unsubscribeForm(_ request: Request) throws -> Response {
        guard let kind = kind(of: request), try preferences.holder(ofUnsubscribeToken: request.parameters["token"] ?? "", kind: kind) != nil
        else { throw HTTPFailure(.notFound, "This link does not turn anything off.") }
        let table = renderer.strings(for: request)
        return try renderer.render(.unsubscribe, for: request, content: UnsubscribePage(
            csrf: request.csrfToken, action: request.path.description, done: false,
            question: table.string("mail.unsubscribe.question.\(kind.rawValue)"), message: nil))
    }

    /// The one-click POST of a mail program (RFC 8058: `List-Unsubscribe=One-Click`), or the
    /// page's own button: the signed link is the authority, so it needs no session or form token.
    private func unsubscribe(_ request: Request) throws -> Response {
        guard let kind = kind(of: request), try preferences.unsubscribe(token: request.parameters["token"] ?? "", kind: kind)
        else { throw HTTPFailure(.notFound, "This link does not turn anything off.") }
        let table = renderer.strings(for: request)
        return try renderer.render(.unsubscribe, for: request, content: UnsubscribePage(
            csrf: request.csrfToken, action: request.path.description, done: true, question: nil,
            message: table.string("mail.unsubscribe.done.\(kind.rawValue)")))
    }

    private func kind(of request: Request) -> MailKind? {
        MailKind(rawValue: request.parameters["kind"] ?? "").flatMap { $0.isAccountMail ? nil : $0 }
    }
}

/// `pages/email-confirmation`: what opening a confirmation link did.
struct EmailConfirmationPage: ViewModel {
    let confirmed: Bool
    let message: String
    let signedIn: Bool
}

/// `pages/notifications`.
struct NotificationsPage: ViewModel {
    struct Choice: ViewModel {
        let value: String
        let label: String
        let checked: Bool
    }

    let csrf: String
    let email: String
    let confirmed: Bool
    /// The address refused mail too often: nothing is sent to it until it changes.
    let bouncing: Bool
    let cadences: [Choice]
    let groupMessages: Bool
    let shoots: Bool
    let galleries: Bool
    let notice: String?
    let message: String?
    let push: PushSection?
}

/// `pages/unsubscribe`.
struct UnsubscribePage: ViewModel {
    let csrf: String
    let action: String
    let done: Bool
    let question: String?
    let message: String?
}
