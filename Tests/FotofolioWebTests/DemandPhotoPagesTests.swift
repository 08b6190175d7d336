import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// A demand's reference photos through its form and its addresses: uploaded with the demand,
/// kept across a mistake elsewhere in the form, refused past five or when they are someone
/// else's (nothing stored), dropped by an edit, and served only to whoever may see the demand.
@Suite struct DemandPhotoPagesTests {
    static func fields(_ extra: [(String, String)] = [], firstDay: CalendarDay = DemandPagesTests.firstDay) -> [(String, String)] {
        var fields = DemandPagesTests.demandFields().map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
        fields.removeAll { $0.0 == "firstDay" }
        return fields + [("firstDay", firstDay.text)] + extra
    }

    static func photos(_ names: [String]) throws -> [FormFile] {
        try names.map { try FormFile.demoPhoto($0, field: "photos") }
    }

    static func count(_ table: String, _ server: WebTestServer) throws -> Int {
        try server.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    /// Jana posts a wedding in Prague with two photos: the server and the demand's id.
    static func posted() async throws -> (server: WebTestServer, demand: Int64) {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        let sent = try await server.submitMultipart("/demands/new", fields(),
                                                    files: try photos(["food-espresso-cup.jpg", "food-fig-in-red-bowl.jpg"]))
        #expect(sent.status == 303, "\(sent.body.prefix(400))")
        let demand = try #require(sent.headers["location"].flatMap { Int64($0.split(separator: "/").last ?? "") })
        return (server, demand)
    }

    @Test func theFormSendsFilesAndThePhotosAreShownInOrderToWhoeverMaySeeTheDemand() async throws {
        let (server, demand) = try await Self.posted()
        #expect(try await server.send("/demands/new").body.contains("enctype=\"multipart/form-data\""))
        let page = try await server.send("/demands/\(demand)").body
        for number in 1...2 {
            #expect(page.contains("href=\"/demands/\(demand)/photos/\(number)\"") && page.contains("src=\"/demands/\(demand)/photos/\(number)/small\""))
        }
        let own = try await server.send("/demands/\(demand)/photos/1")
        #expect(own.status == 200 && own.headers["content-type"] == "image/webp")
        #expect(own.headers["cache-control"] == "private, max-age=3600" && own.headers["x-content-type-options"] == "nosniff")
        let small = try await server.send("/demands/\(demand)/photos/2/small")
        let length = { (reply: WebTestServer.Reply) in Int(reply.headers["content-length"] ?? "") ?? 0 }
        #expect(small.status == 200 && length(small) > 0 && length(small) < length(own))

        // Vojta, whom it matches, sees them in his feed and opens them; under /media/ they stay the client's.
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.send("/en/").body.contains("src=\"/demands/\(demand)/photos/1/small\""))
        #expect(try await server.send("/demands/\(demand)/photos/2").status == 200)
        let files = try await server.database.pool.read { db in try String.fetchAll(db, sql: "SELECT file FROM demandPhoto ORDER BY position") }
        #expect(files.count == 2)
        for file in files { #expect(try await server.send("/media/\(file)").status == 404) }
        for path in ["/demands/\(demand)/photos/3", "/demands/\(demand)/photos/0", "/demands/\(demand)/photos/x",
                     "/demands/\(demand)/photos/99999999999999999999", "/demands/\(demand + 1)/photos/1"] {
            #expect(try await server.send(path).status == 404, "\(path)")
        }

        #expect(try await server.submit("/report", ["subject": "demand:\(demand)", "reason": "spam", "details": "Reklama"]).status == 303)

        // A client who is not its own, and a guest, do not.
        try await server.cookies(of: "eva.s")
        #expect(try await server.send("/demands/\(demand)/photos/1").status == 404)
        server.signOut()
        #expect(try await server.send("/demands/\(demand)/photos/1").status == 303)

        // Closed, it is no photographer's who did not answer it; an operator still sees them.
        try await server.cookies(of: "jana.k")
        #expect(try await server.submit("/demands/\(demand)/close", [:]).status == 303)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.send("/demands/\(demand)/photos/1").status == 404)
        try Moderation(stores: .sqlite(server.database)).setOperator("spravce", true)
        try await server.cookies(of: "spravce")
        #expect(try await server.send("/demands/\(demand)/photos/1").status == 200)
        // Reported, the desk shows its first photo beside it.
        #expect(try await server.send("/moderation").body.contains("src=\"/demands/\(demand)/photos/1/small\""))
    }

    @Test func sixPhotosAreRefusedAtTheirFieldAndNothingIsStored() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        let before = try Self.count("photo", server)
        let sent = try await server.submitMultipart("/demands/new", Self.fields(),
                                                    files: try Self.photos(Array(repeating: "food-espresso-cup.jpg", count: 6)))
        #expect(sent.status == 422 && sent.body.contains("At most 5 photos.") && sent.body.contains("value=\"Praha\""))
        #expect(try Self.count("demand", server) == 0 && Self.count("photo", server) == before)
    }

