import Foundation

/// Reports, the operator role, what operators hid, removed or suspended, and the audit log.
/// Hidden portfolios and photos, removed messages and suspensions are rows of their own
/// (never columns an owner's save writes back), so nothing an owner does undoes them; the
/// feed, search, selection, portfolio and messenger stores read them in their own queries.
public protocol ModerationStore: VisibilityStore {
    /// Stores a report after checking, in the same transaction, that the subject exists and
    /// that the reporter may see it by `VisibilityRules` (a demand by `DemandRules.mayView`,
    /// its client being its owner) and does not own it
    /// (`ReportError.unknownSubject`, `.ownContent`). An open report of the same subject by
    /// the same person is returned instead of a second one. A new report past `limits` (the
    /// reporter's reports of the last day, read in the same transaction) is refused with
    /// `ReportError.tooMany`.
    func file(_ subject: ReportSubject, reason: ReportReason, details: String, by reporterId: Int64, limits: ReportLimits,
              at date: Date) throws -> Report

    /// Who owns the subject, when `reporterId` may see (and so report) it by the rules of
    /// `file`; nil otherwise.
    func reportableOwner(of subject: ReportSubject, to reporterId: Int64, at date: Date) throws -> Int64?

    /// The person's reports, newest first.
    func reports(by reporterId: Int64) throws -> [Report]

    /// Open reports, oldest first.
    func openReports() throws -> [Report]

    /// `ModerationError.unknownPerson` for a username nobody has.
    func setOperator(_ username: String, _ isOperator: Bool, at date: Date) throws

    func isOperator(_ userId: Int64) throws -> Bool

    /// In one transaction: `ModerationError.notAnOperator` unless `operatorId` is one, the
    /// action's effect (`.unknownSubject` when its subject is gone; `.cannotSuspendAnOperator`),
    /// the open reports of `subject` settled (the action's own, or the message or work whose
    /// author is suspended), and the audit entry. Suspending ends the person's
    /// sessions; removing a message rewrites its earlier live events and unsent outbox entries
    /// to the message as now shown (removed, without its text) and appends a `.message` live
    /// event and an outbox entry of it.
    func apply(_ action: ModerationAction, reason: String, by operatorId: Int64, settling subject: ReportSubject, at date: Date) throws

    /// The newest `limit` audit entries, newest first.
    func auditLog(limit: Int) throws -> [AuditEntry]

    /// The suspension holding at `date`, if any.
    func suspension(of userId: Int64, at date: Date) throws -> Suspension?

    /// Who was suspended at or after `date`.
    func suspended(since date: Date) throws -> [Int64]

    /// The message and up to `around` messages before and after it in its room, oldest first.
    func messageInContext(_ messageId: Int64, around: Int) throws -> [ChatMessage]

    func visibility(ofPortfolio portfolioId: Int64, at date: Date) throws -> HiddenState

    func hiddenPhotos(among photoIds: [Int64]) throws -> Set<Int64>

    /// The portfolios of these that are hidden by an operator.
    func hiddenPortfolios(among portfolioIds: [Int64]) throws -> Set<Int64>

    /// The demands of these that are hidden by an operator.
    func hiddenDemands(among demandIds: [Int64]) throws -> Set<Int64>

    /// The demand, for the desk: whoever may see it otherwise.
    func demand(_ demandId: Int64) throws -> Demand?
}
