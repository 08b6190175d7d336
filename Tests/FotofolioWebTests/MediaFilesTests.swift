import Foundation
import Fotofolio
import Testing
@testable import FotofolioWeb

@Suite struct MediaFilesTests {
    @Test func variantsAreServedForeverCacheableWithTheirType() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio()
        let page = try await server.send(path)
        let webp = try #require(page.body.firstMatch(of: /\/media\/[0-9a-f]{16}\.webp/).map { String($0.0) })
        let reply = try await server.send(webp)
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "image/webp")
        #expect(reply.headers["cache-control"] == "public, max-age=31536000, immutable")
        let revalidated = try await server.send(webp, headers: ["If-None-Match": reply.headers["etag"] ?? ""])
        #expect(revalidated.status == 304)
    }

    @Test(arguments: ["../fotofolio.sqlite", "originals", "ABCDEF0123456789.webp", "0123456789abcdef.png", "0123456789abcdef.webp"])
    func onlyExistingVariantNamesAreLookedUp(name: String) async throws {
        let server = try WebTestServer()
        #expect(try await server.send("/media/\(name)").status == 404)
    }

    @Test func theOriginalIsGivenToItsOwnerOnly() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        _ = try await server.createPortfolio(photos: ["night-city-skyline.jpg"])
        let id = try #require(try await server.database.pool.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM photo") })
        let own = try await server.send("/photos/\(id)/original")
        #expect(own.status == 200)
        #expect(own.headers["content-type"] == "image/jpeg")
        let original = try Data(contentsOf: URL(fileURLWithPath: WebTestServer.repository + "/Demo/photos/night-city-skyline.jpg"))
        #expect(own.headers["content-length"] == String(original.count))
        server.signOut()
        #expect(try await server.send("/photos/\(id)/original").status == 404)
        try await server.signUp()
        #expect(try await server.send("/photos/\(id)/original").status == 404)
    }

    @Test func theEditorScriptUploadsOnePhotoAndGetsItsThumbnail() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let reply = try await server.submitMultipart("/photos", [], files: [try .demoPhoto("food-espresso-cup.jpg", field: "file")])
        #expect(reply.status == 201)
        #expect(reply.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(reply.body.firstMatch(of: /"src":"\\?\/media\\?\/[0-9a-f]{16}\.webp"/) != nil)
        #expect(reply.body.firstMatch(of: /"id":\d+/) != nil)
        #expect(reply.body.firstMatch(of: /"color":"#[0-9a-f]{6}"/) != nil)
    }

    @Test func theEditorScriptIsToldPreciselyWhatIsWrong() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let notPhoto = try await server.submitMultipart("/photos", [], files: [.text("<svg xmlns='http://www.w3.org/2000/svg'/>", named: "logo.svg", field: "file")])
        #expect(notPhoto.status == 422)
        #expect(notPhoto.body.contains("\"error\""))
        #expect(try await server.submitMultipart("/photos", []).status == 422)
        server.signOut()
        #expect(try await server.submitMultipart("/photos", [], files: [try .demoPhoto("food-espresso-cup.jpg", field: "file")]).status == 401)
    }
}
