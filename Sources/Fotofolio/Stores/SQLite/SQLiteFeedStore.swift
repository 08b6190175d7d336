import Foundation
import GRDB

/// The feed read from `portfolio`, filtered through `portfolioTag` and `user`.
struct SQLiteFeedStore: FeedStore {
    let database: AppDatabase

    func page(_ query: FeedQuery) throws -> FeedPage {
        // One statement reads the page and the count together, so it needs no transaction
        // around it (a statement reads one snapshot); statements are cached, since every page
        // asks one of a few shapes of query with its values bound.
        try database.pool.unsafeRead { db in
            let page = FeedSQL.page(query)
            let rows = try Row.fetchAll(db.cachedStatement(sql: page.sql), arguments: page.arguments)
            let portfolios = try rows.map(Portfolio.init(row:))
            let shown = Array(portfolios.prefix(query.pageSize))
            let total: Int
            if let first = rows.first {
                total = first[FeedSQL.totalColumn]
            } else {
                // Past the last page no row carries the count: it is asked on its own.
                let count = FeedSQL.count(query)
                total = try Int.fetchOne(db.cachedStatement(sql: count.sql), arguments: count.arguments) ?? 0
            }
            return FeedPage(portfolios: shown, total: total,
                            next: portfolios.count > query.pageSize ? shown.last.map(FeedCursor.init) : nil)
        }
    }

    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
        try database.pool.read { db in try PortfolioReading.details(of: portfolios, db) }
    }
}

/// The SQL pieces of the feed, each served by an index (see the query-plan tests).
enum FeedSQL {
    /// The column of `page` that carries the number of portfolios the filter matches.
    static let totalColumn = "feedTotal"

    /// One page and one row more (to know there is a next page), each row carrying the
    /// count of everything the filter matches, worked out once for the statement.
    static func page(_ query: FeedQuery) -> (sql: String, arguments: StatementArguments) {
        let filter = filter(tags: query.tags, maxRate: query.maxRate)
        var conditions = filter.map { [$0.sql] } ?? []
        var arguments = filter?.arguments ?? StatementArguments()
        if let after = query.after {
            let cursor = cursorCondition(after, sort: query.sort)
            conditions.append(cursor.sql)
            arguments += cursor.arguments
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let total = count(query)
        return ("""
            SELECT portfolio.*, (\(total.sql)) AS \(totalColumn) FROM portfolio \(whereClause)
            ORDER BY \(order(query.sort)) LIMIT \(query.pageSize + 1)
            """, total.arguments + arguments)
    }

    /// How many portfolios the query's filter matches, whatever the page.
    static func count(_ query: FeedQuery) -> (sql: String, arguments: StatementArguments) {
        let filter = filter(tags: query.tags, maxRate: query.maxRate)
        return ("SELECT COUNT(*) FROM portfolio \(filter.map { "WHERE \($0.sql)" } ?? "")", filter?.arguments ?? StatementArguments())
    }

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
