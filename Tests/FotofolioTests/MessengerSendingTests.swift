import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

@Suite struct SendingTests {
    let world: TestDatabase
    let vojta: Int64, jana: Int64
    let room: Int64

    init() throws {
        world = try TestDatabase()
        vojta = try world.creator().id!
        jana = try world.client().id!
        room = try world.messenger.directRoom(between: vojta, and: jana).id
    }

    private func send(_ content: String, uuid: String = UUID().uuidString) throws -> SendResult {
        try world.messenger.send(MessageDraft(uuid: uuid, content: content), in: room, by: jana)
    }

    @Test func aMessageIsStoredAsWrittenWithItsAuthor() throws {
        let result = try send("  Dobrý den,\n\tposílám termíny. 📷  ")
        #expect(result.isNew)
        #expect(result.message.content == "  Dobrý den,\n\tposílám termíny. 📷  ")
        #expect(result.message.author == MessageAuthor(username: "jana.k", name: "Jana Králová", initials: "JK"))
        #expect(try world.messenger.history(of: room, for: vojta) == [result.message])
    }

    @Test func windowsLineBreaksAreStoredAsNewlines() throws {
        #expect(try send("první\r\ndruhý\r\n").message.content == "první\ndruhý\n")
    }

    @Test(arguments: ["", " ", " \n\t\r\n "])
    func anEmptyMessageIsRefused(content: String) throws {
        #expect(throws: MessengerError.emptyMessage) { try send(content) }
    }

    @Test func fourThousandCharactersFitAndOneMoreDoesNot() throws {
        #expect(throws: MessengerError.messageTooLong(limit: 4000)) { try send(String(repeating: "a", count: 4001)) }
        #expect(try send(String(repeating: "a", count: 4000)).message.content.count == 4000)
        // People count characters: a thumbs-up with a skin tone is one (of eight bytes).
        #expect(try send(String(repeating: "👍🏽", count: 2048)).isNew)
    }

    @Test func sixteenKibibytesFitAndOneByteMoreDoesNot() throws {
        #expect(try send(String(repeating: "ř", count: 4000)).isNew) // 8,000 bytes
        #expect(try send(String(repeating: "👍🏽", count: 2048)).message.content.utf8.count == 16 * 1024)
        #expect(throws: MessengerError.messageTooLong(limit: 4000)) { try send(String(repeating: "👍🏽", count: 2048) + "a") }
    }

    @Test func oneCharacterOfAMegabyteIsRefused() throws {
        // One grapheme: a letter under 520,000 combining accents (1,040,001 bytes).
        let stacked = "a" + String(repeating: "\u{301}", count: 520_000)
        #expect(stacked.count == 1)
        #expect(throws: MessengerError.messageTooLong(limit: 4000)) { try send(stacked) }
    }

    @Test(arguments: ["a\u{0}b", "\u{1B}[31mred", "a\rb", "\u{7F}", "bell\u{7}", "next\u{85}line"])
    func controlCharactersOtherThanLineBreaksAndTabsAreRefused(content: String) throws {
        #expect(throws: MessengerError.invalidText) { try send(content) }
    }

    @Test(arguments: ["", "not-a-uuid", "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g",
                      "123e4567-e89b-12d3-a456-4266141740001", "{123e4567-e89b-12d3-a456-426614174000}",
                      String(repeating: "a", count: 63), String(repeating: "a", count: 65), String(repeating: "a", count: 63) + "-",
                      String(repeating: "a", count: 62) + "é"])
    func theIdentifierMustBeAUUID(uuid: String) throws {
        #expect(throws: MessengerError.invalidUUID) { try send("Ahoj", uuid: uuid) }
    }

    @Test func theMQTTMessengersOwnIdentifierOf64LettersAndDigitsIsKeptAsItCame() throws {
        let uuid = String(repeating: "Ab9", count: 21) + "Z"
        #expect(uuid.count == 64)
        #expect(try send("Ahoj", uuid: uuid).message.uuid == uuid)
    }

    @Test func theUUIDIsStoredLowerCased() throws {
        #expect(try send("Ahoj", uuid: "123E4567-E89B-12D3-A456-426614174000").message.uuid == "123e4567-e89b-12d3-a456-426614174000")
    }

    @Test func onlyMembersWriteAndOnlyInRoomsThatExist() throws {
        let eva = try world.client("eva.s").id!
        #expect(throws: MessengerError.notAMember) {
            try world.messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Ahoj"), in: room, by: eva)
        }
        #expect(throws: MessengerError.unknownRoom) {
            try world.messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Ahoj"), in: 9999, by: jana)
        }
    }

    @Test func sendingTheSameUUIDAgainReturnsTheFirstMessageAndAnnouncesNothing() throws {
        let uuid = UUID().uuidString
        let first = try send("Ahoj", uuid: uuid)
        let (events, entries) = (try world.rowCount("liveEvent"), try world.rowCount("outbox"))
        let again = try send("Ahoj", uuid: uuid.lowercased())
        #expect(!again.isNew)
        #expect(again.message == first.message)
        #expect(try world.rowCount("chatMessage") == 1)
        #expect(try world.rowCount("liveEvent") == events)
        #expect(try world.rowCount("outbox") == entries)
    }

    @Test func aUUIDUsedForAnotherMessageIsRefused() throws {
        let uuid = UUID().uuidString
        _ = try send("Ahoj", uuid: uuid)
        #expect(throws: MessengerError.uuidTakenByAnotherMessage) { try send("Jiný text", uuid: uuid) }
        #expect(throws: MessengerError.uuidTakenByAnotherMessage) {
            try world.messenger.send(MessageDraft(uuid: uuid, content: "Ahoj"), in: room, by: vojta)
        }
        let other = try world.messenger.createGroup(named: "Jiná", by: jana, members: [vojta]).id
        #expect(throws: MessengerError.uuidTakenByAnotherMessage) {
            try world.messenger.send(MessageDraft(uuid: uuid, content: "Ahoj"), in: other, by: jana)
        }
    }

    @Test func aNewMessageGoesToTheLiveLogAndTheOutboxWithTheSameEnvelope() throws {
        let message = try send("Ahoj").message
        let event = try #require(try world.allEvents().last)
        #expect(event.kind == .message && event.roomId == room && event.userId == nil)
        #expect(event.payload == MessageEnvelope.envelope(of: message))
        let entry = try #require(try world.outbox.pending(limit: 100).last)
        #expect(entry.topic == "chat-room/\(room)/message")
        #expect(entry.payload == event.payload)
    }
}

