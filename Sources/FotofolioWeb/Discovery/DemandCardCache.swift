import Fotofolio
import Foundation
import HTTPServer
import Synchronization

/// The demand cards of a photographer's feed, drawn once per demand version, day and
/// language, then filled per request with what differs between readers: the CSRF token and
/// the return address of the "Don't show" form. Every photographer shown a demand in their
/// feed sees the same card: it is open, they have not answered it, and it never names its
/// client. Drawing the cards through the templates was most of what demands added to a
/// photographer's first page (`bench/demands.sh`).
final class DemandCardCache: Sendable {
    enum Slot: String, Sendable {
        case csrf, returnTo
    }

    struct Key: Hashable, Sendable {
        let language: Language
        /// The state and the words of the dates are the day's.
        let today: CalendarDay
        /// The demand as the search found it; `DemandCardCacheTests` fails on a field of
        /// `Demand` that is neither in it, nor among `editedFields` (which move `editedAt`),
        /// nor among `notOpenFields`, so a field added to a demand (and shown on its card) is
        /// never served from a card drawn before it changed.
        let stamp: DemandStamp
    }

    /// The fields of `Demand` only its client's post or edit writes, so `editedAt` (or, before
    /// any edit, `createdAt`) moves with them.
    static let editedFields: Set<String> = [
        "clientId", "tags", "firstDay", "lastDay", "town", "hours", "budget", "description", "openUntil", "photos",
    ]
    /// Set on a demand that is no longer open, which no feed shows (the search leaves it out).
    static let notOpenFields: Set<String> = ["closedAt", "bookingId", "hiddenAt"]

    private let renderer: PageRenderer
    private let cards = Mutex<[Key: CutText<Slot>]>([:])
    /// Past this many cards the cache starts again, which bounds its memory.
    private let capacity: Int

    init(renderer: PageRenderer, capacity: Int = 2000) {
        self.renderer = renderer
        self.capacity = capacity
    }

    /// The cards' HTML for this reader, in the stamps' order; `load` reads the demands whose
    /// cards are not kept yet. `returnTo`: the feed's address the "Don't show" form comes back to.
    func cards(_ stamps: [DemandStamp], load: ([Int64]) throws -> [Demand], returnTo: String, csrf: String, request: Request,
               today: CalendarDay = .today()) throws -> [String] {
        guard !stamps.isEmpty else { return [] }
        let table = renderer.strings(for: request)
        let keys = stamps.map { Key(language: table.language, today: today, stamp: $0) }
        var found = cards.withLock { cards in keys.map { cards[$0] } }
        let missing = zip(stamps, found).filter { $0.1 == nil }.map(\.0.id)
        if !missing.isEmpty {
            // Kept under the stamp the search found, which the next request looks up.
            let loaded = Dictionary(try load(missing).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for index in found.indices where found[index] == nil {
                guard let demand = loaded[stamps[index].id] else { continue }
                found[index] = try cut(demand, as: keys[index], table: table, request: request)
            }
        }
        let values: [Slot: String] = [.csrf: HTMLText.escape(csrf), .returnTo: HTMLText.escape(returnTo)]
        return found.compactMap { $0?.fill { values[$0] ?? "" } }
    }

    private func cut(_ demand: Demand, as key: Key, table: StringTable, request: Request) throws -> CutText<Slot> {
        let card = try CutText<Slot>(try renderer.fragmentText("partials/feed-demand", of: .feed, for: request,
                                                              content: Self.markedModel(demand, table: table)),
                                     of: "The feed's demand card")
        cards.withLock { cards in
            if cards.count >= capacity { cards.removeAll(keepingCapacity: true) }
            cards[key] = card
        }
        return card
    }

    /// The card's model with markers for what differs between readers.
    static func markedModel(_ demand: Demand, table: StringTable) -> DemandView {
        let mark = CutText<Slot>.marker
        return DemandView(demand, actions: [
            .init(label: table.string("demands.actions.answer"), href: "\(DemandPages.path(demand.id))/offer", primary: true, key: "answer"),
            .init(label: table.string("demands.actions.open"), href: DemandPages.path(demand.id), primary: false, key: "open"),
        ], hide: .init(action: "\(DemandPages.path(demand.id))/hide", csrf: mark(.csrf), returnTo: mark(.returnTo)),
        text: ShootText(table: table))
    }
}
