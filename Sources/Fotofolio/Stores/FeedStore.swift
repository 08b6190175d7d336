import Foundation

/// The feed's reading of portfolios.
public protocol FeedStore: Sendable {
    /// One page of portfolios having every tag of `query.tags` (folded) and, with
    /// `query.maxRate`, whose author states an hourly rate up to it (not "by agreement"), in
    /// the query's order with ties newest first and then the larger id first, strictly after
    /// `query.after` in that order, none by `query.hiddenAuthors`, none hidden by an operator
    /// or by an author suspended now; at most `query.pageSize`. `total` counts every match
    /// regardless of the cursor; `next` is the cursor of the page's last portfolio when more
    /// follow. With `query.demands`, `demands` holds what `DemandStore.matchingStamps` finds
    /// for that search now, read in the same read.
    func page(_ query: FeedQuery) throws -> FeedPage

    /// Author, tags and photos of these portfolios, in the same order.
    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails]

    /// What a search engine may index (`Sitemap`), in id order from the `offset`-th, at most
    /// `limit`: public portfolios in view (the feed's, unfiltered) with when each last changed.
    func indexablePortfolios(offset: Int, limit: Int) throws -> [IndexablePage]

    /// Photographers not suspended now, each with the latest of their joining and their
    /// portfolios' changes (`IndexablePage.key` is the username).
    func indexablePhotographers(offset: Int, limit: Int) throws -> [IndexablePage]

    /// How many of each there are.
    func indexableCounts() throws -> (portfolios: Int, photographers: Int)
}

/// A page of the public site as a sitemap lists it: the portfolio's id or the
/// photographer's username, and when it last changed.
public struct IndexablePage: Sendable, Equatable {
    public let key: String
    public let lastModified: Date

    public init(key: String, lastModified: Date) {
        self.key = key
        self.lastModified = lastModified
    }
}
