import Foundation
import Testing
@testable import Fotofolio

extension TestDatabase {
    var reports: Reports { Reports(stores: stores) }
    var moderation: Moderation { Moderation(stores: stores) }

    /// A person with the operator role, granted as the command line grants it.
    func operatorAccount(_ username: String = "spravce") throws -> User {
        let user = try client(username)
        try moderation.setOperator(username, true)
        return user
    }
}

/// Reporting: who may report what, and what a report keeps.
@Suite struct ReportTests {
    @Test func aReportIsKeptOpenForTheReporterAndASecondOneWhileItIsOpenChangesNothing() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let portfolio = try world.portfolio(of: vojta, name: "Svatby").portfolio.id!
        let first = try world.reports.report(ReportSubject(.portfolio, portfolio), reason: .stolenWork, details: "  Moje fotky  ",
                                             by: jana.id!)
        #expect(first.state == .open)
        #expect(first.details == "Moje fotky")
        let again = try world.reports.report(ReportSubject(.portfolio, portfolio), reason: .spam, details: "", by: jana.id!)
        #expect(again == first)
        #expect(try world.reports.reports(by: jana.id!) == [first])
        #expect(try world.reports.reports(by: vojta.id!).isEmpty)
        #expect(try world.moderation.openReports() == [first])
    }

    @Test func nobodyReportsThemselvesOrTheirOwnWork() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        let details = try world.portfolio(of: vojta)
        let photo = try #require(details.photos.first?.photo.id)
        for subject in [ReportSubject(.profile, vojta.id!), ReportSubject(.portfolio, details.portfolio.id!),
                        ReportSubject(.photo, photo)] {
            #expect(throws: ReportError.ownContent) { try world.reports.report(subject, reason: .spam, details: "", by: vojta.id!) }
        }
        #expect(try world.rowCount("report") == 0)
    }

    @Test func whatTheReporterCannotSeeIsUnknownAMessageOfAnotherConversationIncluded() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s")
        let room = try world.messenger.directRoom(between: vojta.id!, and: jana.id!)
        let message = try world.send("Dobrý den", in: room.id, by: vojta.id!)
        for subject in [ReportSubject(.message, message.id), ReportSubject(.portfolio, 999_999), ReportSubject(.profile, 999_999),
                        ReportSubject(.photo, 999_999)] {
            #expect(throws: ReportError.unknownSubject) { try world.reports.report(subject, reason: .spam, details: "", by: eva.id!) }
        }
        try world.reports.report(ReportSubject(.message, message.id), reason: .spam, details: "", by: jana.id!)
    }

    @Test func otherNeedsAFewWordsAndTheWordsHaveLimitsInCharactersAndBytes() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let subject = ReportSubject(.profile, vojta.id!)
        #expect(throws: ReportError.detailsMissing) { try world.reports.report(subject, reason: .other, details: " \n ", by: jana.id!) }
        #expect(throws: ReportError.detailsTooLong(limit: 1000)) {
            try world.reports.report(subject, reason: .spam, details: String(repeating: "a", count: 1001), by: jana.id!)
        }
        // 1,000 characters of 18 bytes each (a family emoji is one character): within the
        // count, over the bytes.
        #expect(throws: ReportError.detailsTooLong(limit: 1000)) {
            try world.reports.report(subject, reason: .spam, details: String(repeating: "👩‍👩‍👧", count: 1000), by: jana.id!)
        }
        #expect(throws: ReportError.invalidText) { try world.reports.report(subject, reason: .spam, details: "a\u{7}b", by: jana.id!) }
        #expect(try world.rowCount("report") == 0)
    }

    @Test(arguments: ["message:12", "portfolio:1", "profile:999999999999999999"])
    func aSubjectIsReadFromItsText(_ text: String) throws {
        #expect(try #require(ReportSubject(text)).text == text)
    }

    @Test(arguments: ["", "message", "message:", "message:-1", "message:0", "message:1:2", "user:1", "message:+1", "message: 1",
                      "message:9999999999999999999", "message:１"])
    func aSubjectTextThatIsNotOneIsRefused(_ text: String) {
        #expect(ReportSubject(text) == nil)
    }
}

