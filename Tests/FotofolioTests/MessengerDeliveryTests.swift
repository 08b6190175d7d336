import Foundation
import Logging
import MQTTClient
import Synchronization
import Testing
import Waiting
@testable import Fotofolio

@Suite struct LiveEventReplayTests {
    let world: TestDatabase
    let vojta: Int64, jana: Int64, eva: Int64

    init() throws {
        world = try TestDatabase()
        (vojta, jana, eva) = (try world.creator().id!, try world.client().id!, try world.client("eva.s").id!)
    }

    @Test func aPersonReplaysOnlyTheEventsOfTheirRooms() throws {
        let theirs = try world.messenger.directRoom(between: vojta, and: jana).id
        let others = try world.messenger.directRoom(between: jana, and: eva).id
        try world.send("Pro Vojtu", in: theirs, by: jana)
        try world.send("Pro Evu", in: others, by: jana)
        let replay = try world.liveEvents.events(after: 0, for: vojta, limit: 100)
        #expect(replay.map(\.kind) == [.room, .message])
        #expect(replay.allSatisfy { $0.roomId == theirs })
        #expect(try world.liveEvents.events(after: 0, for: jana, limit: 100).count == 4)
    }

    @Test func readEventsReachOnlyTheReader() throws {
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        let message = try world.send("Ahoj", in: room, by: jana)
        try world.messenger.markRead(room, by: vojta, upTo: message.id)
        #expect(try world.liveEvents.events(after: 0, for: vojta, limit: 100).map(\.kind) == [.room, .message, .read])
        // The author hears only that it was seen (`ReadReceipts`), not the reader's counts.
        #expect(try world.liveEvents.events(after: 0, for: jana, limit: 100).map(\.kind) == [.room, .message, .seen])
    }

