import Foundation

/// Clients' shortlists of portfolios. A portfolio is on a person's shortlist at most once,
/// and leaves every shortlist when it is deleted.
public protocol SelectionStore: Sendable {
    /// Adds the portfolio as added at `date` (nothing changes if it is there already); false
    /// if there is no such portfolio.
    func add(_ portfolioId: Int64, for userId: Int64, at date: Date) throws -> Bool

    /// Adds each portfolio as `add` does, all in one transaction.
    func add(_ entries: [(portfolioId: Int64, addedAt: Date)], for userId: Int64) throws

    func remove(_ portfolioId: Int64, for userId: Int64) throws

    func removeAll(for userId: Int64) throws

    func portfolioIds(for userId: Int64) throws -> Set<Int64>

    /// The shortlisted portfolios with their details, the latest added first (ties: the
    /// larger portfolio id first), leaving out those hidden by an operator or by a suspended
    /// author.
    func entries(for userId: Int64) throws -> [PortfolioDetails]
}
