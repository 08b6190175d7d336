import Foundation
import Fotofolio
import FotofolioSQLite
import Mail
import Testing
@testable import FotofolioWeb

extension WebTestServer {
    /// Sends every mail due now into the test's mail folder and returns all mails written so
    /// far, oldest first, read back.
    func sentMails() throws -> [ReadMail] {
        app.mailSender?.sendDue()
        let folder = MailDirectory(directory: URL(fileURLWithPath: directory + "/mail"))
        return try folder.entries().reversed().compactMap { entry in try folder.read(fileName: entry.fileName).flatMap(ReadMail.init) }
    }

    /// The path (`/reset-password/…`) of the first link in a mail's text that starts with `prefix`.
    static func link(_ prefix: String, in mail: ReadMail) -> String? {
        (mail.text ?? "").matches(of: /http:\/\/127\.0\.0\.1:\d+(\/\S+)/).map { String($0.1) }.first { $0.hasPrefix(prefix) }
    }
}

@Suite struct MailPagesTests {
    @Test func registeringMailsALinkThatConfirmsTheAddressOnce() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let mail = try #require(try server.sentMails().first)
        #expect(mail.to.contains("jana.k@example.cz"))
        #expect(mail.subject == "Confirm your e-mail address")
        let path = try #require(WebTestServer.link("/confirm-email/", in: mail))
        server.signOut()
        let confirmed = try await server.send(path)
        #expect(confirmed.status == 200)
        #expect(confirmed.body.contains("data-confirmation=\"confirmed\""))
        #expect(try server.app.accounts.user(byUsernameOrEmail: "jana.k")?.emailConfirmedAt != nil)
        let again = try await server.send(path)
        #expect(again.body.contains("This link was already used"))
        let forged = try await server.send("/confirm-email/\(RandomToken.make())")
        #expect(forged.status == 410)
        #expect(forged.body.contains("data-confirmation=\"refused\""))
    }

    @Test func anUnconfirmedPersonMaySendTheLinkAgainButNotAtOnce() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let page = try await server.send("/profile/notifications")
        #expect(page.body.contains("action=\"/profile/confirmation\""))
        let soon = try await server.submit("/profile/confirmation", [:])
        #expect(soon.status == 429)
        #expect(soon.headers["retry-after"] != nil)
    }

    @Test func askingForAResetLinkAnswersAlikeForAnyName() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        server.signOut()
        let known = try await server.submit("/forgot-password", ["identifier": "jana.k"])
        let unknown = try await server.submit("/forgot-password", ["identifier": "nikdo@example.cz"])
        #expect(known.status == 200 && unknown.status == 200)
        let strip = { (body: String) in body.replacingOccurrences(of: #"value="[^"]*""#, with: "", options: .regularExpression) }
        #expect(strip(known.body) == strip(unknown.body))
        #expect(known.body.contains("data-reset-sent"))
        let resets = try server.sentMails().filter { $0.subject == "Set a new password" }
        #expect(resets.count == 1)
        #expect(resets.first?.to.contains("jana.k@example.cz") == true)
    }

    @Test func aResetLinkSetsANewPasswordOnceAndSignsOutEverywhere() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let oldSession = server.jar
        server.signOut()
        _ = try await server.submit("/forgot-password", ["identifier": "jana.k@example.cz"])
        let mail = try #require(try server.sentMails().first { $0.subject == "Set a new password" })
        let path = try #require(WebTestServer.link("/reset-password/", in: mail))
        #expect(try await server.send(path).body.contains("name=\"passwordConfirmation\""))
        let mismatch = try await server.submit(path, ["password": "uplne-nove-heslo", "passwordConfirmation": "jine-heslo-123"])
        #expect(mismatch.status == 422)
        let done = try await server.submit(path, ["password": "uplne-nove-heslo", "passwordConfirmation": "uplne-nove-heslo"])
        #expect(done.status == 303)
        #expect(done.headers["location"] == "/login?passwordReset=1")
        #expect(try await server.send("/login?passwordReset=1").body.contains("Your new password is set"))
        server.jar = oldSession
        #expect(try await server.send("/profile/notifications").status == 303, "the old session ended")
        server.signOut()
        let login = try await server.submit("/login", ["identifier": "jana.k", "password": "uplne-nove-heslo"])
        #expect(login.headers["location"] == "/")
        server.signOut()
        let spent = try await server.send(path)
        #expect(spent.status == 410)
        #expect(spent.body.contains("data-reset-spent"))
    }

    @Test func notificationSettingsAreSavedAndNeedSignIn() async throws {
        let server = try WebTestServer()
        #expect(try await server.send("/profile/notifications").status == 303)
        try await server.signUp()
        let saved = try await server.submit("/profile/notifications", ["messages": "daily", "galleries": "on"])
        #expect(saved.headers["location"] == "/profile/notifications?saved=1")
        let page = try await server.send("/profile/notifications?saved=1")
        #expect(page.body.contains("value=\"daily\" checked"))
        #expect(page.body.contains("name=\"galleries\" checked"))
        #expect(!page.body.contains("name=\"shoots\" checked"))
        let settings = try MailPreferences(stores: .sqlite(server.database)).settings(of: try server.userId("jana.k"))
        #expect(settings.messages == .daily && settings.galleries && !settings.shoots)
        _ = try await server.submit("/profile/notifications", ["messages": "weekly"])
        #expect(try MailPreferences(stores: .sqlite(server.database)).settings(of: try server.userId("jana.k")).messages == .daily)
    }

    @Test func aMailProgramsOneClickUnsubscribeNeedsNoSessionOrFormToken() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let id = try server.userId("jana.k")
        let preferences = MailPreferences(stores: .sqlite(server.database))
        let path = "/unsubscribe/shoot/\(try preferences.unsubscribeToken(for: id, kind: .shoot))"
        server.signOut()
        #expect(try await server.send(path).body.contains("data-unsubscribed") == false)
        let oneClick = try await server.send(path, method: "POST", headers: ["Sec-Fetch-Site": "cross-site"],
                                             form: "List-Unsubscribe=One-Click")
        #expect(oneClick.status == 200)
        #expect(oneClick.body.contains("data-unsubscribed"))
        #expect(try preferences.settings(of: id).shoots == false)
        let forged = try await server.send("/unsubscribe/gallery/\(id).00000000000000000000000000000000", method: "POST",
                                           form: "List-Unsubscribe=One-Click")
        #expect(forged.status == 404)
        #expect(try await server.send("/unsubscribe/passwordReset/\(id).0", method: "POST").status == 404)
        #expect(try preferences.settings(of: id).galleries)
    }

    @Test func theOperatorsMailPageListsMailsAndShowsEachWithItsLinks() async throws {
        let server = try WebTestServer.withOperator()
        try await server.signUp(username: "nova.k")
        _ = try server.sentMails()
        #expect(try await server.send("/moderation/mail").status == 403)
        try await server.cookies(of: "eva.s")
        let list = try await server.send("/moderation/mail")
        #expect(list.status == 200)
        #expect(list.body.contains("nova.k@example.cz"))
        #expect(list.headers["cache-control"] == "no-store")
        let href = try #require(list.body.firstMatch(of: /href="(\/moderation\/mail\/[0-9a-f]+)"/)?.1)
        let mail = try await server.send(String(href))
        #expect(mail.status == 200)
        #expect(mail.body.contains("<a href=\"http://127.0.0.1:"))
        #expect(mail.body.contains("/confirm-email/"))
        #expect(try await server.send("/moderation/mail/00ff").status == 404)
        #expect(try await server.send("/moderation/mail/..%2F..%2Fetc").status != 200)
    }
}

