import Fotofolio
import GRDB

/// Loads portfolios with their author, tags and photos in a few queries, whatever their number.
enum PortfolioReading {
    static func details(of portfolios: [Portfolio], _ db: Database) throws -> [PortfolioDetails] {
        guard !portfolios.isEmpty else { return [] }
        let ids = portfolios.map { $0.id! }
        let owners = try User.filter(keys: Set(portfolios.map(\.ownerId))).fetchAll(db)
        let ownersById = Dictionary(owners.map { ($0.id!, $0) }) { first, _ in first }
        let tags = try Row.fetchAll(db, sql: """
            SELECT portfolioId, label, folded FROM portfolioTag
            WHERE portfolioId IN (SELECT value FROM json_each(?)) ORDER BY portfolioId, position
            """, arguments: [String(describing: ids)])
        let tagsById = Dictionary(grouping: tags) { $0["portfolioId"] as Int64 }
        let photoRows = try Row.fetchAll(db, sql: """
            SELECT portfolioPhoto.portfolioId, portfolioPhoto.altText, portfolioPhoto.licence AS photoLicence, photo.* FROM portfolioPhoto
            JOIN photo ON photo.id = portfolioPhoto.photoId
            WHERE portfolioPhoto.portfolioId IN (SELECT value FROM json_each(?))
            ORDER BY portfolioPhoto.portfolioId, portfolioPhoto.position
            """, arguments: [String(describing: ids)])
        let photosById = Dictionary(grouping: photoRows) { $0["portfolioId"] as Int64 }
        return try portfolios.compactMap { portfolio in
            guard let owner = ownersById[portfolio.ownerId] else { return nil }
            let id = portfolio.id!
            return PortfolioDetails(
                portfolio: portfolio, owner: owner,
                tags: (tagsById[id] ?? []).map { Tag(label: $0["label"], folded: $0["folded"]) },
                photos: try (photosById[id] ?? []).map { row in
                    PortfolioPhoto(photo: try Photo(row: row), altText: row["altText"], licence: row["photoLicence"])
                })
        }
    }
}
