import Foundation
import Testing
@testable import Fotofolio
@testable import FotofolioDemo
@testable import FotofolioSQLite

@Suite struct RoomFilterTests {
    let world: TestDatabase
    let vojta: Int64, jana: Int64, eva: Int64
    let quietDirect: Int64, unreadDirect: Int64, chattyGroup: Int64, mentioningGroup: Int64

    init() throws {
        world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s", "petr.n")
        (vojta, jana, eva) = (people[0], people[1], people[2])
        quietDirect = try world.messenger.directRoom(between: vojta, and: people[3]).id
        unreadDirect = try world.messenger.directRoom(between: vojta, and: jana).id
        chattyGroup = try world.messenger.createGroup(named: "Kavárna", by: jana, members: [vojta, eva]).id
        mentioningGroup = try world.messenger.createGroup(named: "Svatba", by: eva, members: [vojta]).id
        try world.send("Dobrý den", in: quietDirect, by: vojta)
        try world.send("Máte volno?", in: unreadDirect, by: jana)
        try world.send("Kdo přinese dort?", in: chattyGroup, by: eva)
        try world.send("@vojta.v fotíte i obřad?", in: mentioningGroup, by: eva)
    }

    private func listed(_ filter: RoomFilter) throws -> Set<Int64> {
        Set(try world.messenger.rooms(of: vojta, matching: filter).map(\.room.id))
    }

    @Test func aDirectConversationIsAlwaysRelevantAGroupOnlyWhileItMentionsTheReader() throws {
        #expect(try world.messenger.room(quietDirect, for: vojta).isRelevant)
        #expect(try world.messenger.room(chattyGroup, for: vojta).isRelevant == false)
        #expect(try world.messenger.room(mentioningGroup, for: vojta).isRelevant)
    }

    @Test func theUnreadFilterListsConversationsWithUnreadMessages() throws {
        #expect(try listed(RoomFilter(unreadOnly: true)) == [unreadDirect, chattyGroup, mentioningGroup])
    }

    @Test func theRelevantFilterListsDirectConversationsAndMentions() throws {
        #expect(try listed(RoomFilter(relevantOnly: true)) == [quietDirect, unreadDirect, mentioningGroup])
    }

    @Test func bothFiltersTogetherListUnreadConversationsAddressedToTheReader() throws {
        #expect(try listed(RoomFilter(unreadOnly: true, relevantOnly: true)) == [unreadDirect, mentioningGroup])
        try world.messenger.markRead(unreadDirect, by: vojta, upTo: .max)
        #expect(try listed(RoomFilter(unreadOnly: true, relevantOnly: true)) == [mentioningGroup])
    }

    @Test func aSummaryKnowsHowFarTheReaderHasRead() throws {
        #expect(try world.messenger.room(unreadDirect, for: vojta).lastReadMessageId == nil)
        let answer = try world.send("Ano", in: unreadDirect, by: vojta)
        #expect(try world.messenger.room(unreadDirect, for: vojta).lastReadMessageId == answer.id)
    }

    @Test func theUnreadSnapshotCountsAndNamesTheLogPositionTogether() throws {
        let snapshot = try world.messenger.unreadSnapshot(for: vojta)
        #expect(snapshot.total == 3)
        #expect(snapshot.sequence == (try world.allEvents().last?.sequence))
    }
}

