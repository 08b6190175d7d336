import Foundation
import Fotofolio
import FotofolioDemo
import FotofolioSQLite
import GRDB
import Testing
@testable import FotofolioWeb

extension WebTestServer {
    var moderation: Moderation { Moderation(stores: .sqlite(database)) }

    /// The demo world with discovery portfolios and `eva.s` as an operator.
    static func withOperator() throws -> WebTestServer {
        let server = try BlockPagesTests.seeded()
        try server.moderation.setOperator("eva.s", true)
        return server
    }

    /// Vojta writes "Kupte levné hodinky" to Jana: their room and the message.
    func spamFromVojta() async throws -> (room: Int64, message: Int64) {
        let room = try directRoom("jana.k", "vojtafoti")
        try await cookies(of: "vojtafoti")
        _ = try await post("Kupte levné hodinky", in: room)
        let message = try #require(try MessengerService(stores: .sqlite(database)).history(of: room, for: userId("jana.k")).last?.id)
        return (room, message)
    }

    func reportCount() throws -> Int {
        try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM report") ?? 0 }
    }

    /// A photo of `owner` whose one variant is a real file in the media folder: its name. In
    /// `portfolio` when one is given, else an upload not shown anywhere yet.
    func photoWithFile(of owner: String, in portfolio: Int64?) throws -> (photoId: Int64, file: String) {
        let file = "0123456789abcdef.webp"
        try FileManager.default.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
        try Data("RIFF".utf8).write(to: URL(fileURLWithPath: directory + "/media/" + file))
        let photoId = try fakePhoto(of: userId(owner))
        let variants = #"[{"kind":"square-320","format":"webp","width":320,"height":320,"byteCount":4,"fileName":"\#(file)","sha256":"00"}]"#
        try database.pool.write { db in
            try db.execute(sql: "UPDATE photo SET variants = ? WHERE id = ?", arguments: [variants, photoId])
            guard let portfolio else { return }
            try db.execute(sql: "INSERT INTO portfolioPhoto (portfolioId, photoId, position, altText) VALUES (?, ?, 99, '')",
                           arguments: [portfolio, photoId])
        }
        return (photoId, file)
    }
}

