import Foundation

/// Demands (`Demand`) and the answers photographers give them. An answer is a shoot request
/// made from the demand in the two people's direct conversation (`ShootRequest.demandId`),
/// with its request card and its first offer card, so everything after it (a newer offer,
/// acceptance, cancellation) is the booking path's own (`BookingStore`). Accepting an offer on
/// a demand books the demand, and closing it withdraws every other answer with a message
/// from the client in its conversation (`BookingStore.accept`, `close`).
public protocol DemandStore: Sendable {
    /// A new open demand by the client, under `SpamLimits.checkDemand` read in the same
    /// transaction (`DemandError.tooManyDemands`), told to the open pages of every
    /// photographer it matches (a `demand` live event each, `DemandEvent`). The same `uuid`
    /// by the same client returns the demand it posted first (a form sent twice posts once);
    /// another's is `DemandError.duplicate`.
    func post(_ draft: DemandDraft, uuid: String, by clientId: Int64, limits: SpamLimits, at date: Date) throws -> Demand

    /// The client's open demand rewritten, before any answer (`DemandRules.checkEdit`).
    func edit(_ demandId: Int64, to draft: DemandDraft, by clientId: Int64, at date: Date) throws -> Demand

    /// The client closes their open demand; every answer not yet booked or declined is
    /// withdrawn with `text` as the client's message in its conversation (none where either
    /// blocks the other: the withdrawal alone, its cards told again).
    func close(_ demandId: Int64, text: String, by clientId: Int64, at date: Date) throws -> Demand

    /// The photographer no longer sees the demand in their feed.
    func hide(_ demandId: Int64, for photographerId: Int64, at date: Date) throws

    /// The demand if `DemandRules.mayView` lets the viewer see it, with the answers they may
    /// see: all of them for its client, their own for a photographer.
    func demand(_ demandId: Int64, for viewerId: Int64, at date: Date) throws -> DemandWithOffers?

    /// The client's demands, newest first, each with its answers.
    func demands(of clientId: Int64) throws -> [DemandWithOffers]

    /// Open demands matching the photographer (`DemandMatch.matches`), newest first, leaving
    /// out the ones they hid or answered and those of people either of them blocks, at most
    /// `limit`; with how many there are in all when `counting`, else how many it gave (the
    /// statement then stops at the limit).
    func matching(for photographerId: Int64, limit: Int, counting: Bool, at date: Date) throws -> (demands: [Demand], total: Int)

    /// The same search as `DemandSearch` asks it (the photographer's town as their session
    /// read it), stopping at its limit, giving each demand's stamp only: what the feed's kept
    /// cards are found by, so a demand is read whole only for a card not kept yet. One
    /// statement, which the feed's page makes in its own read (`FeedQuery.demands`).
    func matchingStamps(_ search: DemandSearch, at date: Date) throws -> [DemandStamp]

    /// The demands of these ids, in their order, leaving out any that is gone.
    func demands(ids: [Int64]) throws -> [Demand]

    /// The photographer's answer: their request made from the demand in the direct room of the
    /// two (made on first use; the client's write policy does not apply, they asked, but
    /// blocks and the spam limits on new conversations do), its request card (`requestText`,
    /// `requestUUID`) and the offer's card (`offerText`, `uuid`). The same `uuid` again returns
    /// the first answer's shoot.
    func answer(_ demandId: Int64, with offer: ShootOfferDraft, requestText: String, offerText: String, uuid: String,
                requestUUID: String, by photographerId: Int64, limits: SpamLimits, at date: Date) throws -> Shoot

    /// Whether the photographer takes demands from anywhere, not only their town.
    func takesDemandsAnywhere(_ photographerId: Int64) throws -> Bool
    func setTakesDemandsAnywhere(_ anywhere: Bool, for photographerId: Int64) throws
}
