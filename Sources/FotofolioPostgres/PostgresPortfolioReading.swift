import Fotofolio
import Postgres

/// Loads portfolios with their author, tags and photos in a few queries, whatever their number.
enum PostgresPortfolioReading {
    static let columns = "id, owner_id, name, description, hides_shot_details, cover_photo_id, created_at, updated_at, author_rating, "
        + "visibility, licence"

    static func portfolios(_ clause: String, _ parameters: [any PostgresEncodable], _ connection: PostgresConnection) throws -> [Portfolio] {
        try connection.query("SELECT \(columns) FROM portfolio \(clause)", parameters).map { try $0.record(Portfolio.self) }
    }

    static func details(of portfolios: [Portfolio], _ connection: PostgresConnection) throws -> [PortfolioDetails] {
        guard !portfolios.isEmpty else { return [] }
        let ids = IdList(portfolios.map { $0.id! })
        let owners = try connection.query("SELECT \(AccountColumns.columns.all) FROM account WHERE id = ANY($1::bigint[])",
                                          [IdList(Set(portfolios.map(\.ownerId)))]).map { try $0.record(User.self) }
        let ownersById = Dictionary(owners.map { ($0.id!, $0) }) { first, _ in first }
        let tags = try connection.query("""
            SELECT portfolio_id, label FROM portfolio_tag WHERE portfolio_id = ANY($1::bigint[]) ORDER BY portfolio_id, position
            """, [ids]).map { (try $0.decode(0, as: Int64.self), Tag(try $0.decode(1, as: String.self))) }
        let tagsById = Dictionary(grouping: tags) { $0.0 }
        let photos = try connection.query("""
            SELECT portfolio_photo.portfolio_id, portfolio_photo.alt_text, portfolio_photo.licence AS photo_licence,
                   \(PhotoColumns.columns.all(of: "photo")) FROM portfolio_photo
            JOIN photo ON photo.id = portfolio_photo.photo_id
            WHERE portfolio_photo.portfolio_id = ANY($1::bigint[])
            ORDER BY portfolio_photo.portfolio_id, portfolio_photo.position
            """, [ids]).map { row in
            (try row.decode(0, as: Int64.self),
             PortfolioPhoto(photo: try row.record(Photo.self), altText: try row.decode(1),
                            licence: try row.decodeIfPresent(2, as: String.self).map(licence)))
        }
        let photosById = Dictionary(grouping: photos) { $0.0 }
        return portfolios.compactMap { portfolio in
            guard let owner = ownersById[portfolio.ownerId] else { return nil }
            let id = portfolio.id!
            return PortfolioDetails(portfolio: portfolio, owner: owner, tags: (tagsById[id] ?? []).map(\.1),
                                    photos: (photosById[id] ?? []).map(\.1))
        }
    }

    /// A stored licence code as its `Licence`; one no one knows throws, as a record's would.
    private static func licence(_ code: String) throws -> Licence {
        guard let licence = Licence(rawValue: code) else { throw UnknownLicence(code: code) }
        return licence
    }

    struct UnknownLicence: Error, CustomStringConvertible {
        let code: String
        var description: String { "\(code) is not a licence" }
    }
}
