import Foundation
import Fotofolio
import Postgres

/// The feed read from `portfolio`, filtered through `portfolio_tag`, `account`, `busy_day`
/// and `portfolio_photo`, in the SQLite store's order and with its cursors: the author's
/// rating (for `.rating`), then `created_at` (to the millisecond) and `id`, all descending.
struct PostgresFeedStore: FeedStore {
    let pool: PostgresPool

    /// One statement, so one snapshot: the count and the page agree without a transaction,
    /// and the page costs one round trip to the database instead of four (begin, count,
    /// page, commit). Only a page past the end (no rows after the cursor) counts apart.
    func page(_ query: FeedQuery) throws -> FeedPage {
        try pool.withConnection { connection in
            let filter = FeedFilter(tags: query.tags, maxRate: query.maxRate, freeOn: query.freeOn,
                                    freeToReuse: query.freeToReuse, hiding: query.hiddenAuthors)
            var page = filter
            if let after = query.after { page.add(after, sort: query.sort) }
            let rows = try connection.query("""
                \(filter.withClause)SELECT \(PostgresPortfolioReading.columns), (\(filter.count)) AS total
                FROM portfolio \(page.whereClause) ORDER BY \(Self.order(query.sort)) LIMIT \(max(0, query.pageSize) + 1)
                """, page.parameters)
            let portfolios = try rows.map { try $0.record(Portfolio.self) }
            let total = try rows.first.map { try $0.decode("total", as: Int.self) }
                ?? (query.after == nil ? 0 : try connection.query(filter.withClause + filter.count,
                                                                    filter.parameters)[0].decode(0, as: Int.self))
            let shown = Array(portfolios.prefix(query.pageSize))
            // A photographer's demands: one statement more on the same connection.
            let demands = try query.demands.map { try PostgresDemandStore.matchingStamps($0, at: Date(), connection) } ?? []
            return FeedPage(portfolios: shown, total: total,
                            next: portfolios.count > query.pageSize ? shown.last.map(FeedCursor.init) : nil, demands: demands)
        }
    }

    func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
        try pool.transaction(.repeatableRead) { connection in try PostgresPortfolioReading.details(of: portfolios, connection) }
    }

    static func order(_ sort: FeedQuery.Sort) -> String {
        switch sort {
        case .newest: "created_at DESC, id DESC"
        case .rating: "author_rating DESC, created_at DESC, id DESC"
        }
    }
}

/// The conditions of a feed query and their parameters, numbered as they are added.
struct FeedFilter {
    private(set) var conditions: [String] = []
    private(set) var parameters: [any PostgresEncodable] = []
    /// `WITH tagged(id) AS (…) `: the portfolios carrying every one of the tags, which the
    /// page and its count both read (PostgreSQL works out a `WITH` used twice once). The
    /// first tag's portfolios come from the tag index, each then looked up under the other
    /// tags by the primary key, as on SQLite. Empty without tags.
    private(set) var withClause = ""
    private var tagsOnly = false
    private var narrowed = false