    @Test func sixKeptPhotosAreTooManyWhoeverOwnsThem() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        let sent = try await server.submitMultipart("/demands/new", Self.fields((1...6).map { ("photo", String($0)) }))
        #expect(sent.status == 422 && sent.body.contains("At most 5 photos."), "\(sent.body.prefix(400))")
        #expect(try Self.count("demand", server) == 0)
    }

    @Test func photosUploadedWithAMistakeElsewhereStayForTheFormSentAgain() async throws {
        let server = try ShootPagesTests.seeded()
        try await server.cookies(of: "jana.k")
        let past = CalendarDay(Date()).adding(days: -1)
        let mistaken = try await server.submitMultipart("/demands/new", Self.fields(firstDay: past),
                                                        files: try Self.photos(["food-espresso-cup.jpg"]))
        #expect(mistaken.status == 422 && mistaken.body.contains("This day has passed."))
        let kept = try #require(mistaken.body.firstMatch(of: /name="photo" value="(\d+)" checked/).map { String($0.1) })
        #expect(try Self.count("demand", server) == 0)

        let sent = try await server.submitMultipart("/demands/new", Self.fields([("photo", kept)]), files: try Self.photos(["food-fig-in-red-bowl.jpg"]))
        #expect(sent.status == 303)
        let photos = try await server.database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT photoId FROM demandPhoto ORDER BY position") }
        #expect(photos.count == 2 && photos.first.map(String.init) == kept)
    }

    @Test func someoneElsesPhotoIsRefusedAndNothingIsStored() async throws {
        let server = try ShootPagesTests.seeded()
        let theirs = try await server.database.pool.read { db in
            try #require(try Int64.fetchOne(db, sql: "SELECT id FROM photo WHERE ownerId = (SELECT id FROM user WHERE username = 'vojtafoti')"))
        }
        try await server.cookies(of: "jana.k")
        for value in [String(theirs), "-1", "abc", "99999999999999999999"] {
            let sent = try await server.submitMultipart("/demands/new", Self.fields([("photo", value)]))
            #expect(sent.status == 422 && sent.body.contains("This photo can no longer be attached"), "\(value)")
            #expect(!sent.body.contains("value=\"\(theirs)\" checked"))
        }
        #expect(try Self.count("demand", server) == 0)
    }

    @Test func anEditDropsAnUntickedPhotoAndOnlyTheClientsUploadIsTaken() async throws {
        let (server, demand) = try await Self.posted()
        let form = try await server.send("/demands/\(demand)/edit").body
        let ids = form.matches(of: /name="photo" value="(\d+)" checked/).map { String($0.1) }
        #expect(ids.count == 2)
        let edited = try await server.submitMultipart("/demands/\(demand)/edit", Self.fields([("photo", ids[1])]))
        #expect(edited.status == 303)
        #expect(try Self.count("demandPhoto", server) == 1)

        // Another client's upload to it is refused from the request's head: no photo is made.
        let before = try Self.count("photo", server)
        try await server.cookies(of: "eva.s")
        let theirs = try await server.submitMultipart("/demands/\(demand)/edit", Self.fields(),
                                                      files: try Self.photos(["food-espresso-cup.jpg"]))
        let after = try Self.count("photo", server)
        #expect(theirs.status == 404 && after == before)
    }
}
