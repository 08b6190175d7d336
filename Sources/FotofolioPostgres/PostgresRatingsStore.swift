import Foundation
import Fotofolio
import Postgres

/// Ratings in `rating` (with the contact each rests on, from `booking` and `chat_message`),
/// with their counts and sum kept on `account` (ratings by someone suspended left out) and the
/// average on `portfolio`. A change locks the people's rows first (in id order), so ratings
/// given at the same moment are counted one after the other and the sums always match the
/// ratings, and a new account's ratings of the day are counted under the lock of its row.
struct PostgresRatingsStore: RatingsStore {
    let pool: PostgresPool

    func rate(_ ratedId: Int64, stars: Int, by raterId: Int64, limits: RatingLimits, at date: Date) throws -> User {
        try pool.transaction { connection in
            // Both people, in id order as every change of ratings locks people: the rated person's
            // counts change one after the other, and two of a rater's ratings cannot both be
            // the day's last one allowed.
            let people = try connection.query("SELECT id, created_at FROM account WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
                                              [raterId, ratedId])
            guard people.count == 2, let rater = try people.first(where: { try $0.decode(0, as: Int64.self) == raterId }) else {
                throw RatingError.unknownPerson
            }
            let basis = try RatingRules.basis(
                blockedByRated: try !connection.query("SELECT 1 FROM block WHERE blocker_id = $1 AND blocked_id = $2", [ratedId, raterId])
                    .isEmpty,
                contact: try Self.contact(of: raterId, with: ratedId, at: date, connection))
            let today = try connection.query("SELECT count(*) FROM rating WHERE rater_id = $1 AND created_at > $2",
                                             [raterId, limits.counted(at: date).stored])[0].decode(0, as: Int.self)
            let given = try !connection.query("SELECT 1 FROM rating WHERE rater_id = $1 AND rated_id = $2", [raterId, ratedId]).isEmpty
            try limits.check(raterCreatedAt: try rater.decode(1, as: Date.self), givenToday: today, isChange: given, at: date)
            try connection.query("""
                INSERT INTO rating (rater_id, rated_id, stars, created_at, updated_at, basis) VALUES ($1, $2, $3, $4, $4, $5)
                ON CONFLICT (rater_id, rated_id) DO UPDATE SET stars = excluded.stars, updated_at = excluded.updated_at,
                                                               basis = excluded.basis
                """, [raterId, ratedId, stars, date.stored, basis.rawValue])
            return try Self.recount(ratedId, at: date, connection)
        }
    }

    func removeRating(of ratedId: Int64, by raterId: Int64) throws -> User? {
        try pool.transaction { connection in
            let exists = try Self.lock(ratedId, connection)
            try connection.query("DELETE FROM rating WHERE rater_id = $1 AND rated_id = $2", [raterId, ratedId])
            return exists ? try Self.recount(ratedId, at: Date(), connection) : nil
        }
    }

    func contact(of raterId: Int64, with ratedId: Int64, at date: Date) throws -> RatingBasis {
        try pool.transaction(.repeatableRead) { connection in try Self.contact(of: raterId, with: ratedId, at: date, connection) }
    }

    private static func contact(of raterId: Int64, with ratedId: Int64, at date: Date, _ connection: PostgresConnection) throws
        -> RatingBasis {
        if try connection.query("""
            SELECT EXISTS (SELECT 1 FROM booking WHERE client_id = $1 AND photographer_id = $2 AND cancelled_at IS NULL AND ends_at <= $3)
            """, [raterId, ratedId, date.stored])[0].decode(0, as: Bool.self) { return .booking }
        // A room where the rater wrote and the rated person wrote too (by author, then room).
        if try connection.query("""
            SELECT EXISTS (SELECT 1 FROM chat_message mine WHERE mine.author_id = $1
                AND EXISTS (SELECT 1 FROM chat_message theirs WHERE theirs.author_id = $2 AND theirs.room_id = mine.room_id))
            """, [raterId, ratedId])[0].decode(0, as: Bool.self) { return .conversation }
        return .none
    }

    func stars(givenTo ratedId: Int64, by raterId: Int64) throws -> Int? {
        try pool.withConnection { connection in
            try connection.query("SELECT stars FROM rating WHERE rater_id = $1 AND rated_id = $2", [raterId, ratedId])
                .first?.decode(0, as: Int.self)
        }
    }

    func rating(id: Int64) throws -> GivenRating? {
        try pool.withConnection { connection in try Self.given("WHERE id = $1", [id], connection).first }
    }

    func ratings(of ratedId: Int64) throws -> [GivenRating] {
        try pool.withConnection { connection in
            try Self.given("WHERE rated_id = $1 ORDER BY updated_at DESC, id DESC", [ratedId], connection)
        }
    }

    static func given(_ clause: String, _ parameters: [any PostgresEncodable], _ connection: PostgresConnection) throws -> [GivenRating] {
        try connection.query("SELECT id, rater_id, rated_id, stars, basis, updated_at FROM rating \(clause)", parameters).map { row in
            guard let basis = RatingBasis(rawValue: try row.decode(4, as: String.self)) else {
                throw PostgresError(sqlState: nil, message: "rating \(try row.decode(0, as: Int64.self)) has an unknown basis")
            }
            return GivenRating(id: try row.decode(0, as: Int64.self), raterId: try row.decode(1, as: Int64.self),
                               ratedId: try row.decode(2, as: Int64.self), stars: try row.decode(3, as: Int.self), basis: basis,
                               updatedAt: try row.decode(5, as: Date.self))
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
    static func lock(_ userId: Int64, _ connection: PostgresConnection) throws -> Bool {
        try !connection.query("SELECT 1 FROM account WHERE id = $1 FOR UPDATE", [userId]).isEmpty
    }

    /// Counts the person's ratings again, without those by someone suspended at `date`.
    static func recount(_ userId: Int64, at date: Date, _ connection: PostgresConnection) throws -> User {
        try connection.query("""
            WITH counted AS (SELECT stars, basis FROM rating WHERE rated_id = $1
                             AND rater_id NOT IN (SELECT user_id FROM suspension WHERE until IS NULL OR until > $2))
            UPDATE account SET rating_count = (SELECT count(*) FROM counted),
                               rating_sum = (SELECT coalesce(sum(stars), 0) FROM counted),
                               verified_rating_count = (SELECT count(*) FROM counted WHERE basis IN (\(verifiedBases)))
            WHERE id = $1
            """, [userId, date.stored])
        try connection.query("UPDATE portfolio SET author_rating = $1 WHERE owner_id = $2", [try average(of: userId, connection), userId])
        return try connection.query("SELECT \(AccountColumns.columns.all) FROM account WHERE id = $1", [userId])[0].record(User.self)
    }

    /// Everyone `raterId` rated, counted again (after the rater's suspension changed); each
    /// rated person's row locked in id order, as ratings lock them.
    static func recountRated(by raterId: Int64, at date: Date, _ connection: PostgresConnection) throws {
        let rated = try connection.query("SELECT rated_id FROM rating WHERE rater_id = $1 ORDER BY rated_id", [raterId])
            .map { try $0.decode(0, as: Int64.self) }
        for ratedId in rated where try lock(ratedId, connection) {
            _ = try recount(ratedId, at: date, connection)
        }
    }

    /// The bases that count as verified, as SQL text.
    static let verifiedBases = RatingBasis.allCases.filter(\.isVerified).map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
