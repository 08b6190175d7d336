import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

/// The one rule by which a message's text is read: links, mentions, plain text.
@Suite struct MessengerTextTests {
    static let members: Set<String> = ["jana.k", "jana", "eva.s"]

    /// Each segment's kind and text, in order.
    static func read(_ content: String, mentioning members: Set<String> = members) -> [(MessageText.Kind, String)] {
        let text = MessageText(content, mentioning: members)
        return text.segments.map { ($0.kind, String(text.text(of: $0))) }
    }

    @Test(arguments: [
        ("díky @jana.k.", "@jana.k", "jana.k"),
        ("ahoj @jana_", "@jana", "jana"),
        ("ahoj @jana-", "@jana", "jana"),
        ("(@Eva.S)", "@Eva.S", "eva.s"),
    ])
    func aMentionLeavesASentencesPunctuationOut(content: String, marked: String, username: String) {
        let mentions = Self.read(content).filter { $0.0 != .plain }
        #expect(mentions.count == 1)
        #expect(mentions.first?.0 == .mention(username: username))
        #expect(mentions.first?.1 == marked)
    }

    @Test(arguments: ["e@mail.cz", "jana@jana.k", "é@jana", "e\u{301}@jana", "@nikdo", "@"])
    func anAddressOrAStrangerIsNoMention(content: String) {
        #expect(MessageText(content, mentioning: Self.members).mentions.isEmpty)
    }

    @Test func aLinkEndsBeforeASentencesPunctuationAndHoldsNoMention() {
        #expect(Self.read("viz https://example.cz/@jana. @jana!").map(\.1) == ["viz ", "https://example.cz/@jana", ". ", "@jana", "!"])
        #expect(Self.read("viz https://example.cz/@jana.").map(\.0) == [.plain, .link, .plain])
        #expect(Self.read("<http://a.cz/x\">").map(\.1) == ["<", "http://a.cz/x", "\">"])
    }

    @Test func everyRangeFallsBetweenScalarsEvenWhereMarksCombine() {
        // A quote, a name and a link each carrying a combining accent: graphemes span the
        // boundaries, scalars never do.
        let content = "\"\u{301}@jana\"\u{301} @jana.k\u{301} https://a.cz/\u{301}\"\u{301}<\u{301}"
        let text = MessageText(content, mentioning: Self.members)
        let scalars = content.unicodeScalars
        var end = scalars.startIndex
        for segment in text.segments {
            #expect(segment.range.lowerBound == end)
            #expect(segment.range.lowerBound.samePosition(in: scalars) != nil)
            #expect(segment.range.upperBound.samePosition(in: scalars) != nil)
            end = segment.range.upperBound
        }
        #expect(end == scalars.endIndex)
        #expect(text.segments.map { String(text.text(of: $0)) }.joined() == content)
        // The quote before "@jana" is not a letter, accent or not; "jana.k" + accent names nobody.
        #expect(text.mentions == ["jana"])
        let link = try? #require(text.segments.first { $0.kind == .link })
        #expect(link.map { String(text.text(of: $0)) } == "https://a.cz/\u{301}")
    }

    @Test func storedMentionsAndTheAuthorAreWhatAMessageMarks() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: [people[1], people[2]]).id
        let message = try world.send("@vojta.v, @jana.k a @eva.s.", in: group, by: people[0])
        try world.messenger.removeMember(people[2], from: group, by: people[0])
        let read = try #require(try world.messenger.history(of: group, for: people[1]).last)
        // Eva left afterwards: the message still reads as it was sent.
        #expect(read.text == message.text)
        #expect(read.text.mentions == ["vojta.v", "jana.k", "eva.s"])
        #expect(read.mentions == ["jana.k", "eva.s"])
    }
}

/// Rows are read by their records, and a row that is not one throws instead of passing for
/// something else.
@Suite struct MessengerRecordTests {
    @Test(.enabled(if: TestStore.kind == .sqlite, "decodes a GRDB row"))
    func aRoomOfAnUnknownKindThrows() {
        let row: Row = ["id": 1, "kind": "channel", "name": "x", "createdBy": 1, "createdAt": Date()]
        #expect(throws: (any Error).self) { try ChatRoom(row: row) }
    }

    @Test(.enabled(if: TestStore.kind == .sqlite, "decodes a GRDB row"))
    func aLiveEventOfAnUnknownKindThrows() {
        let row: Row = ["sequence": 1, "kind": "typing", "roomId": 1, "userId": nil, "payload": "{}"]
        #expect(throws: (any Error).self) { try LiveEvent(row: row) }
    }

    @Test func rowsReadBackAsTheirRecords() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        let room = try world.messenger.directRoom(between: people[0], and: people[1])
        #expect(try world.stores.messenger.summary(of: room.id, for: people[0]).room == room)
        let event = try #require(try world.allEvents().first)
        #expect(event.kind == .room && event.roomId == room.id && event.userId == nil)
    }
}
