import Foundation
import Fotofolio
import Postgres

/// Reports in `report`, operators in `operator`, what they did in `hidden_portfolio`,
/// `hidden_photo`, `removed_message` and `suspension`, and the audit log in
/// `moderation_action`. A photo is hidden by its id: a file it shares with another owner's
/// photo stays theirs. A removed message's live event tells the log's observers once its
/// transaction has committed, as the messenger's own do.
struct PostgresModerationStore: ModerationStore {
    let pool: PostgresPool

    func file(_ subject: ReportSubject, reason: ReportReason, details: String, by reporterId: Int64, limits: ReportLimits,
              at date: Date) throws -> Report {
        try pool.transaction { connection in
            try ModerationRules.checkReporting(owner: try Self.visibleOwner(of: subject, to: reporterId, at: date, connection),
                                               by: reporterId)
            // The reporter's row, locked: two nodes filing their reports count one after the other.
            try connection.query("SELECT 1 FROM account WHERE id = $1 FOR NO KEY UPDATE", [reporterId])
            if let open = try Self.reports("WHERE reporter_id = $1 AND subject_kind = $2 AND subject_id = $3 AND state = 'open'",
                                           [reporterId, subject.kind.rawValue, subject.id], connection).first {
                return open
            }
            let filed = try connection.query("""
                SELECT created_at FROM report WHERE reporter_id = $1 AND created_at > $2 ORDER BY created_at
                """, [reporterId, limits.counted(at: date).stored]).map { try $0.decode(0, as: Date.self) }
            try limits.check(filed: filed, at: date)
            let inserted = try connection.query("""
                INSERT INTO report (reporter_id, subject_kind, subject_id, reason, details, state, created_at)
                VALUES ($1, $2, $3, $4, $5, 'open', $6)
                ON CONFLICT (reporter_id, subject_kind, subject_id) WHERE state = 'open' DO NOTHING RETURNING id
                """, [reporterId, subject.kind.rawValue, subject.id, reason.rawValue, details, date.stored])
            if let row = inserted.first { return try Self.reports("WHERE id = $1", [try row.decode(0, as: Int64.self)], connection)[0] }
            return try Self.reports("WHERE reporter_id = $1 AND subject_kind = $2 AND subject_id = $3 AND state = 'open'",
                                    [reporterId, subject.kind.rawValue, subject.id], connection)[0]
        }
    }

    func reportableOwner(of subject: ReportSubject, to reporterId: Int64, at date: Date) throws -> Int64? {
        try pool.withConnection { connection in try Self.visibleOwner(of: subject, to: reporterId, at: date, connection) }
    }

    func reports(by reporterId: Int64) throws -> [Report] {
        try pool.withConnection { connection in
            try Self.reports("WHERE reporter_id = $1 ORDER BY created_at DESC, id DESC", [reporterId], connection)
        }
    }

    func openReports() throws -> [Report] {
        try pool.withConnection { connection in try Self.reports("WHERE state = 'open' ORDER BY created_at, id", [], connection) }
    }

