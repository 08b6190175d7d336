import Foundation
import Fotofolio
import Postgres

/// Portfolios in `portfolio`, with `portfolio_photo` and `portfolio_tag` rows in order. The
/// photos a portfolio is given are locked while it is saved, and `portfolio_photo.photo_id`
/// is unique, so two portfolios saved at once can never share a photo: the later one finds
/// it taken (`.photos: .unknownPhoto`), as it would after the first.
struct PostgresPortfolioStore: PortfolioStore {
    let pool: PostgresPool

    func create(_ content: PortfolioContent, by authorId: Int64, at date: Date,
                problems: [PortfolioField: PortfolioProblem]) throws -> Int64 {
        try saving(content, problems: problems) {
            try pool.transaction { connection in
                try check(content, problems: problems, by: authorId, editing: nil, connection)
                let id = try connection.query("""
                    INSERT INTO portfolio (owner_id, name, description, hides_shot_details, created_at, updated_at, author_rating)
                    VALUES ($1, '', '', false, $2, $2, $3) RETURNING id
                    """, [authorId, date.stored, try PostgresRatingsStore.average(of: authorId, connection)])[0].decode(0, as: Int64.self)
                try save(content, into: id, at: date, connection)
                return id
            }
        }
    }

    func update(_ id: Int64, with content: PortfolioContent, by userId: Int64, at date: Date,
                problems: [PortfolioField: PortfolioProblem]) throws {
        try saving(content, problems: problems) {
            try pool.transaction { connection in
                _ = try PortfolioAccessError.owned(try owned(id, connection), by: userId)
                try check(content, problems: problems, by: userId, editing: id, connection)
                let kept = Set(content.photos.map(\.photoId))
                let previous = try connection.query("SELECT photo_id FROM portfolio_photo WHERE portfolio_id = $1", [id])
                    .map { try $0.decode(0, as: Int64.self) }
                try save(content, into: id, at: date, connection)
                try connection.query("DELETE FROM photo WHERE id = ANY($1::bigint[])", [IdList(previous.filter { !kept.contains($0) })])
            }
        }
    }

    func delete(_ id: Int64, by userId: Int64) throws {
        try pool.transaction { connection in
            _ = try PortfolioAccessError.owned(try owned(id, connection), by: userId)
            let photos = try connection.query("SELECT photo_id FROM portfolio_photo WHERE portfolio_id = $1", [id])
                .map { try $0.decode(0, as: Int64.self) }
            try connection.query("DELETE FROM portfolio WHERE id = $1", [id])
            try connection.query("DELETE FROM photo WHERE id = ANY($1::bigint[])", [IdList(photos)])
        }
    }

    func portfolio(id: Int64) throws -> Portfolio? {
        try pool.withConnection { connection in
            try PostgresPortfolioReading.portfolios("WHERE id = $1", [id], connection).first
        }
    }

    func details(id: Int64) throws -> PortfolioDetails? {
        try pool.transaction(.repeatableRead) { connection in
            guard let portfolio = try PostgresPortfolioReading.portfolios("WHERE id = $1", [id], connection).first else { return nil }
            return try PostgresPortfolioReading.details(of: [portfolio], connection).first
        }
    }

    func details(ownedBy userId: Int64) throws -> [PortfolioDetails] {
        try pool.transaction(.repeatableRead) { connection in
            let portfolios = try PostgresPortfolioReading.portfolios("WHERE owner_id = $1 ORDER BY created_at DESC, id DESC",
                                                                     [userId], connection)
            return try PostgresPortfolioReading.details(of: portfolios, connection)
        }
    }

    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
        try pool.transaction(.repeatableRead) { connection in try PostgresPortfolioReading.details(of: portfolios, connection) }
    }

    /// The portfolio, locked until the transaction ends.
    private func owned(_ id: Int64, _ connection: PostgresConnection) throws -> Portfolio? {
        try PostgresPortfolioReading.portfolios("WHERE id = $1 FOR UPDATE", [id], connection).first
    }

    /// Runs `body`; a photo another portfolio took between the check and the save is
    /// reported as the check would have reported it.
    private func saving<T>(_ content: PortfolioContent, problems: [PortfolioField: PortfolioProblem], _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError where error.isUniqueViolation && error.constraint == "portfolio_photo_photo_id_key" {
            var problems = problems
            if problems[.photos] == nil { problems[.photos] = .unknownPhoto }
            throw PortfolioErrors(problems: problems)
        }
    }

    /// Throws every problem: the rules', and photos that are not the author's to use here.
    private func check(_ content: PortfolioContent, problems: [PortfolioField: PortfolioProblem], by userId: Int64,
                       editing portfolioId: Int64?, _ connection: PostgresConnection) throws {
        var problems = problems
        if problems[.photos] == nil, try !usable(content.photos.map(\.photoId), by: userId, in: portfolioId, connection) {
            problems[.photos] = .unknownPhoto
        }
        guard problems.isEmpty else { throw PortfolioErrors(problems: problems) }
    }

    /// The author's own photos, each once, not used by another portfolio or as an avatar;
    /// locked, so no avatar or other portfolio takes them before this one is saved.
    private func usable(_ ids: [Int64], by userId: Int64, in portfolioId: Int64?, _ connection: PostgresConnection) throws -> Bool {
        guard Set(ids).count == ids.count else { return false }
        let found = try connection.query("""
            SELECT id FROM photo
            WHERE id = ANY($1::bigint[]) AND owner_id = $2
              AND id NOT IN (SELECT photo_id FROM portfolio_photo WHERE portfolio_id IS DISTINCT FROM $3::bigint)
              AND id NOT IN (SELECT photo_id FROM gallery_photo)
              AND id NOT IN (SELECT avatar_photo_id FROM account WHERE avatar_photo_id IS NOT NULL)
            FOR UPDATE
            """, [IdList(ids), userId, portfolioId])
        return found.count == ids.count
    }

    private func save(_ content: PortfolioContent, into id: Int64, at date: Date, _ connection: PostgresConnection) throws {
        try connection.query("""
            UPDATE portfolio SET name = $1, description = $2, hides_shot_details = $3, cover_photo_id = $4, updated_at = $5,
                visibility = $6, licence = $7
            WHERE id = $8
            """, [content.name, content.description, content.hidesShotDetails, content.coverPhotoId, date.stored,
                  content.visibility.rawValue, content.licence?.rawValue, id])
        try connection.query("DELETE FROM portfolio_photo WHERE portfolio_id = $1", [id])
        for (position, photo) in content.photos.enumerated() {
            try connection.query("""
                INSERT INTO portfolio_photo (portfolio_id, photo_id, position, alt_text, licence) VALUES ($1, $2, $3, $4, $5)
                """, [id, photo.photoId, position, photo.altText, photo.licence?.rawValue])
        }
        try connection.query("DELETE FROM portfolio_tag WHERE portfolio_id = $1", [id])
        for (position, tag) in content.tags.enumerated() {
            try connection.query("INSERT INTO portfolio_tag (portfolio_id, position, label, folded) VALUES ($1, $2, $3, $4)",
                                 [id, position, tag.label, tag.folded])
        }
    }
}
