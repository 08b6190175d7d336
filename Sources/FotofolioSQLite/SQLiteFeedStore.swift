import Foundation
import Fotofolio
import GRDB

/// The feed read from `portfolio`, filtered through `portfolioTag` and `user`.
struct SQLiteFeedStore: FeedStore {
    let database: AppDatabase

    func page(_ query: FeedQuery) throws -> FeedPage {
        // One statement reads the page and the count together, so it needs no transaction
        // around it (a statement reads one snapshot); statements are cached, since every page
        // asks one of a few shapes of query with its values bound.
        try database.unsafeRead { db in
            let page = FeedSQL.page(query)
            // Each row is read where it stands, column by position: copying the rows and
            // finding every column by name cost more than SQLite took to find them.
            var portfolios: [Portfolio] = []
            portfolios.reserveCapacity(query.pageSize + 1)
            var total: Int?
            let rows = try Row.fetchCursor(db.cachedStatement(sql: page.sql), arguments: page.arguments)
            while let row = try rows.next() {
                portfolios.append(try Portfolio(feedRow: row))
                if total == nil { total = try row.decode(atIndex: FeedSQL.totalIndex) }
            }
            let shown = Array(portfolios.prefix(query.pageSize))
            if total == nil {
                // Past the last page no row carries the count: it is asked on its own.
                let count = FeedSQL.count(query)
                total = try Int.fetchOne(db.cachedStatement(sql: count.sql), arguments: count.arguments) ?? 0
            }
            // A photographer's demands: one statement more in the same read.
            let demands = try query.demands.map { try SQLiteDemandStore.matchingStamps($0, at: Date(), db) } ?? []
            return FeedPage(portfolios: shown, total: total ?? 0,
                            next: portfolios.count > query.pageSize ? shown.last.map(FeedCursor.init) : nil, demands: demands)
        }
    }

    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
        try database.read { db in try PortfolioReading.details(of: portfolios, db) }
    }
}

/// The SQL pieces of the feed, each served by an index (see the query-plan tests).
enum FeedSQL {
    /// The portfolio's columns as `page` selects them, in the order `Portfolio(feedRow:)` reads them.
    static let portfolioColumns = """
        portfolio.id, portfolio.ownerId, portfolio.name, portfolio.description, portfolio.hidesShotDetails, \
        portfolio.coverPhotoId, portfolio.createdAt, portfolio.updatedAt, portfolio.authorRating, \
        portfolio.visibility, portfolio.licence
        """

    /// The position of the column of `page` that carries the number of portfolios the filter matches.
    static let totalIndex = 11

    /// One page and one row more (to know there is a next page), each row carrying the
    /// count of everything the filter matches, worked out once for the statement.
    static func page(_ query: FeedQuery) -> (sql: String, arguments: StatementArguments) {
        let tags = tagMatches(query.tags)
        let filter = filter(tagged: tags != nil, query)
        var conditions = filter.map { [$0.sql] } ?? []
        var arguments = filter?.arguments ?? StatementArguments()
        if let after = query.after {
            let cursor = cursorCondition(after, sort: query.sort)
            conditions.append(cursor.sql)
            arguments += cursor.arguments
        }
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let total = countExpression(tagged: tags != nil, query)
        return ("""
            \(tags.map { "WITH \($0.sql) " } ?? "")SELECT \(portfolioColumns), (\(total.sql)) FROM portfolio \(whereClause)
            ORDER BY \(order(query.sort)) LIMIT \(query.pageSize + 1)
            """, (tags?.arguments ?? []) + total.arguments + arguments)
    }

    /// How many portfolios the query's filter matches, whatever the page.
    static func count(_ query: FeedQuery) -> (sql: String, arguments: StatementArguments) {
        let tags = tagMatches(query.tags)
        let total = countExpression(tagged: tags != nil, query)
        return ((tags.map { "WITH \($0.sql) " } ?? "") + total.sql, (tags?.arguments ?? []) + total.arguments)
    }

    /// The count of a filter; with tags alone, of their matches (one row per portfolio).
    private static func countExpression(tagged: Bool, _ query: FeedQuery) -> (sql: String, arguments: StatementArguments) {
        let narrowed = query.maxRate != nil || query.freeOn != nil || query.freeToReuse || !query.hiddenAuthors.isEmpty
        if tagged, !narrowed { return ("SELECT COUNT(*) FROM tagged", []) }
        // Every portfolio less those out of view: SQLite counts a whole table from its
        // smallest index, where a condition would make it read every row.
        if !tagged, !narrowed {
            return ("SELECT (SELECT COUNT(*) FROM portfolio) - (SELECT COUNT(*) FROM \(moderatedOnce))", [])
        }
        let filter = filter(tagged: tagged, query)
        return ("SELECT COUNT(*) FROM portfolio \(filter.map { "WHERE \($0.sql)" } ?? "")", filter?.arguments ?? StatementArguments())
    }
    static func order(_ sort: FeedQuery.Sort) -> String {
        switch sort {
        case .newest: "createdAt DESC, id DESC"
        case .rating: "authorRating DESC, createdAt DESC, id DESC"
        }
    }

