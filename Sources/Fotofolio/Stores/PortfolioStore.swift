import Foundation

/// Portfolios with their photos (in order, each with its description) and tags (in order).
/// A photo is in at most one portfolio. Reading a portfolio's details reads its author, tags
/// and photos together, whatever the number of portfolios.
public protocol PortfolioStore: Sendable {
    /// In one transaction: checks the content's photos, then stores a new portfolio of
    /// `authorId` made at `date`, carrying the author's current average rating (rounded to
    /// three decimals, 0 while unrated), and returns its id.
    ///
    /// The photos must be the author's own, each once, used by no other portfolio and no
    /// avatar. When they are not and `problems` (the draft's, found by the rules) has none
    /// for `.photos`, `.photos: .unknownPhoto` is added; when `problems` is then not empty,
    /// `PortfolioErrors` with all of them is thrown and nothing is stored.
    func create(_ content: PortfolioContent, by authorId: Int64, at date: Date,
                problems: [PortfolioField: PortfolioProblem]) throws -> Int64

    /// In one transaction: throws `PortfolioAccessError` unless the portfolio is `userId`'s,
    /// checks the content as `create` does, replaces the portfolio's content and deletes the
    /// photo records it no longer shows.
    func update(_ id: Int64, with content: PortfolioContent, by userId: Int64, at date: Date,
                problems: [PortfolioField: PortfolioProblem]) throws

    /// In one transaction: throws `PortfolioAccessError` unless the portfolio is `userId`'s,
    /// then deletes it and its photo records.
    func delete(_ id: Int64, by userId: Int64) throws

    func portfolio(id: Int64) throws -> Portfolio?

    func details(id: Int64) throws -> PortfolioDetails?

    /// A creator's portfolios, newest first (ties: the larger id first).
    func details(ownedBy userId: Int64) throws -> [PortfolioDetails]

    /// Author, tags and photos of these portfolios, in the same order; a portfolio whose
    /// author is gone is left out.
    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails]
}

/// What a portfolio shows, checked and tidied from a draft, ready to be stored.
public struct PortfolioContent: Sendable, Equatable {
    public var name: String
    public var description: String
    public var hidesShotDetails: Bool
    public var visibility: PortfolioVisibility
    /// Nil: the author's default.
    public var licence: Licence?
    /// One of `photos`, or nil.
    public var coverPhotoId: Int64?
    /// In the creator's order.
    public var photos: [PortfolioDraft.DraftPhoto]
    /// In the creator's order.
    public var tags: [Tag]
}
