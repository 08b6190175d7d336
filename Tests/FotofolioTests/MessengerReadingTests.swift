import Foundation
import Testing
@testable import Fotofolio

@Suite struct UnreadTests {
    let world: TestDatabase
    let vojta: Int64, jana: Int64, eva: Int64
    let direct: Int64, group: Int64

    init() throws {
        world = try TestDatabase()
        (vojta, jana, eva) = (try world.creator().id!, try world.client().id!, try world.client("eva.s").id!)
        direct = try world.messenger.directRoom(between: vojta, and: jana).id
        group = try world.messenger.createGroup(named: "Svatba", by: jana, members: [vojta, eva]).id
    }

    @Test func messagesByOthersAreUnreadPerRoomAndInTotal() throws {
        for text in ["Jedna", "Dvě", "Tři"] { try world.send(text, in: direct, by: jana) }
        try world.send("Skupina", in: group, by: eva)
        try world.send("Moje", in: group, by: jana)
        #expect(try world.messenger.room(direct, for: vojta).unreadCount == 3)
        #expect(try world.messenger.room(group, for: vojta).unreadCount == 2)
        #expect(try world.messenger.unreadTotal(for: vojta) == 5)
    }

    @Test func yourOwnMessageIsNotUnreadAndAnsweringReadsTheRoom() throws {
        try world.send("Otázka", in: direct, by: jana)
        #expect(try world.messenger.unreadTotal(for: vojta) == 1)
        try world.send("Odpověď", in: direct, by: vojta)
        #expect(try world.messenger.unreadTotal(for: vojta) == 0)
        #expect(try world.messenger.unreadTotal(for: jana) == 1)
    }

    @Test func readingMovesOnlyForwards() throws {
        let messages = try (1...3).map { try world.send("Zpráva \($0)", in: direct, by: jana) }
        #expect(try world.messenger.markRead(direct, by: vojta, upTo: messages[2].id))
        #expect(try world.messenger.markRead(direct, by: vojta, upTo: messages[0].id) == false)
        #expect(try world.messenger.markRead(direct, by: vojta, upTo: messages[2].id) == false)
        #expect(try world.messenger.room(direct, for: vojta).unreadCount == 0)
    }

    @Test func readingUpToAMessageLeavesTheLaterOnesUnread() throws {
        let messages = try (1...3).map { try world.send("Zpráva \($0)", in: direct, by: jana) }
        #expect(try world.messenger.markRead(direct, by: vojta, upTo: messages[1].id))
        #expect(try world.messenger.room(direct, for: vojta).unreadCount == 1)
    }

    @Test func anUnreadMentionMakesTheRoomRelevantUntilItIsRead() throws {
        try world.send("Bez zmínky", in: group, by: eva)
        #expect(try world.messenger.room(group, for: vojta).isRelevant == false)
        let mention = try world.send("@vojtafoti máte čas v sobotu?", in: group, by: eva)
        #expect(try world.messenger.room(group, for: vojta).isRelevant)
        #expect(try world.messenger.room(group, for: jana).isRelevant == false)
        try world.messenger.markRead(group, by: vojta, upTo: mention.id)
        #expect(try world.messenger.room(group, for: vojta).isRelevant == false)
    }

    @Test func markingReadTellsOnlyTheReaderTheNewCounts() throws {
        let message = try world.send("Ahoj", in: direct, by: jana)
        try world.send("Ve skupině", in: group, by: jana)
        try world.messenger.markRead(direct, by: vojta, upTo: message.id)
        let event = try #require(try world.allEvents().last { $0.kind == .read })
        #expect(event.userId == vojta && event.roomId == direct)
        let (type, data) = try decoded(event.payload)
        #expect(type == "read")
        #expect(data["roomId"] as? Int == Int(direct) && data["messageId"] as? Int == Int(message.id))
        #expect(data["unread"] as? Int == 0 && data["unreadTotal"] as? Int == 1)
        let entry = try #require(try world.outbox.pending(limit: 100).last)
        #expect(entry.topic == "chat-room/\(direct)/event" && entry.payload == event.payload)
    }
}

@Suite struct RoomListTests {
    @Test func roomsComeNewestActivityFirst() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s", "petr.n")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let quiet = try world.messenger.directRoom(between: people[0], and: people[1], at: start).id
        let older = try world.messenger.directRoom(between: people[0], and: people[2], at: start + 10).id
        let newest = try world.messenger.createGroup(named: "Nová", by: people[3], members: [people[0]], at: start + 20).id
        try world.send("Oživení", in: quiet, by: people[1], at: start + 30)
        let rooms = try world.messenger.rooms(of: people[0])
        #expect(rooms.map(\.room.id) == [quiet, newest, older])
        #expect(rooms[0].lastMessage?.content == "Oživení" && rooms[1].lastMessage == nil)
        #expect(rooms.map(\.title) == ["Jana Králová", "Nová", "Jana Králová"])
    }

    @Test func onlyMembersSeeARoom() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s")
        let room = try world.messenger.directRoom(between: people[0], and: people[1]).id
        #expect(throws: MessengerError.notAMember) { try world.messenger.room(room, for: people[2]) }
        #expect(throws: MessengerError.unknownRoom) { try world.messenger.room(9999, for: people[2]) }
        #expect(try world.messenger.rooms(of: people[2]).isEmpty)
    }
}

@Suite struct HistoryTests {
    @Test func historyPagesBackFromTheNewestOldestFirstOnEachPage() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        let room = try world.messenger.directRoom(between: people[0], and: people[1]).id
        for index in 1...120 { try world.send("Zpráva \(index)", in: room, by: people[index % 2]) }
        let texts = { (page: [ChatMessage]) in page.map(\.content) }
        let latest = try world.messenger.history(of: room, for: people[0])
        #expect(texts(latest) == (71...120).map { "Zpráva \($0)" })
        let earlier = try world.messenger.history(of: room, for: people[0], before: latest[0].id)
        #expect(texts(earlier) == (21...70).map { "Zpráva \($0)" })
        let first = try world.messenger.history(of: room, for: people[0], before: earlier[0].id)
        #expect(texts(first) == (1...20).map { "Zpráva \($0)" })
        #expect(try world.messenger.history(of: room, for: people[0], before: first[0].id).isEmpty)
    }

    @Test func aTimelineOpensOnTheMessagesNearestADate() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        let room = try world.messenger.directRoom(between: people[0], and: people[1]).id
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for minute in 0..<10 { try world.send("Minuta \(minute)", in: room, by: people[0], at: start + Double(minute * 60)) }
        let around = try world.messenger.messages(of: room, for: people[1], around: start + 300, limit: 3)
        #expect(around.map(\.content) == ["Minuta 4", "Minuta 5", "Minuta 6"])
        let atTheEnd = try world.messenger.messages(of: room, for: people[1], around: start + 10_000, limit: 2)
        #expect(atTheEnd.map(\.content) == ["Minuta 8", "Minuta 9"])
    }
}
