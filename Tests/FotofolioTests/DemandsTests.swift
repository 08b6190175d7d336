import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioPostgres
@testable import FotofolioSQLite
import Postgres

extension DemandForm {
    /// A demand for a wedding in Prague, `first` to `last` days from `today`, open a week.
    static func valid(tags: String = "svatba", town: String = "Praha", first: CalendarDay, last: CalendarDay? = nil,
                      openUntil: CalendarDay? = nil) -> DemandForm {
        var form = DemandForm()
        form.tags = tags
        form.firstDay = first.text
        form.lastDay = last?.text ?? ""
        form.town = town
        form.hours = "6"
        form.budget = "1500"
        form.description = "Svatba na zahradě, asi 60 hostů."
        form.openUntil = (openUntil ?? min(first, CalendarDay(Date()).adding(days: 7))).text
        return form
    }
}

/// Demands: posting, who sees which (the matching rule, held against `DemandMatch`), answers
/// with offers in the booking path, and booking one. On the store `FOTOFOLIO_TEST_STORE` names.
@Suite struct DemandsTests {
    let shoots: ShootWorld
    var world: TestDatabase { shoots.world }
    var demands: Demands { Demands(stores: world.stores) }
    var today: CalendarDay { shoots.today }
    var now: Date { shoots.now }

    init() throws {
        shoots = try ShootWorld()
        // Vojta and Petra (both in Prague) show weddings and portraits.
        for (id, name) in [(shoots.vojta, "vojtafoti"), (shoots.petra, "petra.foto")] {
            let author = try #require(try world.accounts.user(username: name))
            #expect(author.id == id)
            try world.portfolio(of: author, tags: "svatba portrét")
        }
    }

    @discardableResult
    func post(_ form: DemandForm? = nil, by clientId: Int64? = nil, at date: Date? = nil) throws -> Demand {
        try demands.post(form ?? .valid(first: today.adding(days: 10), last: today.adding(days: 12)), uuid: UUID().uuidString,
                         by: clientId ?? shoots.jana,
                         at: date ?? now)
    }

    @discardableResult
    func answer(_ demandId: Int64, by photographerId: Int64, dayIn day: Int = 10, uuid: String = UUID().uuidString,
                at date: Date? = nil) throws -> Shoot {
        try demands.answer(demandId, with: .valid(day: today.adding(days: day), validUntil: today.adding(days: 5)), uuid: uuid,
                           by: photographerId, requestText: { "Zakázka: \($0.requestKind)" }, offerText: { "Nabídka: \($0.price) Kč" },
                           at: date ?? shoots.later(60))
    }

