import Fotofolio
import HTTPServer

/// `POST /language`: remembers the chosen language in a cookie (and, for someone signed in,
/// for their mails) and returns the reader to the page they were on, at its address in that
/// language when it has one (`LanguageAddress`).
struct LanguageSwitch {
    static let oneYear = 365 * 24 * 3600
    let preferences: MailPreferences

    func register(in router: inout Router) {
        router.post("/language") { request in try choose(request) }
    }

    private func choose(_ request: Request) throws -> Response {
        guard let language = request.form["lang"].flatMap(Language.init(rawValue:)) else {
            throw HTTPFailure(.badRequest, "Choose one of the offered languages.")
        }
        if let signedIn = request.signedIn { try preferences.remember(language: language.rawValue, of: signedIn.userId) }
        // A public page returns at its address in the chosen language.
        var response = Response.redirect(to: LanguageAddress.path(SafeRedirect.path(request.form["return"]), in: language))
        response.headers.add("Set-Cookie", "\(Language.cookieName)=\(language.rawValue); Path=/; Max-Age=\(Self.oneYear); SameSite=Lax")
        return response
    }
}
