import Foundation
import Fotofolio
import Postgres

/// Shortlists in `selection_entry`, whose key (user, portfolio) keeps an entry once.
struct PostgresSelectionStore: SelectionStore {
    let pool: PostgresPool

    func add(_ portfolioId: Int64, for userId: Int64, at date: Date) throws -> Bool {
        try pool.transaction { connection in try Self.add(portfolioId, for: userId, at: date, connection) }
    }

    func add(_ entries: [(portfolioId: Int64, addedAt: Date)], for userId: Int64) throws {
        try pool.transaction { connection in
            for entry in entries {
                try Self.add(entry.portfolioId, for: userId, at: entry.addedAt, connection)
            }
        }
    }

    func remove(_ portfolioId: Int64, for userId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM selection_entry WHERE user_id = $1 AND portfolio_id = $2", [userId, portfolioId])
        }
    }

    func removeAll(for userId: Int64) throws {
        try pool.withConnection { connection in
            try connection.query("DELETE FROM selection_entry WHERE user_id = $1", [userId])
        }
    }

    func portfolioIds(for userId: Int64) throws -> Set<Int64> {
        try pool.withConnection { connection in
            Set(try connection.query("SELECT portfolio_id FROM selection_entry WHERE user_id = $1", [userId])
                .map { try $0.decode(0, as: Int64.self) })
        }
    }

    func entries(for userId: Int64) throws -> [PortfolioDetails] {
        try pool.transaction(.repeatableRead) { connection in
            let portfolios = try connection.query("""
                SELECT \(PostgresPortfolioReading.columns.split(separator: ", ").map { "portfolio.\($0)" }.joined(separator: ", "))
                FROM selection_entry JOIN portfolio ON portfolio.id = selection_entry.portfolio_id
                WHERE selection_entry.user_id = $1 AND portfolio.id NOT IN \(FeedFilter.moderated)
                ORDER BY selection_entry.added_at DESC, portfolio.id DESC
                """, [userId]).map { try $0.record(Portfolio.self) }
            return try PostgresPortfolioReading.details(of: portfolios, connection)
        }
    }

    /// Adds the entry when the portfolio exists (locking it, so it is not deleted meanwhile).
    @discardableResult
    private static func add(_ portfolioId: Int64, for userId: Int64, at date: Date, _ connection: PostgresConnection) throws -> Bool {
        guard try !connection.query("SELECT 1 FROM portfolio WHERE id = $1 FOR KEY SHARE", [portfolioId]).isEmpty else { return false }
        try connection.query("""
            INSERT INTO selection_entry (user_id, portfolio_id, added_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
            """, [userId, portfolioId, date.stored])
        return true
    }
}
