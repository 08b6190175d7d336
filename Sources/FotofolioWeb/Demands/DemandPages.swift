import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// Demands (`/demands`): a client posts what they need (`/demands/new`), edits it until the
/// first answer, compares the answers side by side (`/demands/:demand`, sortable) and accepts
/// one through the booking path's own acceptance; a photographer opens a demand from their
/// feed, answers it with an offer (`/demands/:demand/offer`) or hides it, and says whether
/// they take demands from anywhere (`/demands/reach`).
struct DemandPages {
    let renderer: PageRenderer
    let demands: Demands
    let photos: DemandPhotos

    static func path(_ id: Int64) -> String { "/demands/\(id)" }

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/demands") { request in try list(request) }
            router.get("/demands/new") { request in try newForm(request) }
            router.post("/demands/new", options: photos.postOptions) { request in try post(request) }
            router.post("/demands/reach") { request in try setReach(request) }
            router.get("/demands/:demand") { request in try show(request) }
            router.get("/demands/:demand/edit") { request in try editForm(request) }
            router.post("/demands/:demand/edit", options: photos.editOptions) { request in try edit(request) }
            router.post("/demands/:demand/close") { request in try close(request) }
            router.post("/demands/:demand/hide") { request in try hide(request) }
            router.get("/demands/:demand/offer") { request in try answerForm(request) }
            router.post("/demands/:demand/offer") { request in try answer(request) }
        }
        photos.register(in: &router)
    }

    // MARK: - The client's list

    struct ListPage: ViewModel {
        let demands: [DemandView]
        let hasDemands: Bool
        let isCreator: Bool
        let anywhere: Bool
        let town: String
        let csrf: String
        let forYouURL: String
    }

    private func list(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let text = ShootText(table: renderer.strings(for: request))
        let own = try demands.demands(of: signedIn.userId).map { item in
            DemandView(item.demand, offerCount: item.offers.count, text: text)
        }
        let isCreator = signedIn.user.role == .creator
        return try renderer.render(.demands, for: request, content: ListPage(
            demands: own, hasDemands: !own.isEmpty, isCreator: isCreator,
            anywhere: isCreator ? try demands.takesDemandsAnywhere(signedIn.userId) : false, town: signedIn.user.location,
            csrf: request.csrfToken, forYouURL: LanguageAddress.path(FeedAddress.demands.url(), in: text.table.language)))
    }

    private func setReach(_ request: Request) throws -> Response {
        let signedIn = try request.requirePhotographer(renderer.strings(for: request))
        try demands.setTakesDemandsAnywhere(request.form["reach"] == "anywhere", for: signedIn.userId)
        return .redirect(to: SafeRedirect.path(request.form["return"] ?? "/demands"))
    }

    // MARK: - Posting and editing

    private func newForm(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        var form = DemandForm()
        let today = CalendarDay.today()
        form.town = signedIn.user.location
        form.hours = "2"
        form.budget = String(Int(HourlyRateField.startingRate))
        form.openUntil = today.adding(days: 14).text
        if let tag = request.query["tags"], TagParsing.tags(in: tag).count <= TagParsing.maximumCount { form.tags = tag }
        return try formPage(request, form: form)
    }

    private func post(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        var (form, budget) = submitted(request)
        let taken = try photos.take(request, owner: signedIn.userId, table: renderer.strings(for: request))
        form.photos = taken.photos
        if let problem = taken.problem {
            return try formPage(request, form: form, budget: budget, photosProblem: problem, uuid: request.form["uuid"],
                                status: .unprocessableContent)
        }
        do {
            let demand = try demands.post(form, uuid: request.form["uuid"] ?? "", by: signedIn.userId)
            return .redirect(to: Self.path(demand.id))
        } catch let problems as ShootProblems {
            return try formPage(request, form: form, budget: budget, problems: problems, uuid: request.form["uuid"],
                                status: .unprocessableContent)
        } catch let error as DemandError {
            var response = try formPage(request, form: form, budget: budget, problem: problem(error, request), uuid: request.form["uuid"],
                                        status: Self.status(error))
            if case .tooManyDemands(let wait) = error { response.retryAfter(wait) }
            return response
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try formPage(request, form: form, budget: budget, problem: renderer.strings(for: request).string(failure.key),
                                status: failure.status)
        }
    }

    private func editForm(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let item = try ownDemand(request, for: signedIn.userId)
        try check({ try DemandRules.checkEdit(item.demand, by: signedIn.userId, answers: item.offers.count, today: .today()) }, request)
        return try formPage(request, form: DemandForm(item.demand), editing: item.demand.id)
    }

    private func edit(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let item = try ownDemand(request, for: signedIn.userId)
        var (form, budget) = submitted(request)
        let taken = try photos.take(request, owner: signedIn.userId, table: renderer.strings(for: request))
        form.photos = taken.photos
        if let problem = taken.problem {
            return try formPage(request, form: form, budget: budget, photosProblem: problem, editing: item.demand.id,
                                status: .unprocessableContent)
        }
        do {
            try demands.edit(item.demand.id, form, by: signedIn.userId)
            return .redirect(to: Self.path(item.demand.id))
        } catch let problems as ShootProblems {
            return try formPage(request, form: form, budget: budget, problems: problems, editing: item.demand.id, status: .unprocessableContent)
        } catch let error as DemandError {
            return try formPage(request, form: form, budget: budget, problem: problem(error, request), editing: item.demand.id,
                                status: Self.status(error))
        }
    }

    private func submitted(_ request: Request) -> (DemandForm, HourlyRateField) {
        var form = DemandForm()
        form.tags = request.form["tags"] ?? ""
        form.firstDay = request.form["firstDay"] ?? ""
        form.lastDay = request.form["lastDay"] ?? ""
        form.town = request.form["town"] ?? ""
        form.hours = request.form["hours"] ?? ""
        form.description = request.form["description"] ?? ""
        form.openUntil = request.form["openUntil"] ?? ""
        let budget = HourlyRateField(name: "budget", submitted: request.form["budget"] ?? "",
                                     language: ShootPages.sliderLanguage(renderer.strings(for: request)))
        form.budget = budget.text
        return (form, budget)
    }

    private func formPage(_ request: Request, form: DemandForm, budget submitted: HourlyRateField? = nil,
                          problems: ShootProblems = ShootProblems(), problem: String? = nil, photosProblem: String? = nil,
                          editing: Int64? = nil, uuid: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let today = CalendarDay.today()
        let budget = submitted ?? HourlyRateField(name: "budget", text: form.budget)
        var budgetView = budget.view(label: table.string("demands.fields.budget"), hint: table.string("demands.hints.budget"),
                                     notGiven: table.string("demands.hints.budget"), language: ShootPages.sliderLanguage(table))
        if budget.isValid, let message = problems.message(.budget, table: table) { budgetView.error = message }
        let fields = [
            FormFieldView("tags", label: table.string("demands.fields.tags"), value: form.tags, hint: table.string("demands.hints.tags"),
                          error: problems.message(.tags, table: table), maxlength: TagParsing.fieldLimit.characters, list: "shoot-kinds"),
        ] + ShootPages.askedFields(firstDay: form.firstDay, lastDay: form.lastDay, town: form.town,
                                   townHint: table.string("demands.hints.town"), hours: form.hours, problems: problems, table: table)
        let after = [
            FormFieldView("description", label: table.string("demands.fields.description"), value: form.description,
                          hint: table.string("demands.hints.description"), error: problems.message(.description, table: table),
                          required: false, multiline: true, maxlength: Demands.descriptionLimit.characters),
            FormFieldView("openUntil", label: table.string("demands.fields.openUntil"), type: "date", value: form.openUntil,
                          hint: table.string("demands.hints.openUntil"), error: problems.message(.openUntil, table: table),
                          min: today.text, max: today.adding(days: Demands.longestOpen).text),
        ]
        let key = editing == nil ? "new" : "edit"
        return try renderer.render(.demandForm, for: request, title: table.string("demands.\(key).title"), content: ShootPages.Page(
            heading: table.string("demands.\(key).title"), lead: table.string("demands.\(key).lead"),
            action: editing.map { "\(Self.path($0))/edit" } ?? "/demands/new", csrf: request.csrfToken, uuid: uuid ?? ShootPages.newUUID(),
            card: nil, fields: fields, budget: budgetView, tags: Self.commonKinds(table).map(ShootPages.Page.Tag.init),
            problem: problem ?? (problems.fields.isEmpty && photosProblem == nil ? nil : table.string("forms.fixErrors")),
            submit: table.string("demands.\(key).send"), danger: false, back: editing.map(Self.path) ?? "/demands", after: after,
            photos: ShootPages.Page.Photos(form.photos, error: photosProblem ?? problems.message(.photos, table: table), table: table)),
            status: status)
    }

    /// Kinds of shoot to pick from as the tag field is typed.
    static func commonKinds(_ table: StringTable) -> [String] {
        table.string("demands.commonKinds").split(separator: " ").map(String.init)
    }

    // MARK: - One demand

    struct DetailPage: ViewModel {
        struct SortLink: ViewModel {
            let label: String
            let href: String
            let current: Bool
        }

        /// "Demand: wedding, garden" for the page's outline; the card shows it.
        let heading: String
        let demand: DemandView
        let isClient: Bool
        let offers: [DemandOfferView]
        let hasOffers: Bool
        let sortLinks: [SortLink]
        let canSort: Bool
        let editURL: String?
        let closeAction: String?
        let csrf: String
        /// The photographer's own answer: its conversation.
        let answeredURL: String?
        /// A photographer reports what they are shown; its client does not.
        let reportURL: String?
        let back: String
    }

    private func show(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let item = try visibleDemand(request, for: signedIn.userId)
        let table = renderer.strings(for: request)
        let text = ShootText(table: table)
        let demand = item.demand
        let isClient = demand.clientId == signedIn.userId
        let open = demand.state(today: .today()) == .open
        let order = request.query["sort"].flatMap(DemandOfferOrder.init(rawValue:)) ?? .price
        var actions: [DemandView.Action] = []
        var hide: DemandView.Hide?
        if !isClient, item.offers.isEmpty, open {
            actions.append(.init(label: table.string("demands.actions.answer"), href: "\(Self.path(demand.id))/offer", primary: true,
                                 key: "answer"))
            hide = .init(action: "\(Self.path(demand.id))/hide", csrf: request.csrfToken, returnTo: "/")
        }
        let offers = isClient ? order.sorted(item.offers, of: demand).compactMap {
            DemandOfferView($0, of: demand, text: text, language: table.language)
        } : []
        let sortLinks = DemandOfferOrder.allCases.map { each in
            DetailPage.SortLink(label: table.string("demands.compare.sort.\(each.rawValue)"),
                                href: "\(Self.path(demand.id))?sort=\(each.rawValue)#offers", current: each == order)
        }
        let title = DemandView(demand, text: text).title
        return try renderer.render(.demand, for: request, title: title, content: DetailPage(
            heading: "\(table.string("demands.card")): \(title)", demand: DemandView(demand, offerCount: isClient ? item.offers.count : nil, actions: actions, hide: hide, text: text),
            isClient: isClient, offers: offers, hasOffers: !offers.isEmpty, sortLinks: sortLinks, canSort: offers.count > 1,
            editURL: isClient && open && item.offers.isEmpty ? "\(Self.path(demand.id))/edit" : nil,
            closeAction: isClient && open ? "\(Self.path(demand.id))/close" : nil, csrf: request.csrfToken,
            answeredURL: isClient ? nil : item.offers.first.map { "/messages/\($0.shoot.request.roomId)" },
            reportURL: isClient ? nil : "/report?subject=\(ReportSubject(.demand, demand.id).text)",
            back: isClient ? "/demands" : LanguageAddress.path(FeedAddress.demands.url(), in: table.language)))
    }

    private func close(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let item = try ownDemand(request, for: signedIn.userId)
        let text = renderer.strings(for: request).string("demands.said.closed")
        try check({ try demands.close(item.demand.id, text: text, by: signedIn.userId) }, request)
        return .redirect(to: Self.path(item.demand.id))
    }

    private func hide(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let item = try visibleDemand(request, for: signedIn.userId)
        try demands.hide(item.demand.id, for: signedIn.userId)
        return .redirect(to: SafeRedirect.path(request.form["return"] ?? "/"))
    }

    // MARK: - Answering

    private func answerForm(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let item = try visibleDemand(request, for: signedIn.userId)
        if let answered = item.offers.first { return .redirect(to: "/shoots/\(answered.shoot.request.id)/offer") }
        try check({
            try DemandRules.checkAnswer(item.demand, by: signedIn.userId, role: signedIn.user.role, blocked: false, answered: nil,
                                        today: .today())
        }, request)
        let demand = item.demand
        let form = ShootPages.prefilledOffer(firstDay: demand.firstDay, hours: demand.hours, town: demand.town, budget: demand.budget,
                                             previous: nil, table: renderer.strings(for: request))
        return try answerPage(request, demand: demand, form: form)
    }

    private func answer(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let item = try visibleDemand(request, for: signedIn.userId)
        let table = renderer.strings(for: request)
        let form = ShootPages.submittedOffer(request)
        let uuid = request.form["uuid"] ?? ""
        do {
            let shoot = try demands.answer(item.demand.id, with: form, uuid: uuid, by: signedIn.userId,
                                           requestText: ShootText(table: table).demand, offerText: ShootText(table: table).offer)
            return .redirect(to: "/messages/\(shoot.request.roomId)")
        } catch let problems as ShootProblems {
            return try answerPage(request, demand: item.demand, form: form, problems: problems, uuid: uuid, status: .unprocessableContent)
        } catch DemandError.alreadyAnswered(let requestId) {
            return .redirect(to: "/shoots/\(requestId)/offer")
        } catch let error as DemandError {
            return try answerPage(request, demand: item.demand, form: form, problem: problem(error, request), uuid: uuid,
                                  status: Self.status(error))
        } catch let error as BookingError {
            var problems = ShootProblems()
            if error == .busyDay { problems.fields[.day] = .busyDay }
            return try answerPage(request, demand: item.demand, form: form, problems: problems,
                                  problem: error == .busyDay ? nil : ShootPages.problem(error, table), uuid: uuid,
                                  status: ShootPages.status(error))
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            var response = try answerPage(request, demand: item.demand, form: form, problem: table.string(failure.key), uuid: uuid,
                                          status: failure.status)
            if case .tooManyNewConversations(let wait) = error { response.retryAfter(wait) }
            return response
        }
    }

    private func answerPage(_ request: Request, demand: Demand, form: ShootOfferForm, problems: ShootProblems = ShootProblems(),
                            problem: String? = nil, uuid: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        return try renderer.render(.demandForm, for: request, title: table.string("demands.answer.title"), content: ShootPages.Page(
            heading: table.string("demands.answer.title"), lead: table.string("demands.answer.lead"),
            action: "\(Self.path(demand.id))/offer", csrf: request.csrfToken, uuid: uuid ?? ShootPages.newUUID(), card: nil,
            fields: ShootPages.offerFields(form, problems: problems, table: table), budget: nil, tags: [],
            problem: problem ?? (problems.fields.isEmpty ? nil : table.string("forms.fixErrors")),
            submit: table.string("demands.answer.send"), danger: false, back: Self.path(demand.id),
            demand: DemandView(demand, text: ShootText(table: table))), status: status)
    }

    // MARK: - Pieces

    /// The demand the address names, if the person may see it; else not found.
    private func visibleDemand(_ request: Request, for userId: Int64) throws -> DemandWithOffers {
        guard let id = request.storedId("demand"), let item = try demands.demand(id, for: userId) else {
            throw HTTPFailure(.notFound, renderer.strings(for: request).string("demands.errors.unknown"))
        }
        return item
    }

    /// The demand the address names, for its client: another's is not found.
    private func ownDemand(_ request: Request, for userId: Int64) throws -> DemandWithOffers {
        let item = try visibleDemand(request, for: userId)
        guard item.demand.clientId == userId else {
            throw HTTPFailure(.notFound, renderer.strings(for: request).string("demands.errors.unknown"))
        }
        return item
    }

    /// A rule's refusal as the page's failure.
    private func check(_ step: () throws -> Void, _ request: Request) throws {
        do { try step() } catch let error as DemandError { throw refusal(error, request) }
    }

    private func refusal(_ error: DemandError, _ request: Request) -> HTTPFailure {
        HTTPFailure(Self.status(error), problem(error, request))
    }

    private func problem(_ error: DemandError, _ request: Request) -> String {
        Self.problem(error, table: renderer.strings(for: request))
    }

    /// A refusal in the reader's words.
    static func problem(_ error: DemandError, table: StringTable) -> String {
        switch error {
        case .tooManyDemands(let wait):
            table.string("demands.errors.tooManyDemands")
                .replacingOccurrences(of: "{wait}", with: WaitAnswer.text(wait, table: table, minutes: "demands.errors.minutes"))
        case .alreadyAnswered: table.string("demands.errors.alreadyAnswered")
        default: table.string("demands.errors.\(String(describing: error))")
        }
    }

    static func status(_ error: DemandError) -> HTTPStatus {
        switch error {
        case .unknown: .notFound
        case .onlyTheClient, .notAPhotographer: .forbidden
        case .ownDemand: .unprocessableContent
        case .notOpen, .hasOffers, .alreadyAnswered, .duplicate: .conflict
        case .tooManyDemands: .tooManyRequests
        }
    }
}
