import Foundation
import Fotofolio
import GRDB

/// Ratings in `rating`, with their counts and sum kept on `user` and the average on
/// `portfolio`; ratings by someone suspended are left out of the counts.
struct SQLiteRatingsStore: RatingsStore {
    let database: AppDatabase

    func rate(_ ratedId: Int64, stars: Int, by raterId: Int64, limits: RatingLimits, at date: Date) throws -> User {
        try database.write { db in
            guard try User.exists(db, key: ratedId) else { throw RatingError.unknownPerson }
            let basis = try RatingRules.basis(
                blockedByRated: try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM block WHERE blockerId = ? AND blockedId = ?)",
                                                  arguments: [ratedId, raterId])!,
                contact: try Self.contact(of: raterId, with: ratedId, at: date, db))
            let rater = try Row.fetchOne(db, sql: """
                SELECT createdAt, EXISTS (SELECT 1 FROM rating WHERE raterId = ?1 AND ratedId = ?2) AS given,
                       (SELECT COUNT(*) FROM rating WHERE raterId = ?1 AND createdAt > ?3) AS today
                FROM user WHERE id = ?1
                """, arguments: [raterId, ratedId, limits.counted(at: date)])!
            try limits.check(raterCreatedAt: rater["createdAt"], givenToday: rater["today"], isChange: rater["given"], at: date)
            try db.execute(sql: """
                INSERT INTO rating (raterId, ratedId, stars, createdAt, updatedAt, basis) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (raterId, ratedId) DO UPDATE SET stars = excluded.stars, updatedAt = excluded.updatedAt, basis = excluded.basis
                """, arguments: [raterId, ratedId, stars, date, date, basis.rawValue])
            return try Self.recount(ratedId, at: date, db)
        }
    }

    func removeRating(of ratedId: Int64, by raterId: Int64) throws -> User? {
        try database.write { db in
            try db.execute(sql: "DELETE FROM rating WHERE raterId = ? AND ratedId = ?", arguments: [raterId, ratedId])
            return try User.exists(db, key: ratedId) ? try Self.recount(ratedId, at: Date(), db) : nil
        }
    }

    func contact(of raterId: Int64, with ratedId: Int64, at date: Date) throws -> RatingBasis {
        try database.read { db in try Self.contact(of: raterId, with: ratedId, at: date, db) }
    }

    private static func contact(of raterId: Int64, with ratedId: Int64, at date: Date, _ db: Database) throws -> RatingBasis {
        if try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM booking WHERE clientId = ? AND photographerId = ? AND cancelledAt IS NULL AND endsAt <= ?)
            """, arguments: [raterId, ratedId, date]) == true { return .booking }
        // A room where the rater wrote and the rated person wrote too (by author, then room).
        if try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM chatMessage mine WHERE mine.authorId = ?1
                AND EXISTS (SELECT 1 FROM chatMessage theirs WHERE theirs.authorId = ?2 AND theirs.roomId = mine.roomId))
            """, arguments: [raterId, ratedId]) == true { return .conversation }
        return .none
    }

    func stars(givenTo ratedId: Int64, by raterId: Int64) throws -> Int? {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT stars FROM rating WHERE raterId = ? AND ratedId = ?", arguments: [raterId, ratedId])
        }
    }

    func rating(id: Int64) throws -> GivenRating? {
        try database.read { db in try Self.given("WHERE id = ?", [id], db).first }
    }

    func ratings(of ratedId: Int64) throws -> [GivenRating] {
        try database.read { db in try Self.given("WHERE ratedId = ? ORDER BY updatedAt DESC, id DESC", [ratedId], db) }
    }

    static func given(_ clause: String, _ arguments: StatementArguments, _ db: Database) throws -> [GivenRating] {
        try Row.fetchAll(db, sql: "SELECT id, raterId, ratedId, stars, basis, updatedAt FROM rating \(clause)", arguments: arguments)
            .map { row in
                guard let basis = RatingBasis(rawValue: row[4]) else { throw DatabaseError(message: "rating \(row[0] as Int64) has an unknown basis") }
                return GivenRating(id: row[0], raterId: row[1], ratedId: row[2], stars: row[3], basis: basis, updatedAt: row[5])
            }
    }

    /// The person's average as stored on their record (0 while unrated), rounded to three
    /// decimals so the feed's page cursor can carry it exactly.
    static func average(of userId: Int64, _ db: Database) throws -> Double {
        try Double.fetchOne(db, sql: """
            SELECT CASE WHEN ratingCount = 0 THEN 0 ELSE ROUND(CAST(ratingSum AS REAL) / ratingCount, 3) END FROM user WHERE id = ?
            """, arguments: [userId]) ?? 0
    }

    /// Counts the person's ratings again, without those by someone suspended at `date`.
    static func recount(_ userId: Int64, at date: Date, _ db: Database) throws -> User {
        try db.execute(sql: """
            WITH counted AS (SELECT stars, basis FROM rating WHERE ratedId = ?1
                             AND raterId NOT IN (SELECT userId FROM suspension WHERE until IS NULL OR until > ?2))
            UPDATE user SET ratingCount = (SELECT COUNT(*) FROM counted),
                            ratingSum = (SELECT IFNULL(SUM(stars), 0) FROM counted),
                            verifiedRatingCount = (SELECT COUNT(*) FROM counted WHERE basis IN (\(verifiedBases)))
            WHERE id = ?1
            """, arguments: [userId, date])
        try db.execute(sql: "UPDATE portfolio SET authorRating = ? WHERE ownerId = ?", arguments: [try average(of: userId, db), userId])
        return try User.fetchOne(db, key: userId)!
    }

    /// Everyone `raterId` rated, counted again (after the rater's suspension changed).
    static func recountRated(by raterId: Int64, at date: Date, _ db: Database) throws {
        for ratedId in try Int64.fetchAll(db, sql: "SELECT ratedId FROM rating WHERE raterId = ?", arguments: [raterId]) {
            _ = try recount(ratedId, at: date, db)
        }
    }

    /// The bases that count as verified, as SQL text.
    static let verifiedBases = RatingBasis.allCases.filter(\.isVerified).map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
