import Foundation
import Fotofolio
import HTTPServer

/// The operators' desk: open reports grouped by what they are about, with what is needed to
/// judge them (the message with its neighbours, the portfolio, the photo), the actions
/// (`POST /moderation/actions`), and the audit log (`/moderation/log`). Operators only: anyone
/// else signed in gets 403 on every route, a guest is asked to sign in.
struct ModerationPages {
    let renderer: PageRenderer
    let moderation: Moderation
    let accounts: AccountsService
    let portfolios: PortfoliosService
    let photos: PhotoLibrary
    let live: LiveDelivery
    let ratings: RatingReports
    /// The texts a reported message held before its author edited or deleted it.
    let messenger: MessengerService

    func register(in router: inout Router) {
        router.group(RequireSignIn(), RequireOperator(moderation: moderation)) { router in
            router.get("/moderation") { request in try desk(request) }
            router.post("/moderation/actions") { request in try act(request) }
            router.get("/moderation/log") { request in try log(request) }
        }
    }

    /// `pages/moderation`.
    struct DeskPage: ViewModel {
        struct Group: ViewModel {
            struct Item: ViewModel {
                let reason: String
                let details: String
                let reporter: String
                let sent: String
            }
            struct Line: ViewModel {
                let author: String
                let text: String
                let time: String
                let isReported: Bool
                let isRemoved: Bool
            }
            /// A text the reported message held before an edit or its deletion.
            struct Version: ViewModel {
                let text: String
                let replaced: String
            }
            struct Suspension: ViewModel {
                let value: String
                let label: String
            }

            let subject: String
            let kind: String
            let title: String
            let link: String?
            let image: String?
            let context: [Line]
            let hasContext: Bool
            let versions: [Version]
            let hasVersions: Bool
            let reports: [Item]
            let count: String
            let canHidePortfolio: Bool
            let canHidePhoto: Bool
            let canRemoveMessage: Bool
            let canRemoveRating: Bool
            var canHideDemand = false
            /// Whose account a suspension would be: the subject's person or author.
            let person: String?
            let lengths: [Suspension]
        }

        let csrf: String
        let groups: [Group]
        let hasGroups: Bool
        let notice: String?
        let problem: String?
    }

    /// `pages/moderation-log`.
    struct LogPage: ViewModel {
        struct Entry: ViewModel {
            /// Taking back a hide or a suspension that still holds, from its newest entry.
            struct Undo: ViewModel {
                let id: Int64
                let subject: String
                let action: String
                let label: String
            }

            let when: String
            let who: String
            let action: String
            let subject: String
            let reason: String
            let until: String?
            let undo: Undo?
        }

        let csrf: String
        let entries: [Entry]
        let hasEntries: Bool
        let notice: String?
    }

    private func desk(_ request: Request, problem: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        _ = try request.requireSignIn()
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let open = try moderation.openReports()
        var order: [ReportSubject] = []
        var bySubject: [ReportSubject: [Report]] = [:]
        for report in open {
            if bySubject[report.subject] == nil { order.append(report.subject) }
            bySubject[report.subject, default: []].append(report)
        }
        let groups = try order.compactMap { subject in
            try group(subject, reports: bySubject[subject] ?? [], table: table, dates: dates)
        }
        let notice = request.query["done"].flatMap { name in
            ModerationAction.names.contains(name) ? table.string("moderation.done.\(name)") : nil
        }
        return try renderer.render(.moderation, for: request, content: DeskPage(
            csrf: request.csrfToken, groups: groups, hasGroups: !groups.isEmpty, notice: notice, problem: problem), status: status)
    }

