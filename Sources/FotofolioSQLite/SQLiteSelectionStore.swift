import Foundation
import Fotofolio
import GRDB

/// Shortlists in `selectionEntry`.
struct SQLiteSelectionStore: SelectionStore {
    let database: AppDatabase

    func add(_ portfolioId: Int64, for userId: Int64, at date: Date) throws -> Bool {
        try database.write { db in try Self.add(portfolioId, for: userId, at: date, db) }
    }

    func add(_ entries: [(portfolioId: Int64, addedAt: Date)], for userId: Int64) throws {
        try database.write { db in
            for entry in entries {
                try Self.add(entry.portfolioId, for: userId, at: entry.addedAt, db)
            }
        }
    }

    func remove(_ portfolioId: Int64, for userId: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM selectionEntry WHERE userId = ? AND portfolioId = ?", arguments: [userId, portfolioId])
        }
    }

    func removeAll(for userId: Int64) throws {
        try database.write { db in try db.execute(sql: "DELETE FROM selectionEntry WHERE userId = ?", arguments: [userId]) }
    }

    func portfolioIds(for userId: Int64) throws -> Set<Int64> {
        // One statement, on every page a signed-in person sees: no transaction around it.
        try database.unsafeRead { db in
            Set(try Int64.fetchAll(db.cachedStatement(sql: "SELECT portfolioId FROM selectionEntry WHERE userId = ?"), arguments: [userId]))
        }
    }

    func entries(for userId: Int64) throws -> [PortfolioDetails] {
        try database.read { db in
            let portfolios = try Portfolio.fetchAll(db, sql: """
                SELECT portfolio.* FROM selectionEntry JOIN portfolio ON portfolio.id = selectionEntry.portfolioId
                WHERE selectionEntry.userId = ? AND portfolio.\(FeedSQL.visible)
                ORDER BY selectionEntry.addedAt DESC, portfolio.id DESC
                """, arguments: [userId])
            return try PortfolioReading.details(of: portfolios, db)
        }
    }

    @discardableResult
    private static func add(_ portfolioId: Int64, for userId: Int64, at date: Date, _ db: Database) throws -> Bool {
        guard try Portfolio.exists(db, key: portfolioId) else { return false }
        try db.execute(sql: "INSERT OR IGNORE INTO selectionEntry (userId, portfolioId, addedAt) VALUES (?, ?, ?)",
                       arguments: [userId, portfolioId, date])
        return true
    }
}
