import Foundation
import Fotofolio
import GRDB

/// What the sitemaps list: the feed's portfolios unfiltered, and the photographers whose
/// profiles anyone may open.
extension SQLiteFeedStore {
    func indexablePortfolios(offset: Int, limit: Int) throws -> [IndexablePage] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, updatedAt FROM portfolio WHERE \(FeedSQL.visible) ORDER BY id LIMIT ? OFFSET ?
                """, arguments: [max(0, limit), max(0, offset)])
                .map { IndexablePage(key: String($0[0] as Int64), lastModified: $0[1]) }
        }
    }

    func indexablePhotographers(offset: Int, limit: Int) throws -> [IndexablePage] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT username, MAX(createdAt, COALESCE((SELECT MAX(updatedAt) FROM portfolio
                                                          WHERE ownerId = user.id AND \(FeedSQL.visible)), createdAt))
                FROM user WHERE \(Self.photographerInView) ORDER BY id LIMIT ? OFFSET ?
                """, arguments: [max(0, limit), max(0, offset)])
                .map { IndexablePage(key: $0[0], lastModified: $0[1]) }
        }
    }

    func indexableCounts() throws -> (portfolios: Int, photographers: Int) {
        try database.read { db in
            let portfolios = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM portfolio WHERE \(FeedSQL.visible)") ?? 0
            let photographers = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE \(Self.photographerInView)") ?? 0
            return (portfolios, photographers)
        }
    }

    private static let photographerInView = """
        role = 'creator' AND id NOT IN \
        (SELECT userId FROM suspension WHERE until IS NULL OR until > strftime('%Y-%m-%d %H:%M:%f', 'now'))
        """
}
