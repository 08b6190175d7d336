import Foundation
import GRDB

/// The feed read from `portfolio`, filtered through `portfolioTag` and `user`.
struct SQLiteFeedStore: FeedStore {
    let database: AppDatabase

    func page(_ query: FeedQuery) throws -> FeedPage {
        try database.pool.read { db in
            let filter = FeedSQL.filter(tags: query.tags, maxRate: query.maxRate)
            var conditions = filter.map { [$0.sql] } ?? []
            var arguments = filter?.arguments ?? StatementArguments()
            if let after = query.after {
                let cursor = FeedSQL.cursorCondition(after, sort: query.sort)
                conditions.append(cursor.sql)
                arguments += cursor.arguments
            }
            let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            // Cached statements: every page asks one of a few shapes of query (the values are
            // bound), and compiling one anew cost more than running it on a small site.
            let rows = try Portfolio.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM portfolio \(whereClause) ORDER BY \(FeedSQL.order(query.sort)) LIMIT \(query.pageSize + 1)
                """), arguments: arguments)
            let shown = Array(rows.prefix(query.pageSize))
            let total = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM portfolio \(filter.map { "WHERE \($0.sql)" } ?? "")"),
                                         arguments: filter?.arguments ?? StatementArguments()) ?? 0
            return FeedPage(portfolios: shown, total: total,
                            next: rows.count > query.pageSize ? shown.last.map(FeedCursor.init) : nil)
        }
    }

    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
        try database.pool.read { db in try PortfolioReading.details(of: portfolios, db) }
    }
}

/// The SQL pieces of the feed, each served by an index (see the query-plan tests).
enum FeedSQL {
    static func order(_ sort: FeedQuery.Sort) -> String {
        switch sort {
        case .newest: "createdAt DESC, id DESC"
        case .rating: "authorRating DESC, createdAt DESC, id DESC"
        }
    }

    /// The tags and the rate together, or nil when neither filters.
    static func filter(tags: [String], maxRate: Int?) -> (sql: String, arguments: StatementArguments)? {
        let parts = [tagFilter(tags), maxRate.map(rateFilter)].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        return (parts.map(\.sql).joined(separator: " AND "), parts.dropFirst().reduce(parts[0].arguments) { $0 + $1.arguments })
    }

    /// Portfolios whose author states an hourly rate up to `maxRate` (not "by agreement").
    static func rateFilter(_ maxRate: Int) -> (sql: String, arguments: StatementArguments) {
        ("ownerId IN (SELECT id FROM user WHERE priceByAgreement = 0 AND hourlyRate IS NOT NULL AND hourlyRate <= ?)",
         [maxRate])
    }

    /// Portfolios carrying every one of the tags.
    static func tagFilter(_ tags: [String]) -> (sql: String, arguments: StatementArguments)? {
        let unique = Array(Set(tags))
        guard !unique.isEmpty else { return nil }
        let marks = Array(repeating: "?", count: unique.count).joined(separator: ", ")
        return ("id IN (SELECT portfolioId FROM portfolioTag WHERE folded IN (\(marks)) GROUP BY portfolioId HAVING COUNT(*) = \(unique.count))",
                StatementArguments(unique))
    }

    static func cursorCondition(_ cursor: FeedCursor, sort: FeedQuery.Sort) -> (sql: String, arguments: StatementArguments) {
        switch sort {
        case .newest:
            ("(createdAt, id) < (?, ?)", [cursor.createdAt, cursor.id])
        case .rating:
            ("(authorRating, createdAt, id) < (?, ?, ?)", [cursor.authorRating, cursor.createdAt, cursor.id])
        }
    }
}
