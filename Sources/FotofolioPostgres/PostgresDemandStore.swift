import Foundation
import Fotofolio
import Postgres

/// Demands in `demand` and `demand_tag`; what photographers hid in `demand_hidden`, who takes
/// demands from anywhere in `demand_reach`. An answer is a `shoot_request` row naming its
/// demand, whose cards go through `PostgresMessengerStore.post` as every shoot's do. A new
/// demand is told to the photographers it matches as `demand` events of the live log.
///
/// A step on a demand locks the demand's row first (answering, editing, closing, and
/// accepting an answer's offer in `PostgresBookingStore.accept`), so what its rule read stays
/// true until it commits: two answers by one photographer at once are taken one after the
/// other and the second finds the first (`alreadyAnswered`), an edit counts every answer, and
/// closing and booking do not cross. The demand's row is taken before any of its requests'
/// rows, by every step that takes both. `shoot_request_by_demand` (one answer per
/// photographer and demand) is the backstop: an answer that meets it is taken again and
/// finds the answer that won, as a resend or as `alreadyAnswered`.
struct PostgresDemandStore: DemandStore {
    let pool: PostgresPool

    func post(_ draft: DemandDraft, uuid: String, by clientId: Int64, limits: SpamLimits, at date: Date) throws -> Demand {
        try pool.changing(Self.lostRaces) { connection in
            // The account's row is locked, so two demands posted at once are counted one after
            // the other, and the same form sent twice finds the first.
            guard let createdAt = try connection.query("SELECT created_at FROM account WHERE id = $1 FOR NO KEY UPDATE", [clientId])
                .first?.decode(0, as: Date.self)
            else { throw DemandError.unknown }
            if let earlier = try connection.query("SELECT id, client_id FROM demand WHERE uuid = $1", [uuid]).first {
                guard try earlier.decode(1, as: Int64.self) == clientId else { throw DemandError.duplicate }
                return try Self.demand(try earlier.decode(0), connection)!
            }
            let posted = try connection.query("""
                SELECT created_at FROM demand WHERE client_id = $1 AND created_at > $2 ORDER BY created_at
                """, [clientId, date.addingTimeInterval(-86_400).stored]).map { try $0.decode(0, as: Date.self) }
            try limits.checkDemand(accountCreatedAt: createdAt, posted: posted, at: date)
            let id = try connection.query("""
                INSERT INTO demand (uuid, client_id, first_day, last_day, town, town_key, hours, budget, description, open_until,
                                    created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id
                """, [uuid, clientId, draft.firstDay.text, draft.lastDay.text, draft.town, draft.townKey, draft.hours, draft.budget,
                      draft.description, draft.openUntil.text, date.stored])[0].decode(0, as: Int64.self)
            try Self.writeTags(draft.tags, of: id, connection)
            try Self.writePhotos(draft.photos, of: id, by: clientId, connection)
            let demand = try Self.demand(id, connection)!
            try Self.announce(demand, at: date, connection)
            return demand
        }
    }

    func edit(_ demandId: Int64, to draft: DemandDraft, by clientId: Int64, at date: Date) throws -> Demand {
        try pool.transaction { connection in
            guard let demand = try Self.demand(demandId, locking: true, connection) else { throw DemandError.unknown }
            let answers = try connection.query("SELECT count(*) FROM shoot_request WHERE demand_id = $1", [demandId])[0]
                .decode(0, as: Int.self)
            try DemandRules.checkEdit(demand, by: clientId, answers: answers, today: CalendarDay(date))
            try connection.query("""
                UPDATE demand SET first_day = $1, last_day = $2, town = $3, town_key = $4, hours = $5, budget = $6, description = $7,
                                  open_until = $8, edited_at = $9
                WHERE id = $10
                """, [draft.firstDay.text, draft.lastDay.text, draft.town, draft.townKey, draft.hours, draft.budget, draft.description,
                      draft.openUntil.text, date.stored, demandId])
            try connection.query("DELETE FROM demand_tag WHERE demand_id = $1", [demandId])
            try Self.writeTags(draft.tags, of: demandId, connection)
            try connection.query("DELETE FROM demand_photo WHERE demand_id = $1", [demandId])
            try Self.writePhotos(draft.photos, of: demandId, by: clientId, connection)
            return try Self.demand(demandId, connection)!
        }
    }