@Suite(.enabled(if: TestStore.kind == .sqlite, "the demo seeders write SQLite rows")) struct DemoConversationsTests {
    let world: TestDatabase

    init() throws {
        world = try TestDatabase()
        try DemoWorld(database: world.database, hasher: PasswordHasher(parameters: .fastForTests)).seed()
    }

    private func id(_ username: String) throws -> Int64 {
        try #require(try world.accounts.user(username: username)?.id)
    }

    @Test func vojtafotiHasAnUnreadWeddingMessageFromAClient() throws {
        try DemoConversations(database: world.database).seed()
        try DemoBookings(database: world.database).seed()
        let rooms = try world.messenger.rooms(of: try id("vojtafoti"), matching: RoomFilter(unreadOnly: true))
        let direct = try #require(rooms.first { $0.title == "Jana Králová" })
        let martin = try #require(rooms.first { $0.title == "Martin Beneš" })
        #expect(martin.unreadCount == 1)
        #expect(martin.lastMessage?.content.contains("ženíme") == true)
        #expect(direct.unreadCount == 1)
        #expect(direct.lastMessage?.card != nil)
    }

    @Test func theWeddingIsBookedAfterAReplacedOfferAndJanaWaitsForAnOffer() throws {
        let now = Date()
        let demo = DemoBookings(database: world.database)
        #expect(try demo.seed(at: now) == 7)
        #expect(try demo.seed(at: now) == 0)
        let bookings = Bookings(stores: .sqlite(world.database))
        let vojta = try id("vojtafoti")
        let booked = try #require(try bookings.bookings(of: vojta).first)
        #expect(booked.state(at: now) == .confirmed)
        #expect(booked.day == DemoBookings.weddingDay(after: now))
        let shoot = try #require(try bookings.shoot(request: booked.requestId, for: vojta))
        #expect(shoot.offers.count == 2)
        #expect(shoot.state(of: shoot.offers[0], at: now) == .replaced)
        #expect(shoot.state(of: shoot.offers[1], at: now) == .accepted)
        #expect(try bookings.busyDays(of: vojta, from: booked.day, through: booked.day)[booked.day] == .some(booked.id))
        // Its money: a deposit received today, the balance two weeks after the wedding, to a QR-payable account.
        let payments = Payments(stores: world.stores)
        #expect(try payments.payments(of: booked) == [
            PaymentDue(part: .deposit, amount: Amount(crowns: 5000), dueDay: CalendarDay(booked.createdAt).adding(days: 7),
                       paidOn: CalendarDay(now)),
            PaymentDue(part: .rest, amount: Amount(crowns: 14_500), dueDay: booked.day.adding(days: 14), paidOn: nil),
        ])
        #expect(try payments.payee(of: vojta)?.account.display == "1234567899/0800")
        let invoice = try #require(try payments.invoices(of: [booked])[booked.id]?.invoice(of: .deposit))
        #expect(invoice.number == "\(CalendarDay(now).year)-0001" && invoice.amount == Amount(crowns: 5000))
        #expect(invoice.description.hasPrefix("Záloha na focení: Svatba, 14. 6. "))
        let jana = try id("jana.k")
        let rooms = try world.messenger.rooms(of: jana)
        let request = try #require(try rooms.first { $0.title == "Vojta Votruba" }?.lastMessage?.card)
        guard case .request(let requestId) = request else { Issue.record("not a request card"); return }
        #expect(try bookings.shoot(request: requestId, for: jana)?.requestState == .open)
    }

    @Test func oneGroupMentionsVojtafotiAndSpansTwoDays() throws {
        let now = Date()
        try DemoConversations(database: world.database).seed(at: now)
        let group = try #require(try world.messenger.rooms(of: try id("vojtafoti")).first { $0.room.kind == .group })
        #expect(group.members.count == 3)
        #expect(group.isRelevant)
        let history = try world.messenger.history(of: group.room.id, for: try id("vojtafoti"))
        var prague = Calendar(identifier: .gregorian)
        prague.timeZone = TimeZone(identifier: "Europe/Prague")!
        let yesterday = prague.date(byAdding: .day, value: -1, to: now)!
        #expect(prague.isDate(history.first!.sentAt, inSameDayAs: yesterday))
        #expect(abs(history.last!.sentAt.timeIntervalSince(now - 600)) < 0.01)
    }

    @Test func oneConversationIsLongerThanAPageAndSpansWeeks() throws {
        try DemoConversations(database: world.database).seed()
        let jana = try id("jana.k")
        let cafe = try #require(try world.messenger.rooms(of: jana).first { $0.title == "Lenka Horáková" })
        let span = try #require(try world.messenger.timeSpan(of: cafe.room.id, for: jana))
        #expect(span.upperBound.timeIntervalSince(span.lowerBound) > 60 * 86_400)
        #expect(try world.messenger.history(of: cafe.room.id, for: jana).count == MessengerService.pageSize)
        #expect(cafe.unreadCount == 0)
    }

    @Test func seedingTwiceStoresNothingTheSecondTime() throws {
        let demo = DemoConversations(database: world.database)
        let stored = try demo.seed()
        #expect(stored == DemoConversations.conversations.map(\.lines.count).reduce(0, +))
        #expect(try demo.seed() == 0)
        #expect(try world.rowCount("chatRoom") == DemoConversations.conversations.count)
        #expect(try world.rowCount("chatMessage") == stored)
    }

    @Test func withoutThePeopleSeedingSaysWhoIsMissing() throws {
        let empty = try TestDatabase()
        #expect(throws: DemoConversations.DemoError.self) { try DemoConversations(database: empty.database).seed() }
    }
}
