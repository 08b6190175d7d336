import Foundation
import Testing
import Fotofolio

/// What a report may be about and what an action settles, the rules on their own.
@Suite struct ModerationRulesTests {
    @Test func aReportIsOfSomethingSeenAndSomeoneElses() {
        #expect(throws: Never.self) { try ModerationRules.checkReporting(owner: 2, by: 1) }
        #expect(throws: ReportError.ownContent) { try ModerationRules.checkReporting(owner: 1, by: 1) }
        #expect(throws: ReportError.unknownSubject) { try ModerationRules.checkReporting(owner: nil, by: 1) }
    }

    @Test func onlyOperatorsActAndNoOperatorIsSuspended() {
        #expect(throws: Never.self) { try ModerationRules.checkActing(isOperator: true) }
        #expect(throws: ModerationError.notAnOperator) { try ModerationRules.checkActing(isOperator: false) }
        #expect(throws: Never.self) { try ModerationRules.checkSuspending(isOperator: false) }
        #expect(throws: ModerationError.cannotSuspendAnOperator) { try ModerationRules.checkSuspending(isOperator: true) }
    }

    @Test(arguments: [
        (.dismiss(ReportSubject(.message, 1)), .dismissed), (.hidePortfolio(1), .actioned), (.hidePhoto(1), .actioned),
        (.removeMessage(1), .actioned), (.suspend(userId: 1, until: nil), .actioned),
        (.suspend(userId: 1, until: Date(timeIntervalSince1970: 0)), .actioned),
        (.unhidePortfolio(1), nil), (.unhidePhoto(1), nil), (.unsuspend(userId: 1), nil),
    ] as [(ModerationAction, ReportState?)])
    func aDismissalDismissesAnActionActsAndTakingOneBackSettlesNothing(action: ModerationAction, settlement: ReportState?) {
        #expect(ModerationRules.settlement(of: action) == settlement)
    }
}