/// Operators: the role, the actions and their log.
@Suite struct ModerationTests {
    @Test func onlyOperatorsActAndTheRoleIsGrantedAndRevokedByUsername() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let portfolio = try world.portfolio(of: vojta).portfolio.id!
        #expect(throws: ModerationError.notAnOperator) {
            try world.moderation.apply(.hidePortfolio(portfolio), reason: "Spam", by: jana.id!)
        }
        try world.moderation.setOperator("jana.k", true)
        #expect(try world.moderation.isOperator(jana.id!))
        try world.moderation.apply(.hidePortfolio(portfolio), reason: "Spam", by: jana.id!)
        try world.moderation.setOperator("jana.k", false)
        #expect(try !world.moderation.isOperator(jana.id!))
        #expect(throws: ModerationError.notAnOperator) {
            try world.moderation.apply(.unhidePortfolio(portfolio), reason: "Omyl", by: jana.id!)
        }
        #expect(throws: ModerationError.unknownPerson) { try world.moderation.setOperator("nikdo", true) }
    }

    @Test func everyActionSaysWhyWithinItsLimit() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), op = try world.operatorAccount()
        let portfolio = try world.portfolio(of: vojta).portfolio.id!
        #expect(throws: ModerationError.reasonMissing) { try world.moderation.apply(.hidePortfolio(portfolio), reason: "  ", by: op.id!) }
        #expect(throws: ModerationError.reasonTooLong(limit: 500)) {
            try world.moderation.apply(.hidePortfolio(portfolio), reason: String(repeating: "x", count: 501), by: op.id!)
        }
        #expect(throws: ModerationError.unknownSubject) { try world.moderation.apply(.hidePortfolio(999_999), reason: "x", by: op.id!) }
        #expect(try world.rowCount("hiddenPortfolio") == 0)
        #expect(try world.moderation.auditLog().isEmpty)
    }

    @Test func aHiddenPortfolioLeavesTheFeedAndSelectionsAndTheOwnersSaveDoesNotBringItBack() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), op = try world.operatorAccount()
        let details = try world.portfolio(of: vojta, name: "Svatby", tags: "svatba")
        let id = details.portfolio.id!
        try world.portfolio(of: vojta, name: "Portréty", tags: "svatba")
        _ = try world.selection.add(id, for: jana.id!)
        let report = try world.reports.report(ReportSubject(.portfolio, id), reason: .stolenWork, details: "", by: jana.id!)
        try world.moderation.apply(.hidePortfolio(id), reason: "Cizí fotky", by: op.id!)
        for tags in [[], ["svatba"]] {
            let page = try world.feed.page(FeedQuery(tags: tags))
            #expect(page.portfolios.map(\.name) == ["Portréty"])
            #expect(page.total == 1)
        }
        #expect(try world.selection.entries(for: jana.id!).isEmpty)
        #expect(try world.moderation.visibility(ofPortfolio: id) == HiddenState(hiddenReason: "Cizí fotky", ownerSuspended: false))
        #expect(try world.reports.reports(by: jana.id!).map(\.state) == [.actioned])
        #expect(try world.reports.reports(by: jana.id!).first?.id == report.id)
        // The owner edits and saves: still hidden.
        var draft = try world.draft(of: vojta, name: "Svatby 2026", photos: 1)
        draft.tags = "svatba"
        _ = try world.portfolios.update(id, with: draft, by: vojta.id!)
        #expect(try world.feed.page(FeedQuery()).total == 1)
        try world.moderation.apply(.unhidePortfolio(id), reason: "Autor doložil práva", by: op.id!)
        #expect(try world.feed.page(FeedQuery()).total == 2)
        #expect(try world.selection.entries(for: jana.id!).map(\.portfolio.id!) == [id])
        #expect(try world.moderation.auditLog().map(\.action) == ["unhidePortfolio", "hidePortfolio"])
    }

    @Test func theFeedCountsAPortfolioOutOfViewOnceWhetherHiddenSuspendedOrBoth() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), petra = try world.creator("petra.foto"), op = try world.operatorAccount()
        let hidden = try world.portfolio(of: vojta, name: "Svatby").portfolio.id!
        try world.portfolio(of: vojta, name: "Portréty")
        try world.portfolio(of: petra, name: "Krajina")
        try world.moderation.apply(.hidePortfolio(hidden), reason: "Spam", by: op.id!)
        #expect(try world.feed.page(FeedQuery()).total == 2)
        try world.moderation.apply(.suspend(userId: vojta.id!, until: nil), reason: "Spam", by: op.id!)
        for sort in [FeedQuery.Sort.newest, .rating] {
            var query = FeedQuery()
            query.sort = sort
            let page = try world.feed.page(query)
            #expect(page.portfolios.map(\.name) == ["Krajina"])
            #expect(page.total == 1)
        }
        // A suspension that has ended counts the author's work again.
        try world.moderation.apply(.unsuspend(userId: vojta.id!), reason: "Omyl", by: op.id!)
        #expect(try world.feed.page(FeedQuery()).total == 2)
    }

    @Test func aHiddenPhotoLeavesItsPortfolioForOthersAndItsCardIsMadeAnew() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), op = try world.operatorAccount()
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        var draft = try world.draft(of: vojta, photos: 2)
        draft.tags = ""
        let details = try world.portfolios.create(draft, by: vojta, at: start)
        let photos = details.photos.compactMap(\.photo.id)
        try world.moderation.apply(.hidePhoto(photos[0]), reason: "Nevhodné", by: op.id!, at: start.addingTimeInterval(60))
        #expect(try world.moderation.hiddenPhotos(among: photos) == [photos[0]])
        let stored = try #require(try world.portfolios.details(id: details.portfolio.id!))
        #expect(stored.photos.count == 2)
        #expect(try world.moderation.withoutHiddenPhotos([stored])[0].photos.compactMap(\.photo.id) == [photos[1]])
        // Feed cards are kept by the portfolio's version: the hide gives it a new one.
        #expect(stored.portfolio.updatedAt > details.portfolio.updatedAt)
        try world.moderation.apply(.unhidePhoto(photos[0]), reason: "Omyl", by: op.id!)
        #expect(try world.moderation.hiddenPhotos(among: photos).isEmpty)
    }

    @Test func aRemovedMessageKeepsItsPlaceLosesItsTextForEveryoneAndIsToldToTheRoomLive() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), op = try world.operatorAccount()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        try world.send("Dobrý den", in: room.id, by: jana.id!)
        let spam = try world.send("Kupte levné hodinky", in: room.id, by: jana.id!)
        try world.reports.report(ReportSubject(.message, spam.id), reason: .spam, details: "", by: vojta.id!)
        let context = try world.moderation.messageInContext(spam.id)
        #expect(context.map(\.content) == ["Dobrý den", "Kupte levné hodinky"])
        let eventsBefore = try world.allEvents().count
        try world.moderation.apply(.removeMessage(spam.id), reason: "Spam", by: op.id!)
        for reader in [jana, vojta] {
            let history = try world.messenger.history(of: room.id, for: reader.id!)
            #expect(history.map(\.isRemoved) == [false, true])
            #expect(history.map(\.content) == ["Dobrý den", ""])
        }
        let events = try world.allEvents()
        #expect(events.count == eventsBefore + 1)
        let told = try #require(events.last)
        #expect(told.kind == .message)
        #expect(told.payload.contains("\"removed\":true"))
        #expect(!told.payload.contains("hodinky"))
        #expect(try world.moderation.openReports().isEmpty)
        // Nobody reports a removed message again.
        #expect(throws: ReportError.unknownSubject) {
            try world.reports.report(ReportSubject(.message, spam.id), reason: .spam, details: "", by: vojta.id!)
        }
    }

    @Test func aSuspensionSignsOutRefusesLoginWithTheReasonAndTakesTheWorkOutUntilItEnds() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), op = try world.operatorAccount()
        try world.portfolio(of: vojta, name: "Svatby")
        let (token, _) = try world.sessions.start(for: vojta.id!)
        let now = Date()
        let until = now.addingTimeInterval(7 * 86_400)
        try world.moderation.apply(.suspend(userId: vojta.id!, until: until), reason: "Spam ve zprávách", by: op.id!, at: now)
        #expect(try world.sessions.resume(token) == nil)
        do {
            _ = try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "127.0.0.1", at: now.addingTimeInterval(60))
            Issue.record("a suspended person logged in")
        } catch .suspended(let suspension) {
            #expect(suspension.reason == "Spam ve zprávách")
            // The database keeps milliseconds.
            #expect(suspension.until.map { abs($0.timeIntervalSince(until)) < 0.01 } == true)
        } catch {
            Issue.record("\(error)")
        }
        #expect(try world.feed.page(FeedQuery()).total == 0)
        #expect(try world.peopleSearch.search("vojtafoti", mode: .name).isEmpty)
        // Past its end the suspension no longer holds.
        #expect(try world.moderation.suspension(of: vojta.id!, at: until.addingTimeInterval(1)) == nil)
        _ = try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "127.0.0.2", at: until.addingTimeInterval(1))
        let entry = try #require(try world.moderation.auditLog().first)
        #expect(entry.action == "suspend")
        #expect(entry.operatorName == "spravce")
        #expect(entry.until.map { abs($0.timeIntervalSince(until)) < 0.01 } == true)
    }

    @Test func aWrongPasswordSaysNothingOfTheSuspension() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), op = try world.operatorAccount()
        try world.moderation.apply(.suspend(userId: vojta.id!, until: nil), reason: "Podvod", by: op.id!)
        #expect(throws: LoginError.wrongCredentials) {
            try world.accounts.logIn("vojtafoti", password: "spatne-heslo-123", from: "127.0.0.1")
        }
    }

    @Test func operatorsAreNotSuspendedAndALiftedSuspensionLetsThePersonBack() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), op = try world.operatorAccount(), other = try world.operatorAccount("druhy")
        #expect(throws: ModerationError.cannotSuspendAnOperator) {
            try world.moderation.apply(.suspend(userId: other.id!, until: nil), reason: "x", by: op.id!)
        }
        try world.moderation.apply(.suspend(userId: vojta.id!, until: nil), reason: "Spam", by: op.id!)
        #expect(try world.moderation.suspension(of: vojta.id!) == Suspension(until: nil, reason: "Spam"))
        try world.moderation.apply(.unsuspend(userId: vojta.id!), reason: "Odvolání uznáno", by: op.id!)
        #expect(try world.moderation.suspension(of: vojta.id!) == nil)
        _ = try world.accounts.logIn("vojtafoti", password: "dlouhe-heslo-123", from: "127.0.0.1")
    }

    @Test func aDismissalClosesTheSubjectsReportsAsDismissedAndIsLogged() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s"), op = try world.operatorAccount()
        let subject = ReportSubject(.profile, vojta.id!)
        try world.reports.report(subject, reason: .spam, details: "", by: jana.id!)
        try world.reports.report(subject, reason: .harassment, details: "", by: eva.id!)
        try world.moderation.apply(.dismiss(subject), reason: "Nic nevhodného", by: op.id!)
        #expect(try world.moderation.openReports().isEmpty)
        #expect(try world.reports.reports(by: jana.id!).map(\.state) == [.dismissed])
        #expect(try world.reports.reports(by: eva.id!).map(\.state) == [.dismissed])
        let entry = try #require(try world.moderation.auditLog().first)
        #expect((entry.action, entry.subject, entry.reason) == ("dismiss", subject, "Nic nevhodného"))
        // A new report after the dismissal opens again.
        try world.reports.report(subject, reason: .spam, details: "Znovu", by: jana.id!)
        #expect(try world.moderation.openReports().count == 1)
    }

    @Test func onlyAHideOrSuspensionThatStillHoldsIsOfferedBackOnItsNewestEntry() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), op = try world.operatorAccount()
        let first = try world.portfolio(of: vojta, name: "Svatby").portfolio.id!
        let second = try world.portfolio(of: vojta, name: "Portréty").portfolio.id!
        try world.moderation.apply(.hidePortfolio(first), reason: "Spam", by: op.id!)
        try world.moderation.apply(.hidePortfolio(second), reason: "Spam", by: op.id!)
        try world.moderation.apply(.unhidePortfolio(second), reason: "Omyl", by: op.id!)
        try world.moderation.apply(.hidePortfolio(first), reason: "Znovu", by: op.id!)
        try world.moderation.apply(.suspend(userId: jana.id!, until: nil), reason: "Spam", by: op.id!)
        try world.moderation.apply(.dismiss(ReportSubject(.profile, jana.id!)), reason: "Nic dalšího", by: op.id!)
        let log = try world.moderation.auditLog()
        let undo = try world.moderation.undoable(log)
        let byReason = Dictionary(uniqueKeysWithValues: undo.map { id, action in (log.first { $0.id == id }!.reason, action) })
        // The first hide was made again ("Znovu"), the second taken back; the dismissal changes nothing.
        #expect(byReason == ["Znovu": .unhidePortfolio(first), "Spam": .unsuspend(userId: jana.id!)])
    }
}

