import Foundation

/// Who may move a shoot, and when: pure, so both stores decide alike inside their
/// transactions (with the shoot and the busy day read there).
public enum BookingRules {
    /// Only the request's photographer, on a request neither declined nor booked, on a day
    /// they are free.
    public static func checkOffer(_ draft: ShootOfferDraft, on shoot: Shoot, by userId: Int64, busy: Bool) throws {
        guard shoot.request.photographerId == userId else { throw BookingError.onlyThePhotographer }
        guard !shoot.request.isClosed, shoot.booking == nil else { throw BookingError.requestClosed }
        guard !busy else { throw BookingError.busyDay }
    }

    public static func checkDecline(_ shoot: Shoot, by userId: Int64) throws {
        guard shoot.request.photographerId == userId else { throw BookingError.onlyThePhotographer }
        guard !shoot.request.isClosed, shoot.booking == nil else { throw BookingError.requestClosed }
    }

    /// Only the client, and only the open offer (the newest, still valid, on an open
    /// request); returns it.
    public static func checkAccept(_ offerId: Int64, of shoot: Shoot, by userId: Int64, at date: Date) throws -> ShootOffer {
        guard let offer = shoot.offers.first(where: { $0.id == offerId }) else { throw BookingError.unknown }
        guard shoot.request.clientId == userId else { throw BookingError.onlyTheClient }
        guard shoot.state(of: offer, at: date) == .open else { throw BookingError.offerNotOpen }
        return offer
    }

    /// Either side, while it is confirmed (not cancelled, not over).
    public static func checkCancel(_ booking: Booking, at date: Date) throws {
        guard booking.state(at: date) == .confirmed else { throw BookingError.notCancellable }
    }

    /// Shoots are asked of photographers. `role`: the person's role as stored, nil when
    /// there is no such person.
    public static func checkRequest(toRole role: String?) throws {
        guard let role else { throw BookingError.unknown }
        guard role == User.Role.creator.rawValue else { throw BookingError.notAPhotographer }
    }

    /// A step sent again (the same form, so the same uuid) answers with what it made the
    /// first time. `earlier`: the message already stored under the step's uuid, nil when the
    /// uuid is new. Returns nil for a new step, or the id of the card of `kind` the step
    /// posted before; a uuid of someone else's message, or of a message that is not this
    /// step's card, is `.duplicate`.
    public static func cardSentBefore(_ earlier: EarlierMessage?, by userId: Int64, as kind: (Int64) -> MessageCard) throws -> Int64? {
        guard let earlier else { return nil }
        guard earlier.authorId == userId, let card = earlier.card, card == kind(card.id) else { throw BookingError.duplicate }
        return card.id
    }

    /// The same for a step whose message carries no card (a decline, a cancellation): true
    /// when it was sent before, which the step being `taken` already confirms.
    public static func sentBefore(_ earlier: EarlierMessage?, by userId: Int64, taken: Bool) throws -> Bool {
        guard let earlier else { return false }
        guard earlier.authorId == userId, taken else { throw BookingError.duplicate }
        return true
    }
}

/// The message already stored under a step's uuid: who wrote it and the card it carries.
public struct EarlierMessage: Sendable, Equatable {
    public let authorId: Int64
    public let card: MessageCard?

    public init(authorId: Int64, card: MessageCard?) {
        self.authorId = authorId
        self.card = card
    }
}
