import Foundation

/// What a client asks a photographer for (`Bookings.request`): the kind of shoot, the days
/// it could be on, the town, roughly how long and for how much an hour, and a few words.
public struct ShootRequest: Sendable, Equatable {
    public var id: Int64
    public var roomId: Int64
    public var clientId: Int64
    public var photographerId: Int64
    public var kind: String
    public var firstDay: CalendarDay
    public var lastDay: CalendarDay
    public var town: String
    public var hours: Int
    /// Kč an hour the client means to pay.
    public var budget: Int
    public var message: String
    public var createdAt: Date
    /// The photographer said no, and why.
    public var declineReason: String?
    /// The demand this request answers (`Demand`): made by the photographer from the client's demand.
    public var demandId: Int64?
    /// The client closed the demand, or booked another of its answers.
    public var withdrawnAt: Date?

    public init(id: Int64, roomId: Int64, clientId: Int64, photographerId: Int64, kind: String, firstDay: CalendarDay,
                lastDay: CalendarDay, town: String, hours: Int, budget: Int, message: String, createdAt: Date,
                declineReason: String? = nil, demandId: Int64? = nil, withdrawnAt: Date? = nil) {
        self.id = id
        self.roomId = roomId
        self.clientId = clientId
        self.photographerId = photographerId
        self.kind = kind
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.town = town
        self.hours = hours
        self.budget = budget
        self.message = message
        self.createdAt = createdAt
        self.declineReason = declineReason
        self.demandId = demandId
        self.withdrawnAt = withdrawnAt
    }

    /// Declined, or withdrawn with its demand: nothing more happens on it.
    public var isClosed: Bool { declineReason != nil || withdrawnAt != nil }
}

/// What the photographer proposes in answer to a request; a later offer on the same request
/// replaces it.
public struct ShootOffer: Sendable, Equatable {
    public var id: Int64
    public var requestId: Int64
    public var day: CalendarDay
    /// Minutes after midnight, by the clock in Prague.
    public var startMinutes: Int
    public var hours: Int
    public var place: String
    /// Kč for the whole shoot.
    public var price: Int
    public var included: String
    /// The last day the client may accept it.
    public var validUntil: CalendarDay
    public var createdAt: Date
    /// How the price is paid: a deposit and when the rest is due.
    public var payment: PaymentTerms
    /// The photographer's terms current when the offer was made (`ShootTerms`), if they had any.
    public var termsId: Int64?

    public init(id: Int64, requestId: Int64, day: CalendarDay, startMinutes: Int, hours: Int, place: String, price: Int,
                included: String, validUntil: CalendarDay, createdAt: Date, payment: PaymentTerms = .standard, termsId: Int64? = nil) {
        self.id = id
        self.requestId = requestId
        self.day = day
        self.startMinutes = startMinutes
        self.hours = hours
        self.place = place
        self.price = price
        self.included = included
        self.validUntil = validUntil
        self.createdAt = createdAt
        self.payment = payment
        self.termsId = termsId
    }

    public var startsAt: Date { day.at(minutes: startMinutes) }
    public var endsAt: Date { startsAt.addingTimeInterval(Double(hours) * 3600) }
}

