import Fotofolio
import FotofolioSQLite
import Foundation
import Testing
@testable import FotofolioWeb

@Suite struct AccountPagesTests {
    @Test func registeringSignsInAndOpensTheOwnProfile() async throws {
        let server = try WebTestServer()
        let reply = try await server.signUp()
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == "/profile")
        #expect(reply.headers["set-cookie"]?.contains("HttpOnly") == true)
        let tab = try await server.send("/profile")
        #expect(tab.status == 303)
        #expect(tab.headers["location"] == "/u/jana.k")
        let profile = try await server.send("/en/u/jana.k")
        #expect(profile.status == 200)
        #expect(profile.body.contains("Jana Králová"))
        #expect(profile.body.contains("@jana.k"))
        #expect(profile.body.contains("action=\"/logout\""))
    }

    @Test func aRegistrationWithProblemsKeepsEveryValueButThePasswords() async throws {
        let server = try WebTestServer()
        let reply = try await server.submit("/register", [
            "role": "creator", "username": "x", "fullName": "Eva <Svobodová>", "email": "eva@", "location": "Olomouc",
            "password": "tajne-heslo-99", "passwordConfirmation": "jine", "bio": "Krajiny", "yearsOfExperience": "12",
        ], headers: ["Accept-Language": "cs"])
        #expect(reply.status == 422)
        #expect(reply.body.contains("value=\"Eva &lt;Svobodová&gt;\""))
        #expect(reply.body.contains("value=\"Olomouc\""))
        #expect(reply.body.contains(">Krajiny</textarea>"))
        #expect(reply.body.contains("value=\"12\""))
        #expect(!reply.body.contains("tajne-heslo-99"))
        #expect(reply.body.contains("Použijte 3–30 znaků"))
        #expect(reply.body.contains("Hesla se neshodují."))
        #expect(reply.body.contains("id=\"email-error\""))
    }

    @Test func aSignedInPersonIsNotSignedUpAgain() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let session = server.jar["session"]
        let reply = try await server.signUp(username: "druhy.ucet")
        #expect(reply.headers["location"] == "/profile")
        #expect(server.jar["session"] == session)
        #expect(try server.app.accounts.user(username: "druhy.ucet") == nil)
    }

    @Test func aTakenUsernameIsReportedNextToTheField() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let again = try await server.submit("/logout", [:])
        #expect(again.status == 303)
        let reply = try await server.signUp()
        #expect(reply.status == 422)
        #expect(reply.body.contains("id=\"username-error\""))
    }

    @Test func loggingInWithTheRightPasswordReturnsToThePageAsked() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let oldSession = server.jar["session"]
        _ = try await server.submit("/logout", [:])
        #expect(server.jar["session"] == nil)
        let reply = try await server.submit("/login", ["identifier": "jana.k", "password": "dlouhe-heslo-1", "return": "/messages"])
        #expect(reply.status == 303)
        #expect(reply.headers["location"] == "/messages")
        #expect(server.jar["session"] != nil)
        #expect(server.jar["session"] != oldSession)
    }

    @Test func aLoginReturnPathOffTheSiteGoesToTheProfileInstead() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        _ = try await server.submit("/logout", [:])
        let reply = try await server.submit("/login", ["identifier": "jana.k", "password": "dlouhe-heslo-1", "return": "//evil.example"])
        #expect(reply.headers["location"] == "/")
    }

    @Test func aWrongPasswordShowsTheFormAgainWithTheName() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        _ = try await server.submit("/logout", [:])
        let reply = try await server.submit("/login", ["identifier": "jana.k", "password": "spatne"], headers: ["Accept-Language": "en"])
        #expect(reply.status == 401)
        #expect(reply.body.contains("The username, e-mail or password is not right."))
        #expect(reply.body.contains("value=\"jana.k\""))
    }

    @Test func tooManyFailedLoginsAsksToWaitWithTheTimeInMinutes() async throws {
        let server = try WebTestServer()
        var reply = try await server.submit("/login", ["identifier": "nikdo", "password": "x"])
        for _ in 0..<5 { reply = try await server.submit("/login", ["identifier": "nikdo", "password": "x"], headers: ["Accept-Language": "cs"]) }
        #expect(reply.status == 429)
        #expect(reply.headers["retry-after"] != nil)
        // 15 minutes from the first failure, rounded up: fewer when the attempts themselves took
        // a minute on a busy machine, but always whole minutes.
        let minutes = try #require(reply.body.firstMatch(of: /Zkuste to znovu za (\d+) minut[uy]?\./)).1
        #expect((1...15).contains(try #require(Int(minutes))))
    }

    @Test func loggingOutEndsTheSession() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let session = try #require(server.jar["session"])
        _ = try await server.submit("/logout", [:])
        server.jar["session"] = session // a copy of the old cookie must not work any more
        #expect(try await server.send("/profile").status == 303)
    }

    @Test func aFormWithoutTheTokenIsA403Page() async throws {
        let server = try WebTestServer()
        _ = try await server.send("/en/")
        let reply = try await server.send("/login", method: "POST", headers: ["Accept-Language": "en"], form: "identifier=a&password=b")
        #expect(reply.status == 403)
        #expect(reply.body.contains("data-page=\"error\""))
    }

    @Test func aFormFromAnotherSiteIsRefusedEvenWithTheToken() async throws {
        let server = try WebTestServer()
        let reply = try await server.submit("/login", ["identifier": "a", "password": "b"], headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(reply.status == 403)
        let viaOrigin = try await server.submit("/login", ["identifier": "a", "password": "b"],
                                                headers: ["Sec-Fetch-Site": "", "Origin": "http://evil.example"])
        #expect(viaOrigin.status == 403)
    }
}

@Suite struct CSRFCookieTests {
    @Test func aPageGivesAGuestACSRFCookieButAStaticFileDoesNot() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/en/")
        #expect(page.cookies["csrf"]?.count == 43)
        let fresh = try WebTestServer()
        let css = try await fresh.send("/css/app.css")
        #expect(css.status == 200)
        #expect(css.headers["set-cookie"] == nil)
    }

    @Test func tokensAreDifferentEachTime() {
        #expect(Set((0..<50).map { _ in RandomToken.make() }).count == 50)
    }
}
