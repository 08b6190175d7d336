import Foundation

/// Where accounts are kept. Usernames are unique; e-mail addresses are unique regardless of
/// letter case, and every comparison of an address ignores case.
public protocol AccountsStore: Sendable {
    func user(id: Int64) throws -> User?

    /// The account of exactly this (lower-case) username.
    func user(username: String) throws -> User?

    /// The account whose username is `username` or whose e-mail is `email` (ignoring case).
    func user(username: String, orEmail email: String) throws -> User?

    /// Whether the username, and the e-mail address, already belong to someone, read together.
    func taken(username: String, email: String) throws -> (username: Bool, email: Bool)

    func isEmailTaken(_ email: String) throws -> Bool

    /// Stores a new account and returns it with its id. With `address`, the account is
    /// counted against it in the same transaction: when `throttle` finds the address's recent
    /// registrations enough already, nothing is stored and `RegistrationThrottled` is thrown,
    /// so two forms sent at once cannot both slip under the limit. A username or e-mail taken
    /// meanwhile throws `RegistrationErrors` naming that field.
    func insert(_ user: User, registeredFrom address: String?, throttle: RegistrationThrottle, at date: Date) throws -> User

    /// Saves the whole profile. With `avatarPhotoId`, the photo must be the person's own and
    /// used by no portfolio, checked in the same transaction, or `RegistrationErrors` with
    /// `.avatar: .unknownPhoto` is thrown and nothing is saved. An e-mail address someone
    /// took meanwhile throws `RegistrationErrors` with `.email: .emailTaken`.
    func update(_ user: User, claimingAvatar avatarPhotoId: Int64?) throws

    func setPasswordHash(_ hash: String, of userId: Int64) throws

    /// Sets the hash and, in the same transaction, ends every session of the person but the
    /// one whose token hashes to `keptTokenHash` (all of them without one).
    func changePasswordHash(_ hash: String, of userId: Int64, keepingSession keptTokenHash: String?) throws
}