/// An accepted offer: a date both people keep.
public struct Booking: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable {
        case confirmed
        /// Its time has passed without a cancellation.
        case done
        case cancelled
    }

    public struct Cancellation: Sendable, Equatable {
        public var byId: Int64
        public var reason: String
        public var at: Date

        public init(byId: Int64, reason: String, at: Date) {
            self.byId = byId
            self.reason = reason
            self.at = at
        }
    }

    public var id: Int64
    public var requestId: Int64
    public var offerId: Int64
    public var roomId: Int64
    public var clientId: Int64
    public var photographerId: Int64
    public var kind: String
    public var day: CalendarDay
    public var startMinutes: Int
    public var hours: Int
    public var place: String
    public var price: Int
    public var included: String
    public var createdAt: Date
    public var cancellation: Cancellation?
    /// The accepted offer's payment terms.
    public var payment: PaymentTerms
    /// The photographer's terms the client accepted with the offer, if it carried any.
    public var agreedTerms: AgreedTerms?

    public init(id: Int64, requestId: Int64, offerId: Int64, roomId: Int64, clientId: Int64, photographerId: Int64, kind: String,
                day: CalendarDay, startMinutes: Int, hours: Int, place: String, price: Int, included: String, createdAt: Date,
                cancellation: Cancellation? = nil, payment: PaymentTerms = .standard, agreedTerms: AgreedTerms? = nil) {
        self.id = id
        self.requestId = requestId
        self.offerId = offerId
        self.roomId = roomId
        self.clientId = clientId
        self.photographerId = photographerId
        self.kind = kind
        self.day = day
        self.startMinutes = startMinutes
        self.hours = hours
        self.place = place
        self.price = price
        self.included = included
        self.createdAt = createdAt
        self.cancellation = cancellation
        self.payment = payment
        self.agreedTerms = agreedTerms
    }

    public var startsAt: Date { day.at(minutes: startMinutes) }
    public var endsAt: Date { startsAt.addingTimeInterval(Double(hours) * 3600) }

    public func state(at date: Date) -> State {
        if cancellation != nil { return .cancelled }
        return endsAt <= date ? .done : .confirmed
    }

    /// Whether the person is the booking's client or photographer.
    public func involves(_ userId: Int64) -> Bool { clientId == userId || photographerId == userId }

    /// The other person of the booking.
    public func other(than userId: Int64) -> Int64 { userId == clientId ? photographerId : clientId }
}

/// A request with everything that answered it: the cards of one conversation's shoot.
public struct Shoot: Sendable, Equatable {
    public enum RequestState: String, Sendable {
        case open
        case offered
        case declined
        case booked
        /// Its demand was closed or booked with another answer.
        case withdrawn
    }

    public enum OfferState: String, Sendable {
        /// The one the client may accept.
        case open
        /// A newer offer took its place.
        case replaced
        case accepted
        /// Its last day has gone by.
        case expired
        /// The request was declined, withdrawn, or booked with another offer.
        case closed
    }

    public var request: ShootRequest
    /// Oldest first.
    public var offers: [ShootOffer]
    public var booking: Booking?

    public init(request: ShootRequest, offers: [ShootOffer], booking: Booking?) {
        self.request = request
        self.offers = offers
        self.booking = booking
    }

    public var requestState: RequestState {
        if request.declineReason != nil { return .declined }
        if booking != nil { return .booked }
        if request.withdrawnAt != nil { return .withdrawn }
        return offers.isEmpty ? .open : .offered
    }

    public func state(of offer: ShootOffer, at date: Date) -> OfferState {
        if booking?.offerId == offer.id { return .accepted }
        if offers.last?.id != offer.id { return .replaced }
        if request.isClosed || booking != nil { return .closed }
        return offer.validUntil < CalendarDay(date) ? .expired : .open
    }

    public var currentOffer: ShootOffer? { offers.last }

    /// Whether the person is the shoot's client or photographer: the only two it is there for.
    public func involves(_ userId: Int64) -> Bool { request.clientId == userId || request.photographerId == userId }
}

/// Which card a message shows: the message's text is the card said in words, for MQTT
/// clients and the conversation list; pages render the card from the shoot's rows.
public enum MessageCard: Sendable, Hashable, Codable {
    case request(Int64)
    case offer(Int64)
    case booking(Int64)

    public var kind: String {
        switch self {
        case .request: "request"
        case .offer: "offer"
        case .booking: "booking"
        }
    }

    public var id: Int64 {
        switch self {
        case .request(let id), .offer(let id), .booking(let id): id
        }
    }

    public init?(kind: String?, id: Int64?) {
        guard let kind, let id else { return nil }
        switch kind {
        case "request": self = .request(id)
        case "offer": self = .offer(id)
        case "booking": self = .booking(id)
        default: return nil
        }
    }
}
