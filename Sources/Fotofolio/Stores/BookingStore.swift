import Foundation

/// Shoots (`ShootRequest`, `ShootOffer`, `Booking`), photographers' busy days and people's
/// calendar feed tokens. Every step that shows a card posts its message in the same
/// transaction, as `MessengerStore.send` stores one (live event, outbox entry, the author's
/// read marker), with `MessageCard` naming the card; every card whose state the step changes
/// is announced again (a `.message` live event and outbox entry of its message), so open
/// conversations replace it. A step sent again with the same message `uuid` by the same
/// person returns what the first stored; a uuid of another message is `.duplicate`.
/// A request, an offer or an acceptance in a direct room that a block closed is refused as
/// `MessengerStore.send` refuses a message (`MessengerError.blocked`, `.youBlocked`); a
/// decline or a cancellation is not: either side may always withdraw, but its reason is
/// stored and told as `StepReason.said` answers for the two people's `ContactFacts`, read in
/// the step's transaction (no words while either blocks the other).
public protocol BookingStore: Sendable {
    /// The direct room of the two (made on first use, under the contact rules and spam limits
    /// of `MessengerStore.directRoom`) and the request card as its newest message.
    func request(_ draft: ShootRequestDraft, text: String, uuid: String, from clientId: Int64, to photographerId: Int64,
                 limits: SpamLimits, at date: Date) throws -> ShootRequest

    /// A new offer on an open request, replacing the previous one: only its photographer
    /// (`.onlyThePhotographer`), not on a closed request (`.requestClosed`) or a busy day (`.busyDay`).
    func offer(_ draft: ShootOfferDraft, on requestId: Int64, text: String, uuid: String, by photographerId: Int64,
               at date: Date) throws -> ShootOffer

    /// The photographer says no to the request, with a reason: a plain message.
    func decline(_ requestId: Int64, reason: StepReason, uuid: String, by photographerId: Int64, at date: Date) throws

    /// The client takes the open offer: a booking, its days busy (`.busyDay` when already
    /// busy, `.offerNotOpen` when replaced, expired or closed). An offer answering a demand
    /// books the demand (a demand closed or booked already withdrew its answers, so their
    /// offers are `.offerNotOpen`; one past its last day for offers is still booked: the offer
    /// has its own) and withdraws its other answers with `closingText`, the client's message
    /// in each of their conversations (none where either blocks the other).
    func accept(_ offerId: Int64, text: String, closingText: String, uuid: String, by clientId: Int64, at date: Date) throws -> Booking

    /// Either side calls a confirmed booking off with a reason (a plain message); its day is
    /// free again.
    func cancel(_ bookingId: Int64, reason: StepReason, uuid: String, by userId: Int64, at date: Date) throws -> Booking

    /// The shoots of these card messages' cards that the person is part of, by card.
    func shoots(of cards: [MessageCard], for userId: Int64) throws -> [MessageCard: Shoot]

    /// The request the person is client or photographer of.
    func shoot(request requestId: Int64, for userId: Int64) throws -> Shoot?

    /// The person's bookings as client or photographer, the soonest first.
    func bookings(of userId: Int64) throws -> [Booking]

    /// The photographer's busy days from `first` through `last`: marked by hand (nil) or by a
    /// confirmed booking (its id).
    func busyDays(of photographerId: Int64, from first: CalendarDay, through last: CalendarDay) throws -> [CalendarDay: Int64?]

    /// Makes the days of `first…last` marked by hand exactly `busy` (days of bookings stay).
    func setBusyDays(_ busy: Set<CalendarDay>, from first: CalendarDay, through last: CalendarDay, of photographerId: Int64) throws

    /// Replaces the person's calendar feed token, or removes it (nil): the old address stops
    /// answering at once.
    func setCalendarToken(_ token: String?, for userId: Int64, at date: Date) throws

    /// The token of the person's calendar feed, while they have one.
    func calendarToken(of userId: Int64) throws -> String?

    /// Whose feed the token opens.
    func calendarOwner(token: String) throws -> Int64?
}