    /// The tag matches (`tagged`, from `tagMatches`), the rate, the free day, the licences
    /// and the hidden authors together, or nil when none filters.
    static func filter(tagged: Bool, _ query: FeedQuery) -> (sql: String, arguments: StatementArguments)? {
        let parts = [tagged ? ("id IN tagged", StatementArguments()) : (visible, StatementArguments()), query.maxRate.map(rateFilter),
                     query.freeOn.map(freeFilter), query.freeToReuse ? reuseFilter : nil,
                     query.hiddenAuthors.isEmpty ? nil : authorsLeftOut(query.hiddenAuthors)].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        return (parts.map(\.0).joined(separator: " AND "), parts.dropFirst().reduce(parts[0].1) { $0 + $1.1 })
    }

    /// Public portfolios neither hidden by an operator nor by a suspended author (the tag
    /// matches are made of visible ones already).
    static let visible = "id NOT IN \(moderated)"

    /// The ids of portfolios out of public view: unlisted or private, hidden, or by someone
    /// suspended now. The suspended people are a list the owner index is searched by:
    /// written as a join, the planner (with no statistics, and no suspensions) walked every
    /// portfolio instead.
    static let moderated = "(SELECT portfolioId FROM hiddenPortfolio UNION ALL \(notPublic) UNION ALL \(bySuspended))"

    /// From the partial index of the few portfolios that are not public.
    private static let notPublic = "SELECT id FROM portfolio WHERE visibility <> 'public'"

    private static let bySuspended = """
        SELECT id FROM portfolio WHERE ownerId IN \
        (SELECT userId FROM suspension WHERE until IS NULL OR until > strftime('%Y-%m-%d %H:%M:%f', 'now'))
        """

    /// The same ids, each once (a hidden portfolio may also be a suspended author's).
    static let moderatedOnce = "(SELECT portfolioId FROM hiddenPortfolio UNION \(notPublic) UNION \(bySuspended))"

    /// Portfolios by anyone but these authors (a JSON array bound as one value).
    static func authorsLeftOut(_ hidden: [Int64]) -> (String, StatementArguments) {
        ("ownerId NOT IN (SELECT value FROM json_each(?))", [String(describing: hidden)])
    }

    /// Portfolios with no photo under terms other than Creative Commons: each photo's own
    /// licence, else the portfolio's, else the author's default.
    static let reuseFilter = ("""
        NOT EXISTS (SELECT 1 FROM portfolioPhoto WHERE portfolioPhoto.portfolioId = portfolio.id
          AND COALESCE(portfolioPhoto.licence, portfolio.licence, (SELECT user.licence FROM user WHERE user.id = portfolio.ownerId))
              NOT IN (\(Licence.freeCodes.map { "'\($0)'" }.joined(separator: ", "))))
        """, StatementArguments())

    /// Portfolios whose author is free that day (the day's busy photographers, from the day index).
    static func freeFilter(_ day: CalendarDay) -> (String, StatementArguments) {
        ("ownerId NOT IN (SELECT photographerId FROM busyDay WHERE day = ?)", [day.text])
    }

    /// Portfolios whose author states an hourly rate up to `maxRate` (not "by agreement").
    static func rateFilter(_ maxRate: Int) -> (String, StatementArguments) {
        ("ownerId IN (SELECT id FROM user WHERE priceByAgreement = 0 AND hourlyRate IS NOT NULL AND hourlyRate <= ?)",
         [maxRate])
    }

    /// `tagged(id)`: the portfolios carrying every one of the tags, for a `WITH` clause, so
    /// the page and its count read them once. The first tag's portfolios come from the tag
    /// index in order, each then looked up under the other tags by the primary key: both
    /// reads stay in indexes, and no grouping or sorting of every match is needed.
    static func tagMatches(_ tags: [String]) -> (sql: String, arguments: StatementArguments)? {
        let unique = Set(tags).sorted()
        guard let first = unique.first else { return nil }
        let joins = unique.indices.dropFirst().map { index in
            "JOIN portfolioTag t\(index) ON t\(index).portfolioId = t0.portfolioId AND t\(index).folded = ?"
        }
        let sql = (["tagged(id) AS (SELECT t0.portfolioId FROM portfolioTag t0"] + joins
                   + ["WHERE t0.folded = ? AND t0.portfolioId NOT IN \(moderated))"]).joined(separator: " ")
        return (sql, StatementArguments(Array(unique.dropFirst()) + [first]))
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
