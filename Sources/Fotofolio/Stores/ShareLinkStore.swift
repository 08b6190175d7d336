import Foundation

/// Share links of portfolios. Every change is the portfolio author's, checked in the same
/// transaction; a revoked link is deleted, so nothing of it answers afterwards.
public protocol ShareLinkStore: Sendable {
    /// Stores a new link of the portfolio; throws `PortfolioAccessError` unless it is `ownerId`'s.
    func create(portfolioId: Int64, by ownerId: Int64, token: String, label: String, expiresAt: Date?,
                passwordHash: String?, at date: Date) throws -> ShareLink

    /// The portfolio's links, newest first; throws `PortfolioAccessError` unless it is `ownerId`'s.
    func links(of portfolioId: Int64, by ownerId: Int64) throws -> [ShareLink]

    /// Deletes the link; throws `PortfolioAccessError` unless the portfolio is `ownerId`'s
    /// and the link is one of its.
    func revoke(_ linkId: Int64, of portfolioId: Int64, by ownerId: Int64) throws

    /// The link with this token, whatever its state.
    func link(token: String) throws -> ShareLink?

    /// One more opening of the link.
    func countView(of linkId: Int64) throws
}
