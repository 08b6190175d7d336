import Foundation
import Fotofolio
import HTTPServer

/// The person's bookings (`/bookings`), each as a calendar file
/// (`/bookings/:booking/calendar.ics`), and their calendar feed: a secret address
/// (`/calendar/:token/bookings.ics`) a phone's calendar subscribes to, made, replaced and
/// turned off from `/bookings`. The feed answers without a session (calendars have none):
/// the token is the key, and an address replaced or turned off answers 404 at once.
struct BookingPages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let bookings: Bookings
    let payments: Payments

    static func icsPath(_ bookingId: Int64) -> String { "/bookings/\(bookingId)/calendar.ics" }
    static func feedPath(_ token: String) -> String { "/calendar/\(token)/bookings.ics" }

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/bookings") { request in try list(request) }
            router.get("/bookings/:booking/calendar.ics") { request in try file(request) }
            router.get("/bookings/:booking") { request in try detail(request) }
            router.post("/bookings/:booking/payments/:part") { request in try markPayment(request) }
            router.post("/bookings/:booking/payments/:part/invoice") { request in try issueInvoice(request) }
            router.post("/bookings/:booking/payments/:part/settle") { request in try settlePayment(request) }
            router.post("/bookings/calendar") { request in try renewFeed(request) }
            router.post("/bookings/calendar/off") { request in try turnOffFeed(request) }
        }
        router.get("/calendar/:token/bookings.ics") { request in try feed(request) }
    }

    /// `pages/bookings`: coming, past and cancelled bookings, and the calendar feed.
    struct ListPage: ViewModel {
        struct Item: ViewModel {
            let id: Int64
            let kind: String
            let with: String
            let withUsername: String
            let when: String
            let place: String
            let price: String
            let stateKey: String
            let state: String
            let note: String?
            let conversation: String
            let ics: String?
            let cancel: String?
            let rate: String?
            let detail: String
            /// What is left to pay ("K zaplacení 3 360 Kč") or that all is paid; nil for a free shoot.
            let payment: String?
            let paymentKey: String
            let outstanding: Bool
        }

        struct Group: ViewModel {
            let title: String
            let key: String
            let items: [Item]
        }

        let groups: [Group]
        let hasBookings: Bool
        let feedURL: String?
        let webcalURL: String?
        let csrf: String
        let isCreator: Bool
    }

    private func list(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let userId = signedIn.userId
        let table = renderer.strings(for: request)
        let text = ShootText(table: table)
        let now = Date()
        var people: [Int64: User] = [:]
        var grouped: [Booking.State: [ListPage.Item]] = [:]
        let all = try bookings.bookings(of: userId)
        let dues = try payments.payments(of: all)
        for booking in all {
            let due = dues[booking.id] ?? []
            let left = due.filter { !$0.isPaid }.reduce(Amount.zero) { $0 + $1.amount }
            let otherId = booking.other(than: userId)
            if people[otherId] == nil { people[otherId] = try accounts.user(id: otherId) }
            let other = people[otherId]
            let state = booking.state(at: now)
            grouped[state, default: []].append(ListPage.Item(
                id: booking.id, kind: booking.kind, with: other?.fullName ?? "", withUsername: other?.username ?? "",
                when: text.time(booking.day, startMinutes: booking.startMinutes, hours: booking.hours), place: booking.place,
                price: text.price(booking.price, booking.payment.currency), stateKey: state.rawValue, state: table.string("bookings.bookingStates.\(state.rawValue)"),
                note: booking.cancellation.map { ShootText(table: table).cancelled($0.reason) },
                conversation: "/messages/\(booking.roomId)",
                ics: state == .cancelled ? nil : Self.icsPath(booking.id),
                cancel: state == .confirmed ? "/bookings/\(booking.id)/cancel" : nil,
                rate: state == .done && booking.clientId == userId ? "/u/\(other?.username ?? "")#rating" : nil,
                detail: Self.path(booking.id),
                payment: due.isEmpty || state == .cancelled && left > .zero ? nil
                    : left == .zero ? table.string("bookings.list.paid")
                    : table.string("bookings.list.outstanding").replacingOccurrences(of: "{amount}", with: text.amount(left, booking.payment.currency)),
                paymentKey: left == .zero ? "paid" : "outstanding", outstanding: state == .confirmed && left > .zero))
        }
        // Coming ones soonest first; past and cancelled ones the latest first.
        let groups = [Booking.State.confirmed, .done, .cancelled].compactMap { state -> ListPage.Group? in
            guard let items = grouped[state], !items.isEmpty else { return nil }
            return ListPage.Group(title: table.string("bookings.list.\(state.rawValue)"), key: state.rawValue,
                                  items: state == .confirmed ? items : items.reversed())
        }
        let token = try bookings.calendarToken(of: userId)
        let feedURL = token.map { CanonicalURL.of(request, path: Self.feedPath($0)) }
        return try renderer.render(.bookings, for: request, content: ListPage(
            groups: groups, hasBookings: !groups.isEmpty, feedURL: feedURL,
            webcalURL: feedURL.map { "webcal" + $0.drop(while: { $0 != ":" }) }, csrf: request.csrfToken,
            isCreator: signedIn.user.role == .creator))
    }

    private func file(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        guard let id = request.storedId("booking"), let booking = try bookings.booking(id, for: userId)
        else { throw HTTPFailure(.notFound, renderer.strings(for: request).string("bookings.errors.unknown")) }
        let table = renderer.strings(for: request)
        let document = ICalendar.document([try event(booking, for: userId, request: request, table: table)],
                                          name: table.string("bookings.calendarName"), at: Date())
        var response = Self.calendar(document)
        response.headers.set("Content-Disposition", "attachment; filename=\"fotofolio-booking-\(id).ics\"")
        response.headers.set("Cache-Control", "private, no-store")
        return response
    }

    private func feed(_ request: Request) throws -> Response {
        guard let token = request.parameters["token"], let userId = try bookings.calendarOwner(token: token) else {
            throw HTTPFailure(.notFound, renderer.strings(for: request).string("bookings.errors.noFeed"))
        }
        let table = renderer.strings(for: request)
        let events = try bookings.bookings(of: userId).map { try event($0, for: userId, request: request, table: table) }
        // A calendar asks again and again: it may keep a copy, but must ask whether it changed.
        return Self.calendar(ICalendar.document(events, name: table.string("bookings.calendarName"), at: Date()))
            .atSecretAddress(cache: "private, no-cache")
    }

    private func renewFeed(_ request: Request) throws -> Response {
        try bookings.renewCalendarToken(for: try request.requireSignIn().userId)
        return .redirect(to: "/bookings#calendar")
    }

    private func turnOffFeed(_ request: Request) throws -> Response {
        try bookings.revokeCalendarToken(for: try request.requireSignIn().userId)
        return .redirect(to: "/bookings#calendar")
    }

    private func event(_ booking: Booking, for userId: Int64, request: Request, table: StringTable) throws -> ICalendar.Event {
        Self.event(booking, for: userId, other: try accounts.user(id: booking.other(than: userId)), table: table,
                   url: CanonicalURL.of(request, path: "/messages/\(booking.roomId)"))
    }

    /// The booking as the calendar event of `userId` (the feed, the download, the mail).
    static func event(_ booking: Booking, for userId: Int64, other: User?, table: StringTable, url: String) -> ICalendar.Event {
        let text = ShootText(table: table)
        var description = [
            "\(table.string("bookings.fields.with")): \(other?.fullName ?? "") (@\(other?.username ?? ""))",
            "\(table.string("bookings.fields.price")): \(text.price(booking.price, booking.payment.currency))",
        ]
        if !booking.included.isEmpty { description.append(booking.included) }
        if let cancellation = booking.cancellation { description.append(text.cancelled(cancellation.reason)) }
        return ICalendar.Event(booking: booking, summary: "\(booking.kind) – \(other?.fullName ?? "")",
                               description: description.joined(separator: "\n"), url: url)
    }

    private static func calendar(_ document: String) -> Response {
        Response(status: .ok, headers: ["Content-Type": "text/calendar; charset=utf-8"], body: .bytes(Array(document.utf8)))
    }
}
