import Foundation

/// Pending e-mail confirmations, each known by the hash of its link's token.
public protocol EmailConfirmationsStore: Sendable {
    func insert(tokenHash: String, for userId: Int64, expiresAt: Date) throws

    /// In one transaction: uses up the token (an unknown one changes nothing) and, when it
    /// had not expired by `date`, marks its person's address confirmed at `date` and returns
    /// the person's id; nil otherwise.
    func confirm(tokenHash: String, at date: Date) throws -> Int64?
}
