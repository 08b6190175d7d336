import Foundation
import GRDB

/// What the feed is asked for: tags every portfolio must have, an order, and where the
/// previous page ended.
public struct FeedQuery: Sendable, Equatable {
    public enum Sort: String, Sendable, CaseIterable {
        case newest
        /// The author's average rating, best first; ties newest first.
        case rating
    }

    /// Folded tags (`Tag.fold`); a portfolio must have all of them.
    public var tags: [String] = []
    /// The most a client wants to pay an hour: only creators who state a rate up to it.
    public var maxRate: Int?
    public var sort: Sort = .newest
    public var after: FeedCursor?
    public var pageSize = 12

    /// The most tags one filter may hold.
    public static let maximumTags = 10

    public init(tags: [String] = [], maxRate: Int? = nil, sort: Sort = .newest, after: FeedCursor? = nil) {
        self.tags = tags
        self.maxRate = maxRate
        self.sort = sort
        self.after = after
    }
}

/// Where a page of the feed ended: the sort key of its last portfolio. Pages keyed this way
/// stay put while new portfolios arrive (they sort before the cursor). As text:
/// "1732233600123-57" (newest) or "4500-1732233600123-57" (rating × 1000 first).
///
/// The text comes from addresses anyone can type, so every number is bounded: a rating
/// between 0 and 5, a time between 1970 and the year 9999 (in milliseconds), a positive id.
/// Anything else is not a cursor.
public struct FeedCursor: Sendable, Equatable {
    let authorRating: Double
    let createdAt: Date
    let id: Int64

    static let ratingThousandths: ClosedRange<Int64> = 0...5_000
    static let milliseconds: ClosedRange<Int64> = 0...253_402_300_799_999 // up to 9999-12-31

    public init?(_ text: String, sort: FeedQuery.Sort) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == (sort == .rating ? 3 : 2) else { return nil }
        var numbers: [Int64] = []
        for part in parts {
            // Digits only: Int64("+5") would take a sign the canonical text never has.
            guard !part.isEmpty, part.utf8.count <= 19, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let number = Int64(part) else { return nil }
            numbers.append(number)
        }
        let (time, id) = (numbers[numbers.count - 2], numbers[numbers.count - 1])
        guard Self.milliseconds.contains(time), id > 0 else { return nil }
        if sort == .rating {
            guard Self.ratingThousandths.contains(numbers[0]) else { return nil }
            authorRating = Double(numbers[0]) / 1000
        } else {
            authorRating = 0
        }
        createdAt = Date(timeIntervalSince1970: Double(time) / 1000)
        self.id = id
    }

    init(_ portfolio: Portfolio) {
        authorRating = portfolio.authorRating
        createdAt = portfolio.createdAt
        id = portfolio.id!
    }

    public func text(for sort: FeedQuery.Sort) -> String {
        let time = "\(Self.thousandths(createdAt.timeIntervalSince1970, within: Self.milliseconds))-\(id)"
        guard sort == .rating else { return time }
        return "\(Self.thousandths(authorRating, within: Self.ratingThousandths))-\(time)"
    }

    /// `value` × 1000 as a whole number, held to `bounds` (a value from the database is
    /// always inside them; this keeps the conversion from trapping if one ever is not).
    private static func thousandths(_ value: Double, within bounds: ClosedRange<Int64>) -> Int64 {
        let scaled = (value * 1000).rounded()
        guard scaled.isFinite else { return bounds.lowerBound }
        if scaled <= Double(bounds.lowerBound) { return bounds.lowerBound }
        if scaled >= Double(bounds.upperBound) { return bounds.upperBound }
        return Int64(scaled)
    }
}

/// One page of the feed: the portfolios themselves, without their photos and tags, which
/// `FeedService.details(of:)` loads for the cards that need rendering.
public struct FeedPage: Sendable {
    public let portfolios: [Portfolio]
    /// How many portfolios match the filter in all.
    public let total: Int
    /// Where the next page starts; nil on the last page.
    public let next: FeedCursor?
}

/// The feed: every portfolio, filtered by tags and sorted, a page at a time.
public struct FeedService: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func page(_ query: FeedQuery) throws -> FeedPage {
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
            let rows = try Portfolio.fetchAll(db, sql: """
                SELECT * FROM portfolio \(whereClause) ORDER BY \(FeedSQL.order(query.sort)) LIMIT \(query.pageSize + 1)
                """, arguments: arguments)
            let shown = Array(rows.prefix(query.pageSize))
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM portfolio \(filter.map { "WHERE \($0.sql)" } ?? "")",
                                         arguments: filter?.arguments ?? StatementArguments()) ?? 0
            return FeedPage(portfolios: shown, total: total,
                            next: rows.count > query.pageSize ? shown.last.map(FeedCursor.init) : nil)
        }
    }
}

extension FeedService {
    /// Author, tags and photos of these portfolios, in the same order.
    public func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
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
