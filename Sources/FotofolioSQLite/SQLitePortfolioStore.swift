import Foundation
import Fotofolio
import GRDB

/// Portfolios in `portfolio`, with `portfolioPhoto` and `portfolioTag` rows in order.
struct SQLitePortfolioStore: PortfolioStore {
    let database: AppDatabase

    func create(_ content: PortfolioContent, by authorId: Int64, at date: Date,
                problems: [PortfolioField: PortfolioProblem]) throws -> Int64 {
        try database.write { db in
            try check(content, problems: problems, by: authorId, editing: nil, db)
            var portfolio = Portfolio(
                id: nil, ownerId: authorId, name: "", description: "", hidesShotDetails: false,
                coverPhotoId: nil, createdAt: date, updatedAt: date)
            portfolio.authorRating = try SQLiteRatingsStore.average(of: authorId, db)
            try portfolio.insert(db)
            try save(content, into: &portfolio, at: date, db)
            return portfolio.id!
        }
    }

    func update(_ id: Int64, with content: PortfolioContent, by userId: Int64, at date: Date,
                problems: [PortfolioField: PortfolioProblem]) throws {
        try database.write { db in
            var portfolio = try PortfolioAccessError.owned(try Portfolio.fetchOne(db, key: id), by: userId)
            try check(content, problems: problems, by: userId, editing: id, db)
            let kept = Set(content.photos.map(\.photoId))
            let previous = try Int64.fetchAll(db, sql: "SELECT photoId FROM portfolioPhoto WHERE portfolioId = ?", arguments: [id])
            try save(content, into: &portfolio, at: date, db)
            _ = try Photo.deleteAll(db, keys: previous.filter { !kept.contains($0) })
        }
    }

    func delete(_ id: Int64, by userId: Int64) throws {
        try database.write { db in
            _ = try PortfolioAccessError.owned(try Portfolio.fetchOne(db, key: id), by: userId)
            let photos = try Int64.fetchAll(db, sql: "SELECT photoId FROM portfolioPhoto WHERE portfolioId = ?", arguments: [id])
            _ = try Portfolio.deleteOne(db, key: id)
            _ = try Photo.deleteAll(db, keys: photos)
        }
    }

    func portfolio(id: Int64) throws -> Portfolio? {
        try database.read { db in try Portfolio.fetchOne(db, key: id) }
    }

    func details(id: Int64) throws -> PortfolioDetails? {
        try database.read { db in
            guard let portfolio = try Portfolio.fetchOne(db, key: id) else { return nil }
            return try PortfolioReading.details(of: [portfolio], db).first
        }
    }

    func details(ownedBy userId: Int64) throws -> [PortfolioDetails] {
        try database.read { db in
            let portfolios = try Portfolio.filter(Column("ownerId") == userId)
                .order(Column("createdAt").desc, Column("id").desc).fetchAll(db)
            return try PortfolioReading.details(of: portfolios, db)
        }
    }

    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
        try database.read { db in try PortfolioReading.details(of: portfolios, db) }
    }

    /// Throws every problem: the rules', and photos that are not the author's to use here.
    private func check(_ content: PortfolioContent, problems: [PortfolioField: PortfolioProblem], by userId: Int64,
                       editing portfolioId: Int64?, _ db: Database) throws {
        var problems = problems
        if problems[.photos] == nil, try !usable(content.photos.map(\.photoId), by: userId, in: portfolioId, db) {
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
              AND id NOT IN (SELECT photoId FROM galleryPhoto)
              AND id NOT IN (SELECT avatarPhotoId FROM user WHERE avatarPhotoId IS NOT NULL)
            """, arguments: [String(describing: ids), userId, portfolioId]) ?? 0
        return count == ids.count
    }

    private func save(_ content: PortfolioContent, into portfolio: inout Portfolio, at date: Date, _ db: Database) throws {
        portfolio.name = content.name
        portfolio.description = content.description
        portfolio.hidesShotDetails = content.hidesShotDetails
        portfolio.coverPhotoId = content.coverPhotoId
        portfolio.visibility = content.visibility
        portfolio.licence = content.licence
        portfolio.updatedAt = date
        try portfolio.update(db)
        let id = portfolio.id!
        try db.execute(sql: "DELETE FROM portfolioPhoto WHERE portfolioId = ?", arguments: [id])
        for (position, photo) in content.photos.enumerated() {
            try db.execute(sql: "INSERT INTO portfolioPhoto (portfolioId, photoId, position, altText, licence) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id, photo.photoId, position, photo.altText, photo.licence])
        }
        try db.execute(sql: "DELETE FROM portfolioTag WHERE portfolioId = ?", arguments: [id])
        for (position, tag) in content.tags.enumerated() {
            try db.execute(sql: "INSERT INTO portfolioTag (portfolioId, position, label, folded) VALUES (?, ?, ?, ?)",
                           arguments: [id, position, tag.label, tag.folded])
        }
    }
}
