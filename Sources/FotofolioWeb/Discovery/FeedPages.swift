import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// The feed (`/`): every portfolio as a card, filtered by tags and sorted, twelve at a
/// time. The state is in the URL; scripts ask for the results (`X-Fragment: results`) or
/// the next cards (`X-Fragment: page`) of the same URL.
struct FeedPages {
    let renderer: PageRenderer
    let feed: FeedService
    let selection: SelectionService
    let blocking: Blocking
    let moderation: Moderation
    let caches: FeedCaches
    let demands: Demands
    /// The page writes nothing: its reads (the session, blocked people, the page with a
    /// photographer's demands, the cards not kept, the bookmarks, the unread badge) are one
    /// read, begun before the session is read (`RouteOptions.readsOnly`, `PageReads`).
    let reads: any ReadScope

    func register(in router: inout Router) {
        router.publicPage("/", options: RouteOptions(readsOnly: true)) { request in try reads.reading { try show(request) } }
    }

    private func show(_ request: Request) throws -> Response {
        let today = CalendarDay.today(at: request.now)
        var address = FeedAddress(request.query, today: today)
        // Demands are a photographer's: anyone else's "demands only" is the feed.
        let photographer = request.signedIn.flatMap { $0.user.role == .creator ? $0 : nil }
        if photographer == nil { address.demandsOnly = false }
        var matched: (demands: [Demand], total: Int) = ([], 0)
        if let photographer, address.demandsOnly {
            matched = try demands.matching(for: photographer.userId, limit: Demands.listPage)
        }
        var query = address.query
        query.hiddenAuthors = try blocking.hiddenAuthors(for: request.signedIn?.userId)
        // The first page shows a few demands and no count, found in the page's own read: the
        // search stops there, and a demand is read whole only for a card not kept yet.
        if let photographer, address.after == nil { query.demands = Demands.feedSearch(for: photographer.user) }
        let page = address.demandsOnly ? FeedPage(portfolios: [], total: matched.total, next: nil, demands: matched.demands.map(\.stamp))
            : try feed.page(query)
        let selected = try SelectedPortfolios.of(request, selection)
        // Around the cards, the page depends only on the address, what the query found, the
        // day (the first day the free-on field offers) and whether the reader takes demands.
        var body = FeedCaches.BodyKey(address: address.url(after: address.after), total: page.total,
                                      next: page.next?.text(for: address.sort), problems: address.problems, today: today)
        body.demands = photographer != nil
        let fragment = request.fragment(of: FeedFragment.self)
        let make = { (request: Request) in
            try respond(to: request, page: page, address: address, selected: selected, today: today, body: body, fragment: fragment,
                        demands: page.demands, read: matched.demands)
        }
        // A page is the same for every reader of what this read found, but for the CSRF token
        // and a signed-in reader's name and badge: kept whole (`KeptFeedPages`).
        let key = FeedCaches.PageKey(
            language: Language.preferred(by: request), fragment: fragment, returnTo: ReturnPath.of(request), body: body,
            cards: page.portfolios.map(FeedCaches.CardVersion.init), selected: page.portfolios.map(\.storedId).filter(selected.contains),
            signedIn: request.signedIn != nil, demands: page.demands)
        let values = keptValues(for: request, fragment: fragment)
        if let kept = caches.pages.response(for: key, values: values) { return kept }
        var marked = request
        marked.context[CSRFTokenKey.self] = CSRFTokenSource(known: caches.pages.marker)
        marked.context[ShellMarksKey.self] = [.username: caches.pages.marks[.username]!, .unreadBadge: caches.pages.marks[.unreadBadge]!,
                                              .liveAfter: caches.pages.marks[.liveAfter]!]
        return try caches.pages.keep(try make(marked), for: key, values: values) ?? make(request)
    }

    /// What this reader's page puts where a kept page was cut; a fragment has no layout, so
    /// it needs only the token.
    private func keptValues(for request: Request, fragment: FeedFragment?) -> KeptFeedPages.Values {
        var values = KeptFeedPages.Values(csrf: HTMLText.escape(request.csrfToken))
        guard fragment == nil, request.signedIn != nil else { return values }
        let reader = renderer.readerValues(for: request, table: renderer.strings(for: request))
        values.username = HTMLText.escape(reader.username)
        values.unreadBadge = reader.unreadBadge
        values.liveAfter = String(reader.liveAfter)
        return values
    }

    private func respond(to request: Request, page: FeedPage, address: FeedAddress, selected: Set<Int64>, today: CalendarDay,
                         body: FeedCaches.BodyKey, fragment: FeedFragment?, demands: [DemandStamp] = [], read: [Demand] = [])
        throws -> Response {
        let cards = try caches.cards.cards(page.portfolios, address: address, selected: selected, csrf: request.csrfToken,
                                           request: request,
                                           load: { [feed, moderation] in try moderation.withoutHiddenPhotos(try feed.details(of: $0)) })
        let html = Self.interleave(try demandCards(demands, read: read, address: address, request: request), among: cards).joined()
        // The page's model is made only when the page around the cards is not kept yet.
        let content = { model(page, address: address, today: today, request: request, demands: body.demands) }
        let memo = caches.bodies.memo(body)
        switch fragment {
        case .results:
            return try renderer.fragment("partials/feed-results", of: .feed, for: request, inserting: html, memo: memo, making: content)
        case .page:
            return try renderer.fragment("partials/feed-page", of: .feed, for: request, inserting: html, memo: memo, making: content)
        case nil:
            return try renderer.render(.feed, for: request, head: Self.head(request, table: renderer.strings(for: request)),
                                       inserting: html, memo: memo, making: content)
        }
    }

