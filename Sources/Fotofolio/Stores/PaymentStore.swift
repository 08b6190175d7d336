import Foundation

/// Photographers' bank details (`Payee`) and which payments of a booking its photographer
/// marked received. Only the booking's photographer marks (`BookingError.onlyThePhotographer`;
/// `.unknown` for anyone not part of it), in any state: money may arrive after a shoot or
/// before a cancellation, and what arrived is what happened.
public protocol PaymentStore: Sendable {
    func payee(of userId: Int64) throws -> Payee?

    /// Replaces the person's bank details.
    func setPayee(_ payee: Payee, at date: Date) throws

    func removePayee(of userId: Int64) throws

    /// The payments marked received, by booking: the day each part arrived.
    func paid(bookings bookingIds: [Int64]) throws -> [Int64: [PaymentPart: CalendarDay]]

    /// Marks a part received on `day` (nil: not received after all). Marking again changes the day.
    func mark(_ part: PaymentPart, of bookingId: Int64, paidOn day: CalendarDay?, by photographerId: Int64, at date: Date) throws
}