    /// The demands matching the photographer, as the demands page finds them; the feed's
    /// first page, finding them from the photographer its session read, must find the same,
    /// on its own and (at this moment) in the feed's read.
    func matching(_ photographerId: Int64, at date: Date? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int64] {
        let ids = try demands.matching(for: photographerId, limit: 100, at: date ?? now).demands.map(\.id)
        let photographer = try #require(try world.accounts.user(id: photographerId))
        let stamps = try demands.matchingStamps(for: photographer, limit: Demands.feedSlots, at: date ?? now).map(\.id)
        #expect(stamps == Array(ids.prefix(Demands.feedSlots)), "the feed's search", sourceLocation: sourceLocation)
        if date == nil {
            var query = FeedQuery()
            query.demands = Demands.feedSearch(for: photographer)
            #expect(try FeedService(stores: world.stores).page(query).demands.map(\.id) == stamps, "in the feed's read",
                    sourceLocation: sourceLocation)
        }
        return ids
    }

    // MARK: - Posting

    @Test func aDemandIsPostedOpenAndItsClientSeesIt() throws {
        let demand = try post()
        #expect(demand.state(today: today) == .open && demand.clientId == shoots.jana)
        #expect(demand.tags.map(\.label) == ["svatba"] && demand.lastDay == today.adding(days: 12))
        #expect(try demands.demands(of: shoots.jana).map(\.demand) == [demand])
        #expect(try demands.demand(demand.id, for: shoots.jana, at: now)?.demand == demand)
    }

    @Test(arguments: [
        ("firstDay", ShootField.firstDay, ShootProblem.inThePast),
        ("lastDay", .lastDay, .endBeforeStart),
        ("budget", .budget, .outOfRange),
        ("description", .description, .tooLong),
        ("tags", .tags, .tooManyTags),
        ("openUntil", .openUntil, .tooLate),
        ("openUntilAfter", .openUntil, .afterLastDay),
        ("town", .town, .missing),
        // The town and the tags go into a mail's subject: no line break may reach it.
        ("townLines", .town, .invalidText),
        ("tagsLines", .tags, .tagCharacters),
        ("hugeBudget", .budget, .notANumber),
    ])
    func badInputIsRefusedAtItsFieldAndNothingIsStored(_ what: String, field: ShootField, problem: ShootProblem) throws {
        var form = DemandForm.valid(first: today.adding(days: 10), last: today.adding(days: 70))
        switch what {
        case "firstDay": form.firstDay = today.adding(days: -1).text
        case "lastDay": form.lastDay = today.adding(days: 9).text
        case "budget": form.budget = String(Bookings.budgetRange.upperBound + 1)
        case "description": form.description = String(repeating: "a", count: 10 * 1024 * 1024)
        case "tags": form.tags = "a b c d e f"
        case "openUntil": form.openUntil = today.adding(days: Demands.longestOpen + 1).text
        case "openUntilAfter": form.lastDay = ""; form.openUntil = today.adding(days: 11).text
        case "townLines": form.town = "Praha\r\nBcc: all@example.cz"
        case "tagsLines": form.tags = "svatba\u{301}x\u{0}"
        case "hugeBudget": form.budget = "99999999999999999999"
        default: form.town = "  "
        }
        #expect(throws: ShootProblems([field: problem])) { try post(form) }
        #expect(try world.rowCount("demand") == 0 && world.rowCount("demandTag") == 0)
    }

    @Test func aFormSentTwicePostsOnce() throws {
        let uuid = UUID().uuidString
        let form = DemandForm.valid(first: today.adding(days: 10))
        let first = try demands.post(form, uuid: uuid, by: shoots.jana, at: now)
        #expect(try demands.post(form, uuid: uuid, by: shoots.jana, at: shoots.later(5)) == first)
        #expect(throws: DemandError.duplicate) { try demands.post(form, uuid: uuid, by: shoots.eva, at: now) }
        #expect(try world.rowCount("demand") == 1)
    }

    @Test func aNewAccountPostsAtMostThreeDemandsADay() throws {
        for _ in 0..<3 { try post() }
        #expect(throws: DemandError.tooManyDemands(retryAfter: .seconds(86_400))) { try post() }
        #expect(try world.rowCount("demand") == 3)
        try post(at: now.addingTimeInterval(86_401))
    }

    @Test func onlyItsClientEditsItAndOnlyBeforeTheFirstOffer() throws {
        let demand = try post()
        var form = DemandForm.valid(tags: "portrét rodina", first: today.adding(days: 11))
        #expect(throws: DemandError.unknown) { try demands.edit(demand.id, form, by: shoots.eva, at: now) }
        let edited = try demands.edit(demand.id, form, by: shoots.jana, at: now)
        #expect(edited.tags.map(\.label) == ["portrét", "rodina"] && edited.lastDay == today.adding(days: 11) && edited.editedAt != nil)
        try answer(demand.id, by: shoots.vojta, dayIn: 11)
        form.town = "Brno"
        #expect(throws: DemandError.hasOffers) { try demands.edit(demand.id, form, by: shoots.jana, at: now) }
    }

    // MARK: - Who sees it

    @Test func aPhotographerSeesADemandOfTheirTagsTownAndFreeDays() throws {
        let wedding = try post()
        let landscape = try post(.valid(tags: "krajina", first: today.adding(days: 10)), by: shoots.eva)
        let brno = try post(.valid(town: "Brno", first: today.adding(days: 10)), by: shoots.karel)
        #expect(try matching(shoots.vojta) == [wedding.id])
        #expect(try matching(shoots.jana).isEmpty, "clients see no demands")
        // Busy on every day of the wedding's range: not for him; one free day is enough.
        try shoots.bookings.setBusyDays([today.adding(days: 10), today.adding(days: 11), today.adding(days: 12)], of: shoots.vojta,
                                        at: now)
        #expect(try matching(shoots.vojta).isEmpty)
        try shoots.bookings.setBusyDays([today.adding(days: 10), today.adding(days: 12)], of: shoots.vojta, at: now)
        #expect(try matching(shoots.vojta) == [wedding.id])
        // From anywhere, Brno's too, newest first.
        try demands.setTakesDemandsAnywhere(true, for: shoots.petra)
        #expect(try matching(shoots.petra) == [brno.id, wedding.id])
        #expect(try !matching(shoots.petra).contains(landscape.id))
    }

    @Test func theStoresMatchAsTheRuleSays() throws {
        try demands.setTakesDemandsAnywhere(true, for: shoots.petra)
        try shoots.bookings.setBusyDays([today.adding(days: 3), today.adding(days: 4)], of: shoots.vojta, at: now)
        let clients = [shoots.jana, shoots.eva, shoots.karel]
        var posted: [Demand] = []
        for (index, (tags, town, first, last)) in [
            ("svatba", "Praha", 3, 4), ("svatba", "Praha", 3, 5), ("portret", "praha", 6, 6), ("krajina", "Praha", 6, 6),
            ("svatba krajina", "Brno", 7, 9), ("Portrét", " PRAHA ", 20, 40), ("rodina", "Plzeň", 2, 2),
        ].enumerated() {
            posted.append(try post(.valid(tags: tags, town: town, first: today.adding(days: first), last: today.adding(days: last),
                                          openUntil: today.adding(days: min(first, 7))), by: clients[index % 3],
                                   at: now.addingTimeInterval(Double(index))))
        }
        for (photographer, anywhere, busy) in [(shoots.vojta, false, Set([today.adding(days: 3), today.adding(days: 4)])),
                                              (shoots.petra, true, Set<CalendarDay>())] {
            let facts = DemandMatch.Photographer(tags: ["svatba", "portret"], townKey: "praha", anywhere: anywhere, busy: busy)
            let expected = posted.filter { DemandMatch.matches($0, facts, today: today) }.sorted { $0.createdAt > $1.createdAt }.map(\.id)
            #expect(try matching(photographer) == expected)
            #expect(!expected.isEmpty)
        }
    }

    @Test func theOpenPagesOfEveryMatchingPhotographerHearOfANewDemand() throws {
        let ad = try world.creator("ad.fotograf")
        try world.portfolio(of: ad, tags: "svatba")
        try demands.setTakesDemandsAnywhere(true, for: ad.id!)
        try world.blocking.block(shoots.petra, by: shoots.jana)
        let before = try world.liveEvents.latestSequence()
        let mails = try world.rowCount("mail")
        let demand = try post()
        #expect(try world.rowCount("mail") == mails + 2, "a mail each to Vojta and Adéla")
        let heard = try world.liveEvents.events(after: before, limit: 100).filter { $0.kind == .demand }
        #expect(heard.map(\.userId) == [shoots.vojta, ad.id!], "Vojta in Prague, Adéla from anywhere; not Petra, whom Jana blocked")
        #expect(heard.allSatisfy { $0.roomId == 0 && $0.payload == DemandEvent(demand: demand.id).json })
        // A demand in Brno: only Adéla, who takes demands from anywhere.
        let sequence = try world.liveEvents.latestSequence()
        try post(.valid(town: "Brno", first: today.adding(days: 10)), by: shoots.eva)
        #expect(try world.liveEvents.events(after: sequence, limit: 100).filter { $0.kind == .demand }.map(\.userId) == [ad.id!])
    }

    @Test func hiddenAnsweredBlockedClosedAndExpiredDemandsLeaveTheFeed() throws {
        let hidden = try post(), answered = try post(by: shoots.eva), blocked = try post(by: shoots.karel)
        try demands.hide(hidden.id, for: shoots.vojta, at: now)
        try answer(answered.id, by: shoots.vojta)
        try world.blocking.block(shoots.vojta, by: shoots.karel)
        #expect(try matching(shoots.vojta).isEmpty)
        #expect(try matching(shoots.petra) == [blocked.id, answered.id, hidden.id])
        #expect(try demands.demand(blocked.id, for: shoots.vojta, at: now) == nil, "a block hides it either way")
        #expect(throws: DemandError.unknown) { try answer(blocked.id, by: shoots.vojta) }
        try demands.close(hidden.id, text: "Díky, už nehledám.", by: shoots.jana, at: now)
        #expect(try matching(shoots.petra) == [blocked.id, answered.id])
        // After its last day for offers, nobody new sees it; who answered still does.
        let later = today.adding(days: 8).at(minutes: 12 * 60)
        #expect(try matching(shoots.petra, at: later).isEmpty)
        #expect(try demands.demand(answered.id, for: shoots.petra, at: later) == nil)
        #expect(try demands.demand(answered.id, for: shoots.vojta, at: later)?.offers.count == 1)
        #expect(try demands.demand(answered.id, for: shoots.jana, at: now) == nil, "another client's is not there")
    }

    // MARK: - Answers

    @Test func anAnswerOpensTheConversationWithTheDemandsCardAndTheOffersCard() throws {
        try world.letWrite(.knownPeople, to: try #require(try world.accounts.user(username: "jana.k")))
        let demand = try post()
        let uuid = UUID().uuidString
        let shoot = try answer(demand.id, by: shoots.vojta, uuid: uuid)
        #expect(shoot.request.demandId == demand.id && shoot.request.clientId == shoots.jana && shoot.offers.count == 1)
        #expect(shoot.request.kind == "svatba" && shoot.request.town == "Praha" && shoot.request.firstDay == demand.firstDay)
        let messages = try shoots.messages(in: shoot.request.roomId, for: shoots.jana)
        #expect(messages.map(\.card) == [.request(shoot.request.id), .offer(shoot.offers[0].id)])
        #expect(messages.allSatisfy { $0.authorId == shoots.vojta })
        #expect(try answer(demand.id, by: shoots.vojta, uuid: uuid) == shoot, "the same form again: the same answer")
        #expect(throws: DemandError.alreadyAnswered(requestId: shoot.request.id)) { try answer(demand.id, by: shoots.vojta) }
        #expect(try shoots.messages(in: shoot.request.roomId, for: shoots.jana).count == 2)
        // A newer offer goes through the request, replacing the first.
        let second = try shoots.offer(on: shoot.request.id, by: shoots.vojta, dayIn: 11)
        #expect(try shoots.shoot(shoot.request.id, for: shoots.jana).currentOffer == second)
    }

    @Test func aTownsKeyIsTrimmedAndFoldedEveryTimeItIsAsked() {
        for _ in 0..<2 {
            #expect(Demands.townKey(" Plzeň\n") == "plzen" && Demands.townKey("PLZEŇ") == "plzen")
            #expect(Demands.townKey("České Budějovice") == "ceske budejovice" && Demands.townKey("") == "")
        }
        // Past the towns it keeps it starts again, and still answers each.
        for number in 0...Demands.keptTownKeys { _ = Demands.townKey("Obec \(number)") }
        #expect(Demands.townKey(" Plzeň\n") == "plzen" && Demands.townKey("Obec 7") == "obec 7")
    }

    @Test func theFeedsSearchStopsAtItsLimitAndTheListCountsThemAll() throws {
        let older = try post(at: now.addingTimeInterval(-60))
        let newer = try post()
        let all = try demands.matching(for: shoots.vojta, limit: 1, at: now)
        #expect(all.demands.map(\.id) == [newer.id] && all.total == 2)
        let first = try demands.matching(for: shoots.vojta, limit: 1, counting: false, at: now)
        #expect(first.demands.map(\.id) == [newer.id] && first.total == 1)
        #expect(try demands.matching(for: shoots.vojta, limit: 5, counting: false, at: now).demands.map(\.id) == [newer.id, older.id])
        // The feed's first page reads the stamps its kept cards are found by, and a demand whole only for a card not kept.
        let vojta = try #require(try world.accounts.user(id: shoots.vojta))
        #expect(try demands.matchingStamps(for: vojta, limit: 1, at: now) == [newer.stamp])
        let edited = try demands.edit(older.id, .valid(tags: "portrét", first: today.adding(days: 10)), by: shoots.jana, at: shoots.later(60))
        #expect(try demands.matchingStamps(for: vojta, limit: 5, at: shoots.later(60)) == [newer.stamp, edited.stamp])
        #expect(edited.stamp != older.stamp)
        #expect(try demands.demands(ids: [edited.id, 999_999, newer.id]) == [edited, newer])
    }

    @Test func theClientIsVeiledToThePhotographerWhoAnsweredUntilTheyWrite() throws {
        try world.letWrite(.knownPeople, to: try #require(try world.accounts.user(username: "jana.k")))
        let room = try answer(try post().id, by: shoots.vojta).request.roomId
        let veiled = try world.messenger.room(room, for: shoots.vojta)
        #expect(veiled.veiled && veiled.title.isEmpty)
        let client = try #require(veiled.members.first { $0.userId == shoots.jana })
        #expect(client.name.isEmpty && client.username.isEmpty && client.initials.isEmpty)
        let listed = try #require(try world.messenger.rooms(of: shoots.vojta).first { $0.room.id == room })
        let name = try #require(try world.accounts.user(username: "jana.k")).fullName
        #expect(listed.veiled && !listed.members.contains { $0.name == name || $0.username == "jana.k" })
        // Its client sees who answered.
        let own = try world.messenger.room(room, for: shoots.jana)
        let vojta = try #require(try world.accounts.user(username: "vojtafoti"))
        #expect(!own.veiled && own.title == vojta.fullName)

        // Once she writes, he knows whom he talks to.
        try world.messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Děkuji, ozvu se."), in: room, by: shoots.jana, at: shoots.later(120))
        let known = try world.messenger.room(room, for: shoots.vojta)
        #expect(!known.veiled && known.members.contains { $0.username == "jana.k" })
    }

    @Test func aClientTheyHadTalkedToBeforeIsNotVeiled() throws {
        let earlier = try world.messenger.directRoom(between: shoots.petra, and: shoots.jana, at: now)
        try world.messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Dobrý den"), in: earlier.id, by: shoots.petra, at: now)
        let room = try answer(try post().id, by: shoots.petra).request.roomId
        let summary = try world.messenger.room(room, for: shoots.petra)
        #expect(room == earlier.id && !summary.veiled)
    }

    @Test func onlyAnotherPhotographerAnswersAnOpenDemand() throws {
        let demand = try post()
        // A client cannot even see another's demand.
        #expect(throws: DemandError.unknown) { try answer(demand.id, by: shoots.eva) }
        let own = try post(by: shoots.vojta)
        #expect(throws: DemandError.ownDemand) { try answer(own.id, by: shoots.vojta) }
        try shoots.bookings.setBusyDays([today.adding(days: 10)], of: shoots.petra, at: now)
        #expect(throws: BookingError.busyDay) { try answer(demand.id, by: shoots.petra, dayIn: 10) }
        try demands.close(demand.id, text: "Díky, už nehledám.", by: shoots.jana, at: now)
        #expect(throws: DemandError.unknown) { try answer(demand.id, by: shoots.petra, dayIn: 11) }
        #expect(try world.rowCount("shootRequest") == 0)
    }

    @Test func bookingOneAnswerBooksTheDemandAndWithdrawsTheOthersPolitely() throws {
        let demand = try post()
        let vojta = try answer(demand.id, by: shoots.vojta)
        let petra = try answer(demand.id, by: shoots.petra, dayIn: 11)
        let booking = try shoots.bookings.accept(petra.offers[0].id, uuid: UUID().uuidString, by: shoots.jana, text: { _ in "Beru." },
                                                 closingText: "Děkuji, vybrala jsem jinou nabídku.", at: shoots.later(300))
        let item = try #require(try demands.demand(demand.id, for: shoots.jana, at: now))
        #expect(item.demand.state(today: today) == .booked && item.demand.bookingId == booking.id)
        let withdrawn = try shoots.shoot(vojta.request.id, for: shoots.vojta)
        #expect(withdrawn.requestState == .withdrawn && withdrawn.state(of: withdrawn.offers[0], at: now) == .closed)
        let last = try #require(try shoots.messages(in: vojta.request.roomId, for: shoots.vojta).last)
        #expect(last.authorId == shoots.jana && last.content == "Děkuji, vybrala jsem jinou nabídku.")
        #expect(throws: BookingError.requestClosed) { try shoots.offer(on: vojta.request.id, by: shoots.vojta, dayIn: 12) }
        #expect(throws: BookingError.offerNotOpen) { try shoots.accept(vojta.offers[0].id, by: shoots.jana) }
        #expect(try shoots.shoot(petra.request.id, for: shoots.petra).requestState == .booked)
        #expect(try matching(shoots.vojta).isEmpty && demands.demand(demand.id, for: shoots.karel, at: now) == nil)
    }

    @Test func closingWithdrawsEveryAnswerWaiting() throws {
        let demand = try post()
        let vojta = try answer(demand.id, by: shoots.vojta)
        #expect(throws: DemandError.unknown) { try demands.close(demand.id, text: "Ne.", by: shoots.eva, at: now) }
        let closed = try demands.close(demand.id, text: "Díky, už nehledám.", by: shoots.jana, at: now)
        #expect(closed.state(today: today) == .closed)
        #expect(try shoots.shoot(vojta.request.id, for: shoots.jana).requestState == .withdrawn)
        #expect(throws: DemandError.notOpen) { try demands.close(demand.id, text: "Znovu.", by: shoots.jana, at: now) }
    }

    @Test func aWithdrawalSaysNothingWhereEitherBlocksTheOther() throws {
        let demand = try post()
        let vojta = try answer(demand.id, by: shoots.vojta)
        let before = try shoots.messages(in: vojta.request.roomId, for: shoots.vojta).count
        try world.blocking.block(shoots.jana, by: shoots.vojta)
        try demands.close(demand.id, text: "Díky, už nehledám.", by: shoots.jana, at: now)
        #expect(try shoots.shoot(vojta.request.id, for: shoots.jana).requestState == .withdrawn)
        #expect(try shoots.messages(in: vojta.request.roomId, for: shoots.vojta).count == before, "the block keeps the words out")
    }

    @Test func theClientComparesEveryAnswerAndAPhotographerSeesTheirOwn() throws {
        let demand = try post()
        try answer(demand.id, by: shoots.vojta, at: shoots.later(3600))
        try answer(demand.id, by: shoots.petra, dayIn: 11, at: shoots.later(600))
        let item = try #require(try demands.demand(demand.id, for: shoots.jana, at: now))
        #expect(item.offers.map(\.photographer.username) == ["vojtafoti", "petra.foto"])
        #expect(item.offers.map { $0.replyTime(to: item.demand) } == [3600, 600])
        #expect(DemandOfferOrder.reply.sorted(item.offers, of: item.demand).map(\.photographer.username) == ["petra.foto", "vojtafoti"])
        #expect(DemandOfferOrder.day.sorted(item.offers, of: item.demand).map(\.photographer.username) == ["vojtafoti", "petra.foto"])
        #expect(try demands.demand(demand.id, for: shoots.petra, at: now)?.offers.map(\.photographer.username) == ["petra.foto"])
        #expect(try demands.demands(of: shoots.jana).first?.offers.count == 2)
    }

    @Test func aPhotographerReportsADemandAndAnOperatorHidesItWithTheAuditLog() throws {
        let demand = try post()
        let op = try world.operatorAccount()
        let subject = ReportSubject(.demand, demand.id)
        #expect(throws: ReportError.ownContent) { try world.reports.report(subject, reason: .spam, details: "", by: shoots.jana) }
        #expect(throws: ReportError.unknownSubject) { try world.reports.report(subject, reason: .spam, details: "", by: shoots.eva) }
        let report = try world.reports.report(subject, reason: .spam, details: "Reklama", by: shoots.vojta)
        #expect(try world.moderation.openReports() == [report])
        try world.moderation.apply(.hideDemand(demand.id), reason: "Reklama, ne zakázka", by: op.id!)
        #expect(try world.moderation.openReports().isEmpty)
        #expect(try demands.demand(demand.id, for: shoots.jana, at: now)?.demand.state(today: today) == .hidden, "its client sees it hidden")
        #expect(try demands.demand(demand.id, for: shoots.vojta, at: now) == nil)
        #expect(try matching(shoots.vojta).isEmpty && matching(shoots.petra).isEmpty)
        #expect(throws: DemandError.unknown) { try answer(demand.id, by: shoots.petra) }
        let log = try world.moderation.auditLog()
        #expect(log.first?.action == "hideDemand" && log.first?.subject == subject && log.first?.reason == "Reklama, ne zakázka")
        let undo = try world.moderation.undoable(log)
        #expect(undo[log[0].id] == .unhideDemand(demand.id))
        try world.moderation.apply(.unhideDemand(demand.id), reason: "Omyl", by: op.id!)
        #expect(try matching(shoots.vojta) == [demand.id])
        #expect(throws: ModerationError.notAnOperator) {
            try world.moderation.apply(.hideDemand(demand.id), reason: "Ne", by: shoots.vojta)
        }
    }

    @Test func aSuspendedClientsDemandMatchesNobodyUntilTheSuspensionEnds() throws {
        let demand = try post()
        let op = try world.operatorAccount()
        // Past both this test's "now" and the clock's, which the feed's read goes by.
        let until = max(now, Date()).addingTimeInterval(24 * 3600)
        try world.moderation.apply(.suspend(userId: shoots.jana, until: until), reason: "Spam", by: op.id!)
        #expect(try matching(shoots.vojta).isEmpty, "suspended now")
        #expect(try matching(shoots.vojta, at: until.addingTimeInterval(3600)) == [demand.id], "the suspension over")
    }

    @Test(.enabled(if: TestStore.kind == .sqlite, "reads SQLite's query plans"))
    func matchingWalksOnlyTheOpenDemandsAndFindsTheRestByKeys() throws {
        let arguments: StatementArguments = ["today": today.text, "me": shoots.vojta, "town": "praha", "now": now, "limit": 3]
        let plan = try world.database.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(SQLiteDemandStore.matchingSQL)", arguments: arguments).map { $0["detail"] as String }
        }
        // The one walk is the open demands' partial index, newest first; everything else is a
        // search by a key, but for the list of the suspended, made once (few, as in the feed).
        // The photographer's tags and their "anywhere" are lists made once, from their own rows.
        let scans = plan.filter { $0.hasPrefix("SCAN") }
        #expect(scans == ["SCAN d USING INDEX demand_open", "SCAN suspension"], "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE FOR ORDER BY") }, "\(plan)")
        for table in ["t", "h", "r", "busy", "p", "pt", "demandReach"] {
            #expect(plan.contains { $0.hasPrefix("SEARCH \(table) USING") }, "\(table): \(plan)")
        }
    }

    @Test(.enabled(if: TestStore.kind == .postgres, "reads PostgreSQL's query plans"))
    func onPostgreSQLEveryConditionOfMatchingHasAnIndexToSearchBy() throws {
        try post()
        let pool = try #require(world.postgres)
        let plan = try pool.withConnection { connection in
            // A handful of rows would be read whole whatever the indexes; without sequential
            // scans the plan shows which index each condition can use.
            try connection.query("SET enable_seqscan = off")
            defer { _ = try? connection.query("SET enable_seqscan = on") }
            return try connection.query("EXPLAIN \(PostgresDemandStore.matchingSQL)", [
                today.text, shoots.vojta, "praha", now.stored, Int64(3),
            ]).map { try $0.decode(0, as: String.self) }
        }
        for table in ["demand", "demand_tag", "demand_hidden", "shoot_request", "busy_day", "block", "portfolio", "portfolio_tag",
                      "demand_reach"] {
            #expect(!plan.contains { $0.contains("Seq Scan on \(table) ") }, "\(table): \(plan.joined(separator: "\n"))")
        }
        #expect(plan.contains { $0.contains("demand_open") }, "\(plan.joined(separator: "\n"))")
    }
}
