import Crypto
import Foundation

/// A signed-in browser.
public struct Session: Sendable, Equatable {
    public let userId: Int64
    /// The token every state-changing form of this session must carry.
    public let csrfToken: String
    public let expiresAt: Date

    public init(userId: Int64, csrfToken: String, expiresAt: Date) {
        self.userId = userId
        self.csrfToken = csrfToken
        self.expiresAt = expiresAt
    }
}

/// Sessions behind the session cookie: a random 256-bit token the browser keeps, of which
/// only a SHA-256 hash is stored, so a copy of the database cannot be used to sign in.
/// Expiry slides: 30 days from the last use.
public struct SessionStore: Sendable {
    public static let lifetime: TimeInterval = 30 * 24 * 3600
    /// Using a session extends it, but at most once per hour, so reads stay reads.
    static let extensionInterval: TimeInterval = 3600

    let store: any SessionsStore

    public init(stores: Stores) {
        store = stores.sessions
    }

    /// Starts a session for `userId`; returns the token for the cookie.
    public func start(for userId: Int64, at date: Date = Date()) throws -> (token: String, session: Session) {
        let token = RandomToken.make()
        let session = Session(userId: userId, csrfToken: RandomToken.make(), expiresAt: date.addingTimeInterval(Self.lifetime))
        try store.insert(session, tokenHash: Self.hash(token), at: date)
        return (token, session)
    }

    /// The live session for a cookie token, extended if due; nil when unknown or expired.
    public func resume(_ token: String, at date: Date = Date()) throws -> Session? {
        let key = Self.hash(token)
        guard let session = try store.session(tokenHash: key) else { return nil }
        return try live(session, token: token, key: key, at: date)
    }

    /// The same with the person the session belongs to, read together.
    public func resumeWithUser(_ token: String, at date: Date = Date()) throws -> (session: Session, user: User)? {
        let key = Self.hash(token)
        guard let (session, user) = try store.sessionAndUser(tokenHash: key),
              let live = try live(session, token: token, key: key, at: date) else { return nil }
        return (live, user)
    }

    /// `session` if it has not expired (ended if it has), extended if due.
    private func live(_ session: Session, token: String, key: String, at date: Date) throws -> Session? {
        guard session.expiresAt > date else {
            try end(token)
            return nil
        }
        let renewed = date.addingTimeInterval(Self.lifetime)
        guard renewed.timeIntervalSince(session.expiresAt) > Self.extensionInterval else { return session }
        try store.extend(tokenHash: key, to: renewed)
        return Session(userId: session.userId, csrfToken: session.csrfToken, expiresAt: renewed)
    }

    /// Ends the session (logout). Unknown tokens are ignored.
    public func end(_ token: String) throws {
        try store.delete(tokenHash: Self.hash(token))
    }

    /// Ends every session of the person ("log out everywhere"), or all but the one behind
    /// `token`, the browser asking.
    public func endAll(of userId: Int64, except token: String? = nil) throws {
        try store.deleteAll(of: userId, keepingSession: token.map(Self.hash))
    }

    static func hash(_ token: String) -> String {
        Hex.string(SHA256.hash(data: Data(token.utf8)))
    }
}

/// Unguessable tokens: 256 bits from the system's secure generator, base64url without padding.
public enum RandomToken {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        // Four 64-bit draws: one system call each rather than one per byte.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(33)
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes += $0 } }
        return base64URL(bytes)
    }

    /// Base64url without padding, written out here because this runs on every first visit
    /// and Foundation's encoder plus character replacement cost more than the randomness.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for position in 0...chunk.count { output.append(alphabet[Int(value >> (18 - 6 * position) & 63)]) }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
