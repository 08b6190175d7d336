import Foundation
import Testing
@testable import Fotofolio

@Suite struct ReadReceiptRulesTests {
    static let at = Date(timeIntervalSince1970: 1_800_000_000)
    static let direct = ChatRoom(id: 4, kind: .direct, name: nil, createdBy: 1, createdAt: at)
    static let group = ChatRoom(id: 3, kind: .group, name: "Ateliér", createdBy: 1, createdAt: at)
    static let read = ReadMark(messageId: 9, at: at)

    static func member(_ id: Int64, read: ReadMark? = nil, shares: Bool = true) -> RoomMember {
        RoomMember(userId: id, username: "u\(id)", name: "Člověk \(id)", lastRead: read, sharesSeen: shares)
    }

    /// (room, members, reader, what the reader sees)
    @Test(arguments: [
        (direct, [member(1), member(2, read: read)], 1, read),
        // Only how far the other has read, never one's own marker.
        (direct, [member(1, read: read), member(2)], 1, nil),
        (direct, [member(1, read: ReadMark(messageId: 12, at: at)), member(2, read: read)], 2,
         ReadMark(messageId: 12, at: at)),
        // Either turning it off hides it both ways.
        (direct, [member(1, shares: false), member(2, read: read)], 1, nil),
        (direct, [member(1), member(2, read: read, shares: false)], 1, nil),
        // Groups have no mark; nor has someone outside the room, nor a room left by the other.
        (group, [member(1), member(2, read: read)], 1, nil),
        (group, [member(1), member(2, read: read), member(3, read: read)], 1, nil),
        (direct, [member(1), member(2, read: read)], 3, nil),
        (direct, [member(1)], 1, nil),
    ] as [(ChatRoom, [RoomMember], Int64, ReadMark?)])
    func theOtherPersonsReadIsSeenInDirectRoomsWhileBothShareIt(room: ChatRoom, members: [RoomMember], reader: Int64,
                                                                 seen: ReadMark?) {
        #expect(ReadReceipts.seen(in: room, members: members, by: reader, blocked: false) == seen)
        // A block either way hides it too.
        #expect(ReadReceipts.seen(in: room, members: members, by: reader, blocked: true) == nil)
    }

    static func message(_ id: Int64, by authorId: Int64) -> ChatMessage {
        ChatMessage(id: id, roomId: 4, uuid: "u\(id)", content: "Ahoj", sentAt: at,
                    author: MessageAuthor(username: "u\(authorId)", name: "Člověk"), authorId: authorId, mentions: [])
    }

    /// (message, reader, marked): the mark sits on the reader's own message the other read last.
    @Test(arguments: [
        (message(9, by: 1), 1, true),
        (message(9, by: 2), 1, false),
        (message(8, by: 1), 1, false),
        (message(10, by: 1), 1, false),
    ])
    func theMarkSitsOnTheReadersOwnLastReadMessage(message: ChatMessage, reader: Int64, marked: Bool) {
        #expect(ReadReceipts.marks(message, with: Self.read, for: reader) == marked)
        #expect(ReadReceipts.marks(message, with: nil, for: reader) == false)
    }
}

@Suite struct ReadReceiptStoreTests {
    let world: TestDatabase
    let vojta: Int64, jana: Int64, eva: Int64
    let direct: Int64

    init() throws {
        world = try TestDatabase()
        (vojta, jana, eva) = (try world.creator().id!, try world.client().id!, try world.client("eva.s").id!)
        direct = try world.messenger.directRoom(between: vojta, and: jana).id
    }

    func seen(by readerId: Int64) throws -> ReadMark? {
        let summary = try world.messenger.room(direct, for: readerId)
        return ReadReceipts.seen(in: summary.room, members: summary.members, by: readerId, blocked: false)
    }

    func turnOffSeen(of userId: Int64) throws {
        let user = try #require(try world.accounts.user(id: userId))
        var edit = ProfileEdit(user)
        edit.sharesSeen = false
        #expect(try world.accounts.updateProfile(of: userId, with: edit).sharesSeen == false)
        #expect(try world.accounts.user(id: userId)?.sharesSeen == false)
    }

    @Test func readingRecordsWhenAndTellsTheOtherPersonAlone() throws {
        let sentAt = Date(timeIntervalSince1970: 1_800_000_000)
        let message = try world.send("Máte v sobotu čas?", in: direct, by: vojta, at: sentAt)
        // Sending reads one's own message: the author has read as far as it, at once.
        #expect(try seen(by: jana) == ReadMark(messageId: message.id, at: sentAt))
        #expect(try seen(by: vojta) == nil)
        let readAt = sentAt + 125.25
        #expect(try world.messenger.markRead(direct, by: jana, upTo: message.id, at: readAt))
        #expect(try seen(by: vojta) == ReadMark(messageId: message.id, at: readAt))
        let event = try #require(try world.allEvents().last { $0.kind == .seen })
        #expect(event.userId == vojta && event.roomId == direct)
        let (type, data) = try decoded(event.payload)
        #expect(type == "seen")
        #expect(data["roomId"] as? Int == Int(direct) && data["messageId"] as? Int == Int(message.id))
        #expect(data["at"] as? String == MessageEnvelope.timestamp(readAt))
        // A read that does not move the marker tells nobody.
        let count = try world.allEvents().count
        #expect(try world.messenger.markRead(direct, by: jana, upTo: message.id, at: readAt + 60) == false)
        #expect(try world.allEvents().count == count)
        #expect(try seen(by: vojta)?.at == readAt)
    }

    @Test func eitherPersonTurningItOffHidesItBothWaysAndSendsNothing() throws {
        try turnOffSeen(of: jana)
        let message = try world.send("Ahoj", in: direct, by: vojta)
        #expect(try world.messenger.markRead(direct, by: jana, upTo: message.id))
        let answer = try world.send("Dobrý den", in: direct, by: jana)
        #expect(try world.messenger.markRead(direct, by: vojta, upTo: answer.id))
        #expect(try seen(by: vojta) == nil)
        #expect(try seen(by: jana) == nil)
        #expect(try world.allEvents().contains { $0.kind == .seen } == false)
    }

    @Test func groupsHaveNoSeen() throws {
        let group = try world.messenger.createGroup(named: "Svatba", by: jana, members: [vojta, eva]).id
        let message = try world.send("Ahoj všichni", in: group, by: jana)
        #expect(try world.messenger.markRead(group, by: vojta, upTo: message.id))
        #expect(try world.allEvents().contains { $0.kind == .seen } == false)
        let summary = try world.messenger.room(group, for: jana)
        #expect(ReadReceipts.seen(in: summary.room, members: summary.members, by: jana, blocked: false) == nil)
    }

    @Test(arguments: [true, false]) func aBlockEitherWaySendsNoSeen(authorBlocks: Bool) throws {
        let message = try world.send("Ahoj", in: direct, by: vojta)
        if authorBlocks { try world.blocking.block(jana, by: vojta) } else { try world.blocking.block(vojta, by: jana) }
        #expect(try world.messenger.markRead(direct, by: jana, upTo: message.id))
        #expect(try world.allEvents().contains { $0.kind == .seen } == false)
    }
}
