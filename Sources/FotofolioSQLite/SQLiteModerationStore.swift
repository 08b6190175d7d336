import Foundation
import Fotofolio
import GRDB

/// Reports in `report`, operators in `operator`, what they did in `hiddenPortfolio`,
/// `hiddenPhoto`, `removedMessage` and `suspension`, and the audit log in `moderationAction`.
/// A photo is hidden by its id: a file it shares with another owner's photo stays theirs.
struct SQLiteModerationStore: ModerationStore {
    let database: AppDatabase

    func file(_ subject: ReportSubject, reason: ReportReason, details: String, by reporterId: Int64, limits: ReportLimits,
              at date: Date) throws -> Report {
        try database.write { db in
            try ModerationRules.checkReporting(owner: try Self.visibleOwner(of: subject, to: reporterId, at: date, db), by: reporterId)
            if let open = try Self.reports("WHERE reporterId = ? AND subjectKind = ? AND subjectId = ? AND state = 'open'",
                                           [reporterId, subject.kind.rawValue, subject.id], db).first {
                return open
            }
            let filed = try Date.fetchAll(db, sql: """
                SELECT createdAt FROM report WHERE reporterId = ? AND createdAt > ? ORDER BY createdAt
                """, arguments: [reporterId, limits.counted(at: date)])
            try limits.check(filed: filed, at: date)
            try db.execute(sql: """
                INSERT INTO report (reporterId, subjectKind, subjectId, reason, details, state, createdAt)
                VALUES (?, ?, ?, ?, ?, 'open', ?)
                """, arguments: [reporterId, subject.kind.rawValue, subject.id, reason.rawValue, details, date])
            return try Self.reports("WHERE id = ?", [db.lastInsertedRowID], db)[0]
        }
    }

    func reportableOwner(of subject: ReportSubject, to reporterId: Int64, at date: Date) throws -> Int64? {
        try database.read { db in try Self.visibleOwner(of: subject, to: reporterId, at: date, db) }
    }

    func reports(by reporterId: Int64) throws -> [Report] {
        try database.read { db in try Self.reports("WHERE reporterId = ? ORDER BY createdAt DESC, id DESC", [reporterId], db) }
    }

    func openReports() throws -> [Report] {
        try database.read { db in try Self.reports("WHERE state = 'open' ORDER BY createdAt, id", [], db) }
    }

    func setOperator(_ username: String, _ isOperator: Bool, at date: Date) throws {
        try database.write { db in
            guard let userId = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE username = ?", arguments: [username]) else {
                throw ModerationError.unknownPerson
            }
            if isOperator {
                try db.execute(sql: "INSERT INTO operator (userId, grantedAt) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               arguments: [userId, date])
            } else {
                try db.execute(sql: "DELETE FROM operator WHERE userId = ?", arguments: [userId])
            }
        }
    }

    func isOperator(_ userId: Int64) throws -> Bool {
        try database.read { db in try Self.isOperator(userId, db) }
    }

