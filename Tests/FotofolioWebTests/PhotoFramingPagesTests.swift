import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// The square-crop fields of the portfolio editor and the profile editor: every value goes
/// through the precise slider's model, a wrong one comes back with a message and all typed.
@Suite struct PhotoFramingPagesTests {
    private struct Edited {
        let path: String
        let photo: Photo
    }

    private func portfolioWithAPhoto(_ server: WebTestServer) async throws -> Edited {
        try await server.signUpCreator()
        let path = try await server.createPortfolio(photos: ["night-city-skyline.jpg"])
        let id = Int64(path.split(separator: "/").last!)!
        let details = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id))
        return Edited(path: path, photo: details.photos[0].photo)
    }

    /// The editor's form as a browser without the script would send it, with `framing` on top.
    private func save(_ server: WebTestServer, _ edited: Edited, framing: [String: String]) async throws -> WebTestServer.Reply {
        let id = edited.photo.id!
        var fields: [(String, String)] = [("name", "Svatby"), ("photo", "\(id)"), ("alt-\(id)", "Mlha"), ("save", "1")]
        for key in ["x", "y", "zoom"] { fields.append(("framing-\(id)-\(key)", framing[key] ?? "")) }
        return try await server.submitMultipart(edited.path, fields)
    }

    private func storedPhoto(_ server: WebTestServer, _ id: Int64) throws -> Photo {
        try #require(try server.database.pool.read { db in try Photo.fetchOne(db, key: id) })
    }

    @Test func theEditorShowsEachPhotosCropFieldsAtTheSmartCrop() async throws {
        let server = try WebTestServer()
        let edited = try await portfolioWithAPhoto(server)
        let page = try await server.send(edited.path + "/edit")
        let id = edited.photo.id!
        let smart = edited.photo.smartFraming
        #expect(page.body.contains("data-photo-framing=\""))
        func value(_ axis: String) -> Double? {
            page.body.firstMatch(of: try! Regex("name=\"framing-\(id)-\(axis)\" type=\"range\" value=\"([0-9.]+)\""))
                .flatMap { ($0.output[1].substring).flatMap { Double($0) } }
        }
        let x = try #require(value("x"))
        let y = try #require(value("y"))
        #expect(abs(x - smart.centerX * 100) < 0.2)
        #expect(abs(y - smart.centerY * 100) < 0.2)
        #expect(page.body.contains("name=\"framing-\(id)-zoom\" type=\"number\" value=\"1\""))
    }

    @Test func aCentreOutOfRangeIsRefusedWithAMessageAndEverythingTypedIsKept() async throws {
        let server = try WebTestServer()
        let edited = try await portfolioWithAPhoto(server)
        let reply = try await save(server, edited, framing: ["x": "150", "y": "50", "zoom": "2"])
        #expect(reply.status == 422)
        #expect(reply.body.contains("“150” is out of range. Enter a number from 0 to 100."))
        #expect(reply.body.contains("value=\"150\""))
        #expect(reply.body.contains("value=\"Svatby\""))
        #expect(reply.body.contains(">Mlha</textarea>"))
        #expect(reply.body.contains("<details class=\"photo-framing\" data-photo-framing-panel open>"))
        #expect(try storedPhoto(server, edited.photo.id!) == edited.photo)
    }

    @Test func aZoomThatIsNotANumberIsRefusedWithAMessage() async throws {
        let server = try WebTestServer()
        let edited = try await portfolioWithAPhoto(server)
        let id = edited.photo.id!
        let reply = try await server.submitMultipart(edited.path, [
            ("name", "Svatby"), ("photo", "\(id)"), ("save", "1"),
            ("framing-\(id)-x", "40"), ("framing-\(id)-y", "50"), ("framing-\(id)-zoom", "hodně"),
        ])
        #expect(reply.status == 422)
        #expect(reply.body.contains("není číslo") || reply.body.contains("is not a number"))
        #expect(reply.body.contains("value=\"hodně\""))
        #expect(reply.body.contains("value=\"40\""))
        #expect(try storedPhoto(server, id) == edited.photo)
    }

    @Test func aZoomBelowOneIsRefused() async throws {
        let server = try WebTestServer()
        let edited = try await portfolioWithAPhoto(server)
        let reply = try await save(server, edited, framing: ["x": "50", "y": "50", "zoom": "0.5"])
        #expect(reply.status == 422)
        #expect(reply.body.contains("“0.5” is out of range. Enter a number from 1 to 12."))
    }

    @Test func anEmptyFieldIsRefusedRatherThanGuessed() async throws {
        let server = try WebTestServer()
        let edited = try await portfolioWithAPhoto(server)
        let reply = try await save(server, edited, framing: ["x": "", "y": "50", "zoom": "1"])
        #expect(reply.status == 422)
        #expect(reply.body.contains("Enter a number, for example 12.5."))
    }

    @Test func aValidFramingIsSavedAndTheSquaresGetNewAddresses() async throws {
        let server = try WebTestServer()
        let edited = try await portfolioWithAPhoto(server)
        _ = try await server.send("/")  // the feed caches the card with the old squares
        let reply = try await save(server, edited, framing: ["x": "30", "y": "40", "zoom": "2,5"])
        #expect(reply.status == 303)
        let stored = try storedPhoto(server, edited.photo.id!)
        #expect(stored.framingZoom == 2.5)
        #expect(abs((stored.framingCenterX ?? 0) - 0.3) < 0.01 && abs((stored.framingCenterY ?? 0) - 0.4) < 0.01)
        let before = try #require(edited.photo.variant(.square320, .webp)).fileName
        let after = try #require(stored.variant(.square320, .webp)).fileName
        #expect(before != after)
        // The feed's card is cached per portfolio version: it must show the new squares.
        let feed = try await server.send("/")
        #expect(feed.body.contains("/media/\(after)"))
        #expect(!feed.body.contains("/media/\(before)"))
    }

    @Test func movingAPhotoKeepsItsTypedCropUntilSaved() async throws {
        let server = try WebTestServer()
        let edited = try await portfolioWithAPhoto(server)
        let id = edited.photo.id!
        let reply = try await server.submitMultipart(edited.path, [
            ("name", "Svatby"), ("photo", "\(id)"), ("upload", "1"),
            ("framing-\(id)-x", "41"), ("framing-\(id)-y", "52"), ("framing-\(id)-zoom", "3"),
        ])
        #expect(reply.status == 200)
        #expect(reply.body.contains("name=\"framing-\(id)-zoom\" type=\"number\" value=\"3\""))
        #expect(try storedPhoto(server, id) == edited.photo)
    }

    @Test func theAvatarIsFramedFromTheProfileEditor() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let profile: [(String, String)] = [
            ("fullName", "Vojta Test"), ("email", "vojta.test@example.cz"), ("location", "Praha"), ("role", "creator"),
            ("bio", "Svatby"), ("yearsOfExperience", "5"),
        ]
        let uploaded = try await server.submitMultipart("/profile/edit", profile,
                                                        files: [try .demoPhoto("night-city-skyline.jpg", field: "avatar")])
        #expect(uploaded.status == 303)
        let user = try #require(try AccountsService(stores: .sqlite(server.database)).user(username: "vojta.test"))
        let avatar = try #require(user.avatarPhotoId)
        let form = try await server.send("/profile/edit")
        #expect(form.body.contains("name=\"framing-\(avatar)-zoom\""))
        let refused = try await server.submitMultipart("/profile/edit", profile + [
            ("framing-\(avatar)-x", "abc"), ("framing-\(avatar)-y", "50"), ("framing-\(avatar)-zoom", "1"),
        ])
        #expect(refused.status == 422)
        #expect(refused.body.contains("“abc” is not a number."))
        #expect(refused.body.contains("value=\"Vojta Test\""))
        let saved = try await server.submitMultipart("/profile/edit", profile + [
            ("framing-\(avatar)-x", "60"), ("framing-\(avatar)-y", "50"), ("framing-\(avatar)-zoom", "1.5"),
        ])
        #expect(saved.status == 303)
        #expect(try storedPhoto(server, avatar).framingZoom == 1.5)
    }
}
