import Foundation
import Fotofolio
import FotofolioDemo
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// Visibility, share links and licences through the pages: who may see and change a
/// portfolio's links, what `/s/TOKEN` shows a guest (and what a dead token shows: the same
/// as any unknown address), the password of a link, the editor's choices, and an unlisted
/// portfolio kept out of the profile, the feed and the selection.
@Suite struct SharePagesTests {
    /// The demo people with the discovery portfolios: vojtafoti's "Svatby" and "Svatby v
    /// zahradě", ad.fotograf's "Portréty", michal1's "Krajina".
    static func seeded() throws -> WebTestServer {
        let server = try WebTestServer()
        try server.seedDiscovery()
        return server
    }

    /// An address no route answers: what every dead share link must look like.
    static let unknownAddress = "/no/such/page"

    @Test func onlyTheAuthorSeesMakesAndRevokesAPortfoliosLinks() async throws {
        let server = try Self.seeded()
        let id = try server.portfolioId(named: "Svatby")
        let link = try server.shareLink(of: id)
        let links = "/portfolios/\(id)/links", revoke = "/portfolios/\(id)/links/\(link.id)/revoke"
        let valid = ["label": "Novákovi", "lastDay": "", "password": ""]

        // A guest is sent to log in, and nothing changes.
        server.signOut()
        #expect(try await server.send(links).headers["location"]?.hasPrefix("/login?return=") == true)
        let guestCreate = try await server.submit(links, valid)
        #expect(guestCreate.status == 303 && guestCreate.headers["location"]?.hasPrefix("/login") == true)
        let guestRevoke = try await server.submit(revoke, [:])
        #expect(guestRevoke.status == 303 && guestRevoke.headers["location"]?.hasPrefix("/login") == true)
        #expect(try server.linkCount(of: id) == 1)

        // Another photographer is told there is no such portfolio, and nothing changes.
        try await server.cookies(of: "michal1")
        let foreign = try await server.send(links)
        #expect(foreign.status == 404)
        #expect(!foreign.body.contains(link.token))
        #expect(try await server.submit(links, valid).status == 404)
        #expect(try await server.submit(revoke, [:]).status == 404)
        #expect(try server.linkCount(of: id) == 1)

        // The author sees the link; a form without the CSRF token stores nothing.
        try await server.cookies(of: "vojtafoti")
        let own = try await server.send(links)
        #expect(own.status == 200)
        #expect(own.body.contains("value=\"http://127.0.0.1:\(server.daemon.port)/s/\(link.token)\""))
        let forged = try await server.send(links, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"],
                                           form: "label=Podvrh&lastDay=&password=")
        #expect(forged.status == 403)
        let forgedRevoke = try await server.send(revoke, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], form: "")
        #expect(forgedRevoke.status == 403)
        #expect(try server.linkCount(of: id) == 1)

        // Another portfolio's link cannot be revoked through this one, nor a link that is not there.
        let other = try server.shareLink(of: try server.portfolioId(named: "Svatby v zahradě"))
        #expect(try await server.submit("/portfolios/\(id)/links/\(other.id)/revoke", [:]).status == 404)
        #expect(try await server.submit("/portfolios/\(id)/links/999999/revoke", [:]).status == 404)
        #expect(try server.linkCount(of: other.portfolioId) == 1)

