import Foundation
import Fotofolio

/// What the feed keeps between requests, outermost first, and what each layer is found by.
/// Nothing kept is ever invalidated: every key holds all its entry is made from, so a change
/// anywhere (on this node or another) makes another key, and the entry made before is simply
/// no longer asked for. Each layer is bounded and starts again when full.
///
/// 1. **Kept pages** (`KeptFeedPages`, by `PageKey`): a reader's whole page as sent, cut
///    where the CSRF token goes and, for a signed-in reader, their name and unread badge.
/// 2. **The page around the cards** (`KeptBodies`, the renderer's `memo:`, by `BodyKey`
///    with the language and template): the body or fragment with a marker where the cards go.
/// 3. **The splice**: the cards put in at that marker (`PageRenderer.insertion`) with a
///    byte search; it keeps nothing, so it has no key. A photographer's matching demands
///    are read per request and their cards put among the portfolios' here
///    (`FeedPages.interleave`).
/// 4. **Cards** (`FeedCardCache`, by `CardKey`): each card drawn once per portfolio and
///    language, cut where what differs between readers goes.
/// 4b. **Demand cards** (`DemandCardCache`, by its `Key`): each drawn once per demand
///    version, day and language, cut where the reader's CSRF token and address go.
/// 5. **Slider frames** (`SliderFrame`, by its `FrameKey`): the price filter's first frame,
///    by everything it is drawn from.
///
/// The feed is read on every request, and the keys are made from what that read found.
struct FeedCaches: Sendable {
    let pages: KeptFeedPages
    let bodies: KeptBodies<BodyKey>
    let cards: FeedCardCache
    let demands: DemandCardCache

    init(renderer: PageRenderer) {
        pages = KeptFeedPages()
        bodies = KeptBodies()
        cards = FeedCardCache(renderer: renderer)
        demands = DemandCardCache(renderer: renderer)
    }

    /// A card, by the language and its portfolio's version.
    struct CardKey: Hashable, Sendable {
        let language: Language
        let version: CardVersion
    }

    /// A card's portfolio as the feed read found it, by the fields that can change apart:
    /// `updatedAt` stands for every field a save writes (`savedFields`), and the others are
    /// here themselves. `FeedCacheKeyTests` fails on a field of `Portfolio` that is neither,
    /// so a field added to a portfolio (and shown on its card) is never served from a card
    /// drawn before it changed. Numbers, not the texts: hashing and comparing a portfolio's
    /// texts on every request would cost more than the rest of a kept page.
    struct CardVersion: Hashable, Sendable {
        let id: Int64
        /// Moved by every save of the portfolio, its photos, their framing and its tags (the
        /// stores' promise), and by moderation hiding one of its photos.
        let updatedAt: Date
        /// Written when the author is rated, without a save.
        let authorRating: Double

        init(_ portfolio: Portfolio) {
            id = portfolio.storedId
            updatedAt = portfolio.updatedAt
            authorRating = portfolio.authorRating
        }

        /// The fields of `Portfolio` only a save writes, so `updatedAt` moves with them.
        static let savedFields: Set<String> = [
            "ownerId", "name", "description", "hidesShotDetails", "coverPhotoId", "createdAt", "visibility", "licence",
        ]
    }

    /// The page around the cards, besides the language and the template.
    struct BodyKey: Hashable, Sendable {
        /// The filter, the sort and where the page starts, as the canonical address writes them.
        let address: String
        let total: Int
        /// Where the next page starts, as its address writes it.
        let next: String?
        /// What was wrong with the address and ignored.
        let problems: [String]
        /// The first day the free-on field offers.
        let today: CalendarDay
        /// The reader is a photographer: the filter offers demands.
        var demands = false
    }

    /// A page as sent, but for the CSRF token and a signed-in reader's name and badge.
    struct PageKey: Hashable, Sendable {
        let language: Language
        let fragment: FeedFragment?
        /// The address as the reader wrote it: the language switch and the log-in link return to it.
        let returnTo: String
        let body: BodyKey
        /// The cards' versions, in page order.
        let cards: [CardVersion]
        /// The cards in the reader's selection, in page order.
        let selected: [Int64]
        /// A signed-in reader's page has their name and badge in its layout.
        let signedIn: Bool
        /// The demands among the cards (a photographer's), by version, in page order.
        let demands: [DemandStamp]
    }
}

/// The part of the feed a script asks for (`X-Fragment`), instead of the whole page.
enum FeedFragment: String, Sendable {
    /// The results: count, cards and "load more" (a new filter).
    case results
    /// The next cards and "load more" (scrolling on).
    case page
}