    private func act(_ request: Request) throws -> Response {
        let operatorId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        guard let subject = request.form["subject"].flatMap(ReportSubject.init), let name = request.form["action"] else {
            throw HTTPFailure(.unprocessableContent, table.string("moderation.errors.unknownAction"))
        }
        let person = try owner(of: subject)
        let action: ModerationAction
        switch (name, subject.kind) {
        case ("dismiss", _): action = .dismiss(subject)
        case ("hidePortfolio", .portfolio): action = .hidePortfolio(subject.id)
        case ("unhidePortfolio", .portfolio): action = .unhidePortfolio(subject.id)
        case ("hidePhoto", .photo): action = .hidePhoto(subject.id)
        case ("unhidePhoto", .photo): action = .unhidePhoto(subject.id)
        case ("removeMessage", .message): action = .removeMessage(subject.id)
        case ("removeRating", .rating): action = .removeRating(subject.id)
        case ("hideDemand", .demand): action = .hideDemand(subject.id)
        case ("unhideDemand", .demand): action = .unhideDemand(subject.id)
        case ("suspend", _):
            guard let person, let length = Self.suspensionLength(request.form["days"]) else {
                throw HTTPFailure(.unprocessableContent, table.string("moderation.errors.unknownAction"))
            }
            action = .suspend(userId: person, until: length.map { Date().addingTimeInterval(Double($0) * 86_400) })
        case ("unsuspend", .profile): action = .unsuspend(userId: subject.id)
        default: throw HTTPFailure(.unprocessableContent, table.string("moderation.errors.unknownAction"))
        }
        do {
            try moderation.apply(action, reason: request.form["reason"] ?? "", by: operatorId, settling: subject)
        } catch let error as ModerationError {
            switch error {
            case .notAnOperator: throw HTTPFailure(.forbidden, table.string("moderation.errors.notAnOperator"))
            case .unknownSubject, .unknownPerson: throw HTTPFailure(.notFound, table.string("moderation.errors.unknownSubject"))
            case .reasonMissing: return try desk(request, problem: table.string("moderation.errors.reasonMissing"), status: .unprocessableContent)
            case .reasonTooLong: return try desk(request, problem: table.string("moderation.errors.reasonTooLong"), status: .unprocessableContent)
            case .cannotSuspendAnOperator:
                return try desk(request, problem: table.string("moderation.errors.cannotSuspendAnOperator"), status: .unprocessableContent)
            }
        }
        // Signed out everywhere already (the sessions went with the suspension); what they
        // follow live on this server ends now too.
        if case .suspend(let userId, _) = action { live.hub.endStreams(of: userId) }
        return .redirect(to: SafeRedirect.path(request.form["return"] ?? "/moderation?done=\(action.name)"))
    }

    private func log(_ request: Request) throws -> Response {
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let log = try moderation.auditLog()
        let undoable = try moderation.undoable(log)
        let entries = log.map { entry in
            LogPage.Entry(
                when: dates.moment(entry.createdAt), who: entry.operatorName.map { "@\($0)" } ?? table.string("moderation.log.gone"),
                action: table.string("moderation.actions.\(entry.action)"),
                subject: "\(table.string("reports.kinds.\(entry.subject.kind.rawValue)")) #\(entry.subject.id)",
                reason: entry.reason,
                until: entry.action == "suspend" ? entry.until.map(dates.moment) ?? table.string("moderation.forGood") : nil,
                undo: undoable[entry.id].map { undo in
                    .init(id: entry.id, subject: undo.subject.text, action: undo.name, label: table.string("moderation.actions.\(undo.name)"))
                })
        }
        let notice = request.query["done"].flatMap { name in
            ModerationAction.names.contains(name) ? table.string("moderation.done.\(name)") : nil
        }
        return try renderer.render(.moderationLog, for: request, content: LogPage(
            csrf: request.csrfToken, entries: entries, hasEntries: !entries.isEmpty, notice: notice))
    }

    // MARK: - Pieces

    /// 1, 7 or 30 days, or "forever" (nil); nil for anything else.
    static func suspensionLength(_ text: String?) -> Int?? {
        guard let text else { return nil }
        if text == "forever" { return .some(nil) }
        guard let days = Int(text), Moderation.suspensionDays.contains(days) else { return nil }
        return .some(days)
    }

    /// The person a subject belongs to: the profile's, the work's owner, the message's author.
    private func owner(of subject: ReportSubject) throws -> Int64? {
        switch subject.kind {
        case .profile: subject.id
        case .portfolio: try portfolios.details(id: subject.id)?.portfolio.ownerId
        case .photo: try photos.photo(id: subject.id)?.ownerId
        case .message: try moderation.messageInContext(subject.id, around: 0).first?.authorId
        case .rating: try ratings.describe(subject.id)?.rating.raterId
        case .demand: try moderation.demand(subject.id)?.clientId
        }
    }