        let revoked = try await server.submit(revoke, [:])
        #expect(revoked.status == 303)
        #expect(revoked.headers["location"] == "\(links)?revoked=1")
        #expect(try server.linkCount(of: id) == 0)
        #expect(try await server.send("\(links)?revoked=1", headers: ["Accept-Language": "en"]).body
            .contains("The link is revoked; it no longer opens."))
    }

    @Test func anUnlistedPortfolioIsTheSame404AsNoneToAllButItsAuthor() async throws {
        let server = try Self.seeded()
        let id = try server.portfolioId(named: "Svatby")
        try server.setVisibility(.unlisted, of: id)
        server.signOut()
        let missing = try await server.send("/en/portfolios/999999")
        #expect(missing.status == 404)
        let guest = try await server.send("/en/portfolios/\(id)")
        #expect(guest.status == 404)
        #expect(Self.page(guest.body) == Self.page(missing.body))
        #expect(!guest.body.contains("Svatby"))

        try await server.cookies(of: "michal1")
        let another = try await server.send("/en/portfolios/\(id)")
        #expect(another.status == 404)
        #expect(Self.page(another.body) == Self.page(try await server.send("/en/portfolios/999999").body))

        try await server.cookies(of: "vojtafoti")
        let own = try await server.send("/en/portfolios/\(id)", headers: ["Accept-Language": "en"])
        #expect(own.status == 200)
        #expect(own.body.contains("<h1 class=\"page-header__title\">Svatby</h1>"))
        #expect(own.body.contains("data-visibility-notice>Unlisted: only people with one of its links see this portfolio."))
        #expect(own.body.contains("<a href=\"/portfolios/\(id)/links\">Share links</a>"))
        #expect(!own.body.contains("property=\"og:"), "no preview card for a portfolio that is not public")
    }

    @Test func aShareLinkOpensAnUnlistedPortfolioForAGuestAndCountsEachOpening() async throws {
        let server = try Self.seeded()
        let id = try server.portfolioId(named: "Svatby")
        try server.setVisibility(.unlisted, of: id)
        let link = try server.shareLink(of: id)
        for opening in 1...2 {
            server.signOut()
            let page = try await server.send("/s/\(link.token)", headers: ["Accept-Language": "en"])
            #expect(page.status == 200)
            #expect(page.body.contains("<h1 class=\"page-header__title\">Svatby</h1>"))
            #expect(page.headers["referrer-policy"] == "no-referrer")
            #expect(page.headers["x-robots-tag"] == "noindex, nofollow")
            #expect(page.headers["cache-control"] == "private, no-store")
            #expect(!page.body.contains("property=\"og:"))
            #expect(!page.body.contains("data-bookmark-form") && !page.body.contains("action=\"/selection/toggle\""))
            #expect(!page.body.contains("data-visibility-notice"), "the notice is the author's")
            #expect(try server.viewCount(of: link.id) == opening)
        }
    }

    @Test func deadMalformedAndUnknownTokensAreTheSame404AsAnUnknownAddress() async throws {
        let server = try Self.seeded()
        let id = try server.portfolioId(named: "Svatby")
        try server.setVisibility(.unlisted, of: id)
        let revoked = try server.shareLink(of: id)
        try Sharing(stores: .sqlite(server.database)).revoke(revoked.id, of: id, by: try server.userId("vojtafoti"))
        let past = Date().addingTimeInterval(-10 * 86_400)
        let expired = try server.shareLink(of: id, form: ShareLinkForm(lastDay: CalendarDay(past).adding(days: 2).text), at: past)
        let privateId = try server.portfolioId(named: "Svatby v zahradě")
        let ofPrivate = try server.shareLink(of: privateId)
        try server.setVisibility(.private, of: privateId)
        let live = try server.shareLink(of: id)

        server.signOut()
        let unknown = try await server.send(Self.unknownAddress)
        #expect(unknown.status == 404)
        let tokens = [
            revoked.token, expired.token, ofPrivate.token,
            String(repeating: "0", count: 48),          // well-formed, never made
            "abc", live.token.uppercased(), String(live.token.dropLast()), live.token + "0",
            String(live.token.dropLast()) + "g",
        ]
        for token in tokens {
            let reply = try await server.send("/s/\(token)")
            #expect(reply.status == 404, "\(token)")
            #expect(Self.page(reply.body) == Self.page(unknown.body), "\(token)")
            #expect(!reply.body.contains("Svatby"), "\(token)")
        }
        #expect(try await server.submit("/s/\(revoked.token)", ["password": "cokoliv"]).status == 404)
        #expect(try server.viewCount(of: expired.id) == 0 && server.viewCount(of: ofPrivate.id) == 0)
        // The live link beside them still opens.
        #expect(try await server.send("/s/\(live.token)").status == 200)
    }

    @Test func aPasswordLinkOpensOnlyWithItsOwnPassword() async throws {
        let server = try Self.seeded()
        let id = try server.portfolioId(named: "Svatby")
        try server.setVisibility(.unlisted, of: id)
        let link = try server.shareLink(of: id, form: ShareLinkForm(label: "Novákovi", password: "tajne-heslo"))
        let other = try server.shareLink(of: id, form: ShareLinkForm(label: "Redakce", password: "jine-heslo-2"))
        let path = "/s/\(link.token)"
        server.signOut()

        let form = try await server.send(path, headers: ["Accept-Language": "en"])
        #expect(form.status == 200)
        #expect(form.body.contains("data-share-password"))
        #expect(form.body.contains("This portfolio has a password"))
        #expect(!form.body.contains("Svatby"))
        #expect(form.headers["cache-control"] == "private, no-store")

        let wrong = try await server.submit(path, ["password": "spatne-heslo"], headers: ["Accept-Language": "en"])
        #expect(wrong.status == 403)
        #expect(wrong.body.contains("That password is not right."))
        #expect(!wrong.body.contains("Svatby"))
        #expect(wrong.cookies["share"] == nil)
        let huge = try await server.submit(path, ["password": String(repeating: "x", count: 1000)])
        #expect(huge.status == 403)
        #expect(!huge.body.contains("Svatby"))
        #expect(try server.viewCount(of: link.id) == 0)

        let right = try await server.submit(path, ["password": "tajne-heslo"])
        #expect(right.status == 303)
        #expect(right.headers["location"] == path)
        let setCookie = try #require(right.headers["set-cookie"])
        let pass = try #require(right.cookies["share"])
        #expect(!pass.isEmpty)
        #expect(setCookie.contains("share=\(pass); Path=\(path);"))
        #expect(setCookie.contains("HttpOnly"))
        #expect(right.headers["referrer-policy"] == "no-referrer")

        let opened = try await server.send(path)
        #expect(opened.status == 200)
        #expect(opened.body.contains("<h1 class=\"page-header__title\">Svatby</h1>"))
        #expect(try server.viewCount(of: link.id) == 1)

        // The pass of another link of the same portfolio does not open this one.
        let otherPass = try #require(try await server.submit("/s/\(other.token)", ["password": "jine-heslo-2"]).cookies["share"])
        #expect(otherPass != pass)
        server.jar["share"] = otherPass
        let crossed = try await server.send(path)
        #expect(crossed.status == 200)
        #expect(crossed.body.contains("data-share-password") && !crossed.body.contains("Svatby"))
        #expect(try await server.send("/s/\(other.token)").body.contains("Svatby"))
        #expect(try server.viewCount(of: link.id) == 1)
    }

    @Test func aLinkWithAPastLastDayOrAnOverlongPasswordIsRefusedAndAGoodOneListed() async throws {
        let server = try Self.seeded()
        let id = try server.portfolioId(named: "Svatby")
        let links = "/portfolios/\(id)/links"
        try await server.cookies(of: "vojtafoti")
        let en = ["Accept-Language": "en"]

        let past = try await server.submit(links, ["label": "Novákovi", "lastDay": CalendarDay(Date()).adding(days: -1).text,
                                                   "password": ""], headers: en)
        #expect(past.status == 422)
        #expect(past.body.contains("The last day cannot be in the past."))
        #expect(past.body.contains("value=\"Novákovi\""))

        let long = String(repeating: "h", count: 1000)
        let overlong = try await server.submit(links, ["label": "", "lastDay": "", "password": long], headers: en)
        #expect(overlong.status == 422)
        #expect(overlong.body.contains("id=\"field-password-error\"") || overlong.body.contains("Too long."))
        #expect(!overlong.body.contains(long), "a typed password is never sent back")
        #expect(try server.linkCount(of: id) == 0)

        let lastDay = CalendarDay(Date()).adding(days: 10)
        let made = try await server.submit(links, ["label": "Novákovi", "lastDay": lastDay.text, "password": "tajne-heslo"])
        #expect(made.status == 303)
        let link = try #require(try server.links(of: id).first)
        #expect(made.headers["location"] == "\(links)?made=\(link.id)")
        #expect(link.label == "Novákovi" && link.hasPassword && link.lastDay == lastDay)
        let page = try await server.send("\(links)?made=\(link.id)", headers: en)
        #expect(page.status == 200)
        #expect(page.body.contains("The link is made. Copy it and send it."))
        #expect(page.body.contains("value=\"http://127.0.0.1:\(server.daemon.port)/s/\(link.token)\" readonly autofocus"))
        #expect(page.body.contains("Novákovi"))
        #expect(page.body.contains("with a password"))
        #expect(page.body.contains("action=\"\(links)/\(link.id)/revoke\""))
        #expect(!page.body.contains("tajne-heslo"))
    }

    @Test func theEditorSavesVisibilityAndLicencesAndThePageShowsTheLicenceLine() async throws {
        let server = try Self.seeded()
        let id = try server.portfolioId(named: "Svatby")
        let owner = try server.userId("vojtafoti")
        let first = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id)?.photos.first?.photo.id)
        let second = try server.fakePhoto(of: owner)
        let credited = try server.fakePhoto(of: owner)
        try await server.database.pool.write { db in
            try db.execute(sql: "UPDATE photo SET credit = 'Jan Fotograf', licence = 'CC BY-SA 2.0', licenceURL = 'https://creativecommons.org/licenses/by-sa/2.0/' WHERE id = ?",
                           arguments: [credited])
        }
        try await server.cookies(of: "vojtafoti")
        let path = "/portfolios/\(id)"
        let saved = try await server.submitMultipart(path, [
            ("name", "Svatby"), ("photo", "\(first)"), ("photo", "\(second)"), ("photo", "\(credited)"),
            ("visibility", "unlisted"), ("licence", "cc-by"), ("licence-\(second)", "cc0"), ("licence-\(first)", ""),
            ("save", "1"),
        ])
        #expect(saved.status == 303)
        let details = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id))
        #expect(details.portfolio.visibility == .unlisted)
        #expect(details.portfolio.licence == .ccBy)
        #expect(details.photos.map(\.licence) == [nil, .cc0, nil])

        let page = try await server.send("/en" + path, headers: ["Accept-Language": "en"])
        let lines = page.body.matches(of: /<p class="frame__licence" data-licence>(.*?)<\/p>/).map { String($0.1) }
        #expect(lines == [
            "<a href=\"https://creativecommons.org/licenses/by/4.0/\" rel=\"license\">Licence: CC BY 4.0</a>",
            "<a href=\"https://creativecommons.org/publicdomain/zero/1.0/\" rel=\"license\">Licence: CC0 1.0</a>",
        ], "the credited photo keeps its credit and gets no line of the author's")
        #expect(page.body.contains("Jan Fotograf · <a href=\"https://creativecommons.org/licenses/by-sa/2.0/\" rel=\"license\">CC BY-SA 2.0</a>"))

        // The editor shows what was chosen.
        let editor = try await server.send("\(path)/edit", headers: ["Accept-Language": "en"])
        #expect(editor.body.contains("name=\"visibility\" value=\"unlisted\" checked"))
        #expect(editor.body.contains("<option value=\"cc-by\" selected>"))
        #expect(editor.body.contains("name=\"licence-\(second)\""))

        // An unknown visibility is never public; no licence falls back to the author's default.
        let odd = try await server.submitMultipart(path, [
            ("name", "Svatby"), ("photo", "\(first)"), ("visibility", "everyone"), ("licence", ""), ("save", "1"),
        ])
        #expect(odd.status == 303)
        let after = try #require(try PortfoliosService(stores: .sqlite(server.database)).details(id: id))
        #expect(after.portfolio.visibility == .private)
        #expect(after.portfolio.licence == nil)
        let reserved = try await server.send("/en" + path, headers: ["Accept-Language": "en"])
        #expect(reserved.body.contains("<p class=\"frame__licence\" data-licence>© Vojta Votruba, all rights reserved</p>"))
        #expect(reserved.body.contains("data-visibility-notice>Private: only you see this portfolio"))
        server.signOut()
        #expect(try await server.send("/en" + path).status == 404)
    }

    @Test func theProfileDefaultLicenceIsSavedAndShownUnderPhotos() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let path = try await server.createPortfolio(photos: ["food-espresso-cup.jpg"])
        let saved = try await server.submitMultipart("/profile/edit", [
            ("fullName", "Vojta Test"), ("email", "vojta.test@example.cz"), ("location", "Praha"), ("role", "creator"),
            ("bio", "Svatby a portréty."), ("yearsOfExperience", "5"), ("hourlyRate", "2000"), ("licence", "cc-by-sa"),
        ])
        #expect(saved.status == 303)
        #expect(try AccountsService(stores: .sqlite(server.database)).user(username: "vojta.test")?.licence == .ccBySa)
        #expect(try await server.send("/profile/edit").body.contains("<option value=\"cc-by-sa\" selected>"))
        server.signOut()
        let page = try await server.send("/en" + path, headers: ["Accept-Language": "en"])
        #expect(page.body.contains("<a href=\"https://creativecommons.org/licenses/by-sa/4.0/\" rel=\"license\">Licence: CC BY-SA 4.0</a>"))
    }

    @Test func anUnlistedPortfolioStaysOffTheProfileTheFeedAndTheSelection() async throws {
        let server = try Self.seeded()
        let garden = try server.portfolioId(named: "Svatby v zahradě")
        // Both under CC BY: only visibility can keep the garden out of "free to reuse".
        try server.setLicence(.ccBy, of: garden)
        try server.setLicence(.ccBy, of: try server.portfolioId(named: "Krajina"))
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/selection/add", ["portfolio": "\(garden)"])
        try server.setVisibility(.unlisted, of: garden)

        // The profile: only public portfolios for others, every one with badges for the author.
        server.signOut()
        #expect(Self.rowNames(try await server.send("/en/u/vojtafoti").body) == ["Svatby"])
        try await server.cookies(of: "michal1")
        let another = try await server.send("/en/u/vojtafoti").body
        #expect(Self.rowNames(another) == ["Svatby"])
        #expect(!another.contains("data-visibility-badge"))
        try await server.cookies(of: "vojtafoti")
        let own = try await server.send("/en/u/vojtafoti", headers: ["Accept-Language": "en"]).body
        #expect(Set(Self.rowNames(own)) == ["Svatby", "Svatby v zahradě"])
        #expect(own.contains("Svatby v zahradě</a> <span class=\"badge badge--quiet\" data-visibility-badge>Unlisted</span>"))
        #expect(own.matches(of: /data-visibility-badge/).count == 1)

        // The feed, with and without "free to reuse".
        server.signOut()
        let feed = try await server.send("/en/", headers: ["Accept-Language": "en"])
        #expect(WebTestServer.cardNames(feed.body) == ["Krajina", "Portréty", "Svatby"])
        #expect(feed.body.contains("3 portfolios"))
        let free = try await server.send("/en/?reuse=free", headers: ["Accept-Language": "en"])
        #expect(WebTestServer.cardNames(free.body) == ["Krajina"])
        #expect(free.body.contains("name=\"reuse\" value=\"free\" checked"))

        // The selection: an unlisted portfolio cannot be added, but one saved before can be taken out.
        try await server.cookies(of: "eva.s")
        #expect(try await server.submit("/selection/add", ["portfolio": "\(garden)"]).status == 404)
        #expect(try await server.submit("/selection/toggle", ["portfolio": "\(garden)"]).status == 404)
        #expect(try SelectionService(stores: .sqlite(server.database)).portfolioIds(for: try server.userId("eva.s")).isEmpty)
        try await server.cookies(of: "jana.k")
        let jana = try server.userId("jana.k")
        #expect(try SelectionService(stores: .sqlite(server.database)).portfolioIds(for: jana) == [garden])
        #expect(WebTestServer.cardNames(try await server.send("/selection").body).isEmpty)
        let removed = try await server.submit("/selection/remove", ["portfolio": "\(garden)"])
        #expect(removed.status == 303)
        #expect(try SelectionService(stores: .sqlite(server.database)).portfolioIds(for: jana).isEmpty)
        // A guest's cookie cannot add it either.
        server.signOut()
        #expect(try await server.submit("/selection/add", ["portfolio": "\(garden)"]).status == 404)
        #expect(server.jar["selection"] == nil)
    }

    /// The page without the language switch's return address, the one part that echoes
    /// the address asked for.
    static func page(_ html: String) -> String {
        html.replacing(/name="return" value="[^"]*"/, with: "name=\"return\" value=\"…\"")
    }

    /// The portfolio rows of a profile, in order.
    static func rowNames(_ html: String) -> [String] {
        html.matches(of: /<h3 class="portfolio-row__name" id="portfolio-\d+-name"><a href="[^"]+">([^<]+)<\/a>/).map { String($0.1) }
    }
}

