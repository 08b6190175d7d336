import Foundation

/// A client's demand: what they need, posted once for every photographer it matches to
/// answer with an offer (`Demands`). The client is not named to photographers until they
/// answer an offer; what the feed shows is the work asked for, not the person asking.
public struct Demand: Sendable, Equatable {
    /// Derived from the row and the day, never stored.
    public enum State: String, Sendable, CaseIterable {
        /// Offers are welcome.
        case open
        /// The client accepted one of its offers.
        case booked
        /// The client closed it.
        case closed
        /// Its last day for offers, or its last possible shoot day, has gone by.
        case expired
        /// An operator hid it.
        case hidden
    }

    public var id: Int64
    public var clientId: Int64
    /// The kind of shoot, as portfolios are tagged.
    public var tags: [Tag]
    public var firstDay: CalendarDay
    public var lastDay: CalendarDay
    public var town: String
    public var hours: Int
    /// Kč an hour the client means to pay (the hourly-rate slider's range).
    public var budget: Int
    public var description: String
    /// The last day offers are welcome.
    public var openUntil: CalendarDay
    public var createdAt: Date
    public var editedAt: Date?
    public var closedAt: Date?
    /// The booking made by accepting one of its offers.
    public var bookingId: Int64?
    public var hiddenAt: Date?
    /// Reference photos, in the client's order (at most `DemandRules.maxPhotos`).
    public var photos: [DemandPhoto]

    public init(id: Int64, clientId: Int64, tags: [Tag], firstDay: CalendarDay, lastDay: CalendarDay, town: String, hours: Int,
                budget: Int, description: String, openUntil: CalendarDay, createdAt: Date, editedAt: Date? = nil,
                closedAt: Date? = nil, bookingId: Int64? = nil, hiddenAt: Date? = nil, photos: [DemandPhoto] = []) {
        self.id = id
        self.clientId = clientId
        self.tags = tags
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.town = town
        self.hours = hours
        self.budget = budget
        self.description = description
        self.openUntil = openUntil
        self.createdAt = createdAt
        self.editedAt = editedAt
        self.closedAt = closedAt
        self.bookingId = bookingId
        self.hiddenAt = hiddenAt
        self.photos = photos
    }

    public func state(today: CalendarDay) -> State {
        if hiddenAt != nil { return .hidden }
        if bookingId != nil { return .booked }
        if closedAt != nil { return .closed }
        if openUntil < today || lastDay < today { return .expired }
        return .open
    }

    /// The shoot request an answer opens in the two people's conversation: the demand's
    /// words, so the booking path treats it as any request.
    public var requestKind: String { tags.map(\.label).joined(separator: " ") }
}

/// An open demand as a search finds it: what tells one version of its card from another
/// (every field its client writes moves `editedAt`, or `createdAt` before any edit).
public struct DemandStamp: Sendable, Hashable {
    public var id: Int64
    public var createdAt: Date
    public var editedAt: Date?

    public init(id: Int64, createdAt: Date, editedAt: Date?) {
        self.id = id
        self.createdAt = createdAt
        self.editedAt = editedAt
    }
}

/// The feed's search for demands matching a photographer (`Demands.feedSearch`): who they
/// are, their town as matching compares it (`Demands.townKey` of the location their session
/// read), and how many to find at most.
public struct DemandSearch: Sendable, Equatable {
    public let photographerId: Int64
    public let town: String
    public let limit: Int

    public init(photographerId: Int64, town: String, limit: Int) {
        self.photographerId = photographerId
        self.town = town
        self.limit = limit
    }
}

extension Demand {
    public var stamp: DemandStamp { DemandStamp(id: id, createdAt: createdAt, editedAt: editedAt) }
}

/// One photographer's answer to a demand, as the client compares it with the others.
public struct DemandOffer: Sendable, Equatable {
    /// The request the answer opened, with its offers (the newest is the one that counts)
    /// and its booking.
    public var shoot: Shoot
    public var photographer: Photographer

