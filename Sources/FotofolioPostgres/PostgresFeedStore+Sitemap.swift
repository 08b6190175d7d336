import Foundation
import Fotofolio
import Postgres

/// What the sitemaps list, as the SQLite store lists it.
extension PostgresFeedStore {
    func indexablePortfolios(offset: Int, limit: Int) throws -> [IndexablePage] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT id, updated_at FROM portfolio WHERE id NOT IN \(FeedFilter.moderated) ORDER BY id LIMIT $1 OFFSET $2
                """, [max(0, limit), max(0, offset)])
                .map { IndexablePage(key: String(try $0.decode(0, as: Int64.self)), lastModified: try $0.decode(1, as: Date.self)) }
        }
    }

    func indexablePhotographers(offset: Int, limit: Int) throws -> [IndexablePage] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT username, GREATEST(created_at, (SELECT max(updated_at) FROM portfolio
                                                       WHERE owner_id = account.id AND id NOT IN \(FeedFilter.moderated)))
                FROM account WHERE \(Self.photographerInView) ORDER BY id LIMIT $1 OFFSET $2
                """, [max(0, limit), max(0, offset)])
                .map { IndexablePage(key: try $0.decode(0, as: String.self), lastModified: try $0.decode(1, as: Date.self)) }
        }
    }

    func indexableCounts() throws -> (portfolios: Int, photographers: Int) {
        try pool.withConnection { connection in
            let row = try connection.query("""
                SELECT (SELECT count(*) FROM portfolio WHERE id NOT IN \(FeedFilter.moderated)),
                       (SELECT count(*) FROM account WHERE \(Self.photographerInView))
                """)[0]
            return (try row.decode(0, as: Int.self), try row.decode(1, as: Int.self))
        }
    }

    private static let photographerInView = """
        role = 'creator' AND id NOT IN (SELECT user_id FROM suspension WHERE until IS NULL OR until > now())
        """
}
