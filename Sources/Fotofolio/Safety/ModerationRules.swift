/// What a report may be about and what an operator's action settles: pure, so both stores
/// decide alike on what they read in the transaction that files or acts.
public enum ModerationRules {
    /// The one who gave a rating, when `reporterId` is the person rated (who alone sees who
    /// rated them); nil otherwise, as if there were no such rating.
    public static func ratingOwner(_ rating: GivenRating?, reportedBy reporterId: Int64) -> Int64? {
        guard let rating, rating.ratedId == reporterId else { return nil }
        return rating.raterId
    }

    /// A report is of something the reporter may see and someone else's. `owner`: the
    /// subject's owner when the reporter may see it, nil when it is gone or hidden from them.
    public static func checkReporting(owner: Int64?, by reporterId: Int64) throws {
        guard let owner else { throw ReportError.unknownSubject }
        guard owner != reporterId else { throw ReportError.ownContent }
    }

    /// Only operators act.
    public static func checkActing(isOperator: Bool) throws {
        guard isOperator else { throw ModerationError.notAnOperator }
    }

    /// An operator is never suspended, by themselves or by another operator.
    public static func checkSuspending(isOperator: Bool) throws {
        guard !isOperator else { throw ModerationError.cannotSuspendAnOperator }
    }

    /// What the action makes of the open reports on its subject and on the report it
    /// settles: a dismissal dismisses them, hiding, removing and suspending act on them, and
    /// taking an action back settles nothing (nil).
    public static func settlement(of action: ModerationAction) -> ReportState? {
        switch action {
        case .dismiss: .dismissed
        case .hidePortfolio, .hidePhoto, .removeMessage, .removeRating, .suspend, .hideDemand: .actioned
        case .unhidePortfolio, .unhidePhoto, .unsuspend, .unhideDemand: nil
        }
    }
}
