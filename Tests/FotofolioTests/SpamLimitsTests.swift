import Foundation
import Testing
@testable import Fotofolio

extension TestDatabase {
    /// A client whose account was made `days` ago.
    func client(_ username: String, madeDaysAgo days: Double) throws -> User {
        try accounts.register(.client(username, email: "\(username)@example.cz"), at: Date().addingTimeInterval(-days * 86_400))
    }
}

/// The limits' arithmetic, on its own.
@Suite struct SpamLimitRulesTests {
    let limits = SpamLimits.standard
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func minutesAgo(_ minutes: [Double]) -> [Date] { minutes.map { now.addingTimeInterval(-$0 * 60) } }

    @Test func aNewAccountStartsFiveAnHourAndIsToldWhenTheOldestLeavesTheHour() {
        let created = now.addingTimeInterval(-3600 * 5)
        #expect(throws: Never.self) { try limits.checkStart(accountCreatedAt: created, started: minutesAgo([50, 40, 30, 20]), at: now) }
        #expect(throws: MessengerError.tooManyNewConversations(retryAfter: .seconds(600))) {
            try limits.checkStart(accountCreatedAt: created, started: minutesAgo([50, 40, 30, 20, 10]), at: now)
        }
        // Older than an hour no longer counts toward the hour.
        #expect(throws: Never.self) {
            try limits.checkStart(accountCreatedAt: created, started: minutesAgo([70, 40, 30, 20, 10]), at: now)
        }
    }

    @Test func aNewAccountStartsTwentyADay() {
        let created = now.addingTimeInterval(-86_400 * 3)
        let spread = minutesAgo((0..<20).map { 1_380 - Double($0) * 65 })
        #expect(throws: MessengerError.tooManyNewConversations(retryAfter: .seconds(3_600))) {
            try limits.checkStart(accountCreatedAt: created, started: spread, at: now)
        }
        #expect(throws: Never.self) { try limits.checkStart(accountCreatedAt: created, started: Array(spread.dropFirst()), at: now) }
    }

    @Test func aWeekOldAccountHasNoLimitAndTheWaitEndsWhenTheAccountStopsBeingNew() {
        let many = minutesAgo((1...30).reversed().map(Double.init))
        #expect(throws: Never.self) {
            try limits.checkStart(accountCreatedAt: now.addingTimeInterval(-7 * 86_400), started: many, at: now)
        }
        let almostOld = now.addingTimeInterval(-7 * 86_400 + 120)
        #expect(throws: MessengerError.tooManyNewConversations(retryAfter: .seconds(120))) {
            try limits.checkStart(accountCreatedAt: almostOld, started: many, at: now)
        }
    }

    @Test func onlyTextsOfSomeLengthAreHeldAndOnlyFromTheThirdOtherConversation() {
        let long = "Dobrý den, nabízím focení se slevou 50 %"
        #expect(throws: Never.self) { try limits.checkRepeat(long, sentToOtherConversations: 2) }
        #expect(throws: MessengerError.heldAsRepeated) { try limits.checkRepeat(long, sentToOtherConversations: 3) }
        #expect(throws: Never.self) { try limits.checkRepeat("Děkuji, ozvu se!", sentToOtherConversations: 30) }
    }
}

