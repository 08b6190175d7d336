import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// The client's request: the form, filled in from the photographer and a portfolio, and sending it.
extension ShootPages {
    func requestForm(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let photographer = try photographer(request, for: signedIn.userId)
        var form = ShootRequestForm()
        form.hours = "2"
        form.town = photographer.location
        form.budget = String(photographer.hourlyRate ?? Int(HourlyRateField.startingRate))
        // Filled in only from a portfolio of this photographer's that the client may see.
        if let id = StoredId.parse(request.query["portfolio"]), try visibility.sight(of: .portfolio(id), for: request.viewer) >= .reader,
           let details = try portfolios.details(id: id), details.portfolio.ownerId == photographer.id {
            form.kind = details.tags.first?.label ?? details.portfolio.name
        }
        return try requestPage(request, photographer: photographer, form: form)
    }

    func sendRequest(_ request: Request) throws -> Response {
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
        let budget = HourlyRateField(name: "budget", submitted: request.form["budget"] ?? "", language: Self.sliderLanguage(table))
        form.budget = budget.text
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

    func requestPage(_ request: Request, photographer: User, form: ShootRequestForm, budget submitted: HourlyRateField? = nil,
                             problems: ShootProblems = ShootProblems(), problem: String? = nil, uuid: String? = nil,
                             status: HTTPStatus = .ok) throws -> Response {
        let table = renderer.strings(for: request)
        let budget = submitted ?? HourlyRateField(name: "budget", text: form.budget)
        var budgetView = budget.view(label: table.string("bookings.fields.budget"), hint: table.string("bookings.hints.budget"),
                                     notGiven: table.string("bookings.hints.budget"), language: Self.sliderLanguage(table))
        if budget.isValid, let message = problems.message(.budget, table: table) { budgetView.error = message }
        // The kinds of work the photographer shows this client: tags of public portfolios they may see.
        let tags = try portfolios.portfolios(ownedBy: photographer.id!).filter {
            try $0.portfolio.visibility == .public && visibility.sight(of: .portfolio($0.portfolio.storedId), for: request.viewer) >= .reader
        }.flatMap(\.tags).map(\.label)
        var seen = Set<String>()
        let fields = [
            FormFieldView("kind", label: table.string("bookings.fields.kind"), value: form.kind, hint: table.string("bookings.hints.kind"),
                          error: problems.message(.kind, table: table), maxlength: Bookings.kindLimit.characters, list: "shoot-kinds"),
        ] + Self.askedFields(firstDay: form.firstDay, lastDay: form.lastDay, town: form.town, hours: form.hours, problems: problems,
                             table: table)
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
            submit: table.string("bookings.request.send"), danger: false,
            back: LanguageAddress.path("/u/\(QueryItems.escape(photographer.username))", in: table.language)), status: status)
    }

    /// When, where and how long, as a request and a demand ask it.
    static func askedFields(firstDay: String, lastDay: String, town: String, townHint: String? = nil, hours: String,
                            problems: ShootProblems, table: StringTable) -> [FormFieldView] {
        let today = CalendarDay.today()
        let horizon = today.adding(days: Bookings.horizon).text
        return [
            FormFieldView("firstDay", label: table.string("bookings.fields.firstDay"), type: "date", value: firstDay,
                          error: problems.message(.firstDay, table: table), min: today.text, max: horizon),
            FormFieldView("lastDay", label: table.string("bookings.fields.lastDay"), type: "date", value: lastDay,
                          hint: table.string("bookings.hints.lastDay"), error: problems.message(.lastDay, table: table),
                          required: false, min: today.text, max: horizon),
            FormFieldView("town", label: table.string("bookings.fields.town"), value: town, hint: townHint,
                          error: problems.message(.town, table: table), maxlength: Bookings.placeLimit.characters),
            FormFieldView("hours", label: table.string("bookings.fields.hours"), type: "number", value: hours,
                          error: problems.message(.hours, table: table), min: "1", max: "24", inputmode: "numeric"),
        ]
    }

    /// The photographer the address names; a client or oneself cannot be asked.
    func photographer(_ request: Request, for userId: Int64) throws -> User {
        let table = renderer.strings(for: request)
        guard let username = request.parameters["username"], let user = try accounts.user(username: username), user.role == .creator
        else { throw HTTPFailure(.notFound, table.string("bookings.errors.noPhotographer")) }
        guard user.id != userId else { throw HTTPFailure(.unprocessableContent, table.string("bookings.errors.cannotBookYourself")) }
        return user
    }
}
