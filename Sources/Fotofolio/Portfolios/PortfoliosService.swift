import Foundation

/// Creating, changing and reading portfolios. Every change is checked against its author.
public struct PortfoliosService: Sendable {
    let store: any PortfolioStore

    public init(stores: Stores) {
        store = stores.portfolios
    }

    /// Saves a new portfolio of `author`, or throws every problem in the draft.
    public func create(_ draft: PortfolioDraft, by author: User, at date: Date = Date()) throws -> PortfolioDetails {
        guard author.role == .creator, let authorId = author.id else { throw PortfolioAccessError.notCreator }
        let id = try store.create(PortfolioContent(draft), by: authorId, at: date, problems: PortfolioRules.problems(in: draft))
        return try details(id: id)!
    }

    /// Replaces a portfolio's content with the draft, all at once: nothing changes when
    /// anything is wrong. Photos left out of the draft are deleted.
    public func update(_ id: Int64, with draft: PortfolioDraft, by userId: Int64, at date: Date = Date()) throws -> PortfolioDetails {
        try store.update(id, with: PortfolioContent(draft), by: userId, at: date, problems: PortfolioRules.problems(in: draft))
        return try details(id: id)!
    }

    /// Deletes the portfolio and its photos.
    public func delete(_ id: Int64, by userId: Int64) throws {
        try store.delete(id, by: userId)
    }

    /// The portfolio the author may change, or why not.
    public func editable(_ id: Int64, by userId: Int64) throws -> PortfolioDetails {
        _ = try PortfolioAccessError.owned(try store.portfolio(id: id), by: userId)
        return try details(id: id)!
    }

    public func details(id: Int64) throws -> PortfolioDetails? {
        try store.details(id: id)
    }

    /// A creator's portfolios, newest first.
    public func portfolios(ownedBy userId: Int64) throws -> [PortfolioDetails] {
        try store.details(ownedBy: userId)
    }
}

extension PortfolioAccessError {
    /// The portfolio, when there is one and `userId` is its author; otherwise why not.
    public static func owned(_ portfolio: Portfolio?, by userId: Int64) throws(PortfolioAccessError) -> Portfolio {
        guard let portfolio else { throw .notFound }
        guard portfolio.ownerId == userId else { throw .notOwner }
        return portfolio
    }
}

extension PortfolioContent {
    /// The draft's values as stored: text trimmed, line breaks made `\n`, tags parsed, and
    /// a cover that is not one of the photos dropped.
    init(_ draft: PortfolioDraft) {
        let photoIds = draft.photos.map(\.photoId)
        self.init(
            name: draft.name.trimmed, description: draft.description.withUnixLineBreaks.trimmed,
            hidesShotDetails: draft.hidesShotDetails, visibility: draft.visibility, licence: draft.licence,
            coverPhotoId: draft.coverPhotoId.flatMap { photoIds.contains($0) ? $0 : nil },
            photos: draft.photos.map { PortfolioDraft.DraftPhoto(photoId: $0.photoId, altText: $0.altText.trimmed, licence: $0.licence) },
            tags: TagParsing.tags(in: draft.tags))
    }
}
