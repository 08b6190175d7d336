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
    let visibility: Visibility
    let payments: Payments

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
        /// The photographer's terms the client accepts with the offer (the accept page).
        var terms: TermsPages.TermsView? = nil
        /// Fields after the budget (a demand's description and how long it is open).
        var after: [FormFieldView] = []
        /// The demand an answer's offer is for, above its form.
        var demand: DemandView? = nil
        /// A demand's reference photos (its own form only): the form then sends files.
        var photos: Photos? = nil
    }
    // MARK: - Pieces

    func stepPage(_ request: Request, shoot: Shoot, card: MessageCard, key: String, fields: [FormFieldView],
                          problem: String? = nil, uuid: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let userId = try request.requireSignIn().userId
        var terms: TermsPages.TermsView?
        if case .offer(let id) = card, let termsId = shoot.offers.first(where: { $0.id == id })?.termsId,
           let version = try payments.terms(termsId, for: userId) {
            terms = TermsPages.TermsView(version, table: renderer.strings(for: request))
        }
        let table = renderer.strings(for: request)
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
            back: "/messages/\(shoot.request.roomId)", terms: terms), status: status)
    }

    func reasonField(_ request: Request, value: String = "", error: BookingError? = nil) -> FormFieldView {
        let table = renderer.strings(for: request)
        var message: String?
        if case .reason(let problem) = error { message = table.string("bookings.problems.\(problem.rawValue)") }
        return FormFieldView("reason", label: table.string("bookings.fields.reason"), value: value,
                             hint: table.string("bookings.hints.reason"), error: message, multiline: true,
                             maxlength: Bookings.reasonLimit.characters)
    }

    /// The request the address names, for its photographer: the one who offers or declines.
    func shoot(_ request: Request, for userId: Int64) throws -> Shoot {
        guard let id = request.storedId("request"), let shoot = try bookings.shoot(request: id, for: userId)
        else { throw notFound(request) }
        guard shoot.request.photographerId == userId else { throw refusal(.onlyThePhotographer, request) }
        return shoot
    }

    /// The offer the address names, for its client: the one who accepts.
    func offer(_ request: Request, for userId: Int64) throws -> (Shoot, Int64) {
        guard let id = request.storedId("offer"),
              let shoot = try bookings.shoots(of: [.offer(id)], for: userId)[.offer(id)] else { throw notFound(request) }
        guard shoot.request.clientId == userId else { throw refusal(.onlyTheClient, request) }
        return (shoot, id)
    }

    func refusal(_ error: BookingError, _ request: Request) -> HTTPFailure {
        HTTPFailure(Self.status(error), Self.problem(error, renderer.strings(for: request)))
    }

    func booking(_ request: Request, for userId: Int64) throws -> Booking {
        guard let id = request.storedId("booking"), let booking = try bookings.booking(id, for: userId)
        else { throw notFound(request) }
        return booking
    }

    func notFound(_ request: Request) -> HTTPFailure {
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
