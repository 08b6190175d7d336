/// The feed's reading of portfolios.
public protocol FeedStore: Sendable {
    /// One page of portfolios having every tag of `query.tags` (folded) and, with
    /// `query.maxRate`, whose author states an hourly rate up to it (not "by agreement"), in
    /// the query's order with ties newest first and then the larger id first, strictly after
    /// `query.after` in that order, none by `query.hiddenAuthors`, none hidden by an operator
    /// or by an author suspended now; at most `query.pageSize`. `total` counts every match
    /// regardless of the cursor; `next` is the cursor of the page's last portfolio when more
    /// follow.
    func page(_ query: FeedQuery) throws -> FeedPage

    /// Author, tags and photos of these portfolios, in the same order.
    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails]
}
