import Foundation

/// A secret address (`/s/TOKEN`) that opens one portfolio to whoever holds it, without an
/// account: until its last day, behind an optional password, counted each time it is
/// opened, and gone at once when its author revokes it.
public struct ShareLink: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var portfolioId: Int64
    /// 48 lower-case hex digits (24 random bytes): the address after `/s/`.
    public var token: String
    /// The author's own note of whom the link is for ("Novákovi").
    public var label: String
    /// The first moment it no longer opens (the start of the day after its last day, in
    /// Prague); nil: until revoked.
    public var expiresAt: Date?
    /// argon2id, like an account's; nil: no password.
    public var passwordHash: String?
    public var viewCount: Int
    public var createdAt: Date

    public init(id: Int64, portfolioId: Int64, token: String, label: String, expiresAt: Date?, passwordHash: String?,
                viewCount: Int, createdAt: Date) {
        self.id = id
        self.portfolioId = portfolioId
        self.token = token
        self.label = label
        self.expiresAt = expiresAt
        self.passwordHash = passwordHash
        self.viewCount = viewCount
        self.createdAt = createdAt
    }

    public var hasPassword: Bool { passwordHash != nil }

    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { date >= $0 } ?? false
    }

    /// The last day it opens, as the author chose it.
    public var lastDay: CalendarDay? {
        expiresAt.map { CalendarDay($0.addingTimeInterval(-1)) }
    }
}

/// A link that opens, with what it opens.
public struct SharedPortfolio: Sendable, Equatable {
    public let link: ShareLink
    public let details: PortfolioDetails
}

/// A new link as checked from its form.
public struct ShareLinkDraft: Sendable, Equatable {
    public var label: String
    public var lastDay: CalendarDay?
    public var password: String?
}

/// Why a link's password did not open it.
public enum ShareUnlockError: Error, Sendable, Equatable {
    case wrongPassword
    /// Too many wrong guesses from one address: wait this long.
    case tooManyAttempts(retryAfter: Duration)
}
