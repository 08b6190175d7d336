import Foundation
import Fotofolio
import FotofolioSQLite
import GRDB
import Testing
@testable import FotofolioWeb

/// The answers a person gets when a block or a limit stops them, in their words.
@Suite struct SafetyLimitPagesTests {
    @Test func theSixthReportInAMinuteIsAnsweredTooManyWithWhenToComeBack() async throws {
        let server = try WebTestServer.withOperator()
        try await server.cookies(of: "jana.k")
        let janaId = try server.userId("jana.k")
        let people = try await server.database.pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM user WHERE id != ? ORDER BY id LIMIT 6", arguments: [janaId])
        }
        for person in people.prefix(5) {
            #expect(try await server.submit("/report", ["subject": "profile:\(person)", "reason": "spam", "details": ""]).status == 303)
        }
        let refused = try await server.submit("/report", ["subject": "profile:\(people[5])", "reason": "spam", "details": ""])
        #expect(refused.status == 429)
        #expect(Int(refused.headers["retry-after"] ?? "") ?? 0 > 0)
        #expect(refused.body.contains("You have sent many reports in a short time."))
        #expect(try server.reportCount() == 5)
    }

    @Test func aPhotographerBlockedByTheClientIsToldOnTheGalleryForm() async throws {
        let server = try WebTestServer()
        try await server.signUp(username: "jana.k")
        server.signOut()
        try await server.signUpCreator(username: "vojta.test")
        try Blocking(stores: .sqlite(server.database)).block(try server.userId("vojta.test"), by: try server.userId("jana.k"))
        let refused = try await server.submit("/galleries", ["title": "Svatba", "client": "@jana.k", "message": "Vyberte si."])
        #expect(refused.status == 422)
        #expect(refused.body.contains("This person does not take galleries from you."))
        #expect(try Galleries(stores: .sqlite(server.database)).galleries(forClient: try server.userId("jana.k")).isEmpty)
    }
}
