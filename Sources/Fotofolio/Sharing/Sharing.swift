import Crypto
import Foundation

/// Who sees a portfolio beyond its author: share links made, listed and revoked by the
/// author, and opened by anyone holding one.
public struct Sharing: Sendable {
    let links: any ShareLinkStore
    let portfolios: any PortfolioStore
    let hasher: PasswordHasher
    /// Wrong passwords count as failed logins do, per link and address.
    let throttle: LoginThrottle

    public init(stores: Stores, hasher: PasswordHasher = PasswordHasher()) {
        links = stores.shareLinks
        portfolios = stores.portfolios
        self.hasher = hasher
        throttle = LoginThrottle(store: stores.loginThrottle)
    }

    /// A new link to the author's portfolio, or every problem of the form.
    public func create(_ form: ShareLinkForm, for portfolioId: Int64, by ownerId: Int64, at date: Date = Date()) throws -> ShareLink {
        _ = try PortfolioAccessError.owned(try portfolios.portfolio(id: portfolioId), by: ownerId)
        let draft = try form.validated(today: CalendarDay(date))
        return try links.create(portfolioId: portfolioId, by: ownerId, token: SecretToken.make(), label: draft.label,
                                expiresAt: draft.lastDay?.adding(days: 1).start,
                                passwordHash: try draft.password.map { try hasher.hash($0) }, at: date)
    }

    public func links(of portfolioId: Int64, by ownerId: Int64) throws -> [ShareLink] {
        try links.links(of: portfolioId, by: ownerId)
    }

    public func revoke(_ linkId: Int64, of portfolioId: Int64, by ownerId: Int64) throws {
        try links.revoke(linkId, of: portfolioId, by: ownerId)
    }

    /// What the token opens: nil for a token that never was, was revoked, has expired, or
    /// leads to a private portfolio, so all of them answer alike.
    public func open(token: String, at date: Date = Date()) throws -> SharedPortfolio? {
        guard SecretToken.isWellFormed(token), let link = try links.link(token: token), !link.isExpired(at: date),
              let details = try portfolios.details(id: link.portfolioId), details.portfolio.visibility != .private
        else { return nil }
        return SharedPortfolio(link: link, details: details)
    }

    /// Counts an opening of the shared page.
    public func countView(of link: ShareLink) throws {
        try links.countView(of: link.id)
    }

    /// Checks a link's password. The pass it returns opens the link from then on (kept in a
    /// cookie); it changes with the password, so a new password locks out the old holders.
    public func unlock(_ link: ShareLink, password: String, from address: String,
                       at date: Date = Date()) throws -> String {
        guard let hash = link.passwordHash else { return "" }
        let attempt = LoginAttempt(account: "share:\(link.id)", address: address)
        if let wait = try throttle.admit(attempt, at: date) { throw ShareUnlockError.tooManyAttempts(retryAfter: wait) }
        guard password.utf8.count <= ShareLinkForm.passwordBytes, hasher.verify(password, against: hash) else {
            throw ShareUnlockError.wrongPassword
        }
        try throttle.recordSuccess(attempt)
        return Self.pass(for: link)
    }

    /// Whether the link opens for someone holding `pass` (anyone, when it has no password).
    public func admits(_ link: ShareLink, pass: String?) -> Bool {
        guard link.passwordHash != nil else { return true }
        guard let pass else { return false }
        let expected = Self.pass(for: link)
        return pass.utf8.count == expected.utf8.count && zip(pass.utf8, expected.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A keyed hash of the token under the password's hash, which never leaves the server.
    static func pass(for link: ShareLink) -> String {
        let key = SymmetricKey(data: Data((link.passwordHash ?? "").utf8))
        return Hex.string(HMAC<SHA256>.authenticationCode(for: Data(link.token.utf8), using: key))
    }
}
