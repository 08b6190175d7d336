import Foundation

/// What a report is about: a person's profile, a portfolio, one photo, one message, one
/// rating (by its id; reported by the person rated, about the person who gave it), or a
/// client's demand (by a photographer it is shown to).
/// Forms carry it as text, `kind:id` ("message:56"); the id comes from an address anyone can
/// type, so it is read with checked bounds.
public struct ReportSubject: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case profile
        case portfolio
        case photo
        case message
        case rating
        case demand
    }

    public let kind: Kind
    public let id: Int64

    public init(_ kind: Kind, _ id: Int64) {
        self.kind = kind
        self.id = id
    }

    /// `kind:id` with a positive id of at most 18 digits; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])),
              !parts[1].isEmpty, parts[1].utf8.count <= 18, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let id = Int64(parts[1]), id > 0 else { return nil }
        self.init(kind, id)
    }

    public var text: String { "\(kind.rawValue):\(id)" }
}

public enum ReportReason: String, Sendable, CaseIterable, Codable {
    case spam
    case harassment
    case stolenWork
    case inappropriate
    case other
}

/// Open until an operator acts on it or dismisses it.
public enum ReportState: String, Sendable, CaseIterable, Codable {
    case open
    case dismissed
    /// An operator hid the work, removed the message or suspended the account.
    case actioned
}

/// One person's report. The reported person never learns who made it: only the reporter
/// and operators read reports.
public struct Report: Sendable, Equatable {
    public let id: Int64
    public let reporterId: Int64
    public let subject: ReportSubject
    public let reason: ReportReason
    public let details: String
    public let state: ReportState
    public let createdAt: Date
    public let resolvedAt: Date?

    public init(id: Int64, reporterId: Int64, subject: ReportSubject, reason: ReportReason, details: String,
                state: ReportState, createdAt: Date, resolvedAt: Date?) {
        self.id = id
        self.reporterId = reporterId
        self.subject = subject
        self.reason = reason
        self.details = details
        self.state = state
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
    }
}

/// Why a report was refused; `message` says what to do.
public enum ReportError: Error, Sendable, Equatable {
    /// Nothing the reporter can see by that name: deleted, hidden, or never there.
    case unknownSubject
    case ownContent
    /// "Other" needs a few words.
    case detailsMissing
    case detailsTooLong(limit: Int)
    case invalidText
    /// Over `ReportLimits`: try again after the wait.
    case tooMany(retryAfter: Duration)

    public var message: String {
        switch self {
        case .unknownSubject: "There is nothing to report there: it may have been removed already."
        case .ownContent: "You cannot report yourself or your own work."
        case .detailsMissing: "Say in a few words what is wrong."
        case .detailsTooLong(let limit): "Keep it to \(limit) characters."
        case .invalidText: "The text contains invisible control characters. Remove them and send it again."
        case .tooMany: "You have sent many reports in a short time. Try again later."
        }
    }
}
