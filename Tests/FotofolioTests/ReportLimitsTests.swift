import Foundation
import Testing
@testable import Fotofolio

/// How many reports a person may file, the arithmetic on its own.
@Suite struct ReportLimitRulesTests {
    let limits = ReportLimits.standard
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func secondsAgo(_ seconds: [Double]) -> [Date] { seconds.map { now.addingTimeInterval(-$0) } }

    @Test func fiveAMinuteAndTheSixthIsToldWhenTheOldestLeavesTheMinute() {
        #expect(throws: Never.self) { try limits.check(filed: secondsAgo([50, 40, 30, 20]), at: now) }
        #expect(throws: ReportError.tooMany(retryAfter: .seconds(10))) {
            try limits.check(filed: secondsAgo([50, 40, 30, 20, 10]), at: now)
        }
        #expect(throws: Never.self) { try limits.check(filed: secondsAgo([70, 40, 30, 20, 10]), at: now) }
    }

    @Test func fiftyADay() {
        let spread = secondsAgo((0..<50).map { 86_000 - Double($0) * 1_000 })
        #expect(throws: ReportError.tooMany(retryAfter: .seconds(400))) { try limits.check(filed: spread, at: now) }
        #expect(throws: Never.self) { try limits.check(filed: Array(spread.dropFirst()), at: now) }
    }
}

/// The limit as the stores keep it, in the transaction that files the report.
@Suite struct ReportLimitTests {
    @Test func aBurstOfReportsStopsAtTheLimitAndASecondReportOfAnOpenOneStillAnswers() throws {
        let world = try TestDatabase()
        let jana = try world.client()
        let people = try (0..<7).map { try world.creator("fotograf\($0)") }
        // A whole second, so the times read back are those given.
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        for person in people.prefix(5) {
            try world.reports.report(ReportSubject(.profile, person.id!), reason: .spam, details: "", by: jana.id!, at: now)
        }
        #expect(throws: ReportError.tooMany(retryAfter: .seconds(60))) {
            try world.reports.report(ReportSubject(.profile, people[5].id!), reason: .spam, details: "", by: jana.id!, at: now)
        }
        #expect(try world.rowCount("report") == 5)
        // Reporting again what is open files nothing, and so is no new report to count.
        let again = try world.reports.report(ReportSubject(.profile, people[0].id!), reason: .spam, details: "", by: jana.id!, at: now)
        #expect(again.subject == ReportSubject(.profile, people[0].id!))
        // Someone else's reports are theirs.
        let eva = try world.client("eva.s")
        try world.reports.report(ReportSubject(.profile, people[5].id!), reason: .spam, details: "", by: eva.id!, at: now)
        // A minute later the reporter goes on.
        try world.reports.report(ReportSubject(.profile, people[6].id!), reason: .spam, details: "", by: jana.id!,
                                 at: now.addingTimeInterval(61))
        #expect(try world.rowCount("report") == 7)
    }
}
