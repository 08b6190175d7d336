import Foundation
import Fotofolio
import FotofolioSQLite
import Logging
import MQTTClient
import Synchronization
import Testing
import Waiting
@testable import FotofolioWeb

/// The whole path through a real mosquitto: a post's events are announced over MQTT to other
/// processes, whose hubs deliver them, and its outbox row goes out to MQTT-native clients; the
/// process that wrote hands them to its own hub at the commit (the safety poll is off).
@Suite(.serialized) struct LiveDeliveryTests {
    final class Setup {
        let broker: MosquittoBroker
        let client: MQTTClient
        let server: WebTestServer
        let directory = NSTemporaryDirectory() + "fotofolio-live-" + UUID().uuidString

        init() throws {
            broker = try MosquittoBroker(directory: directory)
            try broker.start()
            client = try MQTTClient(configuration: Self.configuration(broker))
            try client.start()
            server = try WebTestServer(liveTransport: LiveTransport(client: client))
            try server.seedDiscovery([])
        }

        /// Jana's and Vojta's direct room, and Vojta's stream; both have signed in.
        func roomWithVojtasStream() async throws -> (room: Int64, stream: EventStreamClient) {
            let room = try server.directRoom("jana.k", "vojtafoti")
            let stream = try await server.stream(for: try await server.cookies(of: "vojtafoti"))
            try await server.cookies(of: "jana.k")
            return (room, stream)
        }

        /// What a client outside the site heard.
        final class Heard: Sendable {
            let texts = Mutex<[String]>([])
        }

        /// A client outside the site subscribed to every room's messages, and what it heard.
        func outsideSubscriber() throws -> (MQTTClient, Heard) {
            let outside = try MQTTClient(configuration: Setup.configuration(broker))
            let heard = Heard()
            try outside.subscribe(to: "fotofolio/chat-room/+/message") { message in heard.texts.withLock { $0.append(message.text ?? "") } }
            try outside.start()
            return (outside, heard)
        }

        /// Another server process on the same database: its own connections to the file and to
        /// the broker, its own live delivery (no safety poll), connected when returned.
        final class OtherProcess {
            let messenger: MessengerService
            let client: MQTTClient
            let live: LiveDelivery

            init(messenger: MessengerService, client: MQTTClient, live: LiveDelivery) {
                self.messenger = messenger
                self.client = client
                self.live = live
            }

            func stop() {
                live.stop()
                client.disconnect()
            }
        }

        func otherProcess() async throws -> OtherProcess {
            let stores = Stores.sqlite(try AppDatabase(directory: server.directory))
            let messenger = MessengerService(stores: stores)
            let client = try MQTTClient(configuration: Self.configuration(broker))
            try client.start()
            let live = try LiveDelivery(stores: stores, messenger: messenger, accounts: AccountsService(stores: stores),
                                        transport: LiveTransport(client: client), logger: Logger(label: "other"))
            try live.start(heartbeatInterval: 3600, pollInterval: 0)
            let other = OtherProcess(messenger: messenger, client: client, live: live)
            do {
                try await waitUntil("the other process is connected") { client.state.isConnected }
            } catch {
                other.stop()
                throw error
            }
            return other
        }

        static func configuration(_ broker: MosquittoBroker) -> MQTTClientConfiguration {
            MQTTClientConfiguration(host: broker.host, port: broker.port, username: broker.username, password: broker.password)
        }

