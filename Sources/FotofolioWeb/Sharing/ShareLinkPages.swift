import Fotofolio
import Foundation
import HTTPServer

/// A portfolio's share links, for its author: made with an optional last day and password,
/// listed with their views, and revoked at once.
struct ShareLinkPages {
    let renderer: PageRenderer
    let portfolios: PortfoliosService
    let sharing: Sharing

    static func path(_ portfolioId: Int64) -> String { "/portfolios/\(portfolioId)/links" }
    static func sharedPath(_ token: String) -> String { "/s/\(token)" }

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/portfolios/:id/links") { request in try list(request) }
            // A link's password is hashed (argon2) off the polling thread.
            router.post("/portfolios/:id/links", options: .slow) { request in try create(request) }
            router.post("/portfolios/:id/links/:link/revoke") { request in try revoke(request) }
        }
    }

    private func list(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let details = try owned(request, by: userId)
        let notice: String? = if request.query["made"] != nil { "sharing.created" }
            else if request.query["revoked"] != nil { "sharing.revoked" } else { nil }
        return try page(request, details, form: ShareLinkForm(), notice: notice,
                        made: StoredId.parse(request.query["made"]))
    }

    private func create(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let details = try owned(request, by: userId)
        let form = ShareLinkForm(label: request.form["label"] ?? "", lastDay: request.form["lastDay"] ?? "",
                                 password: request.form["password"] ?? "")
        do {
            let link = try sharing.create(form, for: details.portfolio.storedId, by: userId)
            return .redirect(to: Self.path(details.portfolio.storedId) + "?made=\(link.id)")
        } catch let errors as ShareLinkErrors {
            return try page(request, details, form: form, problems: errors.problems, status: .unprocessableContent)
        }
    }

    private func revoke(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let details = try owned(request, by: userId)
        guard let linkId = request.storedId("link") else { throw HTTPFailure(.notFound, "There is no such link.") }
        do {
            try sharing.revoke(linkId, of: details.portfolio.storedId, by: userId)
        } catch PortfolioAccessError.notFound {
            throw HTTPFailure(.notFound, "There is no such link.")
        }
        return .redirect(to: Self.path(details.portfolio.storedId) + "?revoked=1")
    }

    /// The portfolio, when it is the signed-in person's: another's is a 404 here, as its
    /// links are nobody else's business.
    private func owned(_ request: Request, by userId: Int64) throws -> PortfolioDetails {
        guard let id = request.storedId("id") else { throw HTTPFailure(.notFound, "There is no such portfolio.") }
        do {
            return try portfolios.editable(id, by: userId)
        } catch is PortfolioAccessError {
            throw HTTPFailure(.notFound, "There is no such portfolio.")
        }
    }

    private func page(_ request: Request, _ details: PortfolioDetails, form: ShareLinkForm,
                      problems: [ShareLinkField: ShareLinkProblem] = [:], notice: String? = nil, made: Int64? = nil,
                      status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let text = ShootText(table: table)
        let now = Date()
        let links = try sharing.links(of: details.portfolio.storedId, by: details.portfolio.ownerId)
        func error(_ field: ShareLinkField) -> String? { problems[field].map { table.string("sharing.problems.\($0.rawValue)") } }
        let id = details.portfolio.storedId
        let items = links.map { link in
            let expired = link.isExpired(at: now)
            let state = link.lastDay.map { day in
                table.string(expired ? "sharing.expired" : "sharing.until").replacingOccurrences(of: "{day}", with: text.shortDay(day))
            } ?? table.string("sharing.forever")
            return ShareLinksPage.Item(
                label: link.label.isEmpty ? table.string("sharing.unnamed") : link.label,
                address: CanonicalURL.of(request, path: Self.sharedPath(link.token)), state: state, expired: expired,
                views: table.plural("sharing.views", count: link.viewCount), hasPassword: link.hasPassword,
                revokeAction: "\(Self.path(id))/\(link.id)/revoke", isNew: link.id == made, fieldId: "link-\(link.id)")
        }
        let visibility = details.portfolio.visibility
        return try renderer.render(.shareLinks, for: request,
                                   title: table.string("sharing.title").replacingOccurrences(of: "{name}", with: details.portfolio.name),
                                   content: ShareLinksPage(
            title: table.string("sharing.title").replacingOccurrences(of: "{name}", with: details.portfolio.name),
            portfolioURL: PortfolioViews.path(details), editURL: PortfolioViews.path(details) + "/edit",
            csrf: request.csrfToken, action: Self.path(id), notice: notice.map(table.string),
            warning: visibility == .private ? table.string("sharing.privateWarning") : nil,
            hint: visibility == .public ? table.string("sharing.publicHint") : nil,
            items: items, hasItems: !items.isEmpty, hasErrors: !problems.isEmpty,
            fields: [
                FormFieldView("label", label: table.string("sharing.label"), value: form.label, error: error(.label),
                              required: false, maxlength: ShareLinkForm.labelLimit.characters),
                FormFieldView("lastDay", label: table.string("sharing.lastDay"), type: "date", value: form.lastDay,
                              hint: table.string("sharing.lastDayHint"), error: error(.lastDay), required: false,
                              min: CalendarDay(now).text),
                // A password typed in is never sent back into the page.
                FormFieldView("password", label: table.string("sharing.password"), type: "password", value: "",
                              hint: table.string("sharing.passwordHint"), error: error(.password), required: false,
                              maxlength: ShareLinkForm.passwordLength.upperBound),
            ]), status: status)
    }
}

/// `pages/share-links`: the links with their addresses and views, and the form for a new one.
struct ShareLinksPage: ViewModel {
    struct Item: ViewModel {
        let label: String
        let address: String
        /// "until 12. 6. 2027", "expired …", "until revoked".
        let state: String
        let expired: Bool
        let views: String
        let hasPassword: Bool
        let revokeAction: String
        /// The link just made: its address is selected for copying.
        let isNew: Bool
        let fieldId: String
    }

    let title: String
    let portfolioURL: String
    let editURL: String
    let csrf: String
    let action: String
    let notice: String?
    /// A private portfolio's links open nothing.
    let warning: String?
    let hint: String?
    let items: [Item]
    let hasItems: Bool
    let hasErrors: Bool
    let fields: [FormFieldView]
}
