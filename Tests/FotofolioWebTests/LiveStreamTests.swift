import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

@Suite struct LiveStreamTests {
    @Test func aMessageArrivesAsAnEventWithItsSequence() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let vojta = try await server.cookies(of: "vojtafoti")
        let stream = try await server.stream(for: vojta)
        #expect(stream.status == 200)
        #expect(stream.headers["content-type"] == "text/event-stream; charset=utf-8")
        #expect(stream.headers["cache-control"] == "no-store")
        #expect(stream.headers["x-accel-buffering"] == "no")
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Dobrý den, \"svatba\"\na nový řádek 💍", in: room)
        let event = try await stream.next()
        #expect(stream.retry == 2000)
        #expect(event.event == "message")
        #expect(Int64(event.id ?? "") ?? 0 > 0)
        let data = WebTestServer.json(event.data)["data"] as? [String: Any]
        #expect(data?["content"] as? String == "Dobrý den, \"svatba\"\na nový řádek 💍")
        #expect(data?["roomId"] as? Int == Int(room))
        #expect((data?["author"] as? [String: Any])?["username"] as? String == "jana.k")
    }

    /// A message handed to the hub with its event (a commit here, another node's word) is
    /// drawn from as it comes: the stream's frame is not made from a read of the message.
    @Test func aMessageHandedOverWithItsEventIsDrawnWithoutReadingIt() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let stream = try await server.stream(for: try await server.cookies(of: "vojtafoti"))
        let (jana, vojta) = (try server.userId("jana.k"), try server.userId("vojtafoti"))
        // A message no store holds: read, it would be drawn without its markup.
        let message = ChatMessage(id: 987_654, roomId: room, uuid: UUID().uuidString.lowercased(), content: "Z oznámení jiného uzlu",
                                  sentAt: Date(), author: MessageAuthor(username: "jana.k", name: "Jana Králová"),
                                  authorId: jana, mentions: [])
        let event = LiveEvent(sequence: try server.app.live.hub.currentSequence() + 1, kind: .message, roomId: room, userId: nil,
                              payload: MessageEnvelope.envelope(of: message))
        server.app.live.hub.receive([AppendedLiveEvent(event: event, recipients: [jana, vojta].sorted(), message: message)])
        let received = try await stream.next()
        #expect(received.id == String(event.sequence))
        let html = WebTestServer.json(received.data)["html"] as? String
        #expect(html?.contains("Z oznámení jiného uzlu") == true, "drawn from the message handed over")
    }

    @Test func aReconnectingBrowserGetsWhatItMissedOnceFromLastEventID() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let vojta = try await server.cookies(of: "vojtafoti")
        let first = try await server.stream(for: vojta)
        try await server.cookies(of: "jana.k")
        for text in ["jedna", "dvě", "tři"] { _ = try await server.post(text, in: room) }
        let seen = try await first.next(3)
        #expect(seen.map { $0.messageContent } == ["jedna", "dvě", "tři"])
        // The browser reconnects having seen only the first; "after" in the URL is older still.
        let again = try await server.stream(for: vojta, lastEventId: seen[0].id, after: 0)
        let replayed = try await again.next(2)
        #expect(replayed.map(\.id) == [seen[1].id, seen[2].id])
        _ = try await server.post("čtyři", in: room)
        #expect(try await again.next().messageContent == "čtyři")
    }

    @Test func aBrowserAwayLongerThanTheLogReachesBackIsToldToReload() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let vojta = try await server.cookies(of: "vojtafoti")
        let first = try await server.stream(for: vojta)
        try await server.cookies(of: "jana.k")
        for text in ["jedna", "dvě", "tři"] { _ = try await server.post(text, in: room) }
        let seen = try await first.next(3)
        // Everything but the newest event is pruned while the browser is away.
        let pruned = try LiveLogRetention(stores: .sqlite(server.database), logger: .init(label: "test")).prune(now: Date().addingTimeInterval(30 * 24 * 3600))
        #expect(pruned.events >= 2)
        let again = try await server.stream(for: vojta, lastEventId: seen[0].id, after: 0)
        let reset = try await again.next()
        #expect(reset.event == "reset")
        #expect(reset.id == seen[2].id)
        _ = try await server.post("čtyři", in: room)
        #expect(try await again.next().messageContent == "čtyři")
        // One who saw the newest that was pruned away (the one before the oldest kept) replays normally.
        let caughtUp = try await server.stream(for: vojta, lastEventId: seen[2].id, after: 0)
        #expect(try await caughtUp.next().event == "message")
    }

    @Test func aPageEmbedsTheSequenceItWasRenderedAtSoNothingFallsInBetween() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let vojta = try await server.cookies(of: "vojtafoti")
        let page = try await server.send("/messages/\(room)").body
        let rendered = Int64(page.firstMatch(of: /data-live-after="(\d+)"/)!.1)!
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Napsáno mezi stránkou a spojením", in: room)
        let stream = try await server.stream(for: vojta, after: rendered)
        #expect(try await stream.next().messageContent
                == "Napsáno mezi stránkou a spojením")
    }

    @Test func idleStreamsGetHeartbeats() async throws {
        let server = try WebTestServer(heartbeat: 0.2)
        try server.seedDiscovery([])
        let stream = try await server.stream(for: try await server.cookies(of: "jana.k"))
        #expect(try await stream.nextComment(timeout: .seconds(5)) == "keep-alive")
    }

    @Test func readingInOneTabTellsTheOtherTabsOfThatPersonOnly() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let jana = try await server.cookies(of: "jana.k")
        _ = try await server.post("Ahoj", in: room)
        let vojta = try await server.cookies(of: "vojtafoti")
        let vojtaTab = try await server.stream(for: vojta)
        let janaTab = try await server.stream(for: jana)
        _ = try await server.send("/messages/\(room)", headers: ["Sec-Fetch-Site": "same-origin"]) // Vojta opens the room: it is read
        let read = try await vojtaTab.next()
        #expect(read.event == "read")
        #expect((WebTestServer.json(read.data)["data"] as? [String: Any])?["unreadTotal"] as? Int == 0)
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Další zpráva", in: room)
        // No read event of Vojta's came first: only that her message was seen.
        #expect(try await janaTab.next(2).map(\.event) == ["seen", "message"])
    }

    @Test func aRemovedMemberHearsOfItAndNothingMore() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let messenger = MessengerService(stores: .sqlite(server.database))
        let group = try messenger.createGroup(named: "Svatba", by: server.userId("jana.k"),
                                              members: [server.userId("vojtafoti"), server.userId("martin.b")]).id
        let martin = try await server.stream(for: try await server.cookies(of: "martin.b"))
        let vojta = try await server.stream(for: try await server.cookies(of: "vojtafoti"))
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Všichni", in: group)
        #expect(try await martin.next().event == "message")
        #expect(try await vojta.next().event == "message")
        #expect(try await server.submit("/messages/\(group)/members/remove", ["username": "martin.b"]).status == 303)
        let removal = try await martin.next()
        #expect(removal.event == "room")
        #expect((WebTestServer.json(removal.data)["data"] as? [String: Any])?["removed"] as? Bool == true)
        _ = try await server.post("Jen my dva", in: group)
        #expect(try await vojta.next().event == "room")
        #expect(try await vojta.next().event == "message")
        #expect(try await martin.staysQuiet(for: .milliseconds(500)) == nil)
    }

    @Test func aStreamThatStopsReadingIsCutWithoutHarmingOthers() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let vojta = try await server.cookies(of: "vojtafoti")
        // A client whose kernel holds little for it, so the stream's own 1 MiB backlog fills
        // after a few hundred messages instead of the thousands a loopback socket's buffers hold.
        let stuck = try await server.stream(for: vojta, receiveBuffer: 4096)
        let reading = try await server.stream(for: vojta)
        let messenger = MessengerService(stores: .sqlite(server.database))
        let jana = try server.userId("jana.k")
        let text = String(repeating: "x", count: 4000)
        // Written through the domain, delivered because each commit is observed; until the
        // stuck stream is cut, and at most 8 MB of text (far more than the backlog holds).
        var sent = 0
        while server.app.live.status.streams == 2 && sent < 2000 {
            for _ in 0..<50 {
                _ = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: text), in: room, by: jana)
            }
            sent += 50
            #expect(try await reading.next(50).count == 50)
        }
        #expect(server.app.live.status.streams == 1, "the stream that stopped reading was still open after \(sent) messages")
        _ = stuck
    }
}

@Suite struct EventStreamFormatTests {
    @Test func aOneLinePayloadIsOneDataLine() {
        #expect(EventStreamSink.dataLines(#"{"html":"<li>é</li>"}"#) == "data: {\"html\":\"<li>é</li>\"}\n")
        #expect(EventStreamSink.dataLines("") == "data: \n")
    }

    @Test func everyLineOfAPayloadIsADataLineOfItsOwn() {
        #expect(EventStreamSink.dataLines("a\nb\n") == "data: a\ndata: b\ndata: \n")
        #expect(EventStreamSink.dataLines("ě\n\u{301}x") == "data: ě\ndata: \u{301}x\n")
    }
}