    func apply(_ action: ModerationAction, reason: String, by operatorId: Int64, settling settled: ReportSubject, at date: Date) throws {
        try database.write { db in
            try ModerationRules.checkActing(isOperator: try Self.isOperator(operatorId, db))
            var until: Date?
            switch action {
            case .dismiss(let subject):
                guard try Self.exists(subject, db) else { throw ModerationError.unknownSubject }
            case .hidePortfolio(let id):
                try Self.require("portfolio", id, db)
                try db.execute(sql: """
                    INSERT INTO hiddenPortfolio (portfolioId, reason, hiddenAt) VALUES (?, ?, ?)
                    ON CONFLICT (portfolioId) DO UPDATE SET reason = excluded.reason
                    """, arguments: [id, reason, date])
                try SQLiteMailStore.noteModeration(of: "SELECT ownerId FROM portfolio WHERE id = ?", id, .hidden, reason: reason,
                                                   until: nil, at: date, db)
            case .unhidePortfolio(let id):
                try Self.require("portfolio", id, db)
                try db.execute(sql: "DELETE FROM hiddenPortfolio WHERE portfolioId = ?", arguments: [id])
            case .hidePhoto(let id):
                try Self.require("photo", id, db)
                try db.execute(sql: "INSERT INTO hiddenPhoto (photoId, hiddenAt) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               arguments: [id, date])
                try SQLiteMailStore.noteModeration(of: "SELECT ownerId FROM photo WHERE id = ?", id, .hidden, reason: reason,
                                                   until: nil, at: date, db)
                try Self.touchPortfolios(showing: id, at: date, db)
            case .unhidePhoto(let id):
                try Self.require("photo", id, db)
                try db.execute(sql: "DELETE FROM hiddenPhoto WHERE photoId = ?", arguments: [id])
                try Self.touchPortfolios(showing: id, at: date, db)
            case .removeMessage(let id):
                guard try MessengerReading.message(id: id, db) != nil else { throw ModerationError.unknownSubject }
                try db.execute(sql: "INSERT INTO removedMessage (messageId, removedAt) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               arguments: [id, date])
                // Its photos and files go with it: `UnusedPhotos` removes what no row names any more.
                try db.execute(sql: "DELETE FROM chatAttachment WHERE messageId = ?", arguments: [id])
                // Read back as the room now shows it, put in place of every copy still to be
                // read, and told to the room like a message.
                let removed = try MessengerReading.message(id: id, db)!
                try Self.rewriteCopies(of: removed, db)
                try SQLiteMessengerStore.announce(removed, at: date, db)
            case .removeRating(let id):
                guard let rating = try SQLiteRatingsStore.given("WHERE id = ?", [id], db).first else {
                    throw ModerationError.unknownSubject
                }
                try db.execute(sql: "DELETE FROM rating WHERE id = ?", arguments: [id])
                _ = try SQLiteRatingsStore.recount(rating.ratedId, at: date, db)
            case .suspend(let userId, let end):
                try Self.require("user", userId, db)
                try ModerationRules.checkSuspending(isOperator: try Self.isOperator(userId, db))
                until = end
                try db.execute(sql: """
                    INSERT INTO suspension (userId, until, reason, suspendedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (userId) DO UPDATE SET until = excluded.until, reason = excluded.reason, suspendedAt = excluded.suspendedAt
                    """, arguments: [userId, end, reason, date])
                try db.execute(sql: "DELETE FROM session WHERE userId = ?", arguments: [userId])
                try SQLiteMailStore.noteModeration(of: "SELECT ?", userId, .suspended, reason: reason, until: end, at: date, db)
                // Their ratings stop counting.
                try SQLiteRatingsStore.recountRated(by: userId, at: date, db)
            case .unsuspend(let userId):
                try Self.require("user", userId, db)
                try db.execute(sql: "DELETE FROM suspension WHERE userId = ?", arguments: [userId])
                try SQLiteRatingsStore.recountRated(by: userId, at: date, db)
            case .hideDemand(let id):
                try Self.require("demand", id, db)
                try db.execute(sql: "UPDATE demand SET hiddenAt = COALESCE(hiddenAt, ?) WHERE id = ?", arguments: [date, id])
                try SQLiteMailStore.noteModeration(of: "SELECT clientId FROM demand WHERE id = ?", id, .hidden, reason: reason,
                                                   until: nil, at: date, db)
            case .unhideDemand(let id):
                try Self.require("demand", id, db)
                try db.execute(sql: "UPDATE demand SET hiddenAt = NULL WHERE id = ?", arguments: [id])
            }
            let subject = action.subject
            if let state = ModerationRules.settlement(of: action) {
                for reported in Set([subject, settled]) {
                    try db.execute(sql: """
                        UPDATE report SET state = ?, resolvedAt = ? WHERE subjectKind = ? AND subjectId = ? AND state = 'open'
                        """, arguments: [state.rawValue, date, reported.kind.rawValue, reported.id])
                }
            }
            try db.execute(sql: """
                INSERT INTO moderationAction (operatorId, action, subjectKind, subjectId, reason, until, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [operatorId, action.name, subject.kind.rawValue, subject.id, reason, until, date])
        }
    }

    func auditLog(limit: Int) throws -> [AuditEntry] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT moderationAction.*, user.username FROM moderationAction LEFT JOIN user ON user.id = moderationAction.operatorId
                ORDER BY moderationAction.createdAt DESC, moderationAction.id DESC LIMIT ?
                """, arguments: [limit]).map { row in
                guard let kind = ReportSubject.Kind(rawValue: row["subjectKind"]) else {
                    throw DatabaseError(message: "unknown subject kind \(row["subjectKind"] as String)")
                }
                return AuditEntry(id: row["id"], operatorName: row["username"], action: row["action"],
                                  subject: ReportSubject(kind, row["subjectId"]), reason: row["reason"], until: row["until"],
                                  createdAt: row["createdAt"])
            }
        }
    }

    func suspension(of userId: Int64, at date: Date) throws -> Suspension? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT until, reason FROM suspension WHERE userId = ? AND (until IS NULL OR until > ?)",
                             arguments: [userId, date]).map { Suspension(until: $0["until"], reason: $0["reason"]) }
        }
    }

    func suspended(since date: Date) throws -> [Int64] {
        try database.read { db in
            try Int64.fetchAll(db, sql: "SELECT userId FROM suspension WHERE suspendedAt >= ?", arguments: [date])
        }
    }

    func messageInContext(_ messageId: Int64, around: Int) throws -> [ChatMessage] {
        try database.read { db in
            guard let message = try MessengerReading.message(id: messageId, db) else { return [] }
            let before = try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.id < ? ORDER BY chatMessage.id DESC LIMIT ?
                """, [message.roomId, messageId, around], db)
            let after = try MessengerReading.messages("""
                WHERE chatMessage.roomId = ? AND chatMessage.id > ? ORDER BY chatMessage.id LIMIT ?
                """, [message.roomId, messageId, around], db)
            return before.reversed() + [message] + after
        }
    }

    func visibility(ofPortfolio portfolioId: Int64, at date: Date) throws -> HiddenState {
        try database.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT reason FROM hiddenPortfolio WHERE portfolioId = portfolio.id) AS reason,
                       EXISTS (SELECT 1 FROM suspension WHERE userId = portfolio.ownerId AND (until IS NULL OR until > ?)) AS suspended
                FROM portfolio WHERE id = ?
                """, arguments: [date, portfolioId])
            return HiddenState(hiddenReason: row?["reason"], ownerSuspended: row?["suspended"] ?? false)
        }
    }

    func hiddenPhotos(among photoIds: [Int64]) throws -> Set<Int64> {
        try database.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT photoId FROM hiddenPhoto WHERE photoId IN (SELECT value FROM json_each(?))",
                                   arguments: [String(describing: photoIds)]))
        }
    }

    func hiddenPortfolios(among portfolioIds: [Int64]) throws -> Set<Int64> {
        try database.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT portfolioId FROM hiddenPortfolio WHERE portfolioId IN (SELECT value FROM json_each(?))",
                                   arguments: [String(describing: portfolioIds)]))
        }
    }

    func hiddenDemands(among demandIds: [Int64]) throws -> Set<Int64> {
        try database.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT id FROM demand WHERE hiddenAt IS NOT NULL AND id IN (SELECT value FROM json_each(?))",
                                   arguments: [String(describing: demandIds)]))
        }
    }

    func demand(_ demandId: Int64) throws -> Demand? {
        try database.read { db in try SQLiteDemandStore.demand(demandId, db) }
    }

    // MARK: - Pieces

    static func isOperator(_ userId: Int64, _ db: Database) throws -> Bool {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM operator WHERE userId = ?"), arguments: [userId]) != nil
    }

    /// The owner of the subject when the reporter may see it by `VisibilityRules`, else nil.
    private static func visibleOwner(of subject: ReportSubject, to reporterId: Int64, at date: Date, _ db: Database) throws -> Int64? {
        if subject.kind == .demand { return try SQLiteDemandStore.visible(subject.id, to: reporterId, at: date, db)?.clientId }
        guard let visible = Subject(subject) else {
            return ModerationRules.ratingOwner(try SQLiteRatingsStore.given("WHERE id = ?", [subject.id], db).first, reportedBy: reporterId)
        }
        let facts = try visibilityFacts(of: visible, for: reporterId, at: date, db)
        return VisibilityRules.sight(facts, for: Viewer(personId: reporterId)) == .none ? nil : facts?.ownerId
    }

    private static func exists(_ subject: ReportSubject, _ db: Database) throws -> Bool {
        let table = switch subject.kind {
        case .profile: "user"
        case .portfolio: "portfolio"
        case .photo: "photo"
        case .message: "chatMessage"
        case .rating: "rating"
        case .demand: "demand"
        }
        return try Int.fetchOne(db, sql: "SELECT 1 FROM \(table) WHERE id = ?", arguments: [subject.id]) != nil
    }

    private static func require(_ table: String, _ id: Int64, _ db: Database) throws {
        guard try Int.fetchOne(db, sql: "SELECT 1 FROM \(table) WHERE id = ?", arguments: [id]) != nil else {
            throw ModerationError.unknownSubject
        }
    }

    /// A portfolio's cards are kept per version: one showing the photo gets a new one.
    private static func touchPortfolios(showing photoId: Int64, at date: Date, _ db: Database) throws {
        try db.execute(sql: """
            UPDATE portfolio SET updatedAt = ? WHERE id IN (SELECT portfolioId FROM portfolioPhoto WHERE photoId = ?)
            """, arguments: [date, photoId])
    }

    private static func reports(_ clause: String, _ arguments: StatementArguments, _ db: Database) throws -> [Report] {
        try Row.fetchAll(db, sql: "SELECT * FROM report \(clause)", arguments: arguments).map { row in
            guard let kind = ReportSubject.Kind(rawValue: row["subjectKind"]), let reason = ReportReason(rawValue: row["reason"]),
                  let state = ReportState(rawValue: row["state"]) else {
                throw DatabaseError(message: "a report row holds an unknown kind, reason or state")
            }
            return Report(id: row["id"], reporterId: row["reporterId"], subject: ReportSubject(kind, row["subjectId"]),
                          reason: reason, details: row["details"], state: state, createdAt: row["createdAt"],
                          resolvedAt: row["resolvedAt"])
        }
    }
}
