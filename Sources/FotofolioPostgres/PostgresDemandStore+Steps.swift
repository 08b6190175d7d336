import Foundation
import Fotofolio
import Postgres

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
        SELECT d.id, d.created_at, d.edited_at FROM demand AS d
        WHERE d.closed_at IS NULL AND d.booking_id IS NULL AND d.hidden_at IS NULL
          AND d.open_until >= $1 AND d.last_day >= $1 AND d.client_id <> $2
          AND (EXISTS (SELECT 1 FROM demand_reach WHERE user_id = $2) OR d.town_key = $3)
          AND EXISTS (SELECT 1 FROM demand_tag AS t WHERE t.demand_id = d.id AND t.folded IN (
                SELECT pt.folded FROM portfolio_tag AS pt JOIN portfolio AS p ON p.id = pt.portfolio_id WHERE p.owner_id = $2))
          AND NOT EXISTS (SELECT 1 FROM demand_hidden AS h WHERE h.user_id = $2 AND h.demand_id = d.id)
          AND NOT EXISTS (SELECT 1 FROM shoot_request AS r WHERE r.demand_id = d.id AND r.photographer_id = $2)
          AND NOT EXISTS (SELECT 1 FROM block AS b WHERE (b.blocker_id = $2 AND b.blocked_id = d.client_id)
                                                      OR (b.blocker_id = d.client_id AND b.blocked_id = $2))
          AND NOT EXISTS (SELECT 1 FROM suspension AS s WHERE s.user_id = d.client_id AND (s.until IS NULL OR s.until > $4))
          AND (SELECT count(*) FROM busy_day AS busy WHERE busy.photographer_id = $2
                 AND busy.day BETWEEN greatest(d.first_day, $1) AND d.last_day)
              < d.last_day::date - greatest(d.first_day, $1)::date + 1
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT $5::bigint
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
        let photos = try connection.query("""
            SELECT photo_id, file, width, height, thumbnail_file, thumbnail_width, thumbnail_height
            FROM demand_photo WHERE demand_id = $1 ORDER BY position
            """, [id]).map { photo in
            DemandPhoto(photoId: try photo.decode(0), file: try photo.decode(1), width: Int(try photo.decode(2, as: Int64.self)),
                        height: Int(try photo.decode(3, as: Int64.self)), thumbnailFile: try photo.decode(4),
                        thumbnailWidth: Int(try photo.decode(5, as: Int64.self)), thumbnailHeight: Int(try photo.decode(6, as: Int64.self)))
        }
        return Demand(
            id: try row.decode("id"), clientId: try row.decode("client_id"), tags: tags,
            firstDay: try PostgresBookingStore.day(row, "first_day"), lastDay: try PostgresBookingStore.day(row, "last_day"),
            town: try row.decode("town"), hours: try row.decode("hours"), budget: try row.decode("budget"),
            description: try row.decode("description"), openUntil: try PostgresBookingStore.day(row, "open_until"),
            createdAt: try row.decode("created_at"), editedAt: try row.decodeIfPresent("edited_at"),
            closedAt: try row.decodeIfPresent("closed_at"), bookingId: try row.decodeIfPresent("booking_id"),
            hiddenAt: try row.decodeIfPresent("hidden_at"), photos: photos)
    }

    /// The demand's photos in their order, each a photo of the client's own: one that is not
    /// (or is gone) refuses the whole form, as a field's problem. The photos are locked, so
    /// none is deleted while it is being attached.
    static func writePhotos(_ photos: [DemandPhoto], of demandId: Int64, by clientId: Int64, _ connection: PostgresConnection) throws {
        let ids = photos.map(\.photoId)
        guard !ids.isEmpty else { return }
        let owned = try connection.query("SELECT id FROM photo WHERE id = ANY($1::bigint[]) AND owner_id = $2 ORDER BY id FOR KEY SHARE",
                                         [IdList(ids), clientId]).count
        guard owned == ids.count, Set(ids).count == ids.count else { throw ShootProblems([.photos: .unknownPhoto]) }
        for (position, photo) in photos.enumerated() {
            try connection.query("""
                INSERT INTO demand_photo (demand_id, position, photo_id, file, width, height, thumbnail_file, thumbnail_width,
                                          thumbnail_height)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                """, [demandId, position, photo.photoId, photo.file, photo.width, photo.height, photo.thumbnailFile, photo.thumbnailWidth,
                      photo.thumbnailHeight])
        }
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
