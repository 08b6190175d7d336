import Foundation
import Testing
@testable import Fotofolio

/// A rating is reported by the person rated, and an operator may remove it.
@Suite struct RatingReportTests {
    let world: TestDatabase

    init() throws {
        world = try TestDatabase()
    }

    @Test func theRatedPersonReportsARatingAndAnOperatorRemovesItWithAnAuditEntry() throws {
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s")
        let op = try world.operatorAccount()
        try world.ratings.rate(vojta.id!, stars: 1, by: jana.id!)
        try world.ratings.rate(vojta.id!, stars: 5, by: eva.id!)
        let given = try #require(try world.ratings.ratings(of: vojta.id!).first { $0.raterId == jana.id! })
        #expect(given.stars == 1 && given.basis == .none && given.ratedId == vojta.id!)
        let subject = ReportSubject(.rating, given.id)
        #expect(ReportSubject(subject.text) == subject)
        // Nobody but the person rated sees who rated them: for anyone else there is no such rating.
        #expect(throws: ReportError.unknownSubject) { try world.reports.report(subject, reason: .spam, details: "", by: eva.id!) }
        #expect(throws: ReportError.unknownSubject) { try world.reports.report(subject, reason: .spam, details: "", by: jana.id!) }
        let report = try world.reports.report(subject, reason: .harassment, details: "Nikdy jsme se neviděli.", by: vojta.id!)
        #expect(try world.moderation.openReports() == [report])

        try world.moderation.apply(.removeRating(given.id), reason: "Hodnocení bez kontaktu jako msta", by: op.id!)
        #expect(try world.ratings.stars(givenTo: vojta.id!, by: jana.id!) == nil)
        let rated = try #require(try world.accounts.user(id: vojta.id!))
        #expect(rated.ratingCount == 1 && rated.averageRating == 5)
        #expect(try world.moderation.openReports().isEmpty)
        #expect(try world.reports.reports(by: vojta.id!).first?.state == .actioned)
        let entry = try #require(try world.moderation.auditLog().first)
        #expect(entry.action == "removeRating" && entry.subject == subject && entry.operatorName == "spravce")
        #expect(throws: ModerationError.unknownSubject) {
            try world.moderation.apply(.removeRating(given.id), reason: "Znovu", by: op.id!)
        }
    }

    @Test func onlyOperatorsRemoveARating() throws {
        let vojta = try world.creator(), jana = try world.client()
        try world.ratings.rate(vojta.id!, stars: 1, by: jana.id!)
        let given = try #require(try world.ratings.ratings(of: vojta.id!).first)
        #expect(throws: ModerationError.notAnOperator) {
            try world.moderation.apply(.removeRating(given.id), reason: "Nelíbí se mi", by: vojta.id!)
        }
        #expect(try world.ratings.stars(givenTo: vojta.id!, by: jana.id!) == 1)
    }
}
