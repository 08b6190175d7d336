import Foundation
import Fotofolio
import GRDB

/// Demands in `demand` and `demandTag`; what photographers hid in `demandHidden`, who takes
/// demands from anywhere in `demandReach`. An answer is a `shootRequest` row naming its demand,
/// whose cards go through `SQLiteMessengerStore.post` as every shoot's do.
struct SQLiteDemandStore: DemandStore {
    let database: AppDatabase

    func post(_ draft: DemandDraft, uuid: String, by clientId: Int64, limits: SpamLimits, at date: Date) throws -> Demand {
        try database.pool.write { db in
            if let earlier = try Row.fetchOne(db, sql: "SELECT id, clientId FROM demand WHERE uuid = ?", arguments: [uuid]) {
                guard earlier["clientId"] as Int64 == clientId else { throw DemandError.duplicate }
                return try Self.demand(earlier["id"], db)!
            }
            guard let createdAt = try Date.fetchOne(db, sql: "SELECT createdAt FROM user WHERE id = ?", arguments: [clientId])
            else { throw DemandError.unknown }
            let posted = try Date.fetchAll(db, sql: """
                SELECT createdAt FROM demand WHERE clientId = ? AND createdAt > ? ORDER BY createdAt
                """, arguments: [clientId, date.addingTimeInterval(-86_400)])
            try limits.checkDemand(accountCreatedAt: createdAt, posted: posted, at: date)
            try db.execute(sql: """
                INSERT INTO demand (uuid, clientId, firstDay, lastDay, town, townKey, hours, budget, description, openUntil, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [uuid, clientId, draft.firstDay.text, draft.lastDay.text, draft.town, draft.townKey, draft.hours, draft.budget,
                                 draft.description, draft.openUntil.text, date])
            let id = db.lastInsertedRowID
            try Self.writeTags(draft.tags, of: id, db)
            let demand = try Self.demand(id, db)!
            try Self.announce(demand, at: date, db)
            return demand
        }
    }

    func edit(_ demandId: Int64, to draft: DemandDraft, by clientId: Int64, at date: Date) throws -> Demand {
        try database.pool.write { db in
            guard let demand = try Self.demand(demandId, db) else { throw DemandError.unknown }
            let answers = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shootRequest WHERE demandId = ?", arguments: [demandId]) ?? 0
            try DemandRules.checkEdit(demand, by: clientId, answers: answers, today: CalendarDay(date))
            try db.execute(sql: """
                UPDATE demand SET firstDay = ?, lastDay = ?, town = ?, townKey = ?, hours = ?, budget = ?, description = ?,
                                  openUntil = ?, editedAt = ?
                WHERE id = ?
                """, arguments: [draft.firstDay.text, draft.lastDay.text, draft.town, draft.townKey, draft.hours, draft.budget,
                                 draft.description, draft.openUntil.text, date, demandId])
            try db.execute(sql: "DELETE FROM demandTag WHERE demandId = ?", arguments: [demandId])
            try Self.writeTags(draft.tags, of: demandId, db)
            return try Self.demand(demandId, db)!
        }
    }

    func close(_ demandId: Int64, text: String, by clientId: Int64, at date: Date) throws -> Demand {
        try database.pool.write { db in
            guard let demand = try Self.demand(demandId, db) else { throw DemandError.unknown }
            try DemandRules.checkClose(demand, by: clientId, today: CalendarDay(date))
            try db.execute(sql: "UPDATE demand SET closedAt = ? WHERE id = ?", arguments: [date, demandId])
            try Self.withdrawAnswers(of: demandId, keeping: nil, text: text, by: clientId, at: date, db)
            return try Self.demand(demandId, db)!
        }
    }

    func hide(_ demandId: Int64, for photographerId: Int64, at date: Date) throws {
        try database.pool.write { db in
            guard try Self.visible(demandId, to: photographerId, at: date, db) != nil else { throw DemandError.unknown }
            try db.execute(sql: "INSERT INTO demandHidden (userId, demandId, hiddenAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           arguments: [photographerId, demandId, date])
        }
    }

    func demand(_ demandId: Int64, for viewerId: Int64, at date: Date) throws -> DemandWithOffers? {
        try database.pool.read { db in
            guard let demand = try Self.visible(demandId, to: viewerId, at: date, db) else { return nil }
            let answered = try Int64.fetchOne(db, sql: "SELECT id FROM shootRequest WHERE demandId = ? AND photographerId = ?",
                                              arguments: [demandId, viewerId])
            let requestIds = demand.clientId == viewerId
                ? try Int64.fetchAll(db, sql: "SELECT id FROM shootRequest WHERE demandId = ? ORDER BY id", arguments: [demandId])
                : answered.map { [$0] } ?? []
            return DemandWithOffers(demand: demand, offers: try Self.offers(requestIds, at: date, db))
        }
    }

    func demands(of clientId: Int64) throws -> [DemandWithOffers] {
        try database.pool.read { db in
            let date = Date()
            return try Int64.fetchAll(db, sql: "SELECT id FROM demand WHERE clientId = ? ORDER BY createdAt DESC, id DESC",
                                      arguments: [clientId]).compactMap { id in
                guard let demand = try Self.demand(id, db) else { return nil }
                let requestIds = try Int64.fetchAll(db, sql: "SELECT id FROM shootRequest WHERE demandId = ? ORDER BY id", arguments: [id])
                return DemandWithOffers(demand: demand, offers: try Self.offers(requestIds, at: date, db))
            }
        }
    }

    func matching(for photographerId: Int64, limit: Int, at date: Date) throws -> (demands: [Demand], total: Int) {
        try database.pool.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT location, role, EXISTS (SELECT 1 FROM demandReach WHERE userId = user.id) AS anywhere FROM user WHERE id = ?
                """, arguments: [photographerId]), row["role"] as String == User.Role.creator.rawValue
            else { return ([], 0) }
            let tags = try String.fetchAll(db, sql: """
                SELECT DISTINCT folded FROM portfolioTag WHERE portfolioId IN (SELECT id FROM portfolio WHERE ownerId = ?)
                """, arguments: [photographerId])
            guard !tags.isEmpty else { return ([], 0) }
            let today = CalendarDay(date).text
            let ids = try Int64.fetchAll(db.cachedStatement(sql: Self.matchingSQL), arguments: [
                "today": today, "me": photographerId, "anywhere": row["anywhere"] as Bool, "town": Demands.townKey(row["location"]),
                "tags": Self.json(tags), "now": date])
            return (try ids.prefix(max(0, limit)).compactMap { try Self.demand($0, db) }, ids.count)
        }
    }

