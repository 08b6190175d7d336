import Foundation

/// Who may move a shoot, and when: pure, so both stores decide alike inside their
/// transactions (with the shoot and the busy day read there).
public enum BookingRules {
    /// Only the request's photographer, on a request neither declined nor booked, on a day
    /// they are free.
    public static func checkOffer(_ draft: ShootOfferDraft, on shoot: Shoot, by userId: Int64, busy: Bool) throws {
        guard shoot.request.photographerId == userId else { throw BookingError.onlyThePhotographer }
        guard shoot.request.declineReason == nil, shoot.booking == nil else { throw BookingError.requestClosed }
        guard !busy else { throw BookingError.busyDay }
    }

    public static func checkDecline(_ shoot: Shoot, by userId: Int64) throws {
        guard shoot.request.photographerId == userId else { throw BookingError.onlyThePhotographer }
        guard shoot.request.declineReason == nil, shoot.booking == nil else { throw BookingError.requestClosed }
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
}