    @Test func aRemovedMemberIsToldOnceAndThenHearsNothingMore() throws {
        let group = try world.messenger.createGroup(named: "Svatba", by: vojta, members: [jana, eva]).id
        let before = try world.liveEvents.latestSequence()
        try world.messenger.removeMember(eva, from: group, by: vojta)
        try world.send("Už bez Evy", in: group, by: vojta)
        try world.messenger.rename(group, to: "Svatba Nováků", by: vojta)

        let evas = try world.liveEvents.events(after: before, for: eva, limit: 100)
        #expect(evas.count == 1)
        #expect(evas.first?.kind == .room && evas.first?.userId == eva)
        let (type, data) = try decoded(try #require(evas.first).payload)
        #expect(type == "room" && data["removed"] as? Bool == true && data["members"] as? [String] == ["vojtafoti", "jana.k"])

        let janas = try world.liveEvents.events(after: before, for: jana, limit: 100)
        #expect(janas.map(\.kind) == [.room, .message, .room])
        #expect(janas.allSatisfy { $0.userId == nil })
    }

    @Test func roomEventsListTheRoomAndItsMembers() throws {
        let group = try world.messenger.createGroup(named: "Svatba", by: vojta, members: [jana]).id
        try world.messenger.addMember(eva, to: group, by: vojta)
        let event = try #require(try world.allEvents().last)
        #expect(event.kind == .room && event.userId == nil)
        let (type, data) = try decoded(event.payload)
        #expect(type == "room" && data["roomId"] as? Int == Int(group) && data["kind"] as? String == "group")
        #expect(data["name"] as? String == "Svatba" && data["members"] as? [String] == ["vojtafoti", "jana.k", "eva.s"])
        #expect(data["removed"] == nil)
        let entry = try #require(try world.outbox.pending(limit: 100).last)
        #expect(entry.topic == "chat-room/\(group)/event" && entry.payload == event.payload)
    }

    @Test func aDirectRoomEventHasNoName() throws {
        _ = try world.messenger.directRoom(between: vojta, and: jana)
        let (_, data) = try decoded(try #require(try world.allEvents().first).payload)
        #expect(data["kind"] as? String == "direct" && data["name"] is NSNull)
    }

    @Test func sequencesOnlyGrowEvenAfterPruning() throws {
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        for index in 0..<5 { try world.send("Zpráva \(index)", in: room, by: jana) }
        let sequences = try world.allEvents().map(\.sequence)
        #expect(sequences.count == 6)
        #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 })
        #expect(try world.liveEvents.latestSequence() == sequences.last)

        // The newest event stays: it is where the log's sequence is read.
        #expect(try world.liveEvents.prune(olderThan: Date().addingTimeInterval(60)) == 5)
        #expect(try world.liveEvents.latestSequence() == sequences.last)
        try world.send("Po úklidu", in: room, by: jana)
        #expect(try world.allEvents().map(\.sequence) == [sequences.last!, sequences.last! + 1])
    }

    @Test func pruningKeepsRecentEvents() throws {
        let room = try world.messenger.directRoom(between: vojta, and: jana, at: Date(timeIntervalSince1970: 1_000)).id
        try world.send("Nová", in: room, by: jana)
        #expect(try world.liveEvents.prune(olderThan: Date(timeIntervalSince1970: 2_000)) == 1)
        #expect(try world.allEvents().map(\.kind) == [.message])
    }

    @Test func anEmptyLogStartsAtZeroAndPagesByLimit() throws {
        #expect(try world.liveEvents.latestSequence() == 0)
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        for index in 0..<4 { try world.send("Zpráva \(index)", in: room, by: jana) }
        let firstPage = try world.liveEvents.events(after: 0, limit: 2)
        let secondPage = try world.liveEvents.events(after: firstPage.last!.sequence, limit: 10)
        #expect(firstPage.count == 2 && secondPage.count == 3)
    }
}

@Suite struct OutboxTests {
    let world: TestDatabase
    let room: Int64, jana: Int64

    init() throws {
        world = try TestDatabase()
        let vojta = try world.creator().id!
        jana = try world.client().id!
        room = try world.messenger.directRoom(between: vojta, and: jana).id
    }

    @Test func pendingEntriesComeInTheOrderTheyWereWritten() throws {
        for index in 0..<3 { try world.send("Zpráva \(index)", in: room, by: jana) }
        let pending = try world.outbox.pending(limit: 100)
        #expect(pending.map(\.topic) == ["event", "message", "message", "message"].map { "chat-room/\(room)/\($0)" })
        #expect(zip(pending, pending.dropFirst()).allSatisfy { $0.id < $1.id })
        let contents = try pending.dropFirst().map { try decoded($0.payload).data["content"] as? String }
        #expect(contents == ["Zpráva 0", "Zpráva 1", "Zpráva 2"])
        #expect(try world.outbox.pending(after: pending[1].id, limit: 1) == [pending[2]])
    }

    @Test func aSentEntryLeavesThePendingList() throws {
        try world.send("Ahoj", in: room, by: jana)
        let pending = try world.outbox.pending(limit: 100)
        #expect(try world.outbox.pendingCount() == 2)
        try world.outbox.markSent([pending[0].id])
        try world.outbox.markSent([pending[0].id])
        #expect(try world.outbox.pending(limit: 100) == [pending[1]])
        #expect(try world.outbox.pendingCount() == 1)
    }

    @Test func entriesMarkedTogetherAllLeaveThePendingList() throws {
        for index in 0..<3 { try world.send("Zpráva \(index)", in: room, by: jana) }
        let pending = try world.outbox.pending(limit: 100)
        try world.outbox.markSent([pending[1].id, pending[3].id, pending[1].id])
        #expect(try world.outbox.pending(limit: 100) == [pending[0], pending[2]])
        try world.outbox.markSent([])
        #expect(try world.outbox.pendingCount() == 2)
    }

    /// Acknowledgements that arrive together are marked in one write, and every row is marked.
    @Test func thePublisherMarksAcknowledgedRowsTogether() async throws {
        for index in 0..<20 { try world.send("Zpráva \(index)", in: room, by: jana) }
        let rows = try world.outbox.pendingCount()
        let broker = try Broker()
        let counted = CountedMarks(world.stores.outbox)
        let publisher = try broker.publisher(counted, world: world)
        publisher.start()
        try await waitUntil("every row is marked sent") { try world.outbox.pendingCount() == 0 }
        let writes = counted.writes.withLock { $0 }
        #expect(writes.joined().count == rows)
        #expect(writes.count < rows)
    }

    /// A process that dies after the broker acknowledged its rows and before it marked them
    /// loses nothing: the next one publishes them again (receivers drop the repeats) and
    /// marks them.
    @Test func rowsAcknowledgedButNotMarkedWhenTheProcessDiesArePublishedByTheNext() async throws {
        for index in 0..<5 { try world.send("Zpráva \(index)", in: room, by: jana) }
        let rows = try world.outbox.pending(limit: 100).map(\.id)
        let broker = try Broker()
        let dying = CountedMarks(world.stores.outbox, failing: true)
        let first = try broker.publisher(dying, world: world)
        first.start()
        try await waitUntil("the broker acknowledged every row") { dying.writes.withLock { $0.joined().count } == rows.count }
        #expect(try world.outbox.pending(limit: 100).map(\.id) == rows)

        let next = CountedMarks(world.stores.outbox)
        let second = try broker.publisher(next, world: world)
        second.start()
        try await waitUntil("every row is marked sent") { try world.outbox.pendingCount() == 0 }
        #expect(next.writes.withLock { $0.joined().sorted() } == rows)
        withExtendedLifetime((first, second)) {}
    }

    /// A private mosquitto, and publishers to it, each with a client of its own (a process).
    final class Broker {
        let directory = NSTemporaryDirectory() + "fotofolio-outbox-" + UUID().uuidString
        let broker: MosquittoBroker
        private var clients: [MQTTClient] = []

        init() throws {
            broker = try MosquittoBroker(directory: directory)
            try broker.start()
        }

        func publisher(_ store: CountedMarks, world: TestDatabase) throws -> OutboxPublisher {
            let client = try MQTTClient(configuration: MQTTClientConfiguration(host: broker.host, port: broker.port,
                                                                               username: broker.username, password: broker.password))
            try client.start()
            clients.append(client)
            var stores = world.stores
            stores.outbox = store
            return OutboxPublisher(outbox: Outbox(stores: stores), client: client, topics: LiveTopics(),
                                   logger: Logger(label: "test"), markDelay: .milliseconds(200))
        }

        deinit {
            for client in clients { client.disconnect() }
            broker.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// The outbox's store, counting the writes that mark rows sent; a failing one writes
    /// none of them, as a process that died before its mark.
    final class CountedMarks: OutboxStore {
        struct Died: Error {}
        let store: any OutboxStore
        let failing: Bool
        let writes = Mutex<[[Int64]]>([])
        init(_ store: any OutboxStore, failing: Bool = false) {
            self.store = store
            self.failing = failing
        }
        func pending(after id: Int64, limit: Int) throws -> [OutboxEntry] { try store.pending(after: id, limit: limit) }
        func markSent(_ ids: [Int64], at date: Date) throws {
            writes.withLock { $0.append(ids) }
            if failing { throw Died() }
            try store.markSent(ids, at: date)
        }
        func pendingCount() throws -> Int { try store.pendingCount() }
        func prune(sentBefore date: Date) throws -> Int { try store.prune(sentBefore: date) }
    }

    @Test func pruningDeletesOnlySentEntries() throws {
        try world.send("Ahoj", in: room, by: jana)
        let pending = try world.outbox.pending(limit: 100)
        try world.outbox.markSent([pending[0].id], at: Date(timeIntervalSince1970: 1_000))
        #expect(try world.outbox.prune(sentBefore: Date()) == 1)
        #expect(try world.outbox.pending(limit: 100) == [pending[1]])
        #expect(try world.rowCount("outbox") == 1)
    }
}

@Suite struct LiveLogRetentionTests {
    @Test func pruningKeepsTheNewestEventAndAtMostTheNewestCount() throws {
        let world = try TestDatabase()
        let (vojta, jana) = try (world.client("vojtafoti").id!, world.client("jana.k").id!)
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        for index in 0..<5 { try world.send("m\(index)", in: room, by: jana) }
        let all = try world.allEvents().map(\.sequence)
        #expect(try world.liveEvents.prune(olderThan: Date().addingTimeInterval(60), keepingAtMost: 10) == all.count - 1)
        #expect(try world.allEvents().map(\.sequence) == [all.last!])
        #expect(try world.liveEvents.latestSequence() == all.last!)
        #expect(try world.liveEvents.oldestSequence() == all.last!)
        for index in 5..<9 { try world.send("m\(index)", in: room, by: jana) }
        try world.liveEvents.prune(olderThan: .distantPast, keepingAtMost: 2)
        #expect(try world.allEvents().count == 2)
    }

    @Test func sentOutboxRowsArePrunedAndUnsentOnesKept() throws {
        let world = try TestDatabase()
        let (vojta, jana) = try (world.client("vojtafoti").id!, world.client("jana.k").id!)
        let room = try world.messenger.directRoom(between: vojta, and: jana).id
        try world.send("a", in: room, by: jana)
        try world.send("b", in: room, by: jana)
        let pending = try world.outbox.pending(limit: 10)
        try world.outbox.markSent([pending[0].id], at: Date(timeIntervalSince1970: 1_700_000_000))
        let deleted = try LiveLogRetention(stores: world.stores, logger: .init(label: "test")).prune()
        #expect(deleted.outbox == 1)
        #expect(try world.outbox.pendingCount() == pending.count - 1)
    }

    @Test func anEventLargerThanAStreamCarriesIsRefused() throws {
        let world = try TestDatabase()
        #expect(throws: (any Error).self) {
            try world.appendLiveEvent(.message, roomId: 1, payload: String(repeating: "x", count: LiveEventLog.maximumPayloadBytes + 1))
        }
    }
}