/// Reporting through the pages: the forms, what they refuse, and the reporter's list.
@Suite struct ReportPagesTests {
    @Test func aPortfolioIsReportedFromItsPageAndTheReporterFollowsTheState() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/portfolios/\(id)").body
        #expect(page.contains("href=\"/report?subject=portfolio:\(id)\""))
        let form = try await server.send("/report?subject=portfolio:\(id)")
        #expect(form.status == 200)
        #expect(form.body.contains("name=\"subject\" value=\"portfolio:\(id)\""))
        #expect(form.body.contains("Svatby"))
        let sent = try await server.submit("/report", ["subject": "portfolio:\(id)", "reason": "stolenWork", "details": "Moje fotky"])
        #expect(sent.status == 303)
        #expect(sent.headers["location"] == "/reports?sent=1")
        let mine = try await server.send("/reports?sent=1").body
        #expect(mine.contains("Thank you. Your report was sent"))
        #expect(mine.contains("data-report-state=\"open\""))
        #expect(mine.contains("Someone else’s work"))
        // The reported person sees no report and no reporter anywhere.
        try await server.cookies(of: "vojtafoti")
        let own = try await server.send("/portfolios/\(id)").body
        #expect(!own.contains("/report?subject=portfolio"))
        #expect(!(try await server.send("/reports").body.contains("Svatby")))
        #expect(try await server.send("/moderation").status == 403)
    }

    @Test func aMessageIsChosenFromTheConversationAndOnlyItsMembersMayReportIt() async throws {
        let server = try WebTestServer.withOperator()
        let (room, messageId) = try await server.spamFromVojta()
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/messages/\(room)").body.contains("href=\"/messages/\(room)/report\""))
        let choose = try await server.send("/messages/\(room)/report").body
        #expect(choose.contains("value=\"message:\(messageId)\""))
        #expect(choose.contains("Kupte levné hodinky"))
        let unchosen = try await server.submit("/report", ["room": "\(room)", "reason": "spam", "details": "Reklama"])
        #expect(unchosen.status == 422)
        #expect(unchosen.body.contains("Choose the message you are reporting."))
        #expect(unchosen.body.contains(">Reklama</textarea>"), "the words are kept")
        let sent = try await server.submit("/report", ["subject": "message:\(messageId)", "reason": "spam", "details": ""])
        #expect(sent.status == 303)
        // Someone outside the conversation knows nothing of it.
        try await server.cookies(of: "martin.b")
        #expect(try await server.send("/messages/\(room)/report").status == 403)
        #expect(try await server.submit("/report", ["subject": "message:\(messageId)", "reason": "spam"]).status == 404)
        #expect(try await server.send("/report?subject=message:\(messageId)").status == 404)
    }

    @Test func theFormShowsNothingOfAPhotoNobodyMaySeeAnUnpublishedUploadIncluded() async throws {
        let server = try WebTestServer.withOperator()
        let (unpublished, file) = try server.photoWithFile(of: "vojtafoti", in: nil)
        try await server.cookies(of: "jana.k")
        let form = try await server.send("/report?subject=photo:\(unpublished)")
        #expect(form.status == 404)
        #expect(!form.body.contains(file))
        #expect(try await server.submit("/report", ["subject": "photo:\(unpublished)", "reason": "spam"]).status == 404)
        #expect(try server.reportCount() == 0)
    }

    @Test func badReportsAreAnsweredClearlyAndNothingIsStored() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        try await server.cookies(of: "jana.k")
        for subject in ["portfolio:999999", "nothing:1", "portfolio:-1", "portfolio:99999999999999999999", ""] {
            let reply = try await server.submit("/report", ["subject": subject, "reason": "spam"])
            #expect(reply.status == 404, "\(subject)")
        }
        #expect(try await server.send("/report?subject=banana").status == 404)
        let noReason = try await server.submit("/report", ["subject": "portfolio:\(id)", "details": "Slova"])
        #expect(noReason.status == 422)
        #expect(noReason.body.contains("Choose what is wrong."))
        let other = try await server.submit("/report", ["subject": "portfolio:\(id)", "reason": "other"])
        #expect(other.status == 422)
        #expect(other.body.contains("Say in a few words what is wrong."))
        let long = try await server.submit("/report", ["subject": "portfolio:\(id)", "reason": "spam",
                                                       "details": String(repeating: "ž", count: 1001)])
        #expect(long.status == 422)
        #expect(long.body.contains("Keep it to 1,000 characters."))
        try await server.cookies(of: "vojtafoti")
        let own = try await server.submit("/report", ["subject": "portfolio:\(id)", "reason": "spam"])
        #expect(own.status == 422)
        #expect(own.body.contains("You cannot report yourself or your own work."))
        #expect(try server.reportCount() == 0)
    }

    @Test func reportingNeedsASignedInPersonAndTheFormsToken() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        let guest = try await server.send("/report?subject=portfolio:\(id)")
        #expect(guest.status == 303)
        #expect(guest.headers["location"]?.hasPrefix("/login") == true)
        try await server.cookies(of: "jana.k")
        let forged = try await server.send("/report", method: "POST", headers: ["Sec-Fetch-Site": "cross-site"],
                                           form: "_csrf=wrong&subject=portfolio:\(id)&reason=spam")
        #expect(forged.status == 403)
        #expect(try server.reportCount() == 0)
    }
}

/// The moderation desk: operators only, every action with its effect everywhere.
@Suite struct ModerationPagesTests {
    static let routes: [(method: String, path: String)] = [("GET", "/moderation"), ("GET", "/moderation/log"), ("GET", "/moderation/mail"),
                                                           ("POST", "/moderation/actions")]

