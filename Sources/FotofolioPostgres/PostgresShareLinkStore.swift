import Foundation
import Fotofolio
import Postgres

/// Share links in `share_link`, each change checked against its portfolio's author in the
/// same transaction, the portfolio locked (`FOR KEY SHARE`) so it is not deleted meanwhile.
struct PostgresShareLinkStore: ShareLinkStore {
    let pool: PostgresPool

    static let columns = "id, portfolio_id, token, label, expires_at, password_hash, view_count, created_at"

    func create(portfolioId: Int64, by ownerId: Int64, token: String, label: String, expiresAt: Date?,
                passwordHash: String?, at date: Date) throws -> ShareLink {
        try pool.transaction { connection in
            try Self.owned(portfolioId, by: ownerId, connection)
            let id = try connection.query("""
                INSERT INTO share_link (portfolio_id, token, label, expires_at, password_hash, created_at)
                VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
                """, [portfolioId, token, label, expiresAt?.stored, passwordHash, date.stored])[0].decode(0, as: Int64.self)
            return ShareLink(id: id, portfolioId: portfolioId, token: token, label: label, expiresAt: expiresAt?.stored,
                             passwordHash: passwordHash, viewCount: 0, createdAt: date.stored)
        }
    }

    func links(of portfolioId: Int64, by ownerId: Int64) throws -> [ShareLink] {
        try pool.transaction(.repeatableRead) { connection in
            try Self.owned(portfolioId, by: ownerId, connection)
            return try connection.query("""
                SELECT \(Self.columns) FROM share_link WHERE portfolio_id = $1 ORDER BY created_at DESC, id DESC
                """, [portfolioId]).map(Self.link)
        }
    }

    func revoke(_ linkId: Int64, of portfolioId: Int64, by ownerId: Int64) throws {
        try pool.transaction { connection in
            try Self.owned(portfolioId, by: ownerId, connection)
            let deleted = try connection.query("DELETE FROM share_link WHERE id = $1 AND portfolio_id = $2 RETURNING id",
                                               [linkId, portfolioId])
            guard deleted.count == 1 else { throw PortfolioAccessError.notFound }
        }
    }

    func link(token: String) throws -> ShareLink? {
        try pool.withConnection { connection in
            try connection.query("SELECT \(Self.columns) FROM share_link WHERE token = $1", [token]).first.map(Self.link)
        }
    }

    func countView(of linkId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("UPDATE share_link SET view_count = view_count + 1 WHERE id = $1", [linkId])
        }
    }

    /// Throws `PortfolioAccessError` unless the portfolio is `ownerId`'s; locks it until the
    /// transaction ends.
    private static func owned(_ portfolioId: Int64, by ownerId: Int64, _ connection: PostgresConnection) throws {
        let portfolio = try PostgresPortfolioReading.portfolios("WHERE id = $1 FOR KEY SHARE", [portfolioId], connection).first
        _ = try PortfolioAccessError.owned(portfolio, by: ownerId)
    }

    private static func link(_ row: PostgresRow) throws -> ShareLink {
        ShareLink(id: try row.decode(0), portfolioId: try row.decode(1), token: try row.decode(2), label: try row.decode(3),
                  expiresAt: try row.decodeIfPresent(4), passwordHash: try row.decodeIfPresent(5), viewCount: try row.decode(6),
                  createdAt: try row.decode(7))
    }
}
