import Foundation
import Fotofolio
import Postgres

/// Ratings in `rating` (with the contact each rests on, from `booking` and `chat_message`),
/// with their sums kept on `account` and the average on `portfolio`. A change locks the rated
/// person's row first, so ratings given at the same moment are counted one after the other
/// and the sums always match the ratings.
struct PostgresRatingsStore: RatingsStore {
    let pool: PostgresPool

    func rate(_ ratedId: Int64, stars: Int, by raterId: Int64, at date: Date) throws -> User {
        try pool.transaction { connection in
            guard try Self.lock(ratedId, connection) else { throw RatingError.unknownPerson }
            let basis = try RatingRules.basis(
                blockedByRated: try !connection.query("SELECT 1 FROM block WHERE blocker_id = $1 AND blocked_id = $2", [ratedId, raterId])
                    .isEmpty,
                contact: try Self.contact(of: raterId, with: ratedId, at: date, connection))
            try connection.query("""
                INSERT INTO rating (rater_id, rated_id, stars, updated_at, basis) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (rater_id, rated_id) DO UPDATE SET stars = excluded.stars, updated_at = excluded.updated_at,
                                                               basis = excluded.basis
                """, [raterId, ratedId, stars, date.stored, basis.rawValue])
            return try Self.recount(ratedId, connection)
        }
    }

    func removeRating(of ratedId: Int64, by raterId: Int64) throws -> User? {
        try pool.transaction { connection in
            let exists = try Self.lock(ratedId, connection)
            try connection.query("DELETE FROM rating WHERE rater_id = $1 AND rated_id = $2", [raterId, ratedId])
            return exists ? try Self.recount(ratedId, connection) : nil
        }
    }

    func contact(of raterId: Int64, with ratedId: Int64, at date: Date) throws -> RatingBasis? {
        try pool.transaction(.repeatableRead) { connection in try Self.contact(of: raterId, with: ratedId, at: date, connection) }
    }

    private static func contact(of raterId: Int64, with ratedId: Int64, at date: Date, _ connection: PostgresConnection) throws
        -> RatingBasis? {
        if try connection.query("""
            SELECT EXISTS (SELECT 1 FROM booking WHERE client_id = $1 AND photographer_id = $2 AND cancelled_at IS NULL AND ends_at <= $3)
            """, [raterId, ratedId, date.stored])[0].decode(0, as: Bool.self) { return .booking }
        // A room where the rater wrote and the rated person wrote too (by author, then room).
        if try connection.query("""
            SELECT EXISTS (SELECT 1 FROM chat_message mine WHERE mine.author_id = $1
                AND EXISTS (SELECT 1 FROM chat_message theirs WHERE theirs.author_id = $2 AND theirs.room_id = mine.room_id))
            """, [raterId, ratedId])[0].decode(0, as: Bool.self) { return .conversation }
        return nil
    }

    func stars(givenTo ratedId: Int64, by raterId: Int64) throws -> Int? {
        try pool.withConnection { connection in
            try connection.query("SELECT stars FROM rating WHERE rater_id = $1 AND rated_id = $2", [raterId, ratedId])
                .first?.decode(0, as: Int.self)
        }
    }

    /// The person's average as stored on their record (0 while unrated), rounded to three
    /// decimals so the feed's page cursor can carry it exactly.
    static func average(of userId: Int64, _ connection: PostgresConnection) throws -> Double {
        try connection.query("""
            SELECT CASE WHEN rating_count = 0 THEN 0 ELSE round(rating_sum::numeric / rating_count, 3)::double precision END
            FROM account WHERE id = $1
            """, [userId]).first?.decode(0, as: Double.self) ?? 0
    }

    /// Whether the person exists, locking their row until the transaction ends.
    private static func lock(_ userId: Int64, _ connection: PostgresConnection) throws -> Bool {
        try !connection.query("SELECT 1 FROM account WHERE id = $1 FOR UPDATE", [userId]).isEmpty
    }

    private static func recount(_ userId: Int64, _ connection: PostgresConnection) throws -> User {
        try connection.query("""
            UPDATE account SET rating_count = (SELECT count(*) FROM rating WHERE rated_id = $1),
                               rating_sum = (SELECT coalesce(sum(stars), 0) FROM rating WHERE rated_id = $1)
            WHERE id = $1
            """, [userId])
        try connection.query("UPDATE portfolio SET author_rating = $1 WHERE owner_id = $2", [try average(of: userId, connection), userId])
        return try connection.query("SELECT \(AccountColumns.columns.all) FROM account WHERE id = $1", [userId])[0].record(User.self)
    }
}