    @Test func everyRouteIsForOperatorsOnlyAGuestIsAskedToSignInAndAForgedActionDoesNothing() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        for route in Self.routes {
            server.signOut()
            let guest = route.method == "GET" ? try await server.send(route.path)
                : try await server.submit(route.path, ["subject": "portfolio:\(id)", "action": "hidePortfolio", "reason": "x"])
            #expect(guest.status == 303, "\(route)")
            for person in ["jana.k", "vojtafoti"] {
                try await server.cookies(of: person)
                let reply = route.method == "GET" ? try await server.send(route.path)
                    : try await server.submit(route.path, ["subject": "portfolio:\(id)", "action": "hidePortfolio", "reason": "x"])
                #expect(reply.status == 403, "\(person) \(route)")
            }
        }
        try await server.cookies(of: "eva.s")
        let forged = try await server.send("/moderation/actions", method: "POST", headers: ["Sec-Fetch-Site": "cross-site"],
                                           form: "_csrf=wrong&subject=portfolio:\(id)&action=hidePortfolio&reason=x")
        #expect(forged.status == 403)
        #expect(try server.moderation.hiddenPortfolios(among: [id]).isEmpty)
        #expect(try await server.send("/moderation").status == 200)
        #expect(try await server.send("/u/eva.s").body.contains("href=\"/moderation\""))
    }

    @Test func aReportedPortfolioHiddenFromTheDeskIsGoneForEveryoneButItsOwnerAndOperators() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/report", ["subject": "portfolio:\(id)", "reason": "stolenWork", "details": "Moje fotky"])
        try await server.cookies(of: "eva.s")
        let desk = try await server.send("/moderation").body
        #expect(desk.contains("data-case=\"portfolio:\(id)\""))
        #expect(desk.contains("Moje fotky"))
        #expect(desk.contains("@jana.k"))
        let missing = try await server.submit("/moderation/actions", ["subject": "portfolio:\(id)", "action": "hidePortfolio", "reason": ""])
        #expect(missing.status == 422)
        #expect(missing.body.contains("Say why"))
        let wrongKind = try await server.submit("/moderation/actions", ["subject": "portfolio:\(id)", "action": "removeMessage",
                                                                        "reason": "x"])
        #expect(wrongKind.status == 422)
        let done = try await server.submit("/moderation/actions", ["subject": "portfolio:\(id)", "action": "hidePortfolio",
                                                                   "reason": "Cizí fotky"])
        #expect(done.status == 303)
        #expect(done.headers["location"] == "/moderation?done=hidePortfolio")
        #expect(try await server.send("/moderation?done=hidePortfolio").body.contains("The portfolio is hidden."))
        #expect(try await server.send("/portfolios/\(id)").status == 200, "operators still see it")
        let log = try await server.send("/moderation/log").body
        #expect(log.contains("@eva.s"))
        #expect(log.contains("Hide portfolio"))
        #expect(log.contains("Cizí fotky"))

        for person in ["jana.k", "martin.b"] {
            try await server.cookies(of: person)
            #expect(!WebTestServer.cardNames(try await server.send("/?tags=svatba").body).contains("Svatby"), "\(person)")
            #expect(try await server.send("/portfolios/\(id)").status == 404)
            #expect(!(try await server.send("/u/vojtafoti").body.contains("href=\"/portfolios/\(id)")))
        }
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/reports").body.contains("data-report-state=\"actioned\""))
        server.signOut()
        #expect(!WebTestServer.cardNames(try await server.send("/").body).contains("Svatby"))
        #expect(try await server.send("/portfolios/\(id)").status == 404)
        try await server.cookies(of: "vojtafoti")
        let own = try await server.send("/portfolios/\(id)")
        #expect(own.status == 200)
        #expect(own.body.contains("An operator hid this portfolio"))
        #expect(own.body.contains("Cizí fotky"))
    }

    @Test func theLogTakesBackAHideOrASuspensionThatStillHoldsWithAReason() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby"), vojta = try server.userId("vojtafoti")
        try await server.cookies(of: "eva.s")
        _ = try await server.submit("/moderation/actions", ["subject": "portfolio:\(id)", "action": "hidePortfolio", "reason": "Omylem"])
        _ = try await server.submit("/moderation/actions", ["subject": "profile:\(vojta)", "action": "suspend", "days": "forever",
                                                            "reason": "Omylem"])
        let log = try await server.send("/moderation/log").body
        #expect(log.contains("data-undo=\"unhidePortfolio\""))
        #expect(log.contains("data-undo=\"unsuspend\""))
        let unhidden = try await server.submit("/moderation/actions", [
            "subject": "portfolio:\(id)", "action": "unhidePortfolio", "reason": "Nahlášení bylo mylné",
            "return": "/moderation/log?done=unhidePortfolio",
        ])
        #expect(unhidden.headers["location"] == "/moderation/log?done=unhidePortfolio")
        _ = try await server.submit("/moderation/actions", ["subject": "profile:\(vojta)", "action": "unsuspend", "reason": "Omyl"])
        let after = try await server.send("/moderation/log?done=unhidePortfolio").body
        #expect(after.contains("The portfolio is shown again."))
        #expect(!after.contains("data-undo="), "nothing left to take back")
        #expect(after.contains("Show portfolio again") && after.contains("Lift suspension"))
        server.signOut()
        #expect(WebTestServer.cardNames(try await server.send("/?tags=svatba").body).contains("Svatby"))
        #expect(try await server.send("/u/vojtafoti").status == 200)
    }

    @Test func aHiddenPhotosFileAnswers404ToEveryoneButItsOwnerAndOperators() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        let (photoId, file) = try server.photoWithFile(of: "vojtafoti", in: id)
        #expect(try await server.send("/media/\(file)").status == 200)
        try await server.cookies(of: "eva.s")
        #expect(try await server.submit("/moderation/actions", ["subject": "photo:\(photoId)", "action": "hidePhoto",
                                                                "reason": "Nevhodné"]).status == 303)
        let operatorCopy = try await server.send("/media/\(file)")
        #expect(operatorCopy.status == 200)
        #expect(operatorCopy.headers["cache-control"] == "private, no-store")
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.send("/media/\(file)").status == 200)
        #expect(try await server.send("/portfolios/\(id)").body.contains("An operator hid 1 photo of this portfolio"))
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/media/\(file)").status == 404)
        #expect(!(try await server.send("/portfolios/\(id)").body.contains("/report?subject=photo:\(photoId)")))
        server.signOut()
        #expect(try await server.send("/media/\(file)").status == 404)
    }

    @Test func aRemovedMessageIsShownAsRemovedToTheRoom() async throws {
        let server = try WebTestServer.withOperator()
        let (room, messageId) = try await server.spamFromVojta()
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/report", ["subject": "message:\(messageId)", "reason": "spam"])
        try await server.cookies(of: "eva.s")
        let desk = try await server.send("/moderation").body
        #expect(desk.contains("Kupte levné hodinky"))
        #expect(desk.contains("moderation-context__line--reported"))
        #expect(try await server.submit("/moderation/actions", ["subject": "message:\(messageId)", "action": "removeMessage",
                                                                "reason": "Spam"]).status == 303)
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/messages/\(room)").body
        #expect(page.contains("Removed by moderation"))
        #expect(!page.contains("hodinky"))
        let list = try await server.send("/messages").body
        #expect(list.contains("Removed by moderation"), "the conversation's snippet says so too")
        #expect(!list.contains("hodinky"))
    }

    @Test func aSuspendedPersonIsSignedOutToldWhyAtLoginAndTheirProfileIsGone() async throws {
        let server = try WebTestServer.withOperator()
        let vojta = try await server.cookies(of: "vojtafoti")
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/report", ["subject": "profile:\(try server.userId("vojtafoti"))", "reason": "harassment",
                                                "details": "Výhrůžky"])
        try await server.cookies(of: "eva.s")
        let refused = try await server.submit("/moderation/actions", ["subject": "profile:\(try server.userId("vojtafoti"))",
                                                                      "action": "suspend", "days": "365", "reason": "Výhrůžky"])
        #expect(refused.status == 422, "only the offered lengths")
        let done = try await server.submit("/moderation/actions", ["subject": "profile:\(try server.userId("vojtafoti"))",
                                                                   "action": "suspend", "days": "7", "reason": "Výhrůžky"])
        #expect(done.status == 303)
        #expect(try await server.send("/u/vojtafoti").status == 200, "operators still see the profile")
        // Their old session is over.
        server.jar = vojta
        let after = try await server.send("/profile")
        #expect(after.status == 303)
        server.signOut()
        #expect(try await server.send("/u/vojtafoti").status == 404)
        #expect(!WebTestServer.cardNames(try await server.send("/?tags=svatba").body).contains("Svatby"))
        let login = try await server.submit("/login", ["identifier": "vojtafoti", "password": DemoWorld.password])
        #expect(login.status == 403)
        #expect(login.body.contains("This account is suspended until"))
        #expect(login.body.contains("Výhrůžky"))
    }

    @Test func markupInAReportsWordsAndAnOperatorsReasonStaysTextOnEveryPageThatShowsThem() async throws {
        let server = try WebTestServer.withOperator()
        let id = try server.portfolioId(named: "Svatby")
        try await server.cookies(of: "jana.k")
        #expect(try await server.submit("/report", ["subject": "portfolio:\(id)", "reason": "other",
                                                    "details": EscapingTests.injection]).status == 303)
        #expect(!EscapingTests.carriesInjection(try await server.send("/reports").body))
        try await server.cookies(of: "eva.s")
        let desk = try await server.send("/moderation").body
        #expect(desk.contains("data-case=\"portfolio:\(id)\""))
        #expect(!EscapingTests.carriesInjection(desk))
        _ = try await server.submit("/moderation/actions", ["subject": "portfolio:\(id)", "action": "hidePortfolio",
                                                            "reason": EscapingTests.injection])
        #expect(!EscapingTests.carriesInjection(try await server.send("/moderation/log").body))
        try await server.cookies(of: "vojtafoti")
        let own = try await server.send("/portfolios/\(id)").body
        #expect(own.contains("data-moderation-notice"))
        #expect(!EscapingTests.carriesInjection(own))
    }

    @Test func theDeskSaysItInCzech() async throws {
        let server = try WebTestServer.withOperator()
        try await server.cookies(of: "eva.s")
        #expect(try await server.send("/moderation", headers: ["Accept-Language": "cs"]).body.contains("Žádná otevřená nahlášení"))
        #expect(try await server.send("/moderation/log", headers: ["Accept-Language": "cs"]).body.contains("Záznam moderování"))
    }
}

