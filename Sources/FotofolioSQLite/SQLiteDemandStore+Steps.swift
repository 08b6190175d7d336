import Foundation
import Fotofolio
import GRDB

/// The steps of demands taken inside other stores' transactions, reading demands back, and
/// the matching statements.
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
    /// through their partial index, each condition by a key; `:limit` -1 for all.
    static let matchingSQL = """
        SELECT d.id, d.createdAt, d.editedAt FROM demand AS d INDEXED BY demand_open
        WHERE d.closedAt IS NULL AND d.bookingId IS NULL AND d.hiddenAt IS NULL
          AND d.openUntil >= :today AND d.lastDay >= :today AND d.clientId <> :me
          AND (EXISTS (SELECT 1 FROM demandReach WHERE userId = :me) OR d.townKey = :town)
          AND EXISTS (SELECT 1 FROM demandTag AS t WHERE t.demandId = d.id AND t.folded IN (
                SELECT pt.folded FROM portfolioTag AS pt JOIN portfolio AS p ON p.id = pt.portfolioId WHERE p.ownerId = :me))
          AND NOT EXISTS (SELECT 1 FROM demandHidden AS h WHERE h.userId = :me AND h.demandId = d.id)
          AND NOT EXISTS (SELECT 1 FROM shootRequest AS r WHERE r.demandId = d.id AND r.photographerId = :me)
          AND NOT EXISTS (SELECT 1 FROM block AS b WHERE (b.blockerId = :me AND b.blockedId = d.clientId)
                                                      OR (b.blockerId = d.clientId AND b.blockedId = :me))
          AND d.clientId NOT IN (SELECT userId FROM suspension WHERE until IS NULL OR until > :now)
          AND (SELECT COUNT(*) FROM busyDay AS busy WHERE busy.photographerId = :me
                 AND busy.day BETWEEN MAX(d.firstDay, :today) AND d.lastDay)
              < julianday(d.lastDay) - julianday(MAX(d.firstDay, :today)) + 1
        ORDER BY d.createdAt DESC, d.id DESC
        LIMIT :limit
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
        let photos = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM demandPhoto WHERE demandId = ? ORDER BY position"),
                                      arguments: [id]).map { photo in
            DemandPhoto(photoId: photo["photoId"], file: photo["file"], width: photo["width"], height: photo["height"],
                        thumbnailFile: photo["thumbnailFile"], thumbnailWidth: photo["thumbnailWidth"],
                        thumbnailHeight: photo["thumbnailHeight"])
        }
        return Demand(id: row["id"], clientId: row["clientId"], tags: tags, firstDay: try SQLiteBookingStore.day(row, "firstDay"),
                      lastDay: try SQLiteBookingStore.day(row, "lastDay"), town: row["town"], hours: row["hours"], budget: row["budget"],
                      description: row["description"], openUntil: try SQLiteBookingStore.day(row, "openUntil"),
                      createdAt: row["createdAt"], editedAt: row["editedAt"], closedAt: row["closedAt"], bookingId: row["bookingId"],
                      hiddenAt: row["hiddenAt"], photos: photos)
    }

    /// The demand's photos in their order, each a photo of the client's own: one that is not
    /// (or is gone) refuses the whole form, as a field's problem.
    static func writePhotos(_ photos: [DemandPhoto], of demandId: Int64, by clientId: Int64, _ db: Database) throws {
        let ids = photos.map(\.photoId)
        let owned = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM photo WHERE ownerId = ? AND id IN (SELECT value FROM json_each(?))
            """, arguments: [clientId, String(describing: ids)]) ?? 0
        guard owned == ids.count, Set(ids).count == ids.count else { throw ShootProblems([.photos: .unknownPhoto]) }
        for (position, photo) in photos.enumerated() {
            try db.execute(sql: """
                INSERT INTO demandPhoto (demandId, position, photoId, file, width, height, thumbnailFile, thumbnailWidth, thumbnailHeight)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [demandId, position, photo.photoId, photo.file, photo.width, photo.height, photo.thumbnailFile,
                                 photo.thumbnailWidth, photo.thumbnailHeight])
        }
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
