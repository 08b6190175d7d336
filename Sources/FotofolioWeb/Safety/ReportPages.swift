import Foundation
import Fotofolio
import HTTPServer

/// Reporting: the form for one subject (`/report?subject=portfolio:12`, linked from a
/// profile's menu, a portfolio and each of its photos), the form that picks one of a
/// conversation's messages (`/messages/:room/report`), sending either (`POST /report`), and
/// the reporter's own reports with their states (`/reports`). The reported person never sees
/// any of it.
struct ReportPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let portfolios: PortfoliosService
    let photos: PhotoLibrary
    let messenger: MessengerService
    let moderation: Moderation
    let reports: Reports
    let visibility: Visibility
    let ratings: RatingReports
    let demands: Demands

    /// How many of a conversation's latest messages by others the message form offers.
    static let messagesOffered = 30

    static func url(_ subject: ReportSubject) -> String { "/report?subject=\(subject.text)" }

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/report") { request in try form(request) }
            router.post("/report") { request in try send(request) }
            router.get("/reports") { request in try mine(request) }
            router.get("/messages/:room/report") { request in try messageForm(request) }
        }
    }

    /// `pages/report`: what is reported (or the messages to choose from), the reason and a few words.
    struct Page: ViewModel {
        struct Preview: ViewModel {
            let kind: String
            let title: String
            let detail: String?
            let image: String?
        }
        struct Choice: ViewModel {
            let value: String
            let author: String
            let text: String
            let time: String
            let checked: Bool
        }
        struct Reason: ViewModel {
            let value: String
            let label: String
            let checked: Bool
        }

        let csrf: String
        /// The subject when it is fixed (a hidden field); empty when a message is chosen below.
        let subject: String
        let preview: Preview?
        let choices: [Choice]
        let hasChoices: Bool
        /// The conversation whose messages are offered, so a form sent without a choice comes back to them.
        let room: Int64?
        let reasons: [Reason]
        let details: String
        let detailsLimit: Int
        let problem: String?
        let back: String
    }

    /// `pages/reports`: the person's reports, newest first.
    struct ListPage: ViewModel {
        struct Item: ViewModel {
            let subject: String
            let link: String?
            let reason: String
            let state: String
            let stateKey: String
            let sent: String
        }

        let items: [Item]
        let hasItems: Bool
        let sent: Bool
    }

    private func form(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        guard let subject = request.query["subject"].flatMap(ReportSubject.init), let preview = try preview(of: subject, for: userId, request: request)
        else { throw HTTPFailure(.notFound, renderer.strings(for: request).string("reports.errors.unknownSubject")) }
        return try page(request, subject: subject.text, preview: preview.preview, choices: [], back: preview.back)
    }

    private func messageForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        guard let roomId = request.storedId("room") else { throw HTTPFailure(.notFound, "There is no such conversation.") }
        let history = try conversation(roomId, for: userId, request: request)
        let chosen = StoredId.parse(request.query["message"])
        let choices = choices(from: history, for: userId, chosen: chosen, request: request)
        return try page(request, subject: "", preview: nil, choices: choices, room: roomId, back: "/messages/\(roomId)")
    }

    private func send(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        let details = request.form["details"] ?? ""
        let reason = request.form["reason"].flatMap(ReportReason.init(rawValue:))
        guard let subject = request.form["subject"].flatMap(ReportSubject.init),
              let shown = try preview(of: subject, for: userId, request: request) else {
            // A message form sent without a choice: back to it, with the text kept.
            if let roomId = StoredId.parse(request.form["room"]), request.form["subject"].map({ $0.isEmpty }) ?? true {
                let history = try conversation(roomId, for: userId, request: request)
                return try page(request, subject: "", preview: nil, choices: choices(from: history, for: userId, chosen: nil, request: request),
                                room: roomId, back: "/messages/\(roomId)", reason: reason, details: details,
                                problem: table.string("reports.errors.chooseMessage"), status: .unprocessableContent)
            }
            throw HTTPFailure(.notFound, table.string("reports.errors.unknownSubject"))
        }
        guard let reason else {
            return try page(request, subject: subject.text, preview: shown.preview, choices: [], back: shown.back, details: details,
                            problem: table.string("reports.errors.chooseReason"), status: .unprocessableContent)
        }
        do {
            try reports.report(subject, reason: reason, details: details, by: userId)
            return .redirect(to: "/reports?sent=1")
        } catch let error as ReportError {
            if error == .unknownSubject { throw HTTPFailure(.notFound, table.string("reports.errors.unknownSubject")) }
            var status = HTTPStatus.unprocessableContent
            if case .tooMany = error { status = .tooManyRequests }
            var response = try page(request, subject: subject.text, preview: shown.preview, choices: [], back: shown.back,
                                    reason: reason, details: details, problem: Self.problem(error, table: table), status: status)
            if case .tooMany(let wait) = error { response.retryAfter(wait) }
            return response
        }
    }

    private func mine(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let items = try reports.reports(by: userId).map { report in
            let described = try describe(report.subject, for: request.viewer, table: table)
            return ListPage.Item(subject: described.text, link: described.link,
                                 reason: table.string("reports.reasons.\(report.reason.rawValue)"),
                                 state: table.string("reports.states.\(report.state.rawValue)"), stateKey: report.state.rawValue,
                                 sent: dates.listLabel(report.createdAt))
        }
        return try renderer.render(.reports, for: request, content: ListPage(items: items, hasItems: !items.isEmpty,
                                                                               sent: request.query["sent"] == "1"))
    }

    // MARK: - Pieces

    /// The latest messages of a conversation the person is in; otherwise the answer the
    /// conversation's own page gives.
    private func conversation(_ roomId: Int64, for userId: Int64, request: Request) throws -> [ChatMessage] {
        do {
            return try messenger.history(of: roomId, for: userId, limit: MessengerService.largestPage)
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            throw HTTPFailure(failure.status, renderer.strings(for: request).string(failure.key))
        }
    }

    private func page(_ request: Request, subject: String, preview: Page.Preview?, choices: [Page.Choice], room: Int64? = nil, back: String,
                      reason: ReportReason? = nil, details: String = "", problem: String? = nil,
                      status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        return try renderer.render(.report, for: request, content: Page(
            csrf: request.csrfToken, subject: subject, preview: preview, choices: choices, hasChoices: !choices.isEmpty, room: room,
            reasons: ReportReason.allCases.map { .init(value: $0.rawValue, label: table.string("reports.reasons.\($0.rawValue)"),
                                                       checked: $0 == reason) },
            details: details, detailsLimit: Reports.detailsLimit.characters, problem: problem, back: SafeRedirect.path(back)),
            status: status)
    }

    /// What the reporter sees of the subject, and where "Back" goes; nil when it is not
    /// theirs to see by `VisibilityRules` (another's conversation, hidden, unlisted or
    /// private work, a photo in no portfolio, a suspended account), which the store's check
    /// for filing asks too, so the form shows nothing the report could not be sent about.
    private func preview(of subject: ReportSubject, for userId: Int64, request: Request) throws -> (preview: Page.Preview, back: String)? {
        guard try reports.isVisible(subject, to: userId) else { return nil }
        let table = renderer.strings(for: request)
        let kind = table.string("reports.kinds.\(subject.kind.rawValue)")
        switch subject.kind {
        case .profile:
            guard let user = try accounts.user(id: subject.id) else { return nil }
            return (.init(kind: kind, title: user.fullName, detail: "@\(user.username)", image: nil), "/u/\(QueryItems.escape(user.username))")
        case .portfolio:
            guard let details = try moderation.withoutHiddenPhotos(try portfolios.details(id: subject.id).map { [$0] } ?? []).first
            else { return nil }
            return (.init(kind: kind, title: details.portfolio.name, detail: "@\(details.owner.username)",
                          image: details.cover.map { PhotoViews.thumbnailURL($0.photo) }), PortfolioViews.path(details))
        case .photo:
            guard let photo = try photos.photo(id: subject.id) else { return nil }
            return (.init(kind: kind, title: table.string("reports.kinds.photo"), detail: nil, image: PhotoViews.thumbnailURL(photo)),
                    request.headers["referer"].flatMap(Self.localPath) ?? "/")
        case .message:
            guard let message = try messenger.message(subject.id, for: userId), !message.isRemoved else { return nil }
            return (.init(kind: kind, title: "\(message.author.name) (@\(message.author.username))", detail: Self.excerpt(message.content),
                          image: nil), "/messages/\(message.roomId)")
        case .demand:
            guard let demand = try demands.demand(subject.id, for: userId)?.demand else { return nil }
            let view = DemandView(demand, text: ShootText(table: table))
            return (.init(kind: kind, title: view.title, detail: "\(view.town) · \(view.when)", image: nil), DemandPages.path(demand.id))
        case .rating:
            guard let described = try ratings.describe(subject.id) else { return nil }
            return (.init(kind: kind, title: described.title, detail: RatingReports.line(described.rating, table: table), image: nil),
                    "/u/\(QueryItems.escape(request.signedIn?.user.username ?? ""))#rating")
        }
    }

    /// Messages by others, newest first, to pick the one to report.
    private func choices(from history: [ChatMessage], for userId: Int64, chosen: Int64?, request: Request) -> [Page.Choice] {
        let dates = MessageDates(for: request, table: renderer.strings(for: request))
        return history.reversed().filter { $0.authorId != userId && !$0.isRemoved }.prefix(Self.messagesOffered).map { message in
            .init(value: ReportSubject(.message, message.id).text, author: message.author.name, text: Self.excerpt(message.content),
                  time: dates.moment(message.sentAt), checked: message.id == chosen)
        }
    }

    /// A report in the reporter's list: what it is about, named only while they may see it.
    private func describe(_ subject: ReportSubject, for viewer: Viewer, table: StringTable) throws -> (text: String, link: String?) {
        let kind = table.string("reports.kinds.\(subject.kind.rawValue)")
        guard let visible = Subject(subject), try visibility.sight(of: visible, for: viewer) >= .reader else { return (kind, nil) }
        switch subject.kind {
        case .profile:
            guard let user = try accounts.user(id: subject.id) else { return (kind, nil) }
            return ("\(kind): \(user.fullName) (@\(user.username))", "/u/\(QueryItems.escape(user.username))")
        case .portfolio:
            guard let details = try portfolios.details(id: subject.id) else { return (kind, nil) }
            return ("\(kind): \(details.portfolio.name)", PortfolioViews.path(details))
        case .photo, .message, .rating, .demand:
            return (kind, nil)
        }
    }

    static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 140 ? String(line.prefix(140)) + "…" : line
    }

    /// The path of a page on this site a `Referer` names, for "Back".
    static func localPath(_ referer: String) -> String? {
        guard let url = URLComponents(string: referer), url.path.hasPrefix("/") else { return nil }
        return url.path
    }

    static func problem(_ error: ReportError, table: StringTable) -> String {
        switch error {
        case .unknownSubject: table.string("reports.errors.unknownSubject")
        case .ownContent: table.string("reports.errors.ownContent")
        case .detailsMissing: table.string("reports.errors.detailsMissing")
        case .detailsTooLong: table.string("reports.errors.detailsTooLong")
        case .invalidText: table.string("reports.errors.invalidText")
        case .tooMany: table.string("reports.errors.tooMany")
        }
    }
}
