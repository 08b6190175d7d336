import Foundation

/// What an operator does about a subject. Every action is stored with who, when and why in
/// the audit log, in the transaction that takes effect, and settles the subject's open
/// reports: a dismissal as dismissed, anything else as acted on.
public enum ModerationAction: Sendable, Equatable {
    /// Nothing wrong: the subject's open reports are closed.
    case dismiss(ReportSubject)
    /// Out of the feed, search, selections and its page for everyone but its owner and operators.
    case hidePortfolio(Int64)
    case unhidePortfolio(Int64)
    /// Out of its portfolio for everyone but its owner and operators; its files answer 404
    /// unless another photo that is shown uses the same file.
    case hidePhoto(Int64)
    case unhidePhoto(Int64)
    /// Shown to the room as removed by moderation, live; its text is kept for the audit only.
    case removeMessage(Int64)
    /// Gone, and the rated person's average counted again without it.
    case removeRating(Int64)
    /// Signed out at once and refused at login, with the reason, until `until` (nil: for
    /// good); their portfolios leave the feed, search and selections.
    case suspend(userId: Int64, until: Date?)
    case unsuspend(userId: Int64)
    /// Out of every photographer's feed and page, closed to offers; its client still sees it,
    /// as hidden by a moderator.
    case hideDemand(Int64)
    case unhideDemand(Int64)

    /// The name the audit log stores.
    public var name: String {
        switch self {
        case .dismiss: "dismiss"
        case .hidePortfolio: "hidePortfolio"
        case .unhidePortfolio: "unhidePortfolio"
        case .hidePhoto: "hidePhoto"
        case .unhidePhoto: "unhidePhoto"
        case .removeMessage: "removeMessage"
        case .removeRating: "removeRating"
        case .suspend: "suspend"
        case .unsuspend: "unsuspend"
        case .hideDemand: "hideDemand"
        case .unhideDemand: "unhideDemand"
        }
    }

    /// What the action is about, in the terms reports use.
    public var subject: ReportSubject {
        switch self {
        case .dismiss(let subject): subject
        case .hidePortfolio(let id), .unhidePortfolio(let id): ReportSubject(.portfolio, id)
        case .hidePhoto(let id), .unhidePhoto(let id): ReportSubject(.photo, id)
        case .removeMessage(let id): ReportSubject(.message, id)
        case .removeRating(let id): ReportSubject(.rating, id)
        case .suspend(let id, _), .unsuspend(let id): ReportSubject(.profile, id)
        case .hideDemand(let id), .unhideDemand(let id): ReportSubject(.demand, id)
        }
    }
}

/// One line of the audit log.
public struct AuditEntry: Sendable, Equatable {
    public let id: Int64
    /// The operator's username (nil once their account is gone).
    public let operatorName: String?
    public let action: String
    public let subject: ReportSubject
    public let reason: String
    /// A suspension's end; nil for good or for other actions.
    public let until: Date?
    public let createdAt: Date

    public init(id: Int64, operatorName: String?, action: String, subject: ReportSubject, reason: String, until: Date?,
                createdAt: Date) {
        self.id = id
        self.operatorName = operatorName
        self.action = action
        self.subject = subject
        self.reason = reason
        self.until = until
        self.createdAt = createdAt
    }
}

/// An account's suspension: until when (nil for good) and why, as the person is told at login.
public struct Suspension: Sendable, Equatable {
    public let until: Date?
    public let reason: String

    public init(until: Date?, reason: String) {
        self.until = until
        self.reason = reason
    }
}

/// Why an operator's action was refused.
public enum ModerationError: Error, Sendable, Equatable {
    case notAnOperator
    /// The subject is gone.
    case unknownSubject
    /// Every action says why, for the log.
    case reasonMissing
    case reasonTooLong(limit: Int)
    /// An operator does not suspend themselves or another operator.
    case cannotSuspendAnOperator
    case unknownPerson
}

/// The operators' side: the role, the open reports and the actions on them.
public struct Moderation: Sendable {
    let store: any ModerationStore

    /// A reason in the log: 1–500 characters on any number of lines.
    public static let reasonLimit = TextLimit(characters: 500)
    /// The lengths a suspension is offered for, in days; nil is for good.
    public static let suspensionDays: [Int?] = [1, 7, 30, nil]

    public init(stores: Stores) {
        store = stores.moderation
    }

    /// Grants or revokes the operator role (the command line's `fotofolio operator`);
    /// `ModerationError.unknownPerson` for a username nobody has.
    public func setOperator(_ username: String, _ isOperator: Bool, at date: Date = Date()) throws {
        try store.setOperator(username, isOperator, at: date)
    }

    public func isOperator(_ userId: Int64) throws -> Bool {
        try store.isOperator(userId)
    }

    /// Open reports, oldest first.
    public func openReports() throws -> [Report] {
        try store.openReports()
    }