    func close(_ demandId: Int64, text: String, by clientId: Int64, at date: Date) throws -> Demand {
        try pool.transaction { connection in
            guard let demand = try Self.demand(demandId, locking: true, connection) else { throw DemandError.unknown }
            try DemandRules.checkClose(demand, by: clientId, today: CalendarDay(date))
            try connection.query("UPDATE demand SET closed_at = $1 WHERE id = $2", [date.stored, demandId])
            try Self.withdrawAnswers(of: demandId, keeping: nil, text: text, by: clientId, at: date, connection)
            return try Self.demand(demandId, connection)!
        }
    }

    func hide(_ demandId: Int64, for photographerId: Int64, at date: Date) throws {
        try pool.transaction { connection in
            // Kept until the row below points at it, and only one the photographer may see.
            guard try !connection.query("SELECT 1 FROM demand WHERE id = $1 FOR KEY SHARE", [demandId]).isEmpty,
                  try Self.visible(demandId, to: photographerId, at: date, connection) != nil
            else { throw DemandError.unknown }
            try connection.query("""
                INSERT INTO demand_hidden (user_id, demand_id, hidden_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
                """, [photographerId, demandId, date.stored])
        }
    }

    func demand(_ demandId: Int64, for viewerId: Int64, at date: Date) throws -> DemandWithOffers? {
        try pool.reading { connection in
            guard let demand = try Self.visible(demandId, to: viewerId, at: date, connection) else { return nil }
            let answered = try Self.answer(to: demandId, by: viewerId, connection)
            let requestIds = demand.clientId == viewerId ? try Self.answers(to: demandId, connection) : answered.map { [$0] } ?? []
            return DemandWithOffers(demand: demand, offers: try Self.offers(requestIds, at: date, connection))
        }
    }

    func demands(of clientId: Int64) throws -> [DemandWithOffers] {
        try pool.reading { connection in
            let date = Date()
            return try connection.query("SELECT id FROM demand WHERE client_id = $1 ORDER BY created_at DESC, id DESC", [clientId])
                .map { try $0.decode(0, as: Int64.self) }
                .compactMap { id in
                    guard let demand = try Self.demand(id, connection) else { return nil }
                    return DemandWithOffers(demand: demand, offers: try Self.offers(try Self.answers(to: id, connection), at: date, connection))
                }
        }
    }

    /// `DemandMatch.matches` in one statement: an open demand (not closed, booked or hidden,
    /// its last day for offers and its last shoot day not gone by) of someone else's, sharing a
    /// folded tag with one of the photographer's portfolios, in their town unless they take
    /// demands from anywhere, with fewer busy days of theirs from the later of its first day and
    /// today through its last day than there are days (`busy_day` holds one row per day).
    func matching(for photographerId: Int64, limit: Int, counting: Bool, at date: Date) throws -> (demands: [Demand], total: Int) {
        try pool.reading { connection in
            guard let row = try connection.query("SELECT location, role FROM account WHERE id = $1", [photographerId]).first,
                  try row.decode("role", as: String.self) == User.Role.creator.rawValue
            else { return ([], 0) }
            let ids = try Self.matched(for: photographerId, town: Demands.townKey(try row.decode("location", as: String.self)),
                                       limit: counting ? nil : Int64(max(0, limit)), at: date, connection)
                .map { try $0.decode(0, as: Int64.self) }
            return (try ids.prefix(max(0, limit)).compactMap { try Self.demand($0, connection) }, ids.count)
        }
    }

    func matchingStamps(_ search: DemandSearch, at date: Date) throws -> [DemandStamp] {
        // One statement, one snapshot: no transaction around it.
        try pool.withConnection { connection in try Self.matchingStamps(search, at: date, connection) }
    }

    /// The search's stamps, on the caller's connection (the feed's page).
    static func matchingStamps(_ search: DemandSearch, at date: Date, _ connection: PostgresConnection) throws -> [DemandStamp] {
        try matched(for: search.photographerId, town: search.town, limit: Int64(max(0, search.limit)), at: date, connection).map { row in
            DemandStamp(id: try row.decode("id"), createdAt: try row.decode("created_at"), editedAt: try row.decodeIfPresent("edited_at"))
        }
    }

    func demands(ids: [Int64]) throws -> [Demand] {
        try pool.reading { connection in try ids.compactMap { try Self.demand($0, connection) } }
    }