    /// Whatever the filter, the feed stands for itself where its address is pasted or found.
    static func head(_ request: Request, table: StringTable) -> SocialMeta {
        SocialMeta(request, path: "/", type: "website", title: "\(table.string("app.name")) – \(table.string("app.tagline"))",
                   description: table.string("app.description"))
    }

    /// The filter sheet's peek bar on phones: "12 portfolií · svatba, praha · do 1 500 Kč/h".
    private func summary(_ address: FeedAddress, count: String, rate: String, table: StringTable) -> String {
        var parts = [count]
        if !address.tags.isEmpty { parts.append(address.tags.map(\.label).joined(separator: ", ")) }
        if address.maxRate != nil { parts.append(table.string("feed.upTo").replacingOccurrences(of: "{rate}", with: rate)) }
        if let day = address.freeOn {
            parts.append(table.string("feed.freeOnSummary").replacingOccurrences(of: "{day}", with: ShootText(table: table).shortDay(day)))
        }
        if address.freeToReuse { parts.append(table.string("licence.freeToReuseSummary")) }
        return parts.joined(separator: " · ")
    }

    private func model(_ page: FeedPage, address: FeedAddress, today: CalendarDay, request: Request, demands: Bool) -> FeedPageModel {
        let table = renderer.strings(for: request)
        let filtered = !address.tags.isEmpty || address.maxRate != nil || address.freeOn != nil || address.freeToReuse || address.demandsOnly
        let language: SliderLanguage = table.language == .cs ? .czech : .english
        let rate = HourlyRateField(name: "maxRate", text: address.maxRate.map(String.init) ?? "")
        let count = table.plural(address.demandsOnly ? "demands.count" : "portfolioCount", count: page.total)
        return FeedPageModel(
            csrf: request.csrfToken, cardsHTML: PageRenderer.insertion, count: count,
            summary: summary(address, count: count, rate: rate.field.readout(language), table: table),
            rate: rate.view(label: table.string("feed.maxRate"), hint: table.string("feed.maxRateHint"),
                            notGiven: table.string("feed.anyRate"), language: language),
            freeOn: address.freeOn?.text ?? "", freeToReuse: address.freeToReuse, today: today.text,
            filtered: filtered, tagsValue: address.tags.map(\.label).joined(separator: " "),
            sortNewest: address.sort == .newest, sortRating: address.sort == .rating,
            activeTags: address.tags.map { tag in
                let without = address.removing(tag)
                return .init(label: tag.label, href: without.url(in: table.language), filterTags: without.tagsAttribute)
            },
            clearURL: address.cleared.url(in: table.language),
            emptyState: page.portfolios.isEmpty && !(address.demandsOnly && page.total > 0)
                ? emptyState(filtered: filtered, address: address, language: table.language).model(table) : nil,
            errorState: ContentState(.error, "feedFailed", icon: "alert", action: .init(href: address.url(in: table.language), name: "retry")).model(table),
            problems: address.problems.map { table.string($0) },
            moreURL: page.next.map { address.url(after: $0, in: table.language) },
            refreshURL: address.url(in: table.language), isNextPage: address.after != nil, maxTags: FeedQuery.maximumTags,
            demands: demands, demandsOnly: address.demandsOnly)
    }

    /// The matching demands' cards: in the feed's own list, each marked as a demand. `read`:
    /// the demands already read whole, if any; the others are read for cards not kept yet.
    private func demandCards(_ stamps: [DemandStamp], read: [Demand], address: FeedAddress, request: Request) throws -> [String] {
        let known = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try caches.demands.cards(stamps, load: { [demands] ids in
            ids.allSatisfy { known[$0] != nil } ? ids.compactMap { known[$0] } : try demands.demands(ids: ids)
        }, returnTo: address.url(in: renderer.strings(for: request).language), csrf: request.csrfToken, request: request)
    }

    /// Demands among the portfolios' cards: the first after the second card, then after every
    /// fifth; those left over after the last.
    static func interleave(_ demands: [String], among cards: [String]) -> [String] {
        guard !demands.isEmpty else { return cards }
        var result: [String] = []
        var left = demands[...]
        for (index, card) in cards.enumerated() {
            result.append(card)
            if index % 5 == 1, let next = left.popFirst() { result.append(next) }
        }
        return result + left
    }
}

extension FeedPages {
    /// A filter that matches nothing is cleared in place; an empty feed points to people search.
    private func emptyState(filtered: Bool, address: FeedAddress, language: Language) -> ContentState {
        if address.demandsOnly {
            return ContentState(.empty, "demandsNoMatch", icon: "filter", action: .init(href: LanguageAddress.path("/demands", in: language), name: "demands"))
        }
        return filtered
            ? ContentState(.empty, "feedNoMatch", icon: "filter", action: .init(href: address.cleared.url(in: language), name: "clear-filters"))
            : ContentState(.empty, "feedEmpty", icon: "feed", action: .init(href: LanguageAddress.path("/search", in: language), name: "browse"))
    }
}

/// Which portfolios the reader has in their selection: the account's, or a guest's cookie.
enum SelectedPortfolios {
    static func of(_ request: Request, _ selection: SelectionService) throws -> Set<Int64> {
        if let signedIn = request.signedIn { return try selection.portfolioIds(for: signedIn.userId) }
        return Set(GuestSelection.ids(in: request))
    }
}
