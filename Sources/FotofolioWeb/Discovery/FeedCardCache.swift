import Fotofolio
import HTTPServer
import Synchronization

/// Feed cards rendered once per portfolio version and language, then filled per request
/// with what differs between readers: the CSRF token, whether the card is in the reader's
/// selection, and the current filter its tag links add to. Rendering a card's photos
/// (`srcset`s of every size and format) is most of a feed page's cost; a card is found by
/// its portfolio's version (`FeedCaches.CardVersion`), which any change to it moves.
final class FeedCardCache: Sendable {
    enum Slot: String, Sendable {
        case csrf, pressed, label, returnTo, filterQuery, sortQuery, filterTags
    }

    private let renderer: PageRenderer
    private let cards = Mutex<[FeedCaches.CardKey: CutText<Slot>]>([:])
    /// Past this many cards the cache starts again, which bounds its memory.
    private let capacity: Int

    init(renderer: PageRenderer, capacity: Int = 4000) {
        self.renderer = renderer
        self.capacity = capacity
    }

    /// The cards' HTML for this reader. `load` fetches the details (photos, tags) of the
    /// portfolios whose cards are not cached yet.
    func html(_ portfolios: [Portfolio], address: FeedAddress, selected: Set<Int64>, csrf: String, request: Request,
              load: ([Portfolio]) throws -> [PortfolioDetails]) throws -> String {
        try cards(portfolios, address: address, selected: selected, csrf: csrf, request: request, load: load).joined()
    }

    /// The same, a card at a time (a photographer's feed puts demands among them).
    func cards(_ portfolios: [Portfolio], address: FeedAddress, selected: Set<Int64>, csrf: String, request: Request,
               load: ([Portfolio]) throws -> [PortfolioDetails]) throws -> [String] {
        let table = renderer.strings(for: request)
        let filterQuery = address.tags.map { QueryItems.escape($0.label) + "," }.joined()
        let values: [Slot: String] = [
            .csrf: HTMLText.escape(csrf), .returnTo: HTMLText.escape(address.url(in: table.language)),
            .filterQuery: HTMLText.escape(filterQuery),
            .sortQuery: address.sort == .newest ? "" : HTMLText.escape("&sort=\(address.sort.rawValue)"),
            .filterTags: HTMLText.escape(address.tags.map { $0.label + " " }.joined()),
        ]
        let cached = cards.withLock { cards in portfolios.map { cards[Self.key($0, table.language)] } }
        let missing = zip(portfolios, cached).filter { $0.1 == nil }.map(\.0)
        var rendered: [Int64: CutText<Slot>] = [:]
        // Kept under the portfolio the feed read found, which the next request looks up.
        let asked = Dictionary(missing.map { ($0.storedId, $0) }, uniquingKeysWith: { first, _ in first })
        for details in try load(missing) {
            let id = details.portfolio.storedId
            let key = Self.key(asked[id] ?? details.portfolio, table.language)
            rendered[id] = try cut(details, as: key, table: table, request: request)
        }
        var html: [String] = []
        for (portfolio, card) in zip(portfolios, cached) {
            guard let card = card ?? rendered[portfolio.storedId] else { continue }
            let isSelected = selected.contains(portfolio.storedId)
            html.append(card.fill { slot in
                switch slot {
                case .pressed: isSelected ? "true" : "false"
                case .label: HTMLText.escape(table.string(isSelected ? "selection.remove" : "selection.add"))
                default: values[slot] ?? ""
                }
            })
        }
        return html
    }

    private static func key(_ portfolio: Portfolio, _ language: Language) -> FeedCaches.CardKey {
        FeedCaches.CardKey(language: language, version: FeedCaches.CardVersion(portfolio))
    }

    private func cut(_ details: PortfolioDetails, as key: FeedCaches.CardKey, table: StringTable,
                     request: Request) throws -> CutText<Slot> {
        let card = try CutText<Slot>(try renderer.fragmentText("partials/feed-card", of: .feed, for: request,
                                                              content: Self.markedModel(details, table: table)),
                                     of: "The feed card")
        cards.withLock { cards in
            if cards.count >= capacity { cards.removeAll(keepingCapacity: true) }
            cards[key] = card
        }
        return card
    }

    /// The card's model with markers for everything that differs between readers.
    private static func markedModel(_ details: PortfolioDetails, table: StringTable) -> FeedCard {
        var card = PortfolioCards(table: table, address: FeedAddress(), selected: [], csrf: "").card(details)
        let mark = CutText<Slot>.marker
        card.pressed = mark(.pressed)
        card.bookmarkLabel = mark(.label)
        card.returnTo = mark(.returnTo) + "#portfolio-\(details.portfolio.storedId)"
        card.csrf = mark(.csrf)
        // Tag links add their tag to whatever the reader filters by now (a repeated tag is
        // dropped when the address is read).
        card.tagLinks = details.tags.map { tag in
            .init(label: tag.label, href: LanguageAddress.prefix(table.language) + "/?tags=" + mark(.filterQuery) + QueryItems.escape(tag.label) + mark(.sortQuery),
                  filterTags: mark(.filterTags) + tag.label)
        }
        return card
    }
}
