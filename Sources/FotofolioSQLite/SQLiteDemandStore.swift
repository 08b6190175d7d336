import Foundation
import Fotofolio
import GRDB

/// Demands in `demand` and `demandTag`; what photographers hid in `demandHidden`, who takes
/// demands from anywhere in `demandReach`. An answer is a `shootRequest` row naming its demand,
/// whose cards go through `SQLiteMessengerStore.post` as every shoot's do.
struct SQLiteDemandStore: DemandStore {
    let database: AppDatabase

    func post(_ draft: DemandDraft, uuid: String, by clientId: Int64, limits: SpamLimits, at date: Date) throws -> Demand {
        try database.write { db in
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
            try Self.writePhotos(draft.photos, of: id, by: clientId, db)
            let demand = try Self.demand(id, db)!
            try Self.announce(demand, at: date, db)
            return demand
        }
    }

    func edit(_ demandId: Int64, to draft: DemandDraft, by clientId: Int64, at date: Date) throws -> Demand {
        try database.write { db in
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
            try db.execute(sql: "DELETE FROM demandPhoto WHERE demandId = ?", arguments: [demandId])
            try Self.writePhotos(draft.photos, of: demandId, by: clientId, db)
            return try Self.demand(demandId, db)!
        }
    }

    func close(_ demandId: Int64, text: String, by clientId: Int64, at date: Date) throws -> Demand {
        try database.write { db in
            guard let demand = try Self.demand(demandId, db) else { throw DemandError.unknown }
            try DemandRules.checkClose(demand, by: clientId, today: CalendarDay(date))
            try db.execute(sql: "UPDATE demand SET closedAt = ? WHERE id = ?", arguments: [date, demandId])
            try Self.withdrawAnswers(of: demandId, keeping: nil, text: text, by: clientId, at: date, db)
            return try Self.demand(demandId, db)!
        }
    }

    func hide(_ demandId: Int64, for photographerId: Int64, at date: Date) throws {
        try database.write { db in
            guard try Self.visible(demandId, to: photographerId, at: date, db) != nil else { throw DemandError.unknown }
            try db.execute(sql: "INSERT INTO demandHidden (userId, demandId, hiddenAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           arguments: [photographerId, demandId, date])
        }
    }

    func demand(_ demandId: Int64, for viewerId: Int64, at date: Date) throws -> DemandWithOffers? {
        try database.read { db in
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
        try database.read { db in
            let date = Date()
            return try Int64.fetchAll(db, sql: "SELECT id FROM demand WHERE clientId = ? ORDER BY createdAt DESC, id DESC",
                                      arguments: [clientId]).compactMap { id in
                guard let demand = try Self.demand(id, db) else { return nil }
                let requestIds = try Int64.fetchAll(db, sql: "SELECT id FROM shootRequest WHERE demandId = ? ORDER BY id", arguments: [id])
                return DemandWithOffers(demand: demand, offers: try Self.offers(requestIds, at: date, db))
            }
        }
    }

    func matching(for photographerId: Int64, limit: Int, counting: Bool, at date: Date) throws -> (demands: [Demand], total: Int) {
        try database.read { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT location, role FROM user WHERE id = ?"),
                                             arguments: [photographerId]), row["role"] as String == User.Role.creator.rawValue
            else { return ([], 0) }
            let ids = try Self.matched(for: photographerId, town: Demands.townKey(row["location"]), limit: counting ? -1 : max(0, limit),
                                       at: date, db).map { $0["id"] as Int64 }
            return (try ids.prefix(max(0, limit)).compactMap { try Self.demand($0, db) }, ids.count)
        }
    }

    func matchingStamps(_ search: DemandSearch, at date: Date) throws -> [DemandStamp] {
        // One statement, one snapshot: no transaction around it.
        try database.unsafeRead { db in try Self.matchingStamps(search, at: date, db) }
    }

    /// The search's stamps, in a read of the caller's (the feed's page).
    static func matchingStamps(_ search: DemandSearch, at date: Date, _ db: Database) throws -> [DemandStamp] {
        try matched(for: search.photographerId, town: search.town, limit: max(0, search.limit), at: date, db).map { row in
            DemandStamp(id: row[0], createdAt: row[1], editedAt: row[2])
        }
    }

    func demands(ids: [Int64]) throws -> [Demand] {
        try database.read { db in try ids.compactMap { try Self.demand($0, db) } }
    }

    /// The matching statement's rows for the photographer, whose town is `town` (folded),
    /// `limit` -1: all of them.
    private static func matched(for photographerId: Int64, town: String, limit: Int, at date: Date, _ db: Database) throws -> [Row] {
        try Row.fetchAll(db.cachedStatement(sql: matchingSQL), arguments: [
            "today": CalendarDay.today(at: date).text, "me": photographerId, "town": town, "now": StoredDate.text(date), "limit": limit])
    }

    func answer(_ demandId: Int64, with offer: ShootOfferDraft, requestText: String, offerText: String, uuid: String,
                requestUUID: String, by photographerId: Int64, limits: SpamLimits, at date: Date) throws -> Shoot {
        try database.write { db in
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
        try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM demandReach WHERE userId = ?)", arguments: [photographerId]) ?? false
        }
    }

    func setTakesDemandsAnywhere(_ anywhere: Bool, for photographerId: Int64) throws {
        try database.write { db in
            if anywhere {
                try db.execute(sql: "INSERT INTO demandReach (userId) VALUES (?) ON CONFLICT DO NOTHING", arguments: [photographerId])
            } else {
                try db.execute(sql: "DELETE FROM demandReach WHERE userId = ?", arguments: [photographerId])
            }
        }
    }
}
