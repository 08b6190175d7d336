/// Why a step of a shoot was refused. Steps refused for who is asking are answered as if the
/// shoot were not there for them (`unknown`), or with what only the other side may do.
public enum BookingError: Error, Sendable, Equatable {
    /// No such request, offer or booking, or not one the person is part of.
    case unknown
    /// The person asked is not a photographer (only photographers take shoots).
    case notAPhotographer
    case cannotBookYourself
    /// Only the photographer offers or declines.
    case onlyThePhotographer
    /// Only the client accepts.
    case onlyTheClient
    /// The request was declined or booked: nothing more is offered on it.
    case requestClosed
    /// A newer offer replaced it, its last day went by, or the request closed.
    case offerNotOpen
    /// The photographer is busy that day (marked, or another booking).
    case busyDay
    /// Cancelled already, or its time has passed.
    case notCancellable
    /// The reason for a decline or cancellation: missing, too long or with control characters.
    case reason(ShootProblem)
    /// The form's identifier was used for a different message.
    case duplicate
}