    private func group(_ subject: ReportSubject, reports: [Report], table: StringTable, dates: MessageDates) throws -> DeskPage.Group? {
        let kind = table.string("reports.kinds.\(subject.kind.rawValue)")
        var title = "#\(subject.id)", link: String?, image: String?, context: [DeskPage.Group.Line] = [], person: User?
        var versions: [DeskPage.Group.Version] = []
        switch subject.kind {
        case .profile:
            person = try accounts.user(id: subject.id)
            if let person { title = "\(person.fullName) (@\(person.username))"; link = "/u/\(QueryItems.escape(person.username))" }
        case .portfolio:
            if let details = try portfolios.details(id: subject.id) {
                title = details.portfolio.name
                link = PortfolioViews.path(details)
                image = details.cover.map { PhotoViews.thumbnailURL($0.photo) }
                person = details.owner
            }
        case .photo:
            if let photo = try photos.photo(id: subject.id) {
                image = PhotoViews.thumbnailURL(photo)
                person = try accounts.user(id: photo.ownerId)
            }
        case .message:
            let lines = try moderation.messageInContext(subject.id)
            context = lines.map { message in
                .init(author: "\(message.author.name) (@\(message.author.username))",
                      text: message.isRemoved ? table.string("messages.removed")
                          : message.isDeleted ? table.string("messages.deleted") : message.content,
                      time: dates.moment(message.sentAt),
                      isReported: message.id == subject.id, isRemoved: message.isRemoved)
            }
            versions = try messenger.versions(of: subject.id).map { version in
                .init(text: version.content, replaced: table.string("moderation.versionReplaced")
                    .replacingOccurrences(of: "{time}", with: dates.moment(version.replacedAt)))
            }
            if let reported = lines.first(where: { $0.id == subject.id }) {
                title = "@\(reported.author.username)"
                person = try accounts.user(id: reported.authorId)
            }
        case .demand:
            // What it asks, and its words, as the one line of context; its client is who may be suspended.
            if let demand = try moderation.demand(subject.id) {
                let view = DemandView(demand, text: ShootText(table: table))
                title = view.title
                // Its first reference photo, which operators are served through the demand's address.
                image = demand.photos.isEmpty ? nil : DemandPhoto.path(of: demand.id, number: 1, small: true)
                person = try accounts.user(id: demand.clientId)
                context = [.init(author: person.map { "@\($0.username)" } ?? "–",
                                 text: [view.when, view.town, view.hours, view.budget, view.description].compactMap { $0 }.joined(separator: " · "),
                                 time: dates.moment(demand.createdAt), isReported: true, isRemoved: demand.hiddenAt != nil)]
            }
        case .rating:
            // Its stars and basis as the one line of context; the rater is who may be suspended.
            if let described = try ratings.describe(subject.id) {
                (title, link, person) = (described.title, described.link, described.rater)
                context = [.init(author: "@\(described.rater?.username ?? "–")", text: RatingReports.line(described.rating, table: table),
                                 time: dates.moment(described.rating.updatedAt), isReported: true, isRemoved: false)]
            }
        }
        let accounts = self.accounts
        let items = try reports.map { report in
            DeskPage.Group.Item(reason: table.string("reports.reasons.\(report.reason.rawValue)"), details: report.details,
                                reporter: try accounts.user(id: report.reporterId).map { "@\($0.username)" } ?? "–",
                                sent: dates.moment(report.createdAt))
        }
        return DeskPage.Group(
            subject: subject.text, kind: kind, title: title, link: link, image: image, context: context, hasContext: !context.isEmpty,
            versions: versions, hasVersions: !versions.isEmpty, reports: items, count: table.plural("moderation.reportCount", count: reports.count),
            canHidePortfolio: subject.kind == .portfolio, canHidePhoto: subject.kind == .photo,
            canRemoveMessage: subject.kind == .message && !(context.first { $0.isReported }?.isRemoved ?? true),
            canRemoveRating: subject.kind == .rating && !context.isEmpty,
            canHideDemand: subject.kind == .demand && !(context.first?.isRemoved ?? true),
            person: person.map { "@\($0.username)" },
            lengths: Moderation.suspensionDays.map { days in
                days.map { .init(value: String($0), label: table.plural("moderation.days", count: $0)) }
                    ?? .init(value: "forever", label: table.string("moderation.forGood"))
            })
    }
}

extension ModerationAction {
    /// Every name the audit log and the desk's forms use.
    static let names: Set<String> = ["dismiss", "hidePortfolio", "unhidePortfolio", "hidePhoto", "unhidePhoto", "removeMessage",
                                     "removeRating", "suspend", "unsuspend", "hideDemand", "unhideDemand"]
}

/// Operators only: anyone else signed in gets 403, before the body is read.
struct RequireOperator: Middleware {
    let moderation: Moderation

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        let signedIn = try request.requireSignIn()
        guard try moderation.isOperator(signedIn.userId) else {
            throw HTTPFailure(.forbidden, "This page is for operators.")
        }
        return try next(request)
    }
}

/// What a suspended person is told when they sign in.
enum SuspensionNotice {
    static func text(_ suspension: Suspension, for request: Request, table: StringTable) -> String {
        let dates = MessageDates(for: request, table: table)
        let until = suspension.until.map { table.string("login.suspendedUntil").replacingOccurrences(of: "{until}", with: dates.moment($0)) }
            ?? table.string("login.suspendedForGood")
        return until.replacingOccurrences(of: "{reason}", with: suspension.reason)
    }
}
