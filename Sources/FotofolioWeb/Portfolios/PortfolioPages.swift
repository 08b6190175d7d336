import Fotofolio
import HTTPServer

/// Portfolios: their public page, and creating, editing and deleting them (the author only).
struct PortfolioPages {
    let renderer: PageRenderer
    let portfolios: PortfoliosService
    let photos: PhotoLibrary
    let films: FilmLibrary
    let uploads: PhotoUploads
    let selection: SelectionService
    let moderation: Moderation
    let sharing: Sharing
    let visibility: Visibility

    func register(in router: inout Router) {
        let uploads = self.uploads.routeOptions
        router.publicPage("/portfolios/:id") { request in try show(request) }
        registerShared(in: &router)
        router.group(RequireSignIn()) { router in
            router.get("/portfolios/new") { request in try newPortfolio(request) }
            router.post("/portfolios", options: uploads) { request in try createPortfolio(request) }
            router.get("/portfolios/:id/edit") { request in try editPortfolio(request) }
            router.post("/portfolios/:id", options: uploads) { request in try updatePortfolio(request) }
            router.get("/portfolios/:id/delete") { request in try confirmDeletion(request) }
            router.post("/portfolios/:id/delete") { request in try deletePortfolio(request) }
        }
    }

    private func show(_ request: Request) throws -> Response {
        let id = try portfolioId(request)
        // Hidden by an operator, or by a suspended author: a 404 that says no more, except to
        // the owner and operators, who are told why. Unlisted and private portfolios answer
        // the same to everyone else: only a share link opens them.
        let sight = try visibility.sights(of: .portfolio(id), for: request.viewer)
        guard sight.viewer >= .reader, let stored = try portfolios.details(id: id) else {
            throw HTTPFailure(.notFound, "There is no such portfolio.")
        }
        let isOwn = request.signedIn?.userId == stored.portfolio.ownerId
        let seesAll = sight.viewer == .keeper
        let hiddenState = seesAll ? try moderation.visibility(ofPortfolio: id) : HiddenState(hiddenReason: nil, ownerSuspended: false)
        let details = seesAll ? stored : try moderation.withoutHiddenPhotos([stored])[0]
        let hiddenPhotoCount = seesAll ? try moderation.hiddenPhotos(among: stored.photos.compactMap(\.photo.id)).count : 0
        let table = renderer.strings(for: request)
        let path = PortfolioViews.path(details)
        // Previewed where its address is pasted only when a guest could open it.
        let cover = details.cover.flatMap { PhotoViews.cardImagePath($0.photo) }
        // Search engines are told what a guest sees: never a photo an operator hid.
        let head = sight.guest < .reader ? nil : SocialMeta(
            request, path: path, type: "article", title: "\(details.portfolio.name) – @\(details.owner.username)",
            description: details.portfolio.description, image: cover,
            structuredData: StructuredData.portfolio(seesAll ? try moderation.withoutHiddenPhotos([stored])[0] : details,
                                                     request: request, table: table))
        var page = try page(request, details, isOwn: isOwn, bookmarkable: details.portfolio.visibility == .public,
                            start: FilmStart(request.query))
        page.moderationNotice = Self.moderationNotice(hiddenState, hiddenPhotos: hiddenPhotoCount, table: table)
        page.justSaved = isOwn && request.query["saved"] == "1"
        return try renderer.render(.portfolio, for: request, title: details.portfolio.name, content: page, head: head)
    }

    /// The portfolio's page as its author, a reader, or the holder of a share link sees it.
    func page(_ request: Request, _ details: PortfolioDetails, isOwn: Bool, bookmarkable: Bool,
              start: FilmStart? = nil) throws -> PortfolioPage {
        let table = renderer.strings(for: request)
        let id = details.portfolio.storedId
        let path = PortfolioViews.path(details)
        let selected = try bookmarkable && SelectedPortfolios.of(request, selection).contains(id)
        let notice: String? = switch details.portfolio.visibility {
        case .public: nil
        case .unlisted: table.string("sharing.noticeUnlisted")
        case .private: table.string("sharing.noticePrivate")
        }
        return PortfolioPage(
            portfolio: PortfolioViews(table: table).page(details, isOwn: isOwn, start: start), csrf: request.csrfToken,
            justSaved: false, moderationNotice: nil, visibilityNotice: isOwn ? notice : nil,
            linksURL: isOwn ? ShareLinkPages.path(id) : nil, bookmarkable: bookmarkable,
            reportURL: isOwn ? nil : ReportPages.url(ReportSubject(.portfolio, id)),
            // The bookmark of the feed, so a portfolio found by a link can be saved too.
            id: id, returnTo: path, pressed: selected ? "true" : "false",
            bookmarkLabel: table.string(selected ? "selection.remove" : "selection.add"))
    }

    /// What the owner (or an operator) is told about a portfolio moderation touched.
    static func moderationNotice(_ visibility: HiddenState, hiddenPhotos: Int, table: StringTable) -> String? {
        if let reason = visibility.hiddenReason {
            return table.string("moderation.portfolioHidden").replacingOccurrences(of: "{reason}", with: reason)
        }
        if visibility.ownerSuspended { return table.string("moderation.ownerSuspended") }
        guard hiddenPhotos > 0 else { return nil }
        return table.plural("moderation.photosHidden", count: hiddenPhotos)
    }

    private func newPortfolio(_ request: Request) throws -> Response {
        let user = try request.requireSignIn().user
        guard user.role == .creator else { return .redirect(to: "/profile/edit?creator=1") }
        return try editor(request, draft: PortfolioDraft(), action: "/portfolios", isNew: true)
    }

