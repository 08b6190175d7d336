import Fotofolio
import Foundation
import HTTPServer

/// The selection (`/selection`): the signed-in person's shortlist with who each author is.
/// Bookmarking works for guests too (a cookie), merged into the account at login.
struct SelectionPages {
    let renderer: PageRenderer
    let selection: SelectionService
    let portfolios: PortfoliosService
    let moderation: Moderation
    let visibility: Visibility

    func register(in router: inout Router) {
        router.post("/selection/toggle") { request in try change(request, adding: nil) }
        router.post("/selection/add") { request in try change(request, adding: true) }
        router.post("/selection/remove") { request in try change(request, adding: false) }
        router.group(RequireSignIn()) { router in
            router.get("/selection") { request in try show(request) }
            router.post("/selection/clear") { request in try clear(request) }
        }
    }

    private func show(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        let entries = try moderation.withoutHiddenPhotos(try selection.entries(for: userId))
        let cards = PortfolioCards(table: table, address: FeedAddress(), selected: Set(entries.map(\.portfolio.storedId)),
                                   csrf: request.csrfToken)
        return try renderer.render(.selection, for: request, content: SelectionPage(
            csrf: request.csrfToken, cards: entries.map { cards.card($0, withAuthor: true) },
            hasCards: !entries.isEmpty, count: table.plural("portfolioCount", count: entries.count),
            cleared: request.query["cleared"] == "1",
            emptyState: entries.isEmpty
                ? ContentState(.empty, "selectionEmpty", icon: "selection", action: .init(href: LanguageAddress.path("/", in: table.language), name: "browse")).model(table)
                : nil))
    }

    /// Adds (`true`), removes (`false`) or toggles (nil) one portfolio, for an account or a
    /// guest's cookie; answers JSON to scripts, otherwise goes back where the form was.
    private func change(_ request: Request, adding: Bool?) throws -> Response {
        // A portfolio that is not public, or not to be seen, can only be taken out (it may
        // have been public when saved).
        guard let id = StoredId.parse(request.form["portfolio"]), let details = try portfolios.details(id: id),
              try adding == false || (details.portfolio.visibility == .public
                                  && visibility.sight(of: .portfolio(id), for: request.viewer) >= .reader) else {
            throw HTTPFailure(.notFound, "There is no such portfolio.")
        }
        let selected: Bool
        var cookie: SetCookie?
        if let userId = request.signedIn?.userId {
            let now = try selection.portfolioIds(for: userId).contains(id)
            selected = adding ?? !now
            if selected { try selection.add(id, for: userId) } else { try selection.remove(id, for: userId) }
        } else {
            var ids = GuestSelection.ids(in: request)
            selected = adding ?? !ids.contains(id)
            ids.removeAll { $0 == id }
            if selected { ids.append(id) }
            cookie = GuestSelection.cookie(ids)
        }
        var response = request.answer(json: { .json(["selected": selected]) },
                                      redirectingTo: SafeRedirect.path(request.form["return"] ?? (adding == false ? "/selection" : "/")))
        if let cookie { response.setCookie(cookie) }
        return response
    }

    private func clear(_ request: Request) throws -> Response {
        try selection.removeAll(for: try request.requireSignIn().userId)
        return .redirect(to: "/selection?cleared=1")
    }
}

/// `pages/selection`: the shortlist, each card with who its author is.
struct SelectionPage: ViewModel {
    let csrf: String
    let cards: [FeedCard]
    let hasCards: Bool
    let count: String
    /// Just emptied with "remove all".
    let cleared: Bool
    let emptyState: ContentState.Model?
}