    init(tags: [String], maxRate: Int?, freeOn: CalendarDay? = nil, freeToReuse: Bool = false, hiding hidden: [Int64]) {
        let unique = Set(tags).sorted()
        if let first = unique.first {
            let joins = unique.indices.dropFirst().map { index in
                "JOIN portfolio_tag t\(index) ON t\(index).portfolio_id = t0.portfolio_id AND t\(index).folded = $\(index)::text "
            }
            withClause = "WITH tagged(id) AS (SELECT t0.portfolio_id FROM portfolio_tag t0 \(joins.joined())"
                + "WHERE t0.folded = $\(unique.count)::text AND t0.portfolio_id NOT IN \(Self.moderated)) "
            parameters = Array(unique.dropFirst()) + [first]
            conditions.append("id IN (SELECT id FROM tagged)")
            tagsOnly = maxRate == nil && freeOn == nil && !freeToReuse && hidden.isEmpty
        } else {
            conditions.append("id NOT IN \(Self.moderated)")
        }
        if let maxRate {
            // Authors who state an hourly rate up to it (not "by agreement").
            add("owner_id IN (SELECT id FROM account WHERE NOT price_by_agreement AND hourly_rate IS NOT NULL "
                + "AND hourly_rate <= $\(next)::bigint)", [maxRate])
        }
        if let freeOn {
            // Authors free that day (the day's busy photographers, from the day index).
            add("owner_id NOT IN (SELECT photographer_id FROM busy_day WHERE day = $\(next)::text)", [freeOn.text])
        }
        narrowed = maxRate != nil || freeOn != nil || freeToReuse || !hidden.isEmpty
        if freeToReuse {
            // No photo under terms other than Creative Commons: each photo's own licence,
            // else the portfolio's, else the author's default.
            conditions.append(Self.reuseFilter)
        }
        if !hidden.isEmpty {
            // The reader's blocks.
            add("owner_id <> ALL($\(next)::bigint[])", [IdList(hidden)])
        }
    }

    /// The ids of portfolios out of public view: unlisted or private (from the partial index
    /// of the few that are not public), hidden by an operator, or by someone suspended now.
    static let moderated = "(SELECT portfolio_id FROM hidden_portfolio "
        + "UNION ALL SELECT id FROM portfolio WHERE visibility <> 'public' "
        + "UNION ALL SELECT portfolio.id FROM suspension "
        + "JOIN portfolio ON portfolio.owner_id = suspension.user_id WHERE suspension.until IS NULL OR suspension.until > now())"

    /// The same ids, each once (a hidden portfolio may also be a suspended author's).
    static let moderatedOnce = "(SELECT portfolio_id FROM hidden_portfolio "
        + "UNION SELECT id FROM portfolio WHERE visibility <> 'public' "
        + "UNION SELECT portfolio.id FROM suspension "
        + "JOIN portfolio ON portfolio.owner_id = suspension.user_id WHERE suspension.until IS NULL OR suspension.until > now())"

    /// Portfolios with no photo whose effective licence is not free to reuse. The codes are
    /// `Licence.freeCodes`, constants of the program rather than parameters.
    static let reuseFilter = """
        NOT EXISTS (SELECT 1 FROM portfolio_photo WHERE portfolio_photo.portfolio_id = portfolio.id \
        AND COALESCE(portfolio_photo.licence, portfolio.licence, \
        (SELECT account.licence FROM account WHERE account.id = portfolio.owner_id)) \
        NOT IN (\(Licence.freeCodes.map { "'\($0)'" }.joined(separator: ", "))))
        """

    var whereClause: String { conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") }

    /// How many portfolios the filter matches; with tags alone, the matches themselves (one
    /// row per portfolio). With no filter, every portfolio less the few out of view, as on
    /// SQLite: counting the table unfiltered costs a third less than asking each row
    /// whether it is among them.
    var count: String {
        if tagsOnly { return "SELECT count(*) FROM tagged" }
        if withClause.isEmpty, !narrowed { return "SELECT (SELECT count(*) FROM portfolio) - (SELECT count(*) FROM \(Self.moderatedOnce) once)" }
        return "SELECT count(*) FROM portfolio \(whereClause)"
    }

    private var next: Int { parameters.count + 1 }

    mutating func add(_ cursor: FeedCursor, sort: FeedQuery.Sort) {
        let first = next
        switch sort {
        case .newest:
            add("(created_at, id) < ($\(first)::timestamptz, $\(first + 1)::bigint)", [cursor.createdAt.stored, cursor.id])
        case .rating:
            add("(author_rating, created_at, id) < ($\(first)::double precision, $\(first + 1)::timestamptz, $\(first + 2)::bigint)",
                [cursor.authorRating, cursor.createdAt.stored, cursor.id])
        }
    }

    private mutating func add(_ condition: String, _ values: [any PostgresEncodable]) {
        conditions.append(condition)
        parameters += values
    }
}
