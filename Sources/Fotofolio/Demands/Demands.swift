import Foundation
import Synchronization

/// Demands the other way round from requests: a client says once what they need, every
/// photographer it matches sees it in their feed and may answer with an offer, and the client
/// compares the offers and books one (`BookingStore.accept`), which closes the demand.
public struct Demands: Sendable {
    let store: any DemandStore
    let limits: SpamLimits

    public static let descriptionLimit = TextLimit(characters: 4000, bytes: 16 * 1024)
    /// The most days ahead a demand may welcome offers.
    public static let longestOpen = 60
    /// Demands a photographer's feed shows on its first page among the portfolios.
    public static let feedSlots = 3
    /// Demands a page of "demands only" shows.
    public static let listPage = 50

    public init(stores: Stores, limits: SpamLimits = .standard) {
        store = stores.demands
        self.limits = limits
    }

    /// A town as matching compares it: trimmed, folded as tags are ("Plzeň" → "plzen").
    /// Kept by the text once made: Foundation's trimming and folding cost a photographer's
    /// feed page more than its matching statement, for a handful of towns.
    public static func townKey(_ town: String) -> String {
        if let key = townKeys.withLock({ $0[town] }) { return key }
        let key = Tag.fold(town.trimmingCharacters(in: .whitespacesAndNewlines))
        townKeys.withLock { keys in
            if keys.count >= keptTownKeys { keys.removeAll(keepingCapacity: true) }
            keys[town] = key
        }
        return key
    }

    private static let townKeys = Mutex<[String: String]>([:])
    static let keptTownKeys = 4096

    /// `uuid`: the form's, so sending it twice posts once.
    @discardableResult
    public func post(_ form: DemandForm, uuid: String, by clientId: Int64, at date: Date = Date()) throws -> Demand {
        let draft = try form.validated(today: CalendarDay(date))
        return try store.post(draft, uuid: try MessageText.validatedUUID(uuid), by: clientId, limits: limits, at: date)
    }

    @discardableResult
    public func edit(_ demandId: Int64, _ form: DemandForm, by clientId: Int64, at date: Date = Date()) throws -> Demand {
        try store.edit(demandId, to: try form.validated(today: CalendarDay(date)), by: clientId, at: date)
    }

    /// `text`: the client's message to each photographer whose answer the closing withdraws.
    @discardableResult
    public func close(_ demandId: Int64, text: String, by clientId: Int64, at date: Date = Date()) throws -> Demand {
        try store.close(demandId, text: try MessageText.validated(text), by: clientId, at: date)
    }

    public func hide(_ demandId: Int64, for photographerId: Int64, at date: Date = Date()) throws {
        try store.hide(demandId, for: photographerId, at: date)
    }

    public func demand(_ demandId: Int64, for viewerId: Int64, at date: Date = Date()) throws -> DemandWithOffers? {
        try store.demand(demandId, for: viewerId, at: date)
    }

    public func demands(of clientId: Int64) throws -> [DemandWithOffers] {
        try store.demands(of: clientId)
    }

    /// `counting`: `total` is how many match in all (the "demands only" page says it);
    /// without it the search stops at `limit` (the feed shows a few and no count).
    public func matching(for photographerId: Int64, limit: Int, counting: Bool = true, at date: Date = Date()) throws
        -> (demands: [Demand], total: Int) {
        try store.matching(for: photographerId, limit: limit, counting: counting, at: date)
    }

    /// The search for the first `limit` demands matching the photographer as their session
    /// read them, which the feed's first page makes in its own read (`FeedQuery.demands`);
    /// nil for anyone who is not a photographer.
    public static func feedSearch(for photographer: User, limit: Int = feedSlots) -> DemandSearch? {
        guard photographer.role == .creator, let id = photographer.id else { return nil }
        return DemandSearch(photographerId: id, town: townKey(photographer.location), limit: limit)
    }

    /// The stamps that search finds, read on their own, without a count.
    public func matchingStamps(for photographer: User, limit: Int, at date: Date = Date()) throws -> [DemandStamp] {
        guard let search = Self.feedSearch(for: photographer, limit: limit) else { return [] }
        return try store.matchingStamps(search, at: date)
    }

    public func demands(ids: [Int64]) throws -> [Demand] {
        try store.demands(ids: ids)
    }

    /// The photographer answers with an offer: the demand's card and the offer's card open
    /// (or continue) their direct conversation with the client.
    @discardableResult
    public func answer(_ demandId: Int64, with form: ShootOfferForm, uuid: String, by photographerId: Int64,
                       requestText: (Demand) -> String, offerText: (ShootOfferDraft) -> String, at date: Date = Date()) throws -> Shoot {
        let draft = try form.validated(today: CalendarDay(date))
        let uuid = try MessageText.validatedUUID(uuid)
        // The demand's words as its client sees them; one the photographer may not see is unknown.
        guard let demand = try store.demand(demandId, for: photographerId, at: date)?.demand else { throw DemandError.unknown }
        return try store.answer(demandId, with: draft, requestText: try MessageText.validated(requestText(demand)),
                                offerText: try MessageText.validated(offerText(draft)), uuid: uuid,
                                requestUUID: DemandRules.requestCardUUID(answering: uuid), by: photographerId, limits: limits, at: date)
    }

    public func takesDemandsAnywhere(_ photographerId: Int64) throws -> Bool {
        try store.takesDemandsAnywhere(photographerId)
    }

    public func setTakesDemandsAnywhere(_ anywhere: Bool, for photographerId: Int64) throws {
        try store.setTakesDemandsAnywhere(anywhere, for: photographerId)
    }
}
