import Foundation
import Testing
@testable import FotofolioWeb

@Suite struct LoginHardeningPagesTests {
    /// Signs the same person in from a second browser; returns both cookie jars.
    private func twoBrowsers(_ server: WebTestServer) async throws -> (first: [String: String], second: [String: String]) {
        try await server.signUp()
        let first = server.jar
        server.signOut()
        let login = try await server.submit("/login", ["identifier": "jana.k", "password": "dlouhe-heslo-1"])
        #expect(login.status == 303)
        return (first, server.jar)
    }

    private func isSignedIn(_ server: WebTestServer, with jar: [String: String]) async throws -> Bool {
        server.jar = jar
        return try await server.send("/profile").headers["location"] == "/u/jana.k"
    }

    @Test func changingThePasswordSignsTheOtherBrowserOut() async throws {
        let server = try WebTestServer()
        let (first, second) = try await twoBrowsers(server)
        server.jar = first
        let reply = try await server.submit("/profile/password", [
            "currentPassword": "dlouhe-heslo-1", "password": "uplne-nove-heslo", "passwordConfirmation": "uplne-nove-heslo",
        ])
        #expect(reply.headers["location"] == "/profile?passwordChanged=1")
        #expect(try await isSignedIn(server, with: first))
        #expect(try await !isSignedIn(server, with: second))
    }

    @Test func thePasswordPageOffersLoggingOutEverywhereWithTheFormToken() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let page = try await server.send("/profile/password", headers: ["Accept-Language": "cs"])
        let form = try #require(page.body.firstMatch(of: /<form method="post" action="\/logout\/everywhere">(?s:.*?)<\/form>/))
        #expect(form.output.contains("name=\"_csrf\" value=\"\(try await server.currentCSRFToken())\""))
        #expect(form.output.contains("Odhlásit se všude"))
        #expect(page.body.contains("Po změně hesla vás odhlásíme na všech ostatních zařízeních."))
    }

    @Test func loggingOutEverywhereSignsOutEveryBrowserAndSaysSo() async throws {
        let server = try WebTestServer()
        let (first, second) = try await twoBrowsers(server)
        server.jar = first
        let reply = try await server.submit("/logout/everywhere", [:])
        #expect(reply.status == 303)
        #expect(reply.cookies["session"] == "")
        let location = try #require(reply.headers["location"])
        let login = try await server.send(location, headers: ["Accept-Language": "en"])
        #expect(login.status == 200)
        #expect(login.body.contains("You are now logged out on all your devices."))
        #expect(try await !isSignedIn(server, with: first))
        #expect(try await !isSignedIn(server, with: second))
    }

    @Test func loggingOutEverywhereNeedsTheFormToken() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let reply = try await server.send("/logout/everywhere", method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], form: "")
        #expect(reply.status == 403)
        #expect(try await server.send("/profile").headers["location"] == "/u/jana.k")
    }

    @Test func theSixthAccountFromOneAddressInAnHourIsRefusedWithTheWait() async throws {
        let server = try WebTestServer()
        for index in 0..<5 {
            #expect(try await server.signUp(username: "klient\(index)").status == 303)
            server.signOut()
        }
        let czech = try await server.submit("/register", [
            "role": "client", "username": "dalsi", "fullName": "Další Klient", "email": "dalsi@example.cz",
            "location": "Brno", "password": "dlouhe-heslo-1", "passwordConfirmation": "dlouhe-heslo-1",
        ], headers: ["Accept-Language": "cs"])
        #expect(czech.status == 429)
        let retryAfter = try #require(czech.headers["retry-after"].flatMap(Int.init))
        #expect((3500...3600).contains(retryAfter))
        // The wait runs from the first sign-up, so a slow run may see 59 minutes: the page says what the header says.
        #expect(czech.body.contains("Z vaší sítě za poslední hodinu vzniklo příliš mnoho nových účtů. Další můžete založit za \((retryAfter + 59) / 60) minut."))
        #expect(try server.app.accounts.user(username: "dalsi") == nil)
        let english = try await server.submit("/register", ["role": "client", "username": "dalsi"], headers: ["Accept-Language": "en"])
        #expect(english.status == 429)
        let englishWait = try #require(english.headers["retry-after"].flatMap(Int.init))
        #expect(english.body.contains("You can create another in \((englishWait + 59) / 60) minutes."))
    }
}

@Suite struct WaitAnswerTests {
    @Test(arguments: [
        (Language.cs, 1, "Příliš mnoho neúspěšných pokusů. Zkuste to znovu za 1 sekundu."),
        (.cs, 4, "Příliš mnoho neúspěšných pokusů. Zkuste to znovu za 4 sekundy."),
        (.cs, 59, "Příliš mnoho neúspěšných pokusů. Zkuste to znovu za 59 sekund."),
        (.cs, 61, "Příliš mnoho neúspěšných pokusů. Zkuste to znovu za 2 minuty."),
        (.en, 1, "Too many failed attempts. Try again in 1 second."),
        (.en, 900, "Too many failed attempts. Try again in 15 minutes."),
    ])
    func aLoginWaitIsToldInSecondsUnderAMinuteElseInMinutesRoundedUp(language: Language, seconds: Int, expected: String) throws {
        let table = try TemplateLibrary(directory: WebTestServer.repository + "/Templates").table(for: language)
        let text = WaitAnswer.text(.seconds(seconds), table: table, seconds: "login.tooManyAttemptsSeconds", minutes: "login.tooManyAttempts")
        #expect(text == expected)
    }
}
