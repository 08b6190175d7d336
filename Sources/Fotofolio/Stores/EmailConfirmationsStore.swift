import Foundation

/// Pending e-mail confirmations, each known by the hash of its link's token and the address
/// it was issued for.
public protocol EmailConfirmationsStore: Sendable {
    /// Stores the token for the person's address and queues its mails (the link; after a change, a notice to the old address too), in one transaction.
    func insert(tokenHash: String, for userId: Int64, email: String, expiresAt: Date, mails: [NewMail], at date: Date) throws

    /// In one transaction: uses up the token and, when it had not expired by `date` and the
    /// person's address is still the one it was issued for, marks the address confirmed at
    /// `date`. Says which of these happened.
    func confirm(tokenHash: String, at date: Date) throws -> EmailConfirmationOutcome
}

/// What opening a confirmation link did.
public enum EmailConfirmationOutcome: Sendable, Equatable {
    case confirmed(userId: Int64)
    /// The link was opened before; nothing changed.
    case alreadyUsed
    case expired
    /// The person has changed their address since; this link confirmed nothing.
    case addressChanged
    case unknown
}
