import Foundation

/// Signed-in browsers, each known by the hash of its cookie token (never the token itself).
/// A token hash names at most one session.
public protocol SessionsStore: Sendable {
    func insert(_ session: Session, tokenHash: String, at date: Date) throws

    /// The session as stored, expired or not.
    func session(tokenHash: String) throws -> Session?

    /// The session as stored, expired or not, with the person it belongs to, read together:
    /// every signed-in request needs both.
    func sessionAndUser(tokenHash: String) throws -> (session: Session, user: User)?

    func extend(tokenHash: String, to expiresAt: Date) throws

    /// Ends one session; an unknown hash is ignored.
    func delete(tokenHash: String) throws

    /// Ends every session of the person, or all but the one whose token hashes to `keptTokenHash`.
    func deleteAll(of userId: Int64, keepingSession keptTokenHash: String?) throws
}