    func answer(_ demandId: Int64, with offer: ShootOfferDraft, requestText: String, offerText: String, uuid: String,
                requestUUID: String, by photographerId: Int64, limits: SpamLimits, at date: Date) throws -> Shoot {
        try database.pool.write { db in
            if let offerId = try BookingRules.cardSentBefore(try SQLiteBookingStore.earlier(uuid, db), by: photographerId,
                                                             as: MessageCard.offer) {
                guard let requestId = try Int64.fetchOne(db, sql: "SELECT requestId FROM shootOffer WHERE id = ?", arguments: [offerId]),
                      let shoot = try SQLiteBookingStore.shoot(requestId, db), shoot.request.demandId == demandId
                else { throw BookingError.duplicate }
                return shoot
            }
            guard let demand = try Self.demand(demandId, db) else { throw DemandError.unknown }
            let role = try String.fetchOne(db, sql: "SELECT role FROM user WHERE id = ?", arguments: [photographerId]).flatMap(User.Role.init)
            let answered = try Int64.fetchOne(db, sql: "SELECT id FROM shootRequest WHERE demandId = ? AND photographerId = ?",
                                              arguments: [demandId, photographerId])
            try DemandRules.checkAnswer(demand, by: photographerId, role: role,
                                        blocked: try Self.apart(photographerId, demand.clientId, at: date, db), answered: answered,
                                        today: CalendarDay(date))
            guard try !SQLiteBookingStore.isBusy(photographerId, on: offer.day, db) else { throw BookingError.busyDay }
            let room = try SQLiteMessengerStore.directRoom(between: photographerId, and: demand.clientId, limits: limits, invited: true,
                                                          at: date, db)
            try SQLiteMessengerStore.checkNoBlock(in: room.id, for: photographerId, db)
            try db.execute(sql: """
                INSERT INTO shootRequest (roomId, clientId, photographerId, kind, firstDay, lastDay, town, hours, budget, message,
                                          createdAt, demandId)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [room.id, demand.clientId, photographerId, demand.requestKind, demand.firstDay.text, demand.lastDay.text,
                                 demand.town, demand.hours, demand.budget, demand.description, date, demandId])
            let requestId = db.lastInsertedRowID
            _ = try SQLiteMessengerStore.post(requestText, uuid: requestUUID, card: .request(requestId), mail: .none, in: room.id,
                                              by: photographerId, linksInert: false, at: date, db)
            let offerId = try SQLiteBookingStore.insertOffer(offer, on: requestId, by: photographerId, at: date, db)
            _ = try SQLiteMessengerStore.post(offerText, uuid: uuid, card: .offer(offerId), mail: .shoot, in: room.id, by: photographerId,
                                              linksInert: false, at: date, db)
            return try SQLiteBookingStore.shoot(requestId, db)!
        }
    }

    func takesDemandsAnywhere(_ photographerId: Int64) throws -> Bool {
        try database.pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM demandReach WHERE userId = ?)", arguments: [photographerId]) ?? false
        }
    }

    func setTakesDemandsAnywhere(_ anywhere: Bool, for photographerId: Int64) throws {
        try database.pool.write { db in
            if anywhere {
                try db.execute(sql: "INSERT INTO demandReach (userId) VALUES (?) ON CONFLICT DO NOTHING", arguments: [photographerId])
            } else {
                try db.execute(sql: "DELETE FROM demandReach WHERE userId = ?", arguments: [photographerId])
            }
        }
    }
}

extension SQLiteDemandStore {
    /// Accepting an answer's offer books its demand and withdraws the other answers, in the
    /// acceptance's transaction.
    static func book(_ demandId: Int64, with bookingId: Int64, keeping requestId: Int64, closingText: String, by clientId: Int64,
                     at date: Date, _ db: Database) throws {
        try db.execute(sql: "UPDATE demand SET bookingId = ? WHERE id = ?", arguments: [bookingId, demandId])
        try withdrawAnswers(of: demandId, keeping: requestId, text: closingText, by: clientId, at: date, db)
    }

    /// Every answer still waiting (not declined, withdrawn or booked) withdrawn, with the
    /// client's message in its conversation (none while either blocks the other) and its
    /// cards told again.
    static func withdrawAnswers(of demandId: Int64, keeping kept: Int64?, text: String, by clientId: Int64, at date: Date,
                                _ db: Database) throws {
        let ids = try Int64.fetchAll(db, sql: """
            SELECT id FROM shootRequest WHERE demandId = ? AND declineReason IS NULL AND withdrawnAt IS NULL
                AND NOT EXISTS (SELECT 1 FROM booking WHERE booking.requestId = shootRequest.id)
            ORDER BY id
            """, arguments: [demandId])
        for id in ids where id != kept {
            try db.execute(sql: "UPDATE shootRequest SET withdrawnAt = ? WHERE id = ?", arguments: [date, id])
            guard let shoot = try SQLiteBookingStore.shoot(id, db) else { continue }
            if !text.isEmpty, try !apart(shoot.request.photographerId, clientId, at: date, db) {
                _ = try SQLiteMessengerStore.post(text, uuid: UUID().uuidString.lowercased(), mail: .shoot, in: shoot.request.roomId,
                                                  by: clientId, linksInert: false, at: date, db)
            }
            try SQLiteBookingStore.announceCards(of: shoot, at: date, db)
        }
    }

    /// Tells the open pages of every photographer the new demand matches (on every node), and
    /// queues each of them one mail and a push to each device (`MailContent.demand`,
    /// `PushContent.demand`, under their settings; the push goes only while no tab of theirs
    /// is live).
    static func announce(_ demand: Demand, at date: Date, _ db: Database) throws {
        let payload = DemandEvent(demand: demand.id).json
        for photographer in try matchingPhotographers(of: demand, at: date, db) {
            try SQLiteLiveEventStore.append(.demand, roomId: 0, for: photographer.id, payload: payload, at: date, db)
            try SQLiteMailStore.enqueue(DemandRules.mail(of: demand, to: photographer.id, address: photographer.email, at: date), at: date, db)
            try SQLitePushStore.noteDemand(demand.id, for: photographer.id, at: date, db)
        }
        try SQLiteOutboxStore.enqueue(topic: Outbox.eventTopic(of: 0), payload: payload, at: date, db)
    }

    /// The photographers an open demand matches (`DemandMatch.matches`, as `matching` reads
    /// it the other way): a shared tag, a free day, no block either way, not suspended, and
    /// the demand's town theirs unless they take demands from anywhere (folded in Swift, as
    /// a town is compared).
    static func matchingPhotographers(of demand: Demand, at date: Date, _ db: Database) throws -> [(id: Int64, email: String)] {
        let today = CalendarDay(date)
        guard demand.state(today: today) == .open else { return [] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT user.id, user.email, user.location, EXISTS (SELECT 1 FROM demandReach WHERE userId = user.id) AS anywhere
            FROM user
            WHERE user.role = 'creator' AND user.id <> :client
              AND user.id IN (SELECT portfolio.ownerId FROM portfolioTag JOIN portfolio ON portfolio.id = portfolioTag.portfolioId
                              WHERE portfolioTag.folded IN (SELECT value FROM json_each(:tags)))
              AND NOT EXISTS (SELECT 1 FROM block WHERE (blockerId = user.id AND blockedId = :client)
                                                     OR (blockerId = :client AND blockedId = user.id))
              AND user.id NOT IN (SELECT userId FROM suspension WHERE until IS NULL OR until > :now)
              AND (SELECT COUNT(*) FROM busyDay WHERE busyDay.photographerId = user.id AND busyDay.day BETWEEN :from AND :last)
                  < :days
            ORDER BY user.id
            """, arguments: ["client": demand.clientId, "tags": json(demand.tags.map(\.folded)), "now": date,
                              "from": max(demand.firstDay, today).text, "last": demand.lastDay.text,
                              "days": max(demand.firstDay, today).days(to: demand.lastDay) + 1])
        let town = Demands.townKey(demand.town)
        return rows.filter { row in (row["anywhere"] as Bool) || Demands.townKey(row["location"]) == town }.map { ($0["id"], $0["email"]) }
    }

    /// The open demands matching a photographer, newest first (`matching`): the open ones
    /// through their partial index, each condition by a key.
    static let matchingSQL = """
        SELECT d.id FROM demand AS d INDEXED BY demand_open
        WHERE d.closedAt IS NULL AND d.bookingId IS NULL AND d.hiddenAt IS NULL
          AND d.openUntil >= :today AND d.lastDay >= :today AND d.clientId <> :me
          AND (:anywhere OR d.townKey = :town)
          AND EXISTS (SELECT 1 FROM demandTag AS t WHERE t.demandId = d.id AND t.folded IN (SELECT value FROM json_each(:tags)))
          AND NOT EXISTS (SELECT 1 FROM demandHidden AS h WHERE h.userId = :me AND h.demandId = d.id)
          AND NOT EXISTS (SELECT 1 FROM shootRequest AS r WHERE r.demandId = d.id AND r.photographerId = :me)
          AND NOT EXISTS (SELECT 1 FROM block AS b WHERE (b.blockerId = :me AND b.blockedId = d.clientId)
                                                      OR (b.blockerId = d.clientId AND b.blockedId = :me))
          AND d.clientId NOT IN (SELECT userId FROM suspension WHERE until IS NULL OR until > :now)
          AND (SELECT COUNT(*) FROM busyDay AS busy WHERE busy.photographerId = :me
                 AND busy.day BETWEEN MAX(d.firstDay, :today) AND d.lastDay)
              < julianday(d.lastDay) - julianday(MAX(d.firstDay, :today)) + 1
        ORDER BY d.createdAt DESC, d.id DESC
        """

    /// The demand if `DemandRules.mayView` lets the viewer see it, with the facts it reads.
    static func visible(_ demandId: Int64, to viewerId: Int64, at date: Date, _ db: Database) throws -> Demand? {
        guard let demand = try demand(demandId, db) else { return nil }
        let answered = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM shootRequest WHERE demandId = ? AND photographerId = ?)",
                                         arguments: [demandId, viewerId]) ?? false
        let role = try String.fetchOne(db, sql: "SELECT role FROM user WHERE id = ?", arguments: [viewerId]).flatMap(User.Role.init)
        return DemandRules.mayView(demand, viewerId: viewerId, role: role, blocked: try apart(viewerId, demand.clientId, at: date, db),
                                   answered: answered, today: CalendarDay(date)) ? demand : nil
    }

    static func demand(_ id: Int64, _ db: Database) throws -> Demand? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM demand WHERE id = ?"), arguments: [id]) else { return nil }
        let tags = try Row.fetchAll(db.cachedStatement(sql: "SELECT label, folded FROM demandTag WHERE demandId = ? ORDER BY position"),
                                    arguments: [id]).map { Tag(label: $0["label"], folded: $0["folded"]) }
        return Demand(id: row["id"], clientId: row["clientId"], tags: tags, firstDay: try SQLiteBookingStore.day(row, "firstDay"),
                      lastDay: try SQLiteBookingStore.day(row, "lastDay"), town: row["town"], hours: row["hours"], budget: row["budget"],
                      description: row["description"], openUntil: try SQLiteBookingStore.day(row, "openUntil"),
                      createdAt: row["createdAt"], editedAt: row["editedAt"], closedAt: row["closedAt"], bookingId: row["bookingId"],
                      hiddenAt: row["hiddenAt"])
    }

    static func writeTags(_ tags: [Tag], of demandId: Int64, _ db: Database) throws {
        for (position, tag) in tags.enumerated() {
            try db.execute(sql: "INSERT INTO demandTag (demandId, position, label, folded) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                           arguments: [demandId, position, tag.label, tag.folded])
        }
    }

    /// Whether either of the two blocks the other, or the client is suspended.
    static func apart(_ viewerId: Int64, _ clientId: Int64, at date: Date, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM block WHERE (blockerId = ?1 AND blockedId = ?2) OR (blockerId = ?2 AND blockedId = ?1))
                OR EXISTS (SELECT 1 FROM suspension WHERE userId = ?2 AND (until IS NULL OR until > ?3))
            """, arguments: [viewerId, clientId, date]) ?? false
    }

    /// The answers' shoots with who made them.
    static func offers(_ requestIds: [Int64], at date: Date, _ db: Database) throws -> [DemandOffer] {
        try requestIds.compactMap { id in
            guard let shoot = try SQLiteBookingStore.shoot(id, db),
                  let row = try Row.fetchOne(db.cachedStatement(sql: """
                    SELECT id, username, fullName, location, avatarPhotoId, ratingCount, ratingSum, verifiedRatingCount,
                           (SELECT COUNT(*) FROM booking WHERE photographerId = user.id AND cancelledAt IS NULL AND endsAt <= ?) AS done
                    FROM user WHERE id = ?
                    """), arguments: [date, shoot.request.photographerId])
            else { return nil }
            return DemandOffer(shoot: shoot, photographer: .init(
                id: row["id"], username: row["username"], fullName: row["fullName"], location: row["location"],
                avatarPhotoId: row["avatarPhotoId"], ratingCount: row["ratingCount"], ratingSum: row["ratingSum"],
                verifiedRatingCount: row["verifiedRatingCount"], doneBookings: row["done"]))
        }
    }

    static func json(_ values: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: values)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