    /// Takes the action if `operatorId` is an operator, checked in the same transaction, and
    /// settles the open reports of its subject and of `subject` (a suspension taken about a
    /// message settles the message's reports too).
    public func apply(_ action: ModerationAction, reason: String, by operatorId: Int64, settling subject: ReportSubject? = nil,
                      at date: Date = Date()) throws {
        let reason = reason.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw ModerationError.reasonMissing }
        guard Self.reasonLimit.allows(reason), !reason.containsControlCharacters(allowing: ["\n", "\t"]) else {
            throw ModerationError.reasonTooLong(limit: Self.reasonLimit.characters)
        }
        try store.apply(action, reason: reason, by: operatorId, settling: subject ?? action.subject, at: date)
    }

    /// The newest `limit` entries of the audit log, newest first.
    public func auditLog(limit: Int = 200) throws -> [AuditEntry] {
        try store.auditLog(limit: min(max(limit, 1), 1000))
    }

    /// For the entries of `log` (newest first) whose hide or suspension still holds, each the
    /// newest entry that hid, showed, suspended or let back its subject: the action that
    /// takes it back, by entry id.
    public func undoable(_ log: [AuditEntry], at date: Date = Date()) throws -> [Int64: ModerationAction] {
        let portfolios = try hiddenPortfolios(among: log.filter { $0.action == "hidePortfolio" }.map(\.subject.id))
        let photos = try hiddenPhotos(among: log.filter { $0.action == "hidePhoto" }.map(\.subject.id))
        let demands = try hiddenDemands(among: log.filter { $0.action == "hideDemand" }.map(\.subject.id))
        let changes: Set<String> = ["hidePortfolio", "unhidePortfolio", "hidePhoto", "unhidePhoto", "suspend", "unsuspend", "hideDemand",
                                    "unhideDemand"]
        var seen: Set<ReportSubject> = []
        var undo: [Int64: ModerationAction] = [:]
        for entry in log where changes.contains(entry.action) && seen.insert(entry.subject).inserted {
            switch entry.action {
            case "hidePortfolio" where portfolios.contains(entry.subject.id): undo[entry.id] = .unhidePortfolio(entry.subject.id)
            case "hidePhoto" where photos.contains(entry.subject.id): undo[entry.id] = .unhidePhoto(entry.subject.id)
            case "hideDemand" where demands.contains(entry.subject.id): undo[entry.id] = .unhideDemand(entry.subject.id)
            case "suspend" where try suspension(of: entry.subject.id, at: date) != nil: undo[entry.id] = .unsuspend(userId: entry.subject.id)
            default: break
            }
        }
        return undo
    }

    /// The person's suspension, if one holds at `date`.
    public func suspension(of userId: Int64, at date: Date = Date()) throws -> Suspension? {
        try store.suspension(of: userId, at: date)
    }

    /// What an operator reads about a message: it and up to `around` messages each side,
    /// whoever's room it is.
    public func messageInContext(_ messageId: Int64, around: Int = 3) throws -> [ChatMessage] {
        try store.messageInContext(messageId, around: around)
    }

    /// Whether the portfolio is hidden, or its owner suspended (nil: neither).
    public func visibility(ofPortfolio portfolioId: Int64, at date: Date = Date()) throws -> HiddenState {
        try store.visibility(ofPortfolio: portfolioId, at: date)
    }

    /// The photos of these that are hidden.
    public func hiddenPhotos(among photoIds: [Int64]) throws -> Set<Int64> {
        guard !photoIds.isEmpty else { return [] }
        return try store.hiddenPhotos(among: photoIds)
    }

    /// The portfolios of these that are hidden by an operator.
    public func hiddenPortfolios(among portfolioIds: [Int64]) throws -> Set<Int64> {
        guard !portfolioIds.isEmpty else { return [] }
        return try store.hiddenPortfolios(among: portfolioIds)
    }

    /// The demands of these that are hidden by an operator.
    public func hiddenDemands(among demandIds: [Int64]) throws -> Set<Int64> {
        guard !demandIds.isEmpty else { return [] }
        return try store.hiddenDemands(among: demandIds)
    }

    /// A demand as the desk shows it, whoever may see it otherwise.
    public func demand(_ demandId: Int64) throws -> Demand? {
        try store.demand(demandId)
    }

    /// The details with the photos an operator hid left out (a hidden cover gives way to the
    /// first photo left): what everyone but the owner and operators sees.
    public func withoutHiddenPhotos(_ details: [PortfolioDetails]) throws -> [PortfolioDetails] {
        let hidden = try hiddenPhotos(among: details.flatMap { $0.photos.compactMap(\.photo.id) })
        guard !hidden.isEmpty else { return details }
        return details.map { item in
            var item = item
            item.photos.removeAll { $0.photo.id.map(hidden.contains) ?? false }
            return item
        }
    }
}

/// Why a portfolio is out of public view, if it is.
public struct HiddenState: Sendable, Equatable {
    /// Hidden by an operator, with the reason the owner is shown.
    public let hiddenReason: String?
    public let ownerSuspended: Bool

    public init(hiddenReason: String?, ownerSuspended: Bool) {
        self.hiddenReason = hiddenReason
        self.ownerSuspended = ownerSuspended
    }

    public var isHidden: Bool { hiddenReason != nil || ownerSuspended }
}