    private func createPortfolio(_ request: Request) throws -> Response {
        let user = try request.requireSignIn().user
        guard user.role == .creator else { throw access(.notCreator) }
        return try handleForm(request, action: "/portfolios", isNew: true) { draft in
            try portfolios.create(draft, by: user)
        }
    }

    private func editPortfolio(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let id = try portfolioId(request)
        let details = try withAccess(request) { try portfolios.editable(id, by: userId) }
        return try editor(request, draft: PortfolioDraft(details), action: "/portfolios/\(id)", isNew: false)
    }

    private func updatePortfolio(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let id = try portfolioId(request)
        _ = try withAccess(request) { try portfolios.editable(id, by: userId) }
        return try handleForm(request, action: "/portfolios/\(id)", isNew: false) { draft in
            try portfolios.update(id, with: draft, by: userId)
        }
    }

    private func confirmDeletion(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let details = try withAccess(request) { try portfolios.editable(try portfolioId(request), by: userId) }
        return try renderer.render(.portfolioDelete, for: request, content: PortfolioDeletePage(
            csrf: request.csrfToken, portfolio: PortfolioViews(table: renderer.strings(for: request)).row(details)))
    }

    private func deletePortfolio(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        try withAccess(request) { try portfolios.delete(try portfolioId(request), by: userId) }
        return .redirect(to: "/profile?deleted=1")
    }

    /// Reads the form, adds uploaded files, applies a move or removal, and either saves
    /// (then shows the portfolio) or shows the form again with everything as typed.
    private func handleForm(_ request: Request, action: String, isNew: Bool,
                            save: (PortfolioDraft) throws -> PortfolioDetails) throws -> Response {
        let owner = try request.requireSignIn().userId
        var form = PortfolioForm(request.form)
        let room = max(0, PortfolioDraft.photoLimit - form.draft.photos.count)
        let imported = uploads.importFiles(request, field: "files", owner: owner, limit: room, allowsFilms: true)
        form.draft.photos += imported.photos.map { .init(photoId: $0.storedId) }
        form.applyAction()
        // Every photo's crop as typed; shown again with the rest of the form whatever happens.
        let table = renderer.strings(for: request)
        let owned = try photos.photos(ids: form.draft.photos.map(\.photoId), ownedBy: owner)
        var framings = PhotoFramings(owned, table: table)
        framings.submit(request.form)
        var posters = FilmPosters(owned, table: table)
        posters.submit(request.form)
        guard form.action == .save, imported.problems.isEmpty, framings.isValid, posters.isValid else {
            let failed = !imported.problems.isEmpty || !framings.isValid || !posters.isValid
            return try editor(request, draft: form.draft, action: action, isNew: isNew, uploadProblems: imported.problems,
                              framings: framings, posters: posters, status: failed ? .unprocessableContent : .ok)
        }
        do {
            let saved = try withAccess(request) { try save(form.draft) }
            try framings.save(photos, owner: owner, table: table)
            // After the crop: a new poster frame starts from the smart crop again.
            try posters.save(films, owner: owner, table: table)
            return .redirect(to: PortfolioViews.path(saved) + "?saved=1")
        } catch let errors as PortfolioErrors {
            return try editor(request, draft: form.draft, action: action, isNew: isNew, problems: errors.problems,
                              framings: framings, posters: posters, status: .unprocessableContent)
        }
    }

    private func editor(_ request: Request, draft: PortfolioDraft, action: String, isNew: Bool,
                        problems: [PortfolioField: PortfolioProblem] = [:], uploadProblems: [String] = [],
                        framings submitted: PhotoFramings? = nil, posters submittedPosters: FilmPosters? = nil,
                        status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let author = try request.requireSignIn().user
        let owned = try photos.photos(ids: draft.photos.map(\.photoId), ownedBy: author.storedId)
        // Photos uploaded with this very request have no submitted crop: they start from the smart crop.
        var framings = PhotoFramings(owned, table: table)
        if let submitted { framings.adopt(submitted) }
        var posters = FilmPosters(owned, table: table)
        if let submittedPosters { posters.adopt(submittedPosters) }
        return try renderer.render(.portfolioEditor, for: request,
                                   title: table.string(isNew ? "pages.portfolioEditor.newTitle" : "pages.portfolioEditor.editTitle"),
                                   content: PortfolioEditorPage(draft: draft, photos: owned, framings: framings, posters: posters, table: table,
                                                                action: action, isNew: isNew, csrf: request.csrfToken,
                                                                problems: problems, uploadProblems: uploadProblems,
                                                                authorLicence: author.licence),
                                   status: status)
    }

    private func portfolioId(_ request: Request) throws -> Int64 {
        guard let id = request.storedId("id") else { throw HTTPFailure(.notFound, "There is no such portfolio.") }
        return id
    }

    /// Runs a domain call, turning "not yours" and "not there" into the matching error page.
    @discardableResult
    private func withAccess<T>(_ request: Request, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PortfolioAccessError {
            throw try access(error, request)
        }
    }

    /// A portfolio someone may not see is not there for them, rather than not theirs.
    private func access(_ error: PortfolioAccessError, _ request: Request) throws -> HTTPFailure {
        guard error == .notOwner, let id = request.storedId("id"),
              try visibility.sight(of: .portfolio(id), for: request.viewer) == .none else { return access(error) }
        return access(.notFound)
    }

    private func access(_ error: PortfolioAccessError) -> HTTPFailure {
        switch error {
        case .notFound: HTTPFailure(.notFound, "There is no such portfolio.")
        case .notOwner: HTTPFailure(.forbidden, "Only the author can change this portfolio.")
        case .notCreator: HTTPFailure(.forbidden, "Only photographers have portfolios.")
        }
    }
}

/// `pages/portfolio-delete`: the portfolio to delete and the button that does.
struct PortfolioDeletePage: ViewModel {
    let csrf: String
    let portfolio: PortfolioRow
}