/// The limits where people start conversations and send, on either store.
@Suite struct SpamLimitsTests {
    @Test func aNewAccountIsRefusedItsSixthNewConversationInAnHourAndNothingIsMade() throws {
        let world = try TestDatabase()
        let newcomer = try world.client("novak.p")
        let people = try (1...6).map { try world.client("osoba\($0)", madeDaysAgo: 100) }
        for person in people.prefix(5) { _ = try world.messenger.directRoom(between: newcomer.id!, and: person.id!) }
        let rooms = try world.rowCount("chatRoom")
        #expect(throws: MessengerError.self) { try world.messenger.directRoom(between: newcomer.id!, and: people[5].id!) }
        #expect(throws: MessengerError.self) {
            try world.messenger.createGroup(named: "Výlet", by: newcomer.id!, members: [people[5].id!])
        }
        #expect(try world.rowCount("chatRoom") == rooms)
        // The conversations they have go on, and the others may start one with them.
        _ = try world.messenger.directRoom(between: newcomer.id!, and: people[0].id!)
        _ = try world.messenger.directRoom(between: people[5].id!, and: newcomer.id!)
    }

    @Test func anAccountOlderThanAWeekStartsAsManyAsItWants() throws {
        let world = try TestDatabase()
        let regular = try world.client("stala.k", madeDaysAgo: 30)
        for index in 1...8 {
            let person = try world.client("osoba\(index)", madeDaysAgo: 30)
            _ = try world.messenger.directRoom(between: regular.id!, and: person.id!)
        }
        #expect(try world.rowCount("chatRoom") == 8)
    }

    @Test func theSameLongTextToAFourthConversationIsHeldAndNothingIsStoredOrDelivered() throws {
        let world = try TestDatabase()
        let sender = try world.client("prodejce", madeDaysAgo: 100)
        let text = "Dobrý den, nabízím focení se slevou 50 % jen tento týden!"
        var rooms: [Int64] = []
        for index in 1...4 {
            let person = try world.client("osoba\(index)", madeDaysAgo: 100)
            rooms.append(try world.messenger.directRoom(between: sender.id!, and: person.id!).id)
        }
        for room in rooms.prefix(3) { try world.send(text, in: room, by: sender.id!) }
        let events = try world.allEvents().count
        #expect(throws: MessengerError.heldAsRepeated) { try world.send(text, in: rooms[3], by: sender.id!) }
        #expect(try world.rowCount("chatMessage") == 3)
        #expect(try world.allEvents().count == events)
        // Other words go, and so does the same text again where it was already sent.
        try world.send("Dobrý den, posílám nabídku na rodinné focení.", in: rooms[3], by: sender.id!)
        try world.send(text, in: rooms[0], by: sender.id!)
        // A short thank-you is said to many people.
        for room in rooms { try world.send("Děkuji!", in: room, by: sender.id!) }
    }

    @Test func aResentMessageIsAnsweredAsBeforeEvenPastTheLimit() throws {
        let world = try TestDatabase()
        let sender = try world.client("prodejce", madeDaysAgo: 100)
        let text = "Dobrý den, nabízím focení se slevou 50 % jen tento týden!"
        var last: (room: Int64, draft: MessageDraft)?
        for index in 1...3 {
            let person = try world.client("osoba\(index)", madeDaysAgo: 100)
            let room = try world.messenger.directRoom(between: sender.id!, and: person.id!).id
            let draft = MessageDraft(uuid: UUID().uuidString, content: text)
            _ = try world.messenger.send(draft, in: room, by: sender.id!)
            last = (room, draft)
        }
        let again = try world.messenger.send(last!.draft, in: last!.room, by: sender.id!)
        #expect(!again.isNew)
    }

    @Test func aNewAccountsLinksStayPlainUntilTheOtherPersonHasWritten() throws {
        let world = try TestDatabase()
        let newcomer = try world.client("novak.p"), vojta = try world.client("vojta.s", madeDaysAgo: 100)
        let room = try world.messenger.directRoom(between: newcomer.id!, and: vojta.id!)
        let first = try world.send("Moje práce: https://example.org/portfolio", in: room.id, by: newcomer.id!)
        #expect(first.linksInert)
        try world.send("Dobrý den, díky za zprávu.", in: room.id, by: vojta.id!)
        let second = try world.send("Ještě jednou: https://example.org/portfolio", in: room.id, by: newcomer.id!)
        #expect(!second.linksInert)
        #expect(try world.messenger.history(of: room.id, for: vojta.id!).map(\.linksInert) == [true, false, false])
        // An older account's first message keeps its links.
        let other = try world.client("eva.n", madeDaysAgo: 100)
        let theirs = try world.messenger.directRoom(between: vojta.id!, and: other.id!)
        #expect(try !world.send("https://example.org", in: theirs.id, by: vojta.id!).linksInert)
    }
}
