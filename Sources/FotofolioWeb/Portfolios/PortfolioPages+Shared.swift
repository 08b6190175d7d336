import Fotofolio
import Foundation
import HTTPServer

/// `/s/TOKEN`: a portfolio opened by one of its share links, for anyone holding it, with
/// or without an account. A token that never was, was revoked, has expired or leads to a
/// private portfolio is the same 404 as any unknown address. The page is kept out of
/// search engines and caches, and sends no referrer, so the address leaks nowhere.
extension PortfolioPages {
    static let passCookie = "share"

    func registerShared(in router: inout Router) {
        router.get("/s/:token") { request in try shared(request) }
        // The password is verified (argon2) off the polling thread.
        router.post("/s/:token", options: .slow) { request in try unlock(request) }
    }

    private func shared(_ request: Request) throws -> Response {
        let opened = try opened(request)
        guard sharing.admits(opened.link, pass: request.cookies[Self.passCookie]) else {
            return try passwordForm(request, opened, error: nil, status: .ok)
        }
        try sharing.countView(of: opened.link)
        let details = try moderation.withoutHiddenPhotos([opened.details])[0]
        let isOwn = request.signedIn?.userId == details.portfolio.ownerId
        let page = try page(request, details, isOwn: isOwn, bookmarkable: false)
        return try renderer.render(.portfolio, for: request, title: details.portfolio.name, content: page).atSecretAddress()
    }

    private func unlock(_ request: Request) throws -> Response {
        let opened = try opened(request)
        let table = renderer.strings(for: request)
        do {
            let pass = try sharing.unlock(opened.link, password: request.form["password"] ?? "", from: request.clientAddress)
            var cookie = SetCookie(name: Self.passCookie, value: pass, maxAge: 30 * 24 * 3600)
            // Sent back only to this link's address.
            cookie.path = ShareLinkPages.sharedPath(opened.link.token)
            var response = Response.redirect(to: ShareLinkPages.sharedPath(opened.link.token)).atSecretAddress()
            response.setCookie(cookie)
            return response
        } catch ShareUnlockError.wrongPassword {
            return try passwordForm(request, opened, error: table.string("sharing.wrongPassword"), status: .forbidden)
        } catch ShareUnlockError.tooManyAttempts(let wait) {
            let message = WaitAnswer.text(wait, table: table, seconds: "login.tooManyAttemptsSeconds", minutes: "login.tooManyAttempts")
            var response = try passwordForm(request, opened, error: message, status: .tooManyRequests)
            response.retryAfter(wait)
            return response
        }
    }

    private func opened(_ request: Request) throws -> SharedPortfolio {
        // The link stands for the portfolio it opens; the rest of the rule (moderation, a
        // suspended author, a block) holds as for any address of it.
        guard let token = request.parameters["token"], let opened = try sharing.open(token: token),
              try visibility.sight(of: .portfolio(opened.link.portfolioId),
                                   for: Viewer(personId: request.signedIn?.userId, sharedPortfolioId: opened.link.portfolioId)) >= .reader
        else {
            throw HTTPFailure(.notFound, "There is no such page.")
        }
        return opened
    }

    private func passwordForm(_ request: Request, _ opened: SharedPortfolio, error: String?, status: HTTPStatus) throws -> Response {
        let table = renderer.strings(for: request)
        return try renderer.render(.sharePassword, for: request, content: SharePasswordPage(
            action: ShareLinkPages.sharedPath(opened.link.token), csrf: request.csrfToken,
            field: FormFieldView("password", label: table.string("sharing.password"), type: "password", value: "",
                                 error: error, maxlength: ShareLinkForm.passwordLength.upperBound)), status: status)
            .atSecretAddress()
    }
}

/// `pages/share-password`: the one field a link with a password asks for.
struct SharePasswordPage: ViewModel {
    let action: String
    let csrf: String
    let field: FormFieldView
}
