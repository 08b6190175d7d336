import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

@Suite struct ProfileEditPagesTests {
    private func storedUser(_ server: WebTestServer, _ username: String) async throws -> User {
        try #require(try AccountsService(stores: .sqlite(server.database)).user(username: username))
    }

    @Test func theFormStartsWithTheProfileAsStored() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let form = try await server.send("/profile/edit", headers: ["Accept-Language": "cs"])
        #expect(form.status == 200)
        #expect(form.body.contains("value=\"Vojta Test\""))
        #expect(form.body.contains(">Svatby a portréty.</textarea>"))
        #expect(form.body.contains("enctype=\"multipart/form-data\""))
    }

    @Test func savingChangesTheProfileAndSaysSo() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let saved = try await server.submitMultipart("/profile/edit", [
            ("fullName", "Vojtěch Test"), ("email", "vojta.test@example.cz"), ("location", "Brno"), ("role", "creator"),
            ("bio", "Nově i krajiny."), ("yearsOfExperience", "6"), ("hourlyRate", "2000"),
        ])
        #expect(saved.headers["location"] == "/profile?saved=1")
        let user = try await storedUser(server, "vojta.test")
        #expect(user.fullName == "Vojtěch Test" && user.location == "Brno" && user.hourlyRate == 2000)
        let profile = try await server.send("/en/u/vojta.test?saved=1", headers: ["Accept-Language": "en"])
        #expect(profile.body.contains("Your profile is saved."))
    }

    @Test func aMistakeKeepsEveryTypedValueAndChangesNothing() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let reply = try await server.submitMultipart("/profile/edit", [
            ("fullName", "Nové Jméno"), ("email", "spatny-email"), ("location", "Ostrava"), ("role", "creator"),
            ("bio", "Nový text"), ("yearsOfExperience", "sto"),
        ])
        #expect(reply.status == 422)
        #expect(reply.body.contains("value=\"Nové Jméno\""))
        #expect(reply.body.contains("value=\"spatny-email\""))
        #expect(reply.body.contains("value=\"Ostrava\""))
        #expect(reply.body.contains(">Nový text</textarea>"))
        #expect(reply.body.contains("id=\"email-error\""))
        #expect(reply.body.contains("id=\"yearsOfExperience-error\""))
        #expect(try await storedUser(server, "vojta.test").fullName == "Vojta Test")
    }

    @Test func anAvatarUploadedBeforeAMistakeIsKeptForTheNextTry() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let failed = try await server.submitMultipart("/profile/edit", [
            ("fullName", ""), ("email", "vojta.test@example.cz"), ("location", "Praha"), ("role", "creator"),
            ("bio", "Svatby"), ("yearsOfExperience", "5"),
        ], files: [try .demoPhoto("people-cameraman-black-and-white.jpg", field: "avatar")])
        #expect(failed.status == 422)
        let photoId = try #require(failed.body.firstMatch(of: /name="avatarPhoto" value="(\d+)"/).map { String($0.1) })
        #expect(try await storedUser(server, "vojta.test").avatarPhotoId == nil)
        let saved = try await server.submitMultipart("/profile/edit", [
            ("avatarPhoto", photoId), ("fullName", "Vojta Test"), ("email", "vojta.test@example.cz"), ("location", "Praha"),
            ("role", "creator"), ("bio", "Svatby"), ("yearsOfExperience", "5"),
        ])
        #expect(saved.status == 303)
        #expect(try await storedUser(server, "vojta.test").avatarPhotoId == Int64(photoId))
        #expect(try await server.send("/en/u/vojta.test").body.contains("class=\"avatar avatar--photo\""))
    }

    @Test func someoneElsesPhotoCannotBecomeMyAvatar() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        _ = try await server.createPortfolio()
        let theirPhoto = try #require(try await server.database.pool.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM photo") })
        server.signOut()
        try await server.signUp()
        let reply = try await server.submitMultipart("/profile/edit", [
            ("avatarPhoto", "\(theirPhoto)"), ("fullName", "Jana"), ("email", "jana.k@example.cz"), ("location", "Brno"),
        ])
        #expect(reply.status == 422)
        #expect(try await storedUser(server, "jana.k").avatarPhotoId == nil)
    }

    @Test func aClientBecomesAPhotographerWithBioAndExperience() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let offer = try await server.send("/profile/edit?creator=1")
        #expect(offer.body.contains("name=\"role\" value=\"creator\" checked"))
        let missing = try await server.submitMultipart("/profile/edit", [
            ("fullName", "Jana Králová"), ("email", "jana.k@example.cz"), ("location", "Brno"), ("role", "creator"),
        ])
        #expect(missing.status == 422)
        #expect(missing.body.contains("id=\"bio-error\""))
        let saved = try await server.submitMultipart("/profile/edit", [
            ("fullName", "Jana Králová"), ("email", "jana.k@example.cz"), ("location", "Brno"), ("role", "creator"),
            ("bio", "Fotím děti."), ("yearsOfExperience", "2"),
        ])
        #expect(saved.status == 303)
        #expect(try await storedUser(server, "jana.k").role == .creator)
        #expect(try await server.send("/portfolios/new").status == 200)
    }

    @Test func changingThePasswordAsksForTheCurrentOne() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let wrong = try await server.submit("/profile/password", [
            "currentPassword": "nespravne-heslo", "password": "uplne-nove-heslo", "passwordConfirmation": "uplne-nove-heslo",
        ])
        #expect(wrong.status == 422)
        #expect(wrong.body.contains("id=\"currentPassword-error\""))
        let changed = try await server.submit("/profile/password", [
            "currentPassword": "dlouhe-heslo-1", "password": "uplne-nove-heslo", "passwordConfirmation": "uplne-nove-heslo",
        ])
        #expect(changed.headers["location"] == "/profile?passwordChanged=1")
        server.signOut()
        let login = try await server.submit("/login", ["identifier": "jana.k", "password": "uplne-nove-heslo"])
        #expect(login.status == 303)
        #expect(login.cookies["session"] != nil)
    }

    @Test func guestsAreSentToLogIn() async throws {
        let server = try WebTestServer()
        #expect(try await server.send("/profile/edit").headers["location"]?.hasPrefix("/login?return=%2Fprofile%2Fedit") == true)
        #expect(try await server.send("/profile/password").headers["location"]?.hasPrefix("/login") == true)
    }

    @Test func theOwnProfileHasASettingsMenuAndANewPortfolioButton() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let profile = try await server.send("/en/u/vojta.test", headers: ["Accept-Language": "en"])
        #expect(profile.body.contains("<details class=\"menu profile__menu\" data-dismissible>"))
        #expect(profile.body.contains("href=\"/profile/edit\""))
        #expect(profile.body.contains("href=\"/portfolios/new\""))
        server.signOut()
        let asGuest = try await server.send("/en/u/vojta.test")
        #expect(!asGuest.body.contains("href=\"/portfolios/new\""))
        #expect(!asGuest.body.contains("href=\"/profile/edit\""))
    }
}
