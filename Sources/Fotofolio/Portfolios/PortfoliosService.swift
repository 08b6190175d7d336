import Foundation
import GRDB

/// Creating, changing and reading portfolios. Every change is checked against its author.
public struct PortfoliosService: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Saves a new portfolio of `author`, or throws every problem in the draft.
    public func create(_ draft: PortfolioDraft, by author: User, at date: Date = Date()) throws -> PortfolioDetails {
        guard author.role == .creator, let authorId = author.id else { throw PortfolioAccessError.notCreator }
        let id = try database.pool.write { db in
            try check(draft, by: authorId, editing: nil, db)
            var portfolio = Portfolio(
                id: nil, ownerId: authorId, name: "", description: "", hidesShotDetails: false,
                coverPhotoId: nil, createdAt: date, updatedAt: date)
            portfolio.authorRating = try RatingsService.average(of: authorId, db)
            try portfolio.insert(db)
            try save(draft, into: &portfolio, at: date, db)
            return portfolio.id!
        }
        return try details(id: id)!
    }

    /// Replaces a portfolio's content with the draft, all at once: nothing changes when
    /// anything is wrong. Photos left out of the draft are deleted.
    public func update(_ id: Int64, with draft: PortfolioDraft, by userId: Int64, at date: Date = Date()) throws -> PortfolioDetails {
        try database.pool.write { db in
            var portfolio = try owned(id, by: userId, db)
            try check(draft, by: userId, editing: id, db)
            let kept = Set(draft.photos.map(\.photoId))
            let previous = try Int64.fetchAll(db, sql: "SELECT photoId FROM portfolioPhoto WHERE portfolioId = ?", arguments: [id])
            try save(draft, into: &portfolio, at: date, db)
            _ = try Photo.deleteAll(db, keys: previous.filter { !kept.contains($0) })
        }
        return try details(id: id)!
    }

    /// Deletes the portfolio and its photos.
    public func delete(_ id: Int64, by userId: Int64) throws {
        try database.pool.write { db in
            _ = try owned(id, by: userId, db)
            let photos = try Int64.fetchAll(db, sql: "SELECT photoId FROM portfolioPhoto WHERE portfolioId = ?", arguments: [id])
            _ = try Portfolio.deleteOne(db, key: id)
            _ = try Photo.deleteAll(db, keys: photos)
        }
    }

    /// The portfolio the author may change, or why not.
    public func editable(_ id: Int64, by userId: Int64) throws -> PortfolioDetails {
        _ = try database.pool.read { db in try owned(id, by: userId, db) }
        return try details(id: id)!
    }

    public func details(id: Int64) throws -> PortfolioDetails? {
        try database.pool.read { db in
            guard let portfolio = try Portfolio.fetchOne(db, key: id) else { return nil }
            return try PortfolioReading.details(of: [portfolio], db).first
        }
    }

    /// A creator's portfolios, newest first.
    public func portfolios(ownedBy userId: Int64) throws -> [PortfolioDetails] {
        try database.pool.read { db in
            let portfolios = try Portfolio.filter(Column("ownerId") == userId)
                .order(Column("createdAt").desc, Column("id").desc).fetchAll(db)
            return try PortfolioReading.details(of: portfolios, db)
        }
    }

    private func owned(_ id: Int64, by userId: Int64, _ db: Database) throws -> Portfolio {
        guard let portfolio = try Portfolio.fetchOne(db, key: id) else { throw PortfolioAccessError.notFound }
        guard portfolio.ownerId == userId else { throw PortfolioAccessError.notOwner }
        return portfolio
    }

    /// Throws every problem: the rules, and photos that are not the author's to use here.
    private func check(_ draft: PortfolioDraft, by userId: Int64, editing portfolioId: Int64?, _ db: Database) throws {
        var problems = PortfolioRules.problems(in: draft)
        if problems[.photos] == nil, try !usable(draft.photos.map(\.photoId), by: userId, in: portfolioId, db) {
            problems[.photos] = .unknownPhoto
        }
        guard problems.isEmpty else { throw PortfolioErrors(problems: problems) }
    }

    /// The author's own photos, each once, not used by another portfolio or as an avatar.
    private func usable(_ ids: [Int64], by userId: Int64, in portfolioId: Int64?, _ db: Database) throws -> Bool {
        guard Set(ids).count == ids.count else { return false }
        let count = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM photo
            WHERE id IN (SELECT value FROM json_each(?)) AND ownerId = ?
              AND id NOT IN (SELECT photoId FROM portfolioPhoto WHERE portfolioId IS NOT ?)
              AND id NOT IN (SELECT avatarPhotoId FROM user WHERE avatarPhotoId IS NOT NULL)
            """, arguments: [String(describing: ids), userId, portfolioId]) ?? 0
        return count == ids.count
    }

    private func save(_ draft: PortfolioDraft, into portfolio: inout Portfolio, at date: Date, _ db: Database) throws {
        let photoIds = draft.photos.map(\.photoId)
        portfolio.name = draft.name.trimmed
        portfolio.description = draft.description.withUnixLineBreaks.trimmed
        portfolio.hidesShotDetails = draft.hidesShotDetails
        portfolio.coverPhotoId = draft.coverPhotoId.flatMap { photoIds.contains($0) ? $0 : nil }
        portfolio.updatedAt = date
        try portfolio.update(db)
        let id = portfolio.id!
        try db.execute(sql: "DELETE FROM portfolioPhoto WHERE portfolioId = ?", arguments: [id])
        for (position, photo) in draft.photos.enumerated() {
            try db.execute(sql: "INSERT INTO portfolioPhoto (portfolioId, photoId, position, altText) VALUES (?, ?, ?, ?)",
                           arguments: [id, photo.photoId, position, photo.altText.trimmed])
        }
        try db.execute(sql: "DELETE FROM portfolioTag WHERE portfolioId = ?", arguments: [id])
        for (position, tag) in TagParsing.tags(in: draft.tags).enumerated() {
            try db.execute(sql: "INSERT INTO portfolioTag (portfolioId, position, label, folded) VALUES (?, ?, ?, ?)",
                           arguments: [id, position, tag.label, tag.folded])
        }
    }
}
