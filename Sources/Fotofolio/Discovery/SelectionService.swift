import Foundation

/// A client's shortlist of portfolios, newest first.
public struct SelectionService: Sendable {
    let store: any SelectionStore

    public init(stores: Stores) {
        store = stores.selection
    }

    /// Adds the portfolio (nothing changes if it is there already); false if there is no such portfolio.
    @discardableResult
    public func add(_ portfolioId: Int64, for userId: Int64, at date: Date = Date()) throws -> Bool {
        try store.add(portfolioId, for: userId, at: date)
    }

    public func remove(_ portfolioId: Int64, for userId: Int64) throws {
        try store.remove(portfolioId, for: userId)
    }

    public func removeAll(for userId: Int64) throws {
        try store.removeAll(for: userId)
    }

    /// Bookmarks made as a guest, added to the account at login in the order they were made
    /// (so the last one made shows first); ids of portfolios that are gone are skipped.
    public func merge(_ portfolioIds: [Int64], into userId: Int64, at date: Date = Date()) throws {
        try store.add(portfolioIds.enumerated().map { index, id in (id, date.addingTimeInterval(Double(index) / 1000)) }, for: userId)
    }

    public func portfolioIds(for userId: Int64) throws -> Set<Int64> {
        try store.portfolioIds(for: userId)
    }

    /// The shortlisted portfolios, the latest added first.
    public func entries(for userId: Int64) throws -> [PortfolioDetails] {
        try store.entries(for: userId)
    }
}
