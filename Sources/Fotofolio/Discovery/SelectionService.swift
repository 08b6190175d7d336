import Foundation
import GRDB

/// A client's shortlist of portfolios, newest first.
public struct SelectionService: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Adds the portfolio (nothing changes if it is there already); false if there is no such portfolio.
    @discardableResult
    public func add(_ portfolioId: Int64, for userId: Int64, at date: Date = Date()) throws -> Bool {
        try database.pool.write { db in try Self.add(portfolioId, for: userId, at: date, db) }
    }

    public func remove(_ portfolioId: Int64, for userId: Int64) throws {
        try database.pool.write { db in
            try db.execute(sql: "DELETE FROM selectionEntry WHERE userId = ? AND portfolioId = ?", arguments: [userId, portfolioId])
        }
    }

    public func removeAll(for userId: Int64) throws {
        try database.pool.write { db in try db.execute(sql: "DELETE FROM selectionEntry WHERE userId = ?", arguments: [userId]) }
    }

    /// Bookmarks made as a guest, added to the account at login in the order they were made
    /// (so the last one made shows first); ids of portfolios that are gone are skipped.
    public func merge(_ portfolioIds: [Int64], into userId: Int64, at date: Date = Date()) throws {
        try database.pool.write { db in
            for (index, id) in portfolioIds.enumerated() {
                try Self.add(id, for: userId, at: date.addingTimeInterval(Double(index) / 1000), db)
            }
        }
    }

    public func portfolioIds(for userId: Int64) throws -> Set<Int64> {
        try database.pool.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT portfolioId FROM selectionEntry WHERE userId = ?", arguments: [userId]))
        }
    }

    /// The shortlisted portfolios, the latest added first.
    public func entries(for userId: Int64) throws -> [PortfolioDetails] {
        try database.pool.read { db in
            let portfolios = try Portfolio.fetchAll(db, sql: """
                SELECT portfolio.* FROM selectionEntry JOIN portfolio ON portfolio.id = selectionEntry.portfolioId
                WHERE selectionEntry.userId = ? ORDER BY selectionEntry.addedAt DESC, portfolio.id DESC
                """, arguments: [userId])
            return try PortfolioReading.details(of: portfolios, db)
        }
    }

    private static func add(_ portfolioId: Int64, for userId: Int64, at date: Date, _ db: Database) throws -> Bool {
        guard try Portfolio.exists(db, key: portfolioId) else { return false }
        try db.execute(sql: "INSERT OR IGNORE INTO selectionEntry (userId, portfolioId, addedAt) VALUES (?, ?, ?)",
                       arguments: [userId, portfolioId, date])
        return true
    }
}