/// What the rest of the site tells the mail: a changed address, the chosen language, the backlog.
@Suite struct MailFromOtherPagesTests {
    @Test func aChangedAddressGetsALinkAndTheOldOneIsTold() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let saved = try await server.submitMultipart("/profile/edit", [
            ("fullName", "Vojta Test"), ("email", "nova.adresa@example.cz"), ("location", "Brno"), ("role", "creator"),
            ("bio", "Svatby a portréty."), ("yearsOfExperience", "6"), ("hourlyRate", "2000"),
        ])
        #expect(saved.headers["location"] == "/profile?saved=1")
        let mails = try server.sentMails()
        let link = try #require(mails.first { $0.to.contains("nova.adresa@example.cz") })
        #expect(WebTestServer.link("/confirm-email/", in: link) != nil)
        let notice = try #require(mails.first { $0.to.contains("vojta.test@example.cz") && $0.text?.contains("nova.adresa@example.cz") == true })
        #expect(WebTestServer.link("/forgot-password", in: notice) != nil)
    }

    @Test func theLanguageChosenOnTheSiteIsTheLanguageOfTheMails() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let preferences = MailPreferences(stores: .sqlite(server.database))
        let id = try server.userId("jana.k")
        #expect(try preferences.settings(of: id).language == "en", "registered from a browser asking for English")
        #expect(try await server.submit("/language", ["lang": "cs", "return": "/"]).status == 303)
        #expect(try preferences.settings(of: id).language == "cs")
    }

    @Test func theMailBacklogIsOnTheMetrics() async throws {
        let server = try WebTestServer()
        try await server.signUp()
        let before = try await server.send("/metrics").body
        #expect(before.contains("fotofolio_mail_waiting_mails 1.0"))
        _ = try server.sentMails()
        let after = try await server.send("/metrics").body
        #expect(after.contains("fotofolio_mail_waiting_mails 0.0") && after.contains("fotofolio_mail_failed_mails 0.0"))
    }
}

@Suite struct MailTemplateTests {
    /// The text alternative is plain text: what people typed arrives as typed; the HTML one escapes it.
    @Test func theTextPartIsNotEscapedAndTheHTMLPartIs() throws {
        let library = TemplateModelTests.renderer.templates.mustache
        let view = MailView(lang: "cs", subject: "Fotky & <b>výběr</b>", greeting: "Dobrý den,", paragraphs: ["Tom & Jerry <script>"],
                            quotes: [], payments: [], action: nil, notes: [], footer: "…", unsubscribe: nil, settings: nil,
                            site: .init(label: "Fotofolio", url: "http://127.0.0.1/"))
        let text = try #require(library.render(view, withTemplate: "mail/text"))
        let html = try #require(library.render(view, withTemplate: "mail/html"))
        #expect(text.contains("Tom & Jerry <script>") && text.hasPrefix("Fotky & <b>výběr</b>"))
        #expect(html.contains("Tom &amp; Jerry &lt;script&gt;") && !html.contains("<script>"))
    }
}
