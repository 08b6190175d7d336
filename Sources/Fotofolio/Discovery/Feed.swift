import Foundation

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
    /// Only photographers free that day: no day marked busy, no booking.
    public var freeOn: CalendarDay?
    /// Only portfolios whose every photo is under a Creative Commons licence.
    public var freeToReuse = false
    public var sort: Sort = .newest
    /// Authors whose portfolios are left out: the people the reader blocked.
    public var hiddenAuthors: [Int64] = []
    public var after: FeedCursor?
    public var pageSize = 12
    /// A photographer's first page: the demands matching them, read with the page
    /// (`FeedPage.demands`), so the page makes one read for both.
    public var demands: DemandSearch?

    /// The most tags one filter may hold.
    public static let maximumTags = 10

    public init(tags: [String] = [], maxRate: Int? = nil, freeOn: CalendarDay? = nil, freeToReuse: Bool = false,
                sort: Sort = .newest, after: FeedCursor? = nil) {
        self.tags = tags
        self.maxRate = maxRate
        self.freeOn = freeOn
        self.freeToReuse = freeToReuse
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
    public let authorRating: Double
    public let createdAt: Date
    public let id: Int64

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

    public init(_ portfolio: Portfolio) {
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
    /// The stamps of the demands `FeedQuery.demands` found, newest first.
    public var demands: [DemandStamp] = []

    public init(portfolios: [Portfolio], total: Int, next: FeedCursor?, demands: [DemandStamp] = []) {
        self.portfolios = portfolios
        self.total = total
        self.next = next
        self.demands = demands
    }
}

/// The feed: every portfolio, filtered by tags and sorted, a page at a time.
public struct FeedService: Sendable {
    let store: any FeedStore

    public init(stores: Stores) {
        store = stores.feed
    }

    public func page(_ query: FeedQuery) throws -> FeedPage {
        try store.page(query)
    }

    /// Author, tags and photos of these portfolios, in the same order.
    public func details(of portfolios: [Portfolio]) throws -> [PortfolioDetails] {
        // A page whose cards are all kept asks for none: no read at all.
        guard !portfolios.isEmpty else { return [] }
        return try store.details(of: portfolios)
    }

    /// What search engines may index, a part at a time (`FeedStore.indexablePortfolios`).
    public func indexablePortfolios(offset: Int, limit: Int) throws -> [IndexablePage] {
        try store.indexablePortfolios(offset: offset, limit: limit)
    }

    public func indexablePhotographers(offset: Int, limit: Int) throws -> [IndexablePage] {
        try store.indexablePhotographers(offset: offset, limit: limit)
    }

    public func indexableCounts() throws -> (portfolios: Int, photographers: Int) {
        try store.indexableCounts()
    }
}