    /// The matching statement's rows for the photographer, whose town is `town` (folded),
    /// `limit` nil: all of them.
    private static func matched(for photographerId: Int64, town: String, limit: Int64?, at date: Date, _ connection: PostgresConnection)
        throws -> [PostgresRow] {
        Array(try connection.query(matchingSQL, [CalendarDay(date).text, photographerId, town, date.stored, limit]))
    }

    func answer(_ demandId: Int64, with offer: ShootOfferDraft, requestText: String, offerText: String, uuid: String,
                requestUUID: String, by photographerId: Int64, limits: SpamLimits, at date: Date) throws -> Shoot {
        try pool.changing(Self.lostRaces) { connection in
            // A second answer at the same moment waits here, then finds this one.
            let locked = try Self.demand(demandId, locking: true, connection)
            if let offerId = try BookingRules.cardSentBefore(try PostgresBookingStore.earlier(uuid, connection), by: photographerId,
                                                             as: MessageCard.offer) {
                guard let requestId = try connection.query("SELECT request_id FROM shoot_offer WHERE id = $1", [offerId]).first?
                        .decode(0, as: Int64.self),
                      let shoot = try PostgresBookingStore.shoot(requestId, connection), shoot.request.demandId == demandId
                else { throw BookingError.duplicate }
                return shoot
            }
            guard let demand = locked else { throw DemandError.unknown }
            try DemandRules.checkAnswer(demand, by: photographerId, role: try Self.role(of: photographerId, connection),
                                        blocked: try Self.apart(photographerId, demand.clientId, at: date, connection),
                                        answered: try Self.answer(to: demandId, by: photographerId, connection), today: CalendarDay(date))
            guard try !PostgresBookingStore.isBusy(photographerId, on: offer.day, connection) else { throw BookingError.busyDay }
            let room = try PostgresMessengerStore.directRoom(between: photographerId, and: demand.clientId, limits: limits, invited: true,
                                                             at: date, connection).room
            try PostgresBlockStore.checkNoBlock(in: room.id, for: photographerId, connection)
            let requestId = try connection.query("""
                INSERT INTO shoot_request (room_id, client_id, photographer_id, kind, first_day, last_day, town, hours, budget, message,
                                           created_at, demand_id)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id
                """, [room.id, demand.clientId, photographerId, demand.requestKind, demand.firstDay.text, demand.lastDay.text,
                      demand.town, demand.hours, demand.budget, demand.description, date.stored, demandId])[0].decode(0, as: Int64.self)
            _ = try PostgresMessengerStore.post(requestText, uuid: requestUUID, card: .request(requestId), mail: .none, in: room.id,
                                                by: photographerId, linksInert: false, at: date, connection)
            let offerId = try PostgresBookingStore.insertOffer(offer, on: requestId, by: photographerId, at: date, connection)
            _ = try PostgresMessengerStore.post(offerText, uuid: uuid, card: .offer(offerId), mail: .shoot, in: room.id, by: photographerId,
                                                linksInert: false, at: date, connection)
            return try PostgresBookingStore.shoot(requestId, connection)!
        }
    }

    func takesDemandsAnywhere(_ photographerId: Int64) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query("SELECT EXISTS (SELECT 1 FROM demand_reach WHERE user_id = $1)", [photographerId])[0]
                .decode(0, as: Bool.self)
        }
    }

    func setTakesDemandsAnywhere(_ anywhere: Bool, for photographerId: Int64) throws {
        try pool.withConnection { connection in
            if anywhere {
                try connection.query("INSERT INTO demand_reach (user_id) VALUES ($1) ON CONFLICT DO NOTHING", [photographerId])
            } else {
                try connection.query("DELETE FROM demand_reach WHERE user_id = $1", [photographerId])
            }
        }
    }

    // MARK: - Transactions

    /// What another writer may store between a step's reads and its inserts, which the step
    /// finds when taken again: a demand or a message with the same uuid (then answered as a
    /// resend, or `duplicate`), the pair's direct room (then used), the photographer's other
    /// answer to the demand (then `alreadyAnswered` with its request).
    private static let lostRaces: Set<String> = ["demand_uuid_key", "chat_message_uuid_key", "chat_room_direct_key_key",
                                                 "shoot_request_by_demand"]
}