        deinit {
            client.disconnect()
            broker.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    @Test func aPostReachesTheStreamThroughTheBrokerAndOutsideSubscribersSeeTheEnvelope() async throws {
        let setup = try Setup()
        let server = setup.server
        let (outside, heard) = try setup.outsideSubscriber()
        defer { outside.disconnect() }
        let (room, stream) = try await setup.roomWithVojtasStream()
        do {
            try await waitUntil("the outside client is connected") { outside.state.isConnected }
        } catch {
            let log = (try? String(contentsOfFile: setup.broker.logFile, encoding: .utf8)) ?? ""
            Issue.record("outside: \(outside.state); server client: \(setup.client.state); restarts: \(setup.broker.restartCount); port \(setup.broker.port); log:\n\(log.suffix(2000))")
            throw error
        }

        _ = try await server.post("Přes broker", in: room)
        let event = try await stream.next()
        #expect(event.messageContent == "Přes broker")
        try await waitUntil("the outside client heard the message") { !heard.texts.withLock { $0.isEmpty } }
        let envelope = WebTestServer.json(heard.texts.withLock { $0[0] })
        #expect(envelope["type"] as? String == "message")
        #expect((envelope["data"] as? [String: Any])?["content"] as? String == "Přes broker")
        try await waitUntil("the outbox is empty") { try Outbox(stores: .sqlite(server.database)).pendingCount() == 0 }
    }

    /// An edit, a reaction and a deletion go out over MQTT like the message, marked changed,
    /// in the transaction that made them (the outbox), and reach a second stream.
    @Test func changesToAMessageReachOutsideSubscribersAsChangedEnvelopes() async throws {
        let setup = try Setup()
        let server = setup.server
        let (outside, heard) = try setup.outsideSubscriber()
        defer { outside.disconnect() }
        let (room, stream) = try await setup.roomWithVojtasStream()
        try await waitUntil("the outside client is connected") { outside.state.isConnected }
        let sent = WebTestServer.json(try await server.post("Sraz v 17:00", in: room).body)["message"] as? [String: Any]
        let id = try #require(sent?["id"] as? Int)
        _ = try await stream.next()
        _ = try await server.submit("/messages/\(room)/\(id)/edit", ["content": "Sraz v 17:30"])
        _ = try await server.submit("/messages/\(room)/\(id)/reactions", ["reaction": "🎉"])
        _ = try await server.submit("/messages/\(room)/\(id)/delete", [:])
        let changes = try await stream.next(3).map { WebTestServer.json($0.data)["data"] as? [String: Any] ?? [:] }
        #expect(changes.allSatisfy { $0["changed"] as? Bool == true && $0["id"] as? Int == id })
        #expect(changes.map { $0["content"] as? String } == ["Sraz v 17:30", "Sraz v 17:30", ""])
        #expect(changes.last?["deleted"] as? Bool == true)
        try await waitUntil("the outside client heard every change") { heard.texts.withLock { $0.count } >= 4 }
        let envelopes = heard.texts.withLock { $0 }.map { WebTestServer.json($0)["data"] as? [String: Any] ?? [:] }
        #expect(envelopes.map { $0["changed"] as? Bool ?? false } == [false, true, true, true])
        #expect((envelopes[2]["reactions"] as? [[String: Any]])?.first?["reaction"] as? String == "🎉")
        #expect(envelopes[3]["deleted"] as? Bool == true && envelopes[3]["content"] as? String == "")
        try await waitUntil("the outbox is empty") { try Outbox(stores: .sqlite(server.database)).pendingCount() == 0 }
    }

    /// A message's photos and files go out over MQTT as their kind, name, size and address.
    @Test func aMessagesAttachmentsReachOutsideSubscribersInTheEnvelope() async throws {
        let setup = try Setup()
        let server = setup.server
        let (outside, heard) = try setup.outsideSubscriber()
        defer { outside.disconnect() }
        let (room, _) = try await setup.roomWithVojtasStream()
        try await waitUntil("the outside client is connected") { outside.state.isConnected }
        let (_, files) = try await MessageAttachmentPagesTests.sent(server, in: room, content: "Fotka a nabídka")
        try await waitUntil("the outside client heard the message") { !heard.texts.withLock { $0.isEmpty } }
        let data = WebTestServer.json(heard.texts.withLock { $0[0] })["data"] as? [String: Any]
        let attachments = try #require(data?["attachments"] as? [[String: Any]])
        #expect(attachments.map { $0["kind"] as? String } == ["photo", "pdf"])
        #expect(attachments.map { $0["name"] as? String } == [MessageAttachmentPagesTests.photo, "nabídka.pdf"])
        #expect(attachments.map { $0["url"] as? String } == Array(files.prefix(2)))
        #expect(attachments[1]["size"] as? Int == 2_000)
        #expect((attachments[0]["size"] as? Int ?? 0) > 0)
    }

    /// Another process on the same database (its own connections to the file and to the
    /// broker) sends a message: only MQTT can wake this server's hub.
    @Test func aMessageWrittenByAnotherProcessReachesTheStreamThroughTheBroker() async throws {
        let setup = try Setup()
        let server = setup.server
        let (room, stream) = try await setup.roomWithVojtasStream()
        try await waitUntil("the server is connected to the broker") { setup.client.state.isConnected }

        let other = try await setup.otherProcess()
        defer { other.stop() }
        let messenger = other.messenger
        let hub = server.app.live.hub
        let reads = hub.logReads

        _ = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Z vedlejšího procesu"), in: room,
                               by: try server.userId("jana.k"))
        let event = try await stream.next()
        #expect(event.messageContent == "Z vedlejšího procesu")
        #expect(hub.logReads == reads, "the announced event is next in sequence: delivered without reading the log")
    }