    /// Who answered: what the client compares besides the offer.
    public struct Photographer: Sendable, Equatable {
        public var id: Int64
        public var username: String
        public var fullName: String
        public var location: String
        public var avatarPhotoId: Int64?
        /// Their ratings (without those of people suspended), as their profile counts them.
        public var ratingCount: Int
        public var ratingSum: Int
        /// How many of them are backed by a booking or a conversation (`RatingsStore.contact`).
        public var verifiedRatingCount: Int
        /// Bookings whose time has passed without a cancellation.
        public var doneBookings: Int

        public init(id: Int64, username: String, fullName: String, location: String, avatarPhotoId: Int64?, ratingCount: Int,
                    ratingSum: Int, verifiedRatingCount: Int, doneBookings: Int) {
            self.id = id
            self.username = username
            self.fullName = fullName
            self.location = location
            self.avatarPhotoId = avatarPhotoId
            self.ratingCount = ratingCount
            self.ratingSum = ratingSum
            self.verifiedRatingCount = verifiedRatingCount
            self.doneBookings = doneBookings
        }

        public var averageRating: Double? { ratingCount == 0 ? nil : Double(ratingSum) / Double(ratingCount) }
    }

    public init(shoot: Shoot, photographer: Photographer) {
        self.shoot = shoot
        self.photographer = photographer
    }

    /// The offer that counts: the photographer's newest.
    public var offer: ShootOffer? { shoot.currentOffer }

    /// How long after the demand was posted the photographer first offered.
    public func replyTime(to demand: Demand) -> TimeInterval? {
        shoot.offers.first.map { max(0, $0.createdAt.timeIntervalSince(demand.createdAt)) }
    }
}

/// A client's demand with what answered it.
public struct DemandWithOffers: Sendable, Equatable {
    public var demand: Demand
    /// In the order they came.
    public var offers: [DemandOffer]

    public init(demand: Demand, offers: [DemandOffer]) {
        self.demand = demand
        self.offers = offers
    }
}

/// How the client orders the offers they compare.
public enum DemandOfferOrder: String, Sendable, CaseIterable {
    /// Cheapest first.
    case price
    /// Soonest shoot first.
    case day
    /// Best rated first; unrated last.
    case rating
    /// Quickest answer first.
    case reply

    /// The offers in this order; ties stay in the order they came.
    public func sorted(_ offers: [DemandOffer], of demand: Demand) -> [DemandOffer] {
        let indexed = Array(offers.enumerated())
        return indexed.sorted { left, right in
            let (a, b) = (left.element, right.element)
            switch self {
            case .price:
                let (x, y) = (a.offer.map { PriceKey($0) }, b.offer.map { PriceKey($0) })
                if x != y { return Self.ascending(x, y) }
            case .day:
                let (x, y) = (a.offer?.startsAt, b.offer?.startsAt)
                if x != y { return Self.ascending(x, y) }
            case .rating:
                let (x, y) = (a.photographer.averageRating, b.photographer.averageRating)
                if x != y {
                    guard let x else { return false }
                    guard let y else { return true }
                    return x > y
                }
            case .reply:
                let (x, y) = (a.replyTime(to: demand), b.replyTime(to: demand))
                if x != y { return Self.ascending(x, y) }
            }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// Smaller first, a missing value last.
    private static func ascending<T: Comparable>(_ x: T?, _ y: T?) -> Bool {
        guard let x else { return false }
        guard let y else { return true }
        return x < y
    }

    /// Prices compare within a currency; crowns before euros (an offer is in one of the two).
    private struct PriceKey: Comparable {
        let currency: Int
        let price: Int
        init(_ offer: ShootOffer) {
            currency = offer.payment.currency == .czk ? 0 : 1
            price = offer.price
        }
        static func < (left: PriceKey, right: PriceKey) -> Bool {
            (left.currency, left.price) < (right.currency, right.price)
        }
    }
}