/// What slows a spammer, as a person meets it on the pages.
@Suite struct SpamLimitPagesTests {
    @Test func aTextJustSentToThreeOthersIsHeldWithAReasonAndKeptInTheComposer() async throws {
        let server = try BlockPagesTests.seeded()
        let text = "Dobrý den, nabízím focení se slevou 50 % jen tento týden!"
        let rooms = try ["jana.k", "eva.s", "martin.b", "michal1"].map { try server.directRoom("vojtafoti", $0) }
        try await server.cookies(of: "vojtafoti")
        for room in rooms.prefix(3) { #expect(try await server.post(text, in: room).status == 201) }
        let held = try await server.post(text, in: rooms[3])
        #expect(held.status == 429)
        #expect(WebTestServer.json(held.body)["error"] as? String
            == "This message was not sent: you have just sent the same text to several other people. Write to each in your own words.")
        let form = try await server.submit("/messages/\(rooms[3])", ["uuid": UUID().uuidString, "content": text])
        #expect(form.status == 429)
        #expect(form.body.contains(">\(text)</textarea>"))
    }

    @Test func aNewAccountIsToldWhenItMayStartAnotherConversation() async throws {
        let server = try BlockPagesTests.seeded()
        try await server.signUpCreator(username: "novy.foto")
        for username in ["jana.k", "eva.s", "martin.b", "michal1", "ad.fotograf"] {
            #expect(try await server.submit("/messages/direct", ["username": username]).status == 303)
        }
        let refused = try await server.submit("/messages/direct", ["username": "vojtafoti"])
        #expect(refused.status == 429)
        #expect(refused.body.contains("A new account may start only a few conversations an hour and a day."))
        #expect(refused.body.contains("value=\"vojtafoti\""), "the form keeps who was asked for")
        let wait = try #require(refused.headers["retry-after"].flatMap { Int($0) })
        #expect((3_500...3_600).contains(wait))
        let group = try await server.submit("/messages/groups", ["name": "Výlet", "members": "vojtafoti"])
        #expect(group.status == 429)
    }

    @Test func aNewAccountsFirstLinkIsPlainTextUntilTheOtherPersonAnswers() async throws {
        let server = try BlockPagesTests.seeded()
        try await server.signUpCreator(username: "novy.foto")
        let room = try server.directRoom("novy.foto", "jana.k")
        #expect(try await server.post("Moje práce: https://example.org/novy", in: room).status == 201)
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/messages/\(room)").body
        #expect(page.contains("Moje práce: https://example.org/novy"))
        #expect(!page.contains("href=\"https://example.org/novy\""))
        _ = try await server.post("Dobrý den, díky!", in: room)
        server.signOut()
        _ = try await server.submit("/login", ["identifier": "novy.foto", "password": "dlouhe-heslo-1"])
        #expect(try await server.post("Tady je to znovu: https://example.org/druhy", in: room).status == 201)
        #expect(try await server.send("/messages/\(room)").body.contains("href=\"https://example.org/druhy\""))
    }
}
