import Foundation
import GRDB

extension Schema {
    /// Ratings by anyone: each rating gets an id (a report names it), the moment it was first
    /// given (a new account's day counts those) and a basis that may be `none`; each person
    /// keeps how many of their counted ratings are verified; a report may be of a rating.
    /// The counts are made again without the ratings of people suspended now.
    static func createRatingsByAnyone(_ db: Database) throws {
        try db.create(table: "newRating") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("raterId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("ratedId", .integer).notNull().indexed().references("user", onDelete: .cascade)
            table.column("stars", .integer).notNull().check { (1...5).contains($0) }
            table.column("createdAt", .datetime).notNull()
            table.column("updatedAt", .datetime).notNull()
            table.column("basis", .text).notNull().check { ["booking", "conversation", "none", "beforeBookings"].contains($0) }
            table.uniqueKey(["raterId", "ratedId"])
            table.check(sql: "raterId <> ratedId")
        }
        try db.execute(sql: """
            INSERT INTO newRating (raterId, ratedId, stars, createdAt, updatedAt, basis)
            SELECT raterId, ratedId, stars, updatedAt, updatedAt, basis FROM rating ORDER BY updatedAt
            """)
        try db.drop(table: "rating")
        try db.rename(table: "newRating", to: "rating")
        // A new account's ratings of the last day (RatingLimits).
        try db.create(index: "rating_byRaterTime", on: "rating", columns: ["raterId", "createdAt"])
        try db.alter(table: "user") { table in
            table.add(column: "verifiedRatingCount", .integer).notNull().defaults(to: 0)
        }
        try widenReportKinds(to: ["profile", "portfolio", "photo", "message", "rating"], db)
        try db.execute(sql: """
            WITH counted AS (SELECT * FROM rating WHERE raterId NOT IN (SELECT userId FROM suspension WHERE until IS NULL OR until > ?))
            UPDATE user SET ratingCount = (SELECT COUNT(*) FROM counted WHERE ratedId = user.id),
                            ratingSum = (SELECT IFNULL(SUM(stars), 0) FROM counted WHERE ratedId = user.id),
                            verifiedRatingCount = (SELECT COUNT(*) FROM counted WHERE ratedId = user.id AND basis IN ('booking', 'conversation'))
            """, arguments: [Date()])
        try db.execute(sql: """
            UPDATE portfolio SET authorRating = (SELECT CASE WHEN ratingCount = 0 THEN 0 ELSE ROUND(CAST(ratingSum AS REAL) / ratingCount, 3) END
                                                 FROM user WHERE user.id = portfolio.ownerId)
            """)
    }

    /// `report` again with `kinds` the kinds a subject may be (SQLite changes no check in
    /// place): `rating` with ratings, `demand` with demands.
    static func widenReportKinds(to kinds: [String], _ db: Database) throws {
        try db.create(table: "newReport") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("reporterId", .integer).notNull().references("user", onDelete: .cascade)
            table.column("subjectKind", .text).notNull()
                .check { kinds.contains($0) }
            table.column("subjectId", .integer).notNull()
            table.column("reason", .text).notNull()
                .check { ["spam", "harassment", "stolenWork", "inappropriate", "other"].contains($0) }
            table.column("details", .text).notNull()
            table.column("state", .text).notNull().check { ["open", "dismissed", "actioned"].contains($0) }
            table.column("createdAt", .datetime).notNull()
            table.column("resolvedAt", .datetime)
        }
        try db.execute(sql: "INSERT INTO newReport SELECT id, reporterId, subjectKind, subjectId, reason, details, state, createdAt, resolvedAt FROM report")
        try db.drop(table: "report")
        try db.rename(table: "newReport", to: "report")
        try db.create(index: "report_byReporter", on: "report", columns: ["reporterId", "createdAt"])
        try db.create(index: "report_bySubject", on: "report", columns: ["subjectKind", "subjectId", "state"])
        // One open report per person and subject.
        try db.create(index: "report_openOnce", on: "report", columns: ["reporterId", "subjectKind", "subjectId"],
                      unique: true, condition: Column("state") == "open")
    }
}
