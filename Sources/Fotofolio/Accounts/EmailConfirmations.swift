import Foundation

/// Links that confirm an e-mail address. Only a hash of each token is stored; a link is
/// good for 7 days. Until confirmed, the account works all the same.
public struct EmailConfirmations: Sendable {
    public static let lifetime: TimeInterval = 7 * 24 * 3600
    let store: any EmailConfirmationsStore

    public init(stores: Stores) {
        store = stores.emailConfirmations
    }

    /// A new token for the user's current address (to put in a link).
    public func issue(for userId: Int64, at date: Date = Date()) throws -> String {
        let token = RandomToken.make()
        try store.insert(tokenHash: SessionStore.hash(token), for: userId, expiresAt: date.addingTimeInterval(Self.lifetime))
        return token
    }

    /// Confirms the address the token was issued for; nil for an unknown or expired token.
    public func confirm(_ token: String, at date: Date = Date()) throws -> Int64? {
        try store.confirm(tokenHash: SessionStore.hash(token), at: date)
    }
}