    /// A process that committed a message and stopped before announcing it loses nothing:
    /// the next announcement leaves a gap, and the server reads the log for it.
    @Test func aMessageWhoseAnnouncementWasLostArrivesWithTheNextInOrder() async throws {
        let setup = try Setup()
        let server = setup.server
        let (room, stream) = try await setup.roomWithVojtasStream()
        try await waitUntil("the server is connected to the broker") { setup.client.state.isConnected }
        let jana = try server.userId("jana.k")
        let hub = server.app.live.hub
        let reads = hub.logReads

        // Committed by a process that announced nothing (it stopped right after the commit).
        let silent = MessengerService(stores: Stores.sqlite(try AppDatabase(directory: server.directory)))
        _ = try silent.send(MessageDraft(uuid: UUID().uuidString, content: "Neohlášená"), in: room, by: jana)
        // The next message comes from a process that announces it.
        let other = try await setup.otherProcess()
        defer { other.stop() }
        let messenger = other.messenger
        _ = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Ohlášená"), in: room, by: jana)

        let events = try await stream.next(2)
        #expect(events.map(\.messageContent) == ["Neohlášená", "Ohlášená"])
        #expect(hub.logReads == reads + 1, "the gap was read from the log once")
    }

    /// The writer's own streams do not wait for the broker: with it stopped for good (and
    /// no safety poll), a post still reaches them.
    @Test func aPostReachesTheWritersOwnStreamsWhileTheBrokerIsAway() async throws {
        let setup = try Setup()
        let server = setup.server
        let (room, stream) = try await setup.roomWithVojtasStream()
        let outbox = Outbox(stores: .sqlite(server.database))
        try await waitUntil("the room's making is marked sent") { try outbox.pendingCount() == 0 }
        setup.broker.stop()
        try await waitUntil("the server has lost the broker") { !setup.client.state.isConnected }
        _ = try await server.post("Bez brokera", in: room)
        let event = try await stream.next()
        #expect(event.messageContent == "Bez brokera")
        #expect(try outbox.pendingCount() == 1)
    }

    @Test func anMQTTNativeClientPostsIntoARoomAsAMember() async throws {
        let setup = try Setup()
        let server = setup.server
        let (room, stream) = try await setup.roomWithVojtasStream()
        let bot = try MQTTClient(configuration: Setup.configuration(setup.broker))
        try bot.start()
        defer { bot.disconnect() }
        let uuid = UUID().uuidString.lowercased()
        let command = #"{"type":"new-message","data":{"uuid":"\#(uuid)","content":"Z MQTT","author":{"username":"jana.k"}}}"#
        // The server's subscriptions may not be in place yet, and a command nobody hears is
        // gone: it is sent again (its uuid makes a repeat add nothing) until its message comes.
        var arrived: EventStreamClient.Event?
        for _ in 0..<40 where arrived == nil {
            try bot.publish(command, to: "fotofolio/chat-room/\(room)/new-message")
            arrived = try await stream.staysQuiet(for: .milliseconds(500))
        }
        let event = try #require(arrived, "the command's message did not arrive within 20 s")
        #expect((WebTestServer.json(event.data)["data"] as? [String: Any])?["uuid"] as? String == uuid)
        // The same command once more (QoS 1 may bring it twice) adds nothing.
        try bot.publish(command, to: "fotofolio/chat-room/\(room)/new-message")
        // Someone who is not a member cannot post through MQTT either.
        try bot.publish(#"{"type":"new-message","data":{"uuid":"\#(UUID().uuidString)","content":"Cizí","author":{"username":"martin.b"}}}"#,
                        to: "fotofolio/chat-room/\(room)/new-message")
        #expect(try await stream.staysQuiet(for: .milliseconds(800)) == nil)
        #expect(try MessengerService(stores: .sqlite(server.database)).history(of: room, for: server.userId("jana.k")).map(\.content) == ["Z MQTT"])
    }

    /// Posts made while the broker is down reach the writer's streams at once; when the
    /// broker is back the outbox sends them on, and their wake-ups bring no repeats.
    @Test func messagesPostedWhileTheBrokerIsDownArriveOnceAndItsReturnRepeatsNothing() async throws {
        let setup = try Setup()
        let server = setup.server
        let (room, stream) = try await setup.roomWithVojtasStream()
        try await waitUntil("the server is connected to the broker") { setup.client.state.isConnected }
        setup.broker.kill()
        for number in 1...5 { _ = try await server.post("Zpráva \(number)", in: room) }
        let events = try await stream.next(5, timeout: .seconds(40))
        #expect(events.map(\.messageContent) == (1...5).map { "Zpráva \($0)" })
        try await waitUntil("the broker is back and the outbox sent", timeout: .seconds(40)) {
            try Outbox(stores: .sqlite(server.database)).pendingCount() == 0
        }
        #expect(setup.broker.restartCount >= 1)
        #expect(try await stream.staysQuiet(for: .milliseconds(500)) == nil)
    }
}
