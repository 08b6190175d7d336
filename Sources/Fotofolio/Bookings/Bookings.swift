import Foundation

/// From "I like this work" to "we have a date": a client requests a shoot, the photographer
/// offers (or declines), the client accepts, and both keep the booking, which either may
/// cancel with a reason (told without its words while either blocks the other:
/// `StepReason`). Each step is a card in the two people's direct conversation, stored
/// with its message in one transaction. Photographers mark the days they are busy; bookings
/// mark their own.
public struct Bookings: Sendable {
    let store: any BookingStore
    let limits: SpamLimits

    public static let kindLimit = TextLimit(characters: 60)
    public static let placeLimit = TextLimit(characters: 120)
    public static let messageLimit = TextLimit(characters: 2000, bytes: 8 * 1024)
    public static let includedLimit = TextLimit(characters: 1000)
    public static let reasonLimit = TextLimit(characters: 500)
    public static let hoursRange = 1...24
    /// Kč an hour: the range of the hourly-rate slider.
    public static let budgetRange = 0...10_000
    /// Kč for a whole shoot.
    public static let priceRange = 0...10_000_000
    /// How far ahead a shoot may be asked for or offered, in days.
    public static let horizon = 2 * 366
    /// The most days a request's range may span.
    public static let longestRange = 92
    /// How many days the profile's availability and the busy-day form show.
    public static let availabilityMonths = 3

    public init(stores: Stores, limits: SpamLimits = .standard) {
        store = stores.bookings
        self.limits = limits
    }

    /// Sends the request as the first card of the two people's direct conversation (made
    /// when they have none). `text` says the card in words for MQTT clients and lists.
    @discardableResult
    public func request(_ form: ShootRequestForm, uuid: String, from clientId: Int64, to photographerId: Int64,
                        text: (ShootRequestDraft) -> String, at date: Date = Date()) throws -> ShootRequest {
        let draft = try form.validated(today: CalendarDay(date))
        guard clientId != photographerId else { throw BookingError.cannotBookYourself }
        return try store.request(draft, text: try MessageText.validated(text(draft)), uuid: try MessageText.validatedUUID(uuid),
                                 from: clientId, to: photographerId, limits: limits, at: date)
    }

    @discardableResult
    public func offer(_ form: ShootOfferForm, on requestId: Int64, uuid: String, by photographerId: Int64,
                      text: (ShootOfferDraft) -> String, at date: Date = Date()) throws -> ShootOffer {
        let draft = try form.validated(today: CalendarDay(date))
        return try store.offer(draft, on: requestId, text: try MessageText.validated(text(draft)),
                               uuid: try MessageText.validatedUUID(uuid), by: photographerId, at: date)
    }

    public func decline(_ requestId: Int64, reason: String, uuid: String, by photographerId: Int64,
                        text: (String) -> String, at date: Date = Date()) throws {
        try store.decline(requestId, reason: try Self.stepReason(reason, text: text), uuid: try MessageText.validatedUUID(uuid),
                          by: photographerId, at: date)
    }

    /// `closingText`: what the client says to the other photographers who answered the same
    /// demand, if the offer answers one.
    @discardableResult
    public func accept(_ offerId: Int64, uuid: String, by clientId: Int64, text: (ShootOffer) -> String,
                       closingText: String = "", at date: Date = Date()) throws -> Booking {
        guard let offer = try offerVisible(offerId, to: clientId) else { throw BookingError.unknown }
        return try store.accept(offerId, text: try MessageText.validated(text(offer)),
                                closingText: closingText.isEmpty ? "" : try MessageText.validated(closingText),
                                uuid: try MessageText.validatedUUID(uuid), by: clientId, at: date)
    }

    @discardableResult
    public func cancel(_ bookingId: Int64, reason: String, uuid: String, by userId: Int64, text: (String) -> String,
                       at date: Date = Date()) throws -> Booking {
        try store.cancel(bookingId, reason: try Self.stepReason(reason, text: text), uuid: try MessageText.validatedUUID(uuid),
                         by: userId, at: date)
    }

    public func shoots(of cards: [MessageCard], for userId: Int64) throws -> [MessageCard: Shoot] {
        guard !cards.isEmpty else { return [:] }
        return try store.shoots(of: cards, for: userId)
    }

    public func shoot(request requestId: Int64, for userId: Int64) throws -> Shoot? {
        try store.shoot(request: requestId, for: userId)
    }

    public func bookings(of userId: Int64) throws -> [Booking] {
        try store.bookings(of: userId)
    }

    public func booking(_ bookingId: Int64, for userId: Int64) throws -> Booking? {
        try store.bookings(of: userId).first { $0.id == bookingId }
    }

    /// The days of the next `availabilityMonths` months from today's month, busy or not.
    public func busyDays(of photographerId: Int64, from first: CalendarDay, through last: CalendarDay) throws -> [CalendarDay: Int64?] {
        try store.busyDays(of: photographerId, from: first, through: last)
    }

    /// The months the availability shows: from the first of today's month through the last
    /// day of the last month.
    public static func availabilityRange(today: CalendarDay) -> (first: CalendarDay, last: CalendarDay) {
        var end = today.firstOfMonth
        for _ in 0..<availabilityMonths { end = end.nextMonth }
        return (today.firstOfMonth, end.adding(days: -1))
    }

    /// Marks by hand exactly `busy` among the days of the availability range from today on;
    /// past days and days outside the range are left as they are.
    public func setBusyDays(_ busy: Set<CalendarDay>, of photographerId: Int64, at date: Date = Date()) throws {
        let today = CalendarDay(date)
        let range = Self.availabilityRange(today: today)
        try store.setBusyDays(busy.filter { $0 >= today && $0 <= range.last }, from: today, through: range.last, of: photographerId)
    }

    // MARK: - Calendar feed

    /// A new secret address for the person's calendar feed; the previous one stops answering.
    @discardableResult
    public func renewCalendarToken(for userId: Int64, at date: Date = Date()) throws -> String {
        let token = SecretToken.make()
        try store.setCalendarToken(token, for: userId, at: date)
        return token
    }

    public func revokeCalendarToken(for userId: Int64, at date: Date = Date()) throws {
        try store.setCalendarToken(nil, for: userId, at: date)
    }

    public func calendarToken(of userId: Int64) throws -> String? {
        try store.calendarToken(of: userId)
    }

    /// Whose bookings the token opens; nil for anything that is not a live token.
    public func calendarOwner(token: String) throws -> Int64? {
        guard SecretToken.isWellFormed(token) else { return nil }
        return try store.calendarOwner(token: token)
    }

    // MARK: -

    private func offerVisible(_ offerId: Int64, to userId: Int64) throws -> ShootOffer? {
        try store.shoots(of: [.offer(offerId)], for: userId)[.offer(offerId)]?.offers.first { $0.id == offerId }
    }

    /// The checked reason and the step's message with it and without it (`text("")`).
    static func stepReason(_ raw: String, text: (String) -> String) throws -> StepReason {
        let reason = try validatedReason(raw)
        return StepReason(reason: reason, text: try MessageText.validated(text(reason)),
                          textWithoutReason: try MessageText.validated(text("")))
    }

    static func validatedReason(_ raw: String) throws -> String {
        var reader = FieldReader()
        let reason = reader.text(.reason, raw, limit: reasonLimit, multiline: true)
        if let problem = reader.problems.fields[.reason] { throw BookingError.reason(problem) }
        return reason
    }
}
