import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// The steps of a shoot, each a page with its form (`pages/shoot`): a client's request
/// (`/u/:username/shoot`, linked from a profile, a portfolio and the selection), the
/// photographer's offer or decline (`/shoots/:request/offer`, `…/decline`), the client's
/// acceptance (`/offers/:offer/accept`) and either side's cancellation
/// (`/bookings/:booking/cancel`). Every form carries a uuid for its card message, so sending
/// it twice books once; every step lands in the two people's conversation.
struct ShootPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let portfolios: PortfoliosService
    let bookings: Bookings

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/u/:username/shoot") { request in try requestForm(request) }
            router.post("/u/:username/shoot") { request in try sendRequest(request) }
            router.get("/shoots/:request/offer") { request in try offerForm(request) }
            router.post("/shoots/:request/offer") { request in try sendOffer(request) }
            router.get("/shoots/:request/decline") { request in try declineForm(request) }
            router.post("/shoots/:request/decline") { request in try sendDecline(request) }
            router.get("/offers/:offer/accept") { request in try acceptForm(request) }
            router.post("/offers/:offer/accept") { request in try sendAccept(request) }
            router.get("/bookings/:booking/cancel") { request in try cancelForm(request) }
            router.post("/bookings/:booking/cancel") { request in try sendCancel(request) }
        }
    }

    /// `pages/shoot`: one of the step's forms, with the card it answers.
    struct Page: ViewModel {
        struct Tag: ViewModel { let label: String }

        let heading: String
        let lead: String
        let action: String
        let csrf: String
        let uuid: String
        let card: ShootCardView?
        let fields: [FormFieldView]
        let budget: PreciseSliderModel?
        let tags: [Tag]
        let problem: String?
        let submit: String
        let danger: Bool
        let back: String
    }

    // MARK: - Request

    private func requestForm(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let photographer = try photographer(request, for: signedIn.userId)
        var form = ShootRequestForm()
        form.hours = "2"
        form.town = photographer.location
        form.budget = String(photographer.hourlyRate ?? Int(HourlyRateField.startingRate))
        if let id = request.query["portfolio"].flatMap(Int64.init), let details = try portfolios.details(id: id),
           details.portfolio.ownerId == photographer.id {
            form.kind = details.tags.first?.label ?? details.portfolio.name
        }
        return try requestPage(request, photographer: photographer, form: form)
    }

    private func sendRequest(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let photographer = try photographer(request, for: signedIn.userId)
        let table = renderer.strings(for: request)
        var form = ShootRequestForm()
        form.kind = request.form["kind"] ?? ""
        form.firstDay = request.form["firstDay"] ?? ""
        form.lastDay = request.form["lastDay"] ?? ""
        form.town = request.form["town"] ?? ""
        form.hours = request.form["hours"] ?? ""
        form.message = request.form["message"] ?? ""
        var budget = HourlyRateField(name: "budget", text: request.form["budget"] ?? "")
        budget.submit(language: Self.sliderLanguage(table))
        form.budget = budget.rate.map(String.init) ?? (request.form["budget"] ?? "")
        do {
            let stored = try bookings.request(form, uuid: request.form["uuid"] ?? "", from: signedIn.userId, to: photographer.id!,
                                              text: ShootText(table: table).request)
            return .redirect(to: "/messages/\(stored.roomId)")
        } catch let problems as ShootProblems {
            return try requestPage(request, photographer: photographer, form: form, budget: budget, problems: problems,
                                   uuid: request.form["uuid"], status: .unprocessableContent)
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            var response = try requestPage(request, photographer: photographer, form: form, budget: budget,
                                            problem: table.string(failure.key), uuid: request.form["uuid"], status: failure.status)
            if case .tooManyNewConversations(let wait) = error { response.retryAfter(wait) }
            return response
        } catch let error as BookingError {
            return try requestPage(request, photographer: photographer, form: form, budget: budget, problem: Self.problem(error, table),
                                   uuid: request.form["uuid"], status: Self.status(error))
        }
    }

    private func requestPage(_ request: Request, photographer: User, form: ShootRequestForm, budget submitted: HourlyRateField? = nil,
                             problems: ShootProblems = ShootProblems(), problem: String? = nil, uuid: String? = nil,
                             status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let today = CalendarDay(Date())
        let horizon = today.adding(days: Bookings.horizon).text
        let budget = submitted ?? HourlyRateField(name: "budget", text: form.budget)
        var budgetView = budget.view(label: table.string("bookings.fields.budget"), hint: table.string("bookings.hints.budget"),
                                     notGiven: table.string("bookings.hints.budget"), language: Self.sliderLanguage(table))
        if budget.isValid, let message = problems.message(.budget, table: table) { budgetView.error = message }
        let tags = try portfolios.portfolios(ownedBy: photographer.id!).flatMap(\.tags).map(\.label)
        var seen = Set<String>()
        let fields = [
            FormFieldView("kind", label: table.string("bookings.fields.kind"), value: form.kind, hint: table.string("bookings.hints.kind"),
                          error: problems.message(.kind, table: table), maxlength: Bookings.kindLimit.characters, list: "shoot-kinds"),
            FormFieldView("firstDay", label: table.string("bookings.fields.firstDay"), type: "date", value: form.firstDay,
                          error: problems.message(.firstDay, table: table), min: today.text, max: horizon),
            FormFieldView("lastDay", label: table.string("bookings.fields.lastDay"), type: "date", value: form.lastDay,
                          hint: table.string("bookings.hints.lastDay"), error: problems.message(.lastDay, table: table),
                          required: false, min: today.text, max: horizon),
            FormFieldView("town", label: table.string("bookings.fields.town"), value: form.town,
                          error: problems.message(.town, table: table), maxlength: Bookings.placeLimit.characters),
            FormFieldView("hours", label: table.string("bookings.fields.hours"), type: "number", value: form.hours,
                          error: problems.message(.hours, table: table), min: "1", max: "24", inputmode: "numeric"),
        ]
        let message = FormFieldView("message", label: table.string("bookings.fields.message"), value: form.message,
                                    hint: table.string("bookings.hints.message"), error: problems.message(.message, table: table),
                                    required: false, multiline: true, maxlength: Bookings.messageLimit.characters)
        let name = photographer.fullName
        return try renderer.render(.shoot, for: request, title: table.string("bookings.request.title"), content: Page(
            heading: table.string("bookings.request.title"),
            lead: table.string("bookings.request.lead").replacingOccurrences(of: "{name}", with: name),
            action: "/u/\(photographer.username)/shoot", csrf: request.csrfToken, uuid: uuid ?? Self.newUUID(), card: nil,
            fields: fields + [message], budget: budgetView,
            tags: tags.filter { seen.insert($0.lowercased()).inserted }.map(Page.Tag.init),
            problem: problem ?? (problems.fields.isEmpty ? nil : table.string("forms.fixErrors")),
            submit: table.string("bookings.request.send"), danger: false, back: "/u/\(photographer.username)"), status: status)
    }

    /// The photographer the address names; a client or oneself cannot be asked.
    private func photographer(_ request: Request, for userId: Int64) throws -> User {
        let table = renderer.strings(for: request)
        guard let username = request.parameters["username"], let user = try accounts.user(username: username), user.role == .creator
        else { throw HTTPFailure(.notFound, table.string("bookings.errors.noPhotographer")) }
        guard user.id != userId else { throw HTTPFailure(.unprocessableContent, table.string("bookings.errors.cannotBookYourself")) }
        return user
    }

    // MARK: - Offer

    private func offerForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        var form = ShootOfferForm()
        let today = CalendarDay(Date())
        let previous = shoot.currentOffer
        form.day = (previous?.day ?? max(shoot.request.firstDay, today)).text
        form.start = previous.map { ClockTime.text($0.startMinutes) } ?? "10:00"
        form.hours = String(previous?.hours ?? shoot.request.hours)
        form.place = previous?.place ?? shoot.request.town
        form.price = String(previous?.price ?? shoot.request.budget * shoot.request.hours)
        form.included = previous?.included ?? ""
        form.validUntil = (previous?.validUntil ?? min(today.adding(days: 7), max(shoot.request.firstDay, today))).text
        return try offerPage(request, shoot: shoot, form: form)
    }

    private func sendOffer(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        let table = renderer.strings(for: request)
        var form = ShootOfferForm()
        form.day = request.form["day"] ?? ""
        form.start = request.form["start"] ?? ""
        form.hours = request.form["hours"] ?? ""
        form.place = request.form["place"] ?? ""
        form.price = request.form["price"] ?? ""
        form.included = request.form["included"] ?? ""
        form.validUntil = request.form["validUntil"] ?? ""
        do {
            try bookings.offer(form, on: shoot.request.id, uuid: request.form["uuid"] ?? "", by: userId, text: ShootText(table: table).offer)
            return .redirect(to: "/messages/\(shoot.request.roomId)")
        } catch let problems as ShootProblems {
            return try offerPage(request, shoot: shoot, form: form, problems: problems, uuid: request.form["uuid"],
                                 status: .unprocessableContent)
        } catch let error as BookingError {
            var problems = ShootProblems()
            // A busy day is the day field's problem, said to the photographer as theirs.
            if error == .busyDay { problems.fields[.day] = .busyDay }
            return try offerPage(request, shoot: shoot, form: form, problems: problems,
                                 problem: error == .busyDay ? nil : Self.problem(error, table), uuid: request.form["uuid"],
                                 status: Self.status(error))
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try offerPage(request, shoot: shoot, form: form, problem: table.string(failure.key), uuid: request.form["uuid"],
                                 status: failure.status)
        }
    }

    private func offerPage(_ request: Request, shoot: Shoot, form: ShootOfferForm, problems: ShootProblems = ShootProblems(),
                           problem: String? = nil, uuid: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let today = CalendarDay(Date()), horizon = today.adding(days: Bookings.horizon).text
        let fields = [
            FormFieldView("day", label: table.string("bookings.fields.day"), type: "date", value: form.day,
                          error: problems.message(.day, table: table), min: today.text, max: horizon),
            FormFieldView("start", label: table.string("bookings.fields.start"), type: "time", value: form.start,
                          error: problems.message(.start, table: table)),
            FormFieldView("hours", label: table.string("bookings.fields.hours"), type: "number", value: form.hours,
                          error: problems.message(.hours, table: table), min: "1", max: "24", inputmode: "numeric"),
            FormFieldView("place", label: table.string("bookings.fields.place"), value: form.place,
                          error: problems.message(.place, table: table), maxlength: Bookings.placeLimit.characters),
            FormFieldView("price", label: table.string("bookings.fields.price"), type: "number", value: form.price,
                          hint: table.string("bookings.hints.price"), error: problems.message(.price, table: table), min: "0",
                          max: String(Bookings.priceRange.upperBound), inputmode: "numeric"),
            FormFieldView("included", label: table.string("bookings.fields.included"), value: form.included,
                          hint: table.string("bookings.hints.included"), error: problems.message(.included, table: table),
                          required: false, multiline: true, maxlength: Bookings.includedLimit.characters),
            FormFieldView("validUntil", label: table.string("bookings.fields.validUntil"), type: "date", value: form.validUntil,
                          hint: table.string("bookings.hints.validUntil"), error: problems.message(.validUntil, table: table),
                          min: today.text, max: horizon),
        ]
        return try stepPage(request, shoot: shoot, card: .request(shoot.request.id), key: "offer", fields: fields,
                            problem: problem ?? (problems.fields.isEmpty ? nil : table.string("forms.fixErrors")), uuid: uuid,
                            status: status)
    }

    // MARK: - Decline, accept, cancel

    private func declineForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        return try stepPage(request, shoot: shoot, card: .request(shoot.request.id), key: "decline", fields: [reasonField(request)])
    }

    private func sendDecline(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let shoot = try shoot(request, for: userId)
        let table = renderer.strings(for: request)
        let reason = request.form["reason"] ?? ""
        do {
            try bookings.decline(shoot.request.id, reason: reason, uuid: request.form["uuid"] ?? "", by: userId,
                                 text: ShootText(table: table).declined)
            return .redirect(to: "/messages/\(shoot.request.roomId)")
        } catch let error as BookingError {
            return try stepPage(request, shoot: shoot, card: .request(shoot.request.id), key: "decline",
                                fields: [reasonField(request, value: reason, error: error)], problem: Self.problem(error, table),
                                uuid: request.form["uuid"], status: Self.status(error))
        }
    }

    private func acceptForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let (shoot, offerId) = try offer(request, for: userId)
        return try stepPage(request, shoot: shoot, card: .offer(offerId), key: "accept", fields: [])
    }

    private func sendAccept(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let (shoot, offerId) = try offer(request, for: userId)
        let table = renderer.strings(for: request)
        do {
            try bookings.accept(offerId, uuid: request.form["uuid"] ?? "", by: userId, text: ShootText(table: table).accepted)
            return .redirect(to: "/messages/\(shoot.request.roomId)")
        } catch let error as BookingError {
            return try stepPage(request, shoot: shoot, card: .offer(offerId), key: "accept", fields: [],
                                problem: Self.problem(error, table), uuid: request.form["uuid"], status: Self.status(error))
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try stepPage(request, shoot: shoot, card: .offer(offerId), key: "accept", fields: [],
                                problem: table.string(failure.key), uuid: request.form["uuid"], status: failure.status)
        }
    }

    private func cancelForm(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let booking = try booking(request, for: userId)
        guard let shoot = try bookings.shoot(request: booking.requestId, for: userId) else { throw notFound(request) }
        return try stepPage(request, shoot: shoot, card: .booking(booking.id), key: "cancel", fields: [reasonField(request)])
    }

    private func sendCancel(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let booking = try booking(request, for: userId)
        guard let shoot = try bookings.shoot(request: booking.requestId, for: userId) else { throw notFound(request) }
        let table = renderer.strings(for: request)
        let reason = request.form["reason"] ?? ""
        do {
            try bookings.cancel(booking.id, reason: reason, uuid: request.form["uuid"] ?? "", by: userId,
                                text: ShootText(table: table).cancelled)
            return .redirect(to: "/messages/\(booking.roomId)")
        } catch let error as BookingError {
            return try stepPage(request, shoot: shoot, card: .booking(booking.id), key: "cancel",
                                fields: [reasonField(request, value: reason, error: error)], problem: Self.problem(error, table),
                                uuid: request.form["uuid"], status: Self.status(error))
        }
    }

    // MARK: - Pieces

    private func stepPage(_ request: Request, shoot: Shoot, card: MessageCard, key: String, fields: [FormFieldView],
                          problem: String? = nil, uuid: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let userId = try request.requireSignIn().userId
        let cardView = ShootCardView(card, of: shoot, reader: userId, text: ShootText(table: table), now: Date()).withoutActions
        let path: String = switch card {
        case .request(let id): "/shoots/\(id)/\(key)"
        case .offer(let id): "/offers/\(id)/\(key)"
        case .booking(let id): "/bookings/\(id)/\(key)"
        }
        return try renderer.render(.shoot, for: request, title: table.string("bookings.\(key).title"), content: Page(
            heading: table.string("bookings.\(key).title"), lead: table.string("bookings.\(key).lead"), action: path,
            csrf: request.csrfToken, uuid: uuid ?? Self.newUUID(), card: cardView, fields: fields, budget: nil, tags: [],
            problem: problem, submit: table.string("bookings.\(key).send"), danger: key == "decline" || key == "cancel",
            back: "/messages/\(shoot.request.roomId)"), status: status)
    }

    private func reasonField(_ request: Request, value: String = "", error: BookingError? = nil) -> FormFieldView {
        let table = renderer.strings(for: request)
        var message: String?
        if case .reason(let problem) = error { message = table.string("bookings.problems.\(problem.rawValue)") }
        return FormFieldView("reason", label: table.string("bookings.fields.reason"), value: value,
                             hint: table.string("bookings.hints.reason"), error: message, multiline: true,
                             maxlength: Bookings.reasonLimit.characters)
    }

    /// The request the address names, for its photographer: the one who offers or declines.
    private func shoot(_ request: Request, for userId: Int64) throws -> Shoot {
        guard let id = request.parameters["request"].flatMap(Int64.init), let shoot = try bookings.shoot(request: id, for: userId)
        else { throw notFound(request) }
        guard shoot.request.photographerId == userId else { throw refusal(.onlyThePhotographer, request) }
        return shoot
    }

    /// The offer the address names, for its client: the one who accepts.
    private func offer(_ request: Request, for userId: Int64) throws -> (Shoot, Int64) {
        guard let id = request.parameters["offer"].flatMap(Int64.init),
              let shoot = try bookings.shoots(of: [.offer(id)], for: userId)[.offer(id)] else { throw notFound(request) }
        guard shoot.request.clientId == userId else { throw refusal(.onlyTheClient, request) }
        return (shoot, id)
    }

    private func refusal(_ error: BookingError, _ request: Request) -> HTTPFailure {
        HTTPFailure(Self.status(error), Self.problem(error, renderer.strings(for: request)))
    }

    private func booking(_ request: Request, for userId: Int64) throws -> Booking {
        guard let id = request.parameters["booking"].flatMap(Int64.init), let booking = try bookings.booking(id, for: userId)
        else { throw notFound(request) }
        return booking
    }

    private func notFound(_ request: Request) -> HTTPFailure {
        HTTPFailure(.notFound, renderer.strings(for: request).string("bookings.errors.unknown"))
    }

    static func newUUID() -> String { UUID().uuidString.lowercased() }

    static func sliderLanguage(_ table: StringTable) -> SliderLanguage { table.language == .cs ? .czech : .english }

    static func problem(_ error: BookingError, _ table: StringTable) -> String {
        switch error {
        case .reason: table.string("forms.fixErrors")
        default: table.string("bookings.errors.\(String(describing: error))")
        }
    }

    static func status(_ error: BookingError) -> HTTPStatus {
        switch error {
        case .unknown: .notFound
        case .onlyThePhotographer, .onlyTheClient: .forbidden
        case .requestClosed, .offerNotOpen, .busyDay, .notCancellable, .duplicate: .conflict
        case .notAPhotographer, .cannotBookYourself, .reason: .unprocessableContent
        }
    }
}