    func setOperator(_ username: String, _ isOperator: Bool, at date: Date) throws {
        try pool.transaction { connection in
            guard let row = try connection.query("SELECT id FROM account WHERE username = $1", [username]).first else {
                throw ModerationError.unknownPerson
            }
            let userId = try row.decode(0, as: Int64.self)
            if isOperator {
                try connection.query("INSERT INTO operator (user_id, granted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                     [userId, date.stored])
            } else {
                try connection.query("DELETE FROM operator WHERE user_id = $1", [userId])
            }
        }
    }

    func isOperator(_ userId: Int64) throws -> Bool {
        try pool.withConnection { connection in try Self.isOperator(userId, connection) }
    }

    func apply(_ action: ModerationAction, reason: String, by operatorId: Int64, settling settled: ReportSubject, at date: Date) throws {
        try pool.transaction { connection in
            try ModerationRules.checkActing(isOperator: try Self.isOperator(operatorId, connection))
            var until: Date?
            switch action {
            case .dismiss(let subject):
                try Self.require(Self.table(of: subject.kind), subject.id, connection)
            case .hidePortfolio(let id):
                try Self.require("portfolio", id, connection)
                try connection.query("""
                    INSERT INTO hidden_portfolio (portfolio_id, reason, hidden_at) VALUES ($1, $2, $3)
                    ON CONFLICT (portfolio_id) DO UPDATE SET reason = excluded.reason
                    """, [id, reason, date.stored])
                try PostgresMailStore.noteModeration(of: "SELECT owner_id FROM portfolio WHERE id = $1", id, .hidden, reason: reason,
                                                     until: nil, at: date, connection)
            case .unhidePortfolio(let id):
                try Self.require("portfolio", id, connection)
                try connection.query("DELETE FROM hidden_portfolio WHERE portfolio_id = $1", [id])
            case .hidePhoto(let id):
                try Self.require("photo", id, connection)
                try connection.query("INSERT INTO hidden_photo (photo_id, hidden_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                     [id, date.stored])
                try PostgresMailStore.noteModeration(of: "SELECT owner_id FROM photo WHERE id = $1", id, .hidden, reason: reason,
                                                     until: nil, at: date, connection)
                try Self.touchPortfolios(showing: id, at: date, connection)
            case .unhidePhoto(let id):
                try Self.require("photo", id, connection)
                try connection.query("DELETE FROM hidden_photo WHERE photo_id = $1", [id])
                try Self.touchPortfolios(showing: id, at: date, connection)
            case .removeMessage(let id):
                guard try PostgresMessengerReading.message(id: id, connection) != nil else { throw ModerationError.unknownSubject }
                try connection.query("INSERT INTO removed_message (message_id, removed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                     [id, date.stored])
                // Its photos and files go with it: `UnusedPhotos` removes what no row names any more.
                try connection.query("DELETE FROM chat_attachment WHERE message_id = $1", [id])
                // Read back as the room now shows it, put in place of every copy still to be
                // read, and told to the room like a message.
                let removed = try PostgresMessengerReading.message(id: id, connection)!
                try Self.rewriteCopies(of: removed, connection)
                try PostgresMessengerStore.announce(removed, at: date, connection)
            case .removeRating(let id):
                guard let rating = try PostgresRatingsStore.given("WHERE id = $1", [id], connection).first else {
                    throw ModerationError.unknownSubject
                }
                // The rated person's row first, as every change of their ratings.
                _ = try PostgresRatingsStore.lock(rating.ratedId, connection)
                try connection.query("DELETE FROM rating WHERE id = $1", [id])
                _ = try PostgresRatingsStore.recount(rating.ratedId, at: date, connection)
            case .suspend(let userId, let end):
                try Self.require("account", userId, connection)
                try ModerationRules.checkSuspending(isOperator: try Self.isOperator(userId, connection))
                until = end
                try connection.query("""
                    INSERT INTO suspension (user_id, until, reason, suspended_at) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (user_id) DO UPDATE SET until = excluded.until, reason = excluded.reason,
                                                        suspended_at = excluded.suspended_at
                    """, [userId, end?.stored, reason, date.stored])
                try connection.query("DELETE FROM session WHERE user_id = $1", [userId])
                try PostgresMailStore.noteModeration(of: "SELECT $1::bigint", userId, .suspended, reason: reason, until: end, at: date,
                                                     connection)
                // Their ratings stop counting.
                try PostgresRatingsStore.recountRated(by: userId, at: date, connection)
            case .unsuspend(let userId):
                try Self.require("account", userId, connection)
                try connection.query("DELETE FROM suspension WHERE user_id = $1", [userId])
                try PostgresRatingsStore.recountRated(by: userId, at: date, connection)
            case .hideDemand(let id):
                try Self.require("demand", id, connection)
                try connection.query("UPDATE demand SET hidden_at = COALESCE(hidden_at, $1) WHERE id = $2", [date.stored, id])
                try PostgresMailStore.noteModeration(of: "SELECT client_id FROM demand WHERE id = $1", id, .hidden, reason: reason,
                                                     until: nil, at: date, connection)
            case .unhideDemand(let id):
                try Self.require("demand", id, connection)
                try connection.query("UPDATE demand SET hidden_at = NULL WHERE id = $1", [id])
            }
            let subject = action.subject
            if let state = ModerationRules.settlement(of: action) {
                for reported in Set([subject, settled]) {
                    try connection.query("""
                        UPDATE report SET state = $1, resolved_at = $2 WHERE subject_kind = $3 AND subject_id = $4 AND state = 'open'
                        """, [state.rawValue, date.stored, reported.kind.rawValue, reported.id])
                }
            }
            try connection.query("""
                INSERT INTO moderation_action (operator_id, action, subject_kind, subject_id, reason, until, created_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7)
                """, [operatorId, action.name, subject.kind.rawValue, subject.id, reason, until?.stored, date.stored])
        }
    }

    func auditLog(limit: Int) throws -> [AuditEntry] {
        try pool.withConnection { connection in
            try connection.query("""
                SELECT moderation_action.id, account.username, action, subject_kind, subject_id, reason, until, moderation_action.created_at
                FROM moderation_action LEFT JOIN account ON account.id = moderation_action.operator_id
                ORDER BY moderation_action.created_at DESC, moderation_action.id DESC LIMIT $1
                """, [limit]).map { row in
                guard let kind = ReportSubject.Kind(rawValue: try row.decode(3, as: String.self)) else {
                    throw ModerationError.unknownSubject
                }
                return AuditEntry(id: try row.decode(0), operatorName: try row.decodeIfPresent(1), action: try row.decode(2),
                                  subject: ReportSubject(kind, try row.decode(4)), reason: try row.decode(5),
                                  until: try row.decodeIfPresent(6), createdAt: try row.decode(7))
            }
        }
    }

    func suspended(since date: Date) throws -> [Int64] {
        try pool.withConnection { connection in
            try connection.query("SELECT user_id FROM suspension WHERE suspended_at >= $1", [date.stored]).map { try $0.decode(0, as: Int64.self) }
        }
    }

    func suspension(of userId: Int64, at date: Date) throws -> Suspension? {
        try pool.withConnection { connection in
            try connection.query("SELECT until, reason FROM suspension WHERE user_id = $1 AND (until IS NULL OR until > $2)",
                                 [userId, date.stored]).first.map { row in
                Suspension(until: try row.decodeIfPresent(0), reason: try row.decode(1))
            }
        }
    }

    func messageInContext(_ messageId: Int64, around: Int) throws -> [ChatMessage] {
        try pool.transaction(.repeatableRead) { connection in
            guard let message = try PostgresMessengerReading.message(id: messageId, connection) else { return [] }
            let before = try PostgresMessengerReading.messages("""
                WHERE chat_message.room_id = $1 AND chat_message.id < $2 ORDER BY chat_message.id DESC LIMIT $3
                """, [message.roomId, messageId, around], connection)
            let after = try PostgresMessengerReading.messages("""
                WHERE chat_message.room_id = $1 AND chat_message.id > $2 ORDER BY chat_message.id LIMIT $3
                """, [message.roomId, messageId, around], connection)
            return before.reversed() + [message] + after
        }
    }

    func visibility(ofPortfolio portfolioId: Int64, at date: Date) throws -> HiddenState {
        try pool.withConnection { connection in
            let row = try connection.query("""
                SELECT (SELECT reason FROM hidden_portfolio WHERE portfolio_id = portfolio.id),
                       EXISTS (SELECT 1 FROM suspension WHERE user_id = portfolio.owner_id AND (until IS NULL OR until > $2))
                FROM portfolio WHERE id = $1
                """, [portfolioId, date.stored]).first
            return HiddenState(hiddenReason: try row?.decodeIfPresent(0, as: String.self),
                               ownerSuspended: try row?.decode(1, as: Bool.self) ?? false)
        }
    }

    func hiddenPhotos(among photoIds: [Int64]) throws -> Set<Int64> {
        try pool.withConnection { connection in
            Set(try connection.query("SELECT photo_id FROM hidden_photo WHERE photo_id = ANY($1::bigint[])", [IdList(photoIds)])
                .map { try $0.decode(0, as: Int64.self) })
        }
    }

    func hiddenPortfolios(among portfolioIds: [Int64]) throws -> Set<Int64> {
        try pool.withConnection { connection in
            Set(try connection.query("SELECT portfolio_id FROM hidden_portfolio WHERE portfolio_id = ANY($1::bigint[])",
                                     [IdList(portfolioIds)]).map { try $0.decode(0, as: Int64.self) })
        }
    }

    func hiddenDemands(among demandIds: [Int64]) throws -> Set<Int64> {
        try pool.withConnection { connection in
            Set(try connection.query("SELECT id FROM demand WHERE hidden_at IS NOT NULL AND id = ANY($1::bigint[])",
                                     [IdList(demandIds)]).map { try $0.decode(0, as: Int64.self) })
        }
    }

    func demand(_ demandId: Int64) throws -> Demand? {
        try pool.withConnection { connection in try PostgresDemandStore.demand(demandId, connection) }
    }

    // MARK: - Pieces

    static func isOperator(_ userId: Int64, _ connection: PostgresConnection) throws -> Bool {
        try !connection.query("SELECT 1 FROM operator WHERE user_id = $1", [userId]).isEmpty
    }

    private static func table(of kind: ReportSubject.Kind) -> String {
        switch kind {
        case .profile: "account"
        case .portfolio: "portfolio"
        case .photo: "photo"
        case .message: "chat_message"
        case .rating: "rating"
        case .demand: "demand"
        }
    }

    private static func require(_ table: String, _ id: Int64, _ connection: PostgresConnection) throws {
        guard try !connection.query("SELECT 1 FROM \(table) WHERE id = $1", [id]).isEmpty else { throw ModerationError.unknownSubject }
    }

    private static func touchPortfolios(showing photoId: Int64, at date: Date, _ connection: PostgresConnection) throws {
        try connection.query("""
            UPDATE portfolio SET updated_at = $1 WHERE id IN (SELECT portfolio_id FROM portfolio_photo WHERE photo_id = $2)
            """, [date.stored, photoId])
    }

    /// The owner of the subject when the reporter may see it by `VisibilityRules`, else nil.
    private static func visibleOwner(of subject: ReportSubject, to reporterId: Int64, at date: Date,
                                     _ connection: PostgresConnection) throws -> Int64? {
        if subject.kind == .demand { return try PostgresDemandStore.visible(subject.id, to: reporterId, at: date, connection)?.clientId }
        guard let visible = Subject(subject) else {
            return ModerationRules.ratingOwner(try PostgresRatingsStore.given("WHERE id = $1", [subject.id], connection).first,
                                               reportedBy: reporterId)
        }
        let facts = try visibilityFacts(of: visible, for: reporterId, at: date, connection)
        return VisibilityRules.sight(facts, for: Viewer(personId: reporterId)) == .none ? nil : facts?.ownerId
    }

    private static func reports(_ clause: String, _ parameters: [any PostgresEncodable], _ connection: PostgresConnection) throws -> [Report] {
        try connection.query("""
            SELECT id, reporter_id, subject_kind, subject_id, reason, details, state, created_at, resolved_at FROM report \(clause)
            """, parameters).map { row in
            guard let kind = ReportSubject.Kind(rawValue: try row.decode(2, as: String.self)),
                  let reason = ReportReason(rawValue: try row.decode(4, as: String.self)),
                  let state = ReportState(rawValue: try row.decode(6, as: String.self)) else {
                throw ModerationError.unknownSubject
            }
            return Report(id: try row.decode(0), reporterId: try row.decode(1), subject: ReportSubject(kind, try row.decode(3)),
                          reason: reason, details: try row.decode(5), state: state, createdAt: try row.decode(7),
                          resolvedAt: try row.decodeIfPresent(8))
        }
    }
}
