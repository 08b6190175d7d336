import Crypto
import Foundation
import GRDB

/// A signed-in browser.
public struct Session: Sendable, Equatable {
    public let userId: Int64
    /// The token every state-changing form of this session must carry.
    public let csrfToken: String
    public let expiresAt: Date
}

/// Sessions behind the session cookie: a random 256-bit token the browser keeps, of which
/// only a SHA-256 hash is stored, so a copy of the database cannot be used to sign in.
/// Expiry slides: 30 days from the last use.
public struct SessionStore: Sendable {
    public static let lifetime: TimeInterval = 30 * 24 * 3600
    /// Using a session extends it, but at most once per hour, so reads stay reads.
    static let extensionInterval: TimeInterval = 3600

    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Starts a session for `userId`; returns the token for the cookie.
    public func start(for userId: Int64, at date: Date = Date()) throws -> (token: String, session: Session) {
        let token = RandomToken.make()
        let session = Session(userId: userId, csrfToken: RandomToken.make(), expiresAt: date.addingTimeInterval(Self.lifetime))
        try database.pool.write { db in
            try db.execute(sql: """
                INSERT INTO session (tokenHash, userId, csrfToken, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [Self.hash(token), userId, session.csrfToken, date, session.expiresAt])
        }
        return (token, session)
    }

    /// The live session for a cookie token, extended if due; nil when unknown or expired.
    public func resume(_ token: String, at date: Date = Date()) throws -> Session? {
        let key = Self.hash(token)
        guard let row = try database.pool.read({ db in
            try Row.fetchOne(db, sql: "SELECT userId, csrfToken, expiresAt FROM session WHERE tokenHash = ?", arguments: [key])
        }) else { return nil }
        let expiresAt: Date = row["expiresAt"]
        guard expiresAt > date else {
            try end(token)
            return nil
        }
        var session = Session(userId: row["userId"], csrfToken: row["csrfToken"], expiresAt: expiresAt)
        let renewed = date.addingTimeInterval(Self.lifetime)
        if renewed.timeIntervalSince(expiresAt) > Self.extensionInterval {
            try database.pool.write { db in
                try db.execute(sql: "UPDATE session SET expiresAt = ? WHERE tokenHash = ?", arguments: [renewed, key])
            }
            session = Session(userId: session.userId, csrfToken: session.csrfToken, expiresAt: renewed)
        }
        return session
    }

    /// Ends the session (logout). Unknown tokens are ignored.
    public func end(_ token: String) throws {
        try database.pool.write { db in
            try db.execute(sql: "DELETE FROM session WHERE tokenHash = ?", arguments: [Self.hash(token)])
        }
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// Unguessable tokens: 256 bits from the system's secure generator, base64url without padding.
public enum RandomToken {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