@Suite struct MentionTests {
    @Test func mentionsNameOtherMembersOnceWhateverTheirCase() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s", "petr.n")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: [people[1], people[2]]).id
        let message = try world.send("""
            @Jana.K a @jana.k, pište prosím @eva.s. Ne @petr.n ani já @vojta.v, ani mail eva@eva.s.
            """, in: group, by: people[0])
        #expect(message.mentions == ["jana.k", "eva.s"])
        #expect(try world.rowCount("chatMention") == 2)
        #expect(try world.messenger.history(of: group, for: people[1]).last?.mentions == ["jana.k", "eva.s"])
    }

    @Test func aMessageWithoutAtSignsMentionsNobody() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        let room = try world.messenger.directRoom(between: people[0], and: people[1]).id
        #expect(try world.send("jana.k, ahoj", in: room, by: people[0]).mentions.isEmpty)
    }
}

@Suite struct EnvelopeTests {
    let author = MessageAuthor(username: "jana.k", name: "Jana \"JK\" Králová")

    private func message(_ content: String, sentAt: Date = Date(timeIntervalSince1970: 1_795_342_530.123)) -> ChatMessage {
        ChatMessage(id: 42, roomId: 12, uuid: "123e4567-e89b-12d3-a456-426614174000", content: content,
                    sentAt: sentAt, author: author, authorId: 7, mentions: [])
    }

    @Test func theEnvelopeCarriesTheMessageUnderDocumentedKeys() throws {
        let envelope = MessageEnvelope.envelope(of: message("Ahoj"))
        #expect(envelope.hasPrefix(#"{"type":"message","data":{"uuid":"123e4567-e89b-12d3-a456-426614174000","content":"Ahoj","id":42"#))
        let (type, data) = try decoded(envelope)
        #expect(type == "message")
        #expect(data["id"] as? Int == 42 && data["roomId"] as? Int == 12)
        #expect(data["sentAt"] as? String == "2026-11-22T10:15:30.123Z")
        let author = try #require(data["author"] as? [String: String])
        #expect(author == ["username": "jana.k", "name": "Jana \"JK\" Králová", "initials": "J\""])
    }

    @Test(arguments: [
        "Řekla: \"ahoj\" \\ a odešla", "první\ndruhý\n\ttřetí", "👋🏽👨‍👩‍👧 🇨🇿", "</script><b>&amp;</b>", "\u{2028}\u{2029}", "{\"type\":\"x\"}",
    ])
    func anyContentSurvivesTheRoundTrip(content: String) throws {
        let (_, data) = try decoded(MessageEnvelope.envelope(of: message(content)))
        #expect(data["content"] as? String == content)
    }

    @Test func timesAreUTCWithMilliseconds() {
        #expect(MessageEnvelope.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(MessageEnvelope.timestamp(Date(timeIntervalSince1970: 1_795_342_530.9996)) == "2026-11-22T10:15:31.000Z")
        #expect(MessageEnvelope.timestamp(Date(timeIntervalSince1970: 1_795_342_530.007)) == "2026-11-22T10:15:30.007Z")
        #expect(MessageEnvelope.timestamp(Date(timeIntervalSince1970: -0.0004)) == "1970-01-01T00:00:00.000Z")
        #expect(MessageEnvelope.timestamp(Date(timeIntervalSince1970: -0.0006)) == "1969-12-31T23:59:59.999Z")
        #expect(MessageEnvelope.timestamp(Date(timeIntervalSince1970: -86_400.25)) == "1969-12-30T23:59:59.750Z")
    }

    /// The same text Foundation's ISO 8601 formatter gives, which pages used to be written
    /// with (from 1970 on: before it, Foundation rounds some fractions the other way).
    @Test func timesMatchFoundationsFormatterToTheMillisecond() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: .random(in: 0...5e9, using: &generator))
            #expect(MessageEnvelope.timestamp(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func aDateNoClockGivesIsStillWrittenWithoutTrapping() {
        #expect(MessageEnvelope.timestamp(.distantFuture).hasPrefix("4001-01-01T00:00:00"))
        #expect(!MessageEnvelope.timestamp(Date(timeIntervalSince1970: 1e300)).isEmpty)
    }

    @Test func aStoredMessageKeepsItsTimeToTheMillisecond() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        let room = try world.messenger.directRoom(between: people[0], and: people[1]).id
        let sent = try world.send("Ahoj", in: room, by: people[0], at: Date(timeIntervalSince1970: 1_795_342_530.123))
        let (_, data) = try decoded(MessageEnvelope.envelope(of: sent))
        #expect(data["sentAt"] as? String == "2026-11-22T10:15:30.123Z")
    }
}
