import Foundation
import Fotofolio
import HTTPServer

/// A demand as a card (`partials/demand-card`): in a photographer's feed, on the client's
/// list, above an answer's form. It never names the client: photographers see the work asked
/// for, not who asks.
struct DemandView: ViewModel {
    struct Action: ViewModel {
        let label: String
        let href: String
        let primary: Bool
        let key: String
    }

    let id: Int64
    let url: String
    let tags: [String]
    let title: String
    let when: String
    let town: String
    let hours: String
    let budget: String
    let description: String?
    let openUntil: String
    let stateKey: String
    let state: String
    /// "2 nabídky" on the client's own cards.
    let offers: String?
    let posted: String
    let actions: [Action]
    let hasActions: Bool
    /// The photographer may hide it from their feed (a form with the CSRF token).
    let hide: Hide?
    /// Its reference photos, each a square linking to the large one.
    let photos: [Photo]
    let hasPhotos: Bool

    struct Photo: ViewModel {
        let href: String
        let src: String
        let alt: String
        let width: Int
        let height: Int
    }

    struct Hide: ViewModel {
        let action: String
        let csrf: String
        let returnTo: String
    }

    init(_ demand: Demand, offerCount: Int? = nil, actions: [Action] = [], hide: Hide? = nil, text: ShootText, now: Date = Date()) {
        let table = text.table
        let state = demand.state(today: CalendarDay(now))
        id = demand.id
        url = DemandPages.path(demand.id)
        tags = demand.tags.map(\.label)
        title = demand.tags.map(\.label).joined(separator: ", ")
        when = text.days(demand.firstDay, demand.lastDay)
        town = demand.town
        hours = text.hours(demand.hours)
        budget = "\(text.price(demand.budget))/h"
        description = demand.description.isEmpty ? nil : demand.description
        openUntil = text.day(demand.openUntil)
        stateKey = state.rawValue
        self.state = table.string("demands.states.\(state.rawValue)")
        offers = offerCount.map { table.plural("demands.offerCount", count: $0) }
        posted = text.shortDay(CalendarDay(demand.createdAt))
        self.actions = actions
        hasActions = !actions.isEmpty
        self.hide = hide
        photos = demand.photos.enumerated().map { index, photo in
            Photo(href: DemandPhoto.path(of: demand.id, number: index + 1),
                  src: DemandPhoto.path(of: demand.id, number: index + 1, small: true),
                  alt: table.string("demands.photos.photo").replacingOccurrences(of: "{number}", with: String(index + 1)),
                  width: photo.thumbnailWidth, height: photo.thumbnailHeight)
        }
        hasPhotos = !photos.isEmpty
    }
}

extension ShootPages.Page {
    /// A demand's reference photos in its form: those it has, each with "Keep" ticked (its
    /// square from `/media/`, which opens to its owner), and a file field for more.
    struct Photos: ViewModel {
        struct Kept: ViewModel {
            let id: Int64
            let src: String
            let alt: String
        }

        let label: String
        let hint: String
        let error: String?
        let kept: [Kept]
        let hasKept: Bool
        let keep: String
        /// The file field takes more only while there is room.
        let full: Bool

        init(_ photos: [DemandPhoto], error: String?, table: StringTable) {
            label = table.string("demands.fields.photos")
            hint = table.string("demands.hints.photos")
            self.error = error
            kept = photos.enumerated().map { index, photo in
                Kept(id: photo.photoId, src: MediaFiles.url(photo.thumbnailFile),
                     alt: table.string("demands.photos.photo").replacingOccurrences(of: "{number}", with: String(index + 1)))
            }
            hasKept = !kept.isEmpty
            keep = table.string("demands.photos.keep")
            full = photos.count >= DemandRules.maxPhotos
        }
    }
}

/// One answer as the client compares it with the others (`pages/demand`).
struct DemandOfferView: ViewModel {
    let requestId: Int64
    let name: String
    let username: String
    let profileURL: String
    let location: String
    let rating: String
    let bookings: String
    let price: String
    let when: String
    let hours: String
    let place: String
    let included: String?
    let validUntil: String
    let reply: String
    let stateKey: String
    let state: String
    let acceptURL: String?
    let conversationURL: String
    let payment: [ShootCardView.Row]

    init?(_ answer: DemandOffer, of demand: Demand, text: ShootText, language: Language, now: Date = Date()) {
        guard let offer = answer.offer else { return nil }
        let table = text.table
        let person = answer.photographer
        let state = answer.shoot.state(of: offer, at: now)
        requestId = answer.shoot.request.id
        name = person.fullName
        username = person.username
        profileURL = LanguageAddress.path("/u/\(QueryItems.escape(person.username))", in: language)
        location = person.location
        rating = person.averageRating.map { average in
            let stars = average.formatted(.number.precision(.fractionLength(1)).locale(Locale(identifier: language == .cs ? "cs_CZ" : "en_GB")))
            return table.string("demands.compare.rating").replacingOccurrences(of: "{stars}", with: stars)
                .replacingOccurrences(of: "{verified}", with: table.plural("demands.compare.verified", count: person.verifiedRatingCount))
        } ?? table.string("demands.compare.unrated")
        bookings = table.plural("demands.compare.bookings", count: person.doneBookings)
        price = text.price(offer.price, offer.payment.currency)
        when = text.time(offer.day, startMinutes: offer.startMinutes, hours: offer.hours)
        hours = text.hours(offer.hours)
        place = offer.place
        included = offer.included.isEmpty ? nil : offer.included
        validUntil = text.day(offer.validUntil)
        reply = DemandOfferView.duration(answer.replyTime(to: demand) ?? 0, table: table)
        stateKey = state.rawValue
        self.state = table.string("bookings.offerStates.\(state.rawValue)")
        acceptURL = state == .open && demand.state(today: CalendarDay(now)) != .booked ? "/offers/\(offer.id)/accept" : nil
        conversationURL = "/messages/\(answer.shoot.request.roomId)"
        payment = text.paymentRows(offer.payment, price: offer.price).map { ShootCardView.Row(label: $0.label, value: $0.value) }
    }

    /// "za 40 minut", "za 3 hodiny", "za 2 dny": how soon the photographer answered.
    static func duration(_ seconds: TimeInterval, table: StringTable) -> String {
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        if minutes < 60 { return table.plural("demands.compare.replyMinutes", count: minutes) }
        let hours = minutes / 60
        if hours < 48 { return table.plural("demands.compare.replyHours", count: hours) }
        return table.plural("demands.compare.replyDays", count: hours / 24)
    }
}