extension WebTestServer {
    /// A link of the portfolio made by its author through the service (passwords hashed fast).
    func shareLink(of portfolioId: Int64, form: ShareLinkForm = ShareLinkForm(), at date: Date = Date()) throws -> ShareLink {
        let sharing = Sharing(stores: .sqlite(database), hasher: PasswordHasher(parameters: .fastForTests))
        let owner = try PortfoliosService(stores: .sqlite(database)).details(id: portfolioId)!.portfolio.ownerId
        return try sharing.create(form, for: portfolioId, by: owner, at: date)
    }

    func links(of portfolioId: Int64) throws -> [ShareLink] {
        let owner = try PortfoliosService(stores: .sqlite(database)).details(id: portfolioId)!.portfolio.ownerId
        return try Sharing(stores: .sqlite(database)).links(of: portfolioId, by: owner)
    }

    func linkCount(of portfolioId: Int64) throws -> Int { try links(of: portfolioId).count }

    func viewCount(of linkId: Int64) throws -> Int? {
        try database.pool.read { db in try Int.fetchOne(db, sql: "SELECT viewCount FROM shareLink WHERE id = ?", arguments: [linkId]) }
    }

    /// Changes a portfolio the way its editor would, behind the pages' back.
    func editPortfolio(_ id: Int64, _ change: (inout PortfolioDraft) -> Void) throws {
        let service = PortfoliosService(stores: .sqlite(database))
        let details = try service.details(id: id)!
        var draft = PortfolioDraft(details)
        change(&draft)
        _ = try service.update(id, with: draft, by: details.portfolio.ownerId)
    }

    func setVisibility(_ visibility: PortfolioVisibility, of id: Int64) throws {
        try editPortfolio(id) { $0.visibility = visibility }
    }

    func setLicence(_ licence: Licence?, of id: Int64) throws {
        try editPortfolio(id) { $0.licence = licence }
    }
}
