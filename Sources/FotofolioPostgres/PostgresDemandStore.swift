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
    func matching(for photographerId: Int64, limit: Int, at date: Date) throws -> (demands: [Demand], total: Int) {
        try pool.reading { connection in
            guard let row = try connection.query("""
                SELECT location, role, EXISTS (SELECT 1 FROM demand_reach WHERE user_id = account.id) AS anywhere
                FROM account WHERE id = $1
                """, [photographerId]).first, try row.decode("role", as: String.self) == User.Role.creator.rawValue
            else { return ([], 0) }
            let tags = try connection.query("""
                SELECT DISTINCT folded FROM portfolio_tag WHERE portfolio_id IN (SELECT id FROM portfolio WHERE owner_id = $1)
                """, [photographerId]).map { try $0.decode(0, as: String.self) }
            guard !tags.isEmpty else { return ([], 0) }
            let ids = try connection.query(Self.matchingSQL, [
                CalendarDay(date).text, photographerId, try row.decode("anywhere", as: Bool.self),
                Demands.townKey(try row.decode("location", as: String.self)), TextList(tags), date.stored])
                .map { try $0.decode(0, as: Int64.self) }
            return (try ids.prefix(max(0, limit)).compactMap { try Self.demand($0, connection) }, ids.count)
        }
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

/// The steps of demands taken inside other stores' transactions, and reading demands back.
extension PostgresDemandStore {
    /// Locks the demand that the offer's request answers until the transaction ends, and
    /// returns its id; nil when the offer answers none (or is not there).
    @discardableResult
    static func lockDemand(answeredBy offerId: Int64, _ connection: PostgresConnection) throws -> Int64? {
        try connection.query("""
            SELECT demand.id FROM demand JOIN shoot_request ON shoot_request.demand_id = demand.id
                JOIN shoot_offer ON shoot_offer.request_id = shoot_request.id
            WHERE shoot_offer.id = $1 FOR NO KEY UPDATE OF demand
            """, [offerId]).first?.decode(0, as: Int64.self)
    }

    /// Accepting an answer's offer books its demand and withdraws the other answers, in the
    /// acceptance's transaction (which locked the demand's row before the request's).
    static func book(_ demandId: Int64, with bookingId: Int64, keeping requestId: Int64, closingText: String, by clientId: Int64,
                     at date: Date, _ connection: PostgresConnection) throws {
        try connection.query("UPDATE demand SET booking_id = $1 WHERE id = $2", [bookingId, demandId])
        try withdrawAnswers(of: demandId, keeping: requestId, text: closingText, by: clientId, at: date, connection)
    }

    /// Every answer still waiting (not declined, withdrawn or booked) withdrawn, with the
    /// client's message in its conversation and its cards told again. The requests' rows are
    /// locked in the order of their ids; one declined meanwhile is left as it is.
    static func withdrawAnswers(of demandId: Int64, keeping kept: Int64?, text: String, by clientId: Int64, at date: Date,
                                _ connection: PostgresConnection) throws {
        let ids = try connection.query("""
            SELECT id FROM shoot_request WHERE demand_id = $1 AND decline_reason IS NULL AND withdrawn_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM booking WHERE booking.request_id = shoot_request.id)
            ORDER BY id FOR UPDATE
            """, [demandId]).map { try $0.decode(0, as: Int64.self) }
        for id in ids where id != kept {
            try connection.query("UPDATE shoot_request SET withdrawn_at = $1 WHERE id = $2", [date.stored, id])
            guard let shoot = try PostgresBookingStore.shoot(id, connection) else { continue }
            if !text.isEmpty, try !apart(shoot.request.photographerId, clientId, at: date, connection) {
                _ = try PostgresMessengerStore.post(text, uuid: UUID().uuidString.lowercased(), mail: .shoot, in: shoot.request.roomId,
                                                    by: clientId, linksInert: false, at: date, connection)
            }
            try PostgresBookingStore.announceCards(of: shoot, at: date, connection)
        }
    }

    /// Tells the open pages of every photographer the new demand matches (on every node).
    static func announce(_ demand: Demand, at date: Date, _ connection: PostgresConnection) throws {
        let payload = DemandEvent(demand: demand.id).json
        for photographer in try matchingPhotographers(of: demand, at: date, connection) {
            try PostgresLiveEventLog.append(.demand, roomId: 0, for: photographer.id, payload: payload, at: date.stored, connection)
            try PostgresMailStore.enqueue(DemandRules.mail(of: demand, to: photographer.id, address: photographer.email, at: date), at: date,
                                          connection)
            try PostgresPushStore.noteDemand(demand.id, for: photographer.id, at: date, connection)
        }
        try PostgresOutbox.enqueue(topic: Outbox.eventTopic(of: 0), payload: payload, at: date.stored, connection)
    }

    /// The photographers an open demand matches (`DemandMatch.matches`, as `matching` reads
    /// it the other way): a shared tag, a free day, no block either way, not suspended, and
    /// the demand's town theirs unless they take demands from anywhere (folded in Swift, as
    /// a town is compared).
    static func matchingPhotographers(of demand: Demand, at date: Date, _ connection: PostgresConnection) throws
        -> [(id: Int64, email: String)] {
        let today = CalendarDay(date)
        guard demand.state(today: today) == .open else { return [] }
        let from = max(demand.firstDay, today)
        let town = Demands.townKey(demand.town)
        return try connection.query("""
            SELECT account.id, account.email, account.location, EXISTS (SELECT 1 FROM demand_reach WHERE user_id = account.id) AS anywhere
            FROM account
            WHERE account.role = 'creator' AND account.id <> $1
              AND account.id IN (SELECT portfolio.owner_id FROM portfolio_tag JOIN portfolio ON portfolio.id = portfolio_tag.portfolio_id
                                 WHERE portfolio_tag.folded = ANY($2::text[]))
              AND NOT EXISTS (SELECT 1 FROM block WHERE (blocker_id = account.id AND blocked_id = $1)
                                                     OR (blocker_id = $1 AND blocked_id = account.id))
              AND NOT EXISTS (SELECT 1 FROM suspension WHERE user_id = account.id AND (until IS NULL OR until > $3))
              AND (SELECT count(*) FROM busy_day WHERE busy_day.photographer_id = account.id AND busy_day.day BETWEEN $4 AND $5)
                  < $6
            ORDER BY account.id
            """, [demand.clientId, TextList(demand.tags.map(\.folded)), date.stored, from.text, demand.lastDay.text,
                  from.days(to: demand.lastDay) + 1])
            .filter { row in try row.decode("anywhere", as: Bool.self) || Demands.townKey(try row.decode("location")) == town }
            .map { (try $0.decode("id", as: Int64.self), try $0.decode("email", as: String.self)) }
    }

    /// The open demands matching a photographer, newest first (`matching`): $1 today, $2 the
    /// photographer, $3 whether they take demands from anywhere, $4 their town's key, $5 their
    /// portfolios' folded tags, $6 now. Each condition has an index to search by.
    static let matchingSQL = """
        SELECT d.id FROM demand AS d
        WHERE d.closed_at IS NULL AND d.booking_id IS NULL AND d.hidden_at IS NULL
          AND d.open_until >= $1 AND d.last_day >= $1 AND d.client_id <> $2
          AND ($3 OR d.town_key = $4)
          AND EXISTS (SELECT 1 FROM demand_tag AS t WHERE t.demand_id = d.id AND t.folded = ANY($5::text[]))
          AND NOT EXISTS (SELECT 1 FROM demand_hidden AS h WHERE h.user_id = $2 AND h.demand_id = d.id)
          AND NOT EXISTS (SELECT 1 FROM shoot_request AS r WHERE r.demand_id = d.id AND r.photographer_id = $2)
          AND NOT EXISTS (SELECT 1 FROM block AS b WHERE (b.blocker_id = $2 AND b.blocked_id = d.client_id)
                                                      OR (b.blocker_id = d.client_id AND b.blocked_id = $2))
          AND NOT EXISTS (SELECT 1 FROM suspension AS s WHERE s.user_id = d.client_id AND (s.until IS NULL OR s.until > $6))
          AND (SELECT count(*) FROM busy_day AS busy WHERE busy.photographer_id = $2
                 AND busy.day BETWEEN greatest(d.first_day, $1) AND d.last_day)
              < d.last_day::date - greatest(d.first_day, $1)::date + 1
        ORDER BY d.created_at DESC, d.id DESC
        """

    /// The demand if `DemandRules.mayView` lets the viewer see it, with the facts it reads.
    static func visible(_ demandId: Int64, to viewerId: Int64, at date: Date, _ connection: PostgresConnection) throws -> Demand? {
        guard let demand = try demand(demandId, connection) else { return nil }
        return DemandRules.mayView(demand, viewerId: viewerId, role: try role(of: viewerId, connection),
                                   blocked: try apart(viewerId, demand.clientId, at: date, connection),
                                   answered: try answer(to: demandId, by: viewerId, connection) != nil, today: CalendarDay(date)) ? demand : nil
    }

    /// The demand with its tags; `locking`: its row locked until the transaction ends (in a
    /// mode that does not wait for the key-share locks of rows pointing at it).
    static func demand(_ id: Int64, locking: Bool = false, _ connection: PostgresConnection) throws -> Demand? {
        let sql = locking ? "SELECT * FROM demand WHERE id = $1 FOR NO KEY UPDATE" : "SELECT * FROM demand WHERE id = $1"
        guard let row = try connection.query(sql, [id]).first else { return nil }
        let tags = try connection.query("SELECT label, folded FROM demand_tag WHERE demand_id = $1 ORDER BY position", [id]).map { row in
            Tag(label: try row.decode(0), folded: try row.decode(1))
        }
        return Demand(
            id: try row.decode("id"), clientId: try row.decode("client_id"), tags: tags,
            firstDay: try PostgresBookingStore.day(row, "first_day"), lastDay: try PostgresBookingStore.day(row, "last_day"),
            town: try row.decode("town"), hours: try row.decode("hours"), budget: try row.decode("budget"),
            description: try row.decode("description"), openUntil: try PostgresBookingStore.day(row, "open_until"),
            createdAt: try row.decode("created_at"), editedAt: try row.decodeIfPresent("edited_at"),
            closedAt: try row.decodeIfPresent("closed_at"), bookingId: try row.decodeIfPresent("booking_id"),
            hiddenAt: try row.decodeIfPresent("hidden_at"))
    }

    static func writeTags(_ tags: [Tag], of demandId: Int64, _ connection: PostgresConnection) throws {
        for (position, tag) in tags.enumerated() {
            try connection.query("""
                INSERT INTO demand_tag (demand_id, position, label, folded) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING
                """, [demandId, position, tag.label, tag.folded])
        }
    }

    /// The photographer's request answering the demand, if they answered it.
    static func answer(to demandId: Int64, by photographerId: Int64, _ connection: PostgresConnection) throws -> Int64? {
        try connection.query("SELECT id FROM shoot_request WHERE demand_id = $1 AND photographer_id = $2", [demandId, photographerId])
            .first?.decode(0, as: Int64.self)
    }

    /// The requests answering the demand, in the order they came.
    static func answers(to demandId: Int64, _ connection: PostgresConnection) throws -> [Int64] {
        try connection.query("SELECT id FROM shoot_request WHERE demand_id = $1 ORDER BY id", [demandId])
            .map { try $0.decode(0, as: Int64.self) }
    }

    static func role(of userId: Int64, _ connection: PostgresConnection) throws -> User.Role? {
        try connection.query("SELECT role FROM account WHERE id = $1", [userId]).first
            .flatMap { User.Role(rawValue: try $0.decode(0, as: String.self)) }
    }

    /// Whether either of the two blocks the other, or the client is suspended.
    static func apart(_ viewerId: Int64, _ clientId: Int64, at date: Date, _ connection: PostgresConnection) throws -> Bool {
        try connection.query("""
            SELECT EXISTS (SELECT 1 FROM block WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1))
                OR EXISTS (SELECT 1 FROM suspension WHERE user_id = $2 AND (until IS NULL OR until > $3))
            """, [viewerId, clientId, date.stored])[0].decode(0, as: Bool.self)
    }

    /// The answers' shoots with who made them.
    static func offers(_ requestIds: [Int64], at date: Date, _ connection: PostgresConnection) throws -> [DemandOffer] {
        try requestIds.compactMap { id in
            guard let shoot = try PostgresBookingStore.shoot(id, connection),
                  let row = try connection.query("""
                    SELECT id, username, full_name, location, avatar_photo_id, rating_count, rating_sum, verified_rating_count,
                           (SELECT count(*) FROM booking WHERE photographer_id = account.id AND cancelled_at IS NULL AND ends_at <= $1) AS done
                    FROM account WHERE id = $2
                    """, [date.stored, shoot.request.photographerId]).first
            else { return nil }
            return DemandOffer(shoot: shoot, photographer: .init(
                id: try row.decode("id"), username: try row.decode("username"), fullName: try row.decode("full_name"),
                location: try row.decode("location"), avatarPhotoId: try row.decodeIfPresent("avatar_photo_id"),
                ratingCount: try row.decode("rating_count"), ratingSum: try row.decode("rating_sum"),
                verifiedRatingCount: try row.decode("verified_rating_count"), doneBookings: try row.decode("done")))
        }
    }
}
