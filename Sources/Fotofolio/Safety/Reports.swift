import Foundation

/// Reporting what someone should not have posted or sent. Anyone signed in reports what they
/// can see, but not themselves or their own work; a second report of the same subject by the
/// same person while the first is open changes nothing. A person files at most a few reports a
/// minute and a few dozen a day (`ReportLimits`). The reporter follows their reports'
/// states; the reported person is never told who reported them.
public struct Reports: Sendable {
    let store: any ModerationStore
    let limits: ReportLimits

    /// A report's details: up to 1,000 characters (and 4 KiB).
    public static let detailsLimit = TextLimit(characters: 1000)

    public init(stores: Stores, limits: ReportLimits = .standard) {
        store = stores.moderation
        self.limits = limits
    }

    @discardableResult
    public func report(_ subject: ReportSubject, reason: ReportReason, details: String, by reporterId: Int64,
                       at date: Date = Date()) throws -> Report {
        let details = details.withUnixLineBreaks.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.detailsLimit.allows(details) else { throw ReportError.detailsTooLong(limit: Self.detailsLimit.characters) }
        guard !details.containsControlCharacters(allowing: ["\n", "\t"]) else { throw ReportError.invalidText }
        if reason == .other, details.isEmpty { throw ReportError.detailsMissing }
        return try store.file(subject, reason: reason, details: details, by: reporterId, limits: limits, at: date)
    }

    /// Whether the subject is there for the person to see, and so to report (their own work
    /// is, though a report of it is refused with `ReportError.ownContent`).
    public func isVisible(_ subject: ReportSubject, to reporterId: Int64, at date: Date = Date()) throws -> Bool {
        try store.reportableOwner(of: subject, to: reporterId, at: date) != nil
    }

    /// The person's reports, newest first.
    public func reports(by reporterId: Int64) throws -> [Report] {
        try store.reports(by: reporterId)
    }
}
