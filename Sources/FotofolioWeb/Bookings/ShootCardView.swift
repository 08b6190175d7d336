import Foundation
import Fotofolio

/// A shoot's card inside a chat message (`partials/shoot-card`): a request, an offer or a
/// booking, its state now, and what the reader may do next. Its actions are links to pages
/// with their own forms (and CSRF tokens), so the same markup serves every reader of a live
/// event; who sees which link follows from the reader's side of the shoot.
struct ShootCardView: ViewModel {
    struct Row: ViewModel {
        let label: String
        let value: String
    }

    struct Action: ViewModel {
        let label: String
        let href: String
        let primary: Bool
        let key: String
    }

    let kind: String
    let heading: String
    let title: String
    let stateKey: String
    let state: String
    let rows: [Row]
    let text: String?
    let note: String?
    private(set) var actions: [Action]
    private(set) var hasActions: Bool

    /// The card above a step's own form: the form is the action.
    var withoutActions: ShootCardView {
        var card = self
        card.actions = []
        card.hasActions = false
        return card
    }

    init(_ card: MessageCard, of shoot: Shoot, reader: Int64, text: ShootText, now: Date) {
        let table = text.table
        let isClient = reader == shoot.request.clientId
        var actions: [Action] = []
        switch card {
        case .request:
            let request = shoot.request
            let state = shoot.requestState
            kind = request.demandId == nil ? "request" : "demand"
            heading = table.string(request.demandId == nil ? "bookings.card.request" : "demands.card")
            title = request.kind
            stateKey = state.rawValue
            self.state = table.string("bookings.requestStates.\(state.rawValue)")
            rows = [Row(label: table.string("bookings.fields.when"), value: text.days(request.firstDay, request.lastDay)),
                    Row(label: table.string("bookings.fields.town"), value: request.town),
                    Row(label: table.string("bookings.fields.hours"), value: text.hours(request.hours)),
                    Row(label: table.string("bookings.fields.budget"), value: "\(text.price(request.budget))/h")]
            self.text = request.message.isEmpty ? nil : request.message
            note = request.declineReason.map(text.declined) ?? (state == .withdrawn ? table.string("demands.said.withdrawn") : nil)
            if let demandId = request.demandId {
                actions.append(Action(label: table.string("demands.actions.open"), href: DemandPages.path(demandId), primary: false,
                                      key: "demand"))
            }
            if !isClient, state == .open || state == .offered {
                actions = [Action(label: table.string(state == .open ? "bookings.actions.offer" : "bookings.actions.newOffer"),
                                  href: "/shoots/\(request.id)/offer", primary: true, key: "offer"),
                           Action(label: table.string("bookings.actions.decline"), href: "/shoots/\(request.id)/decline",
                                  primary: false, key: "decline")] + actions
            }
        case .offer(let id):
            let offer = shoot.offers.first { $0.id == id }!
            let state = shoot.state(of: offer, at: now)
            kind = "offer"
            heading = table.string("bookings.card.offer")
            title = text.price(offer.price, offer.payment.currency)
            stateKey = state.rawValue
            self.state = table.string("bookings.offerStates.\(state.rawValue)")
            rows = [Row(label: table.string("bookings.fields.when"), value: text.time(offer.day, startMinutes: offer.startMinutes, hours: offer.hours)),
                    Row(label: table.string("bookings.fields.place"), value: offer.place),
                    Row(label: table.string("bookings.fields.validUntil"), value: text.day(offer.validUntil))]
                + text.paymentRows(offer.payment, price: offer.price).map { Row(label: $0.label, value: $0.value) }
            self.text = offer.included.isEmpty ? nil : offer.included
            note = nil
            if state == .open, isClient {
                actions = [Action(label: table.string("bookings.actions.accept"), href: "/offers/\(offer.id)/accept", primary: true,
                                  key: "accept")]
            }
            if let termsId = offer.termsId {
                actions.append(Action(label: table.string("payments.terms.action"), href: TermsPages.path(termsId), primary: false,
                                      key: "terms"))
            }
        case .booking:
            let booking = shoot.booking!
            let state = booking.state(at: now)
            kind = "booking"
            heading = table.string("bookings.card.booking")
            title = booking.kind
            stateKey = state.rawValue
            self.state = table.string("bookings.bookingStates.\(state.rawValue)")
            rows = [Row(label: table.string("bookings.fields.when"), value: text.time(booking.day, startMinutes: booking.startMinutes, hours: booking.hours)),
                    Row(label: table.string("bookings.fields.place"), value: booking.place),
                    Row(label: table.string("bookings.fields.price"), value: text.price(booking.price, booking.payment.currency))]
                + text.paymentRows(booking.payment, price: booking.price).map { Row(label: $0.label, value: $0.value) }
            self.text = nil
            note = booking.cancellation.map { text.cancelled($0.reason) }
            // A cancelled booking's page stays in the bookings list; its card offers nothing more.
            if booking.price > 0, state != .cancelled {
                actions.append(Action(label: table.string("payments.actions.open"), href: BookingPages.path(booking.id),
                                      primary: state == .confirmed, key: "payment"))
            }
            if state != .cancelled {
                actions.append(Action(label: table.string("bookings.actions.calendar"), href: BookingPages.icsPath(booking.id),
                                      primary: false, key: "ics"))
            }
            if state == .confirmed {
                actions.append(Action(label: table.string("bookings.actions.cancel"), href: "/bookings/\(booking.id)/cancel",
                                      primary: false, key: "cancel"))
            }
        }
        self.actions = actions
        hasActions = !actions.isEmpty
    }
}

/// The cards of a page of messages, read in one go.
struct ShootCards: Sendable {
    let bookings: Bookings

    func views(for messages: [ChatMessage], reader: Int64, table: StringTable, now: Date = Date()) throws -> [Int64: ShootCardView] {
        let cards = messages.compactMap(\.card)
        guard !cards.isEmpty else { return [:] }
        let shoots = try bookings.shoots(of: cards, for: reader)
        let text = ShootText(table: table)
        var views: [Int64: ShootCardView] = [:]
        for message in messages {
            guard let card = message.card, let shoot = shoots[card] else { continue }
            if case .offer(let id) = card, !shoot.offers.contains(where: { $0.id == id }) { continue }
            if case .booking = card, shoot.booking == nil { continue }
            views[message.id] = ShootCardView(card, of: shoot, reader: reader, text: text, now: now)
        }
        return views
    }
}
