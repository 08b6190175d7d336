import Foundation
import GRDB
import Logging
import Synchronization
import Testing
import Waiting
@testable import Fotofolio
@testable import FotofolioSQLite

/// Live delivery follows the commit: what the messenger stores reaches open streams without
/// anyone waking the hub, and what is rolled back reaches nobody.
@Suite struct MessengerCommitDeliveryTests {
    /// A stream that keeps what it is given.
    final class Collecting: LiveSink {
        let events = Mutex<[LiveEvent]>([])
        func deliver(_ event: LiveEvent) -> Bool { events.withLock { $0.append(event) }; return true }
        func heartbeat() -> Bool { true }
        func reset(after sequence: Int64) -> Bool { true }
        func flush() {}
        func close() {}
    }

    let world: TestDatabase
    let live: LiveDelivery
    let vojta: Int64, jana: Int64, room: Int64

    init() throws {
        world = try TestDatabase()
        (vojta, jana) = (try world.creator().id!, try world.client().id!)
        room = try world.messenger.directRoom(between: vojta, and: jana).id
        live = try LiveDelivery(stores: world.stores, messenger: world.messenger, accounts: world.accounts,
                                transport: nil, logger: Logger(label: "test"))
        // No safety poll and no heartbeat worth the name: only a commit can bring an event.
        try live.start(heartbeatInterval: 3600, pollInterval: 0)
    }

    /// A stream for Vojta, listed for delivery (its replay of the past is over).
    func openStream() async throws -> Collecting {
        let sink = Collecting()
        _ = live.hub.connect(userId: vojta, after: try world.liveEvents.latestSequence(), sink: sink)
        try await waitUntil("the stream is listed") { live.hub.statistics.streams == 1 }
        return sink
    }

    @Test func aMessageSentThroughTheDomainReachesAnOpenStreamWithoutAWakeUp() async throws {
        defer { live.stop() }
        let sink = try await openStream()
        let message = try world.send("Dobrý den", in: room, by: jana)
        try await waitUntil("the message is delivered") { !sink.events.withLock { $0.isEmpty } }
        let delivered = sink.events.withLock { $0 }
        #expect(delivered.map(\.kind) == [.message])
        #expect(try decoded(delivered[0].payload).data["id"] as? Int == Int(message.id))
    }

    @Test func aRolledBackTransactionDeliversNothing() async throws {
        defer { live.stop() }
        let sink = try await openStream()
        struct Undo: Error {}
        #expect(throws: Undo.self) {
            try world.appendLiveEvent(.message, roomId: room, payload: #"{"type":"message","data":{}}"#, thenFail: Undo())
        }
        // Whatever the rolled-back write could have woken, a committed one comes after it.
        let message = try world.send("Tohle platí", in: room, by: jana)
        try await waitUntil("the committed message is delivered") { !sink.events.withLock { $0.isEmpty } }
        let delivered = sink.events.withLock { $0 }
        #expect(delivered.count == 1)
        #expect(try decoded(delivered[0].payload).data["id"] as? Int == Int(message.id))
        #expect(try world.allEvents().filter { $0.kind == .message }.count == 1)
    }

    @Test func everyKindOfChangeIsDeliveredByItsCommit() async throws {
        defer { live.stop() }
        let sink = try await openStream()
        let message = try world.send("Ahoj", in: room, by: jana)
        try world.messenger.markRead(room, by: vojta, upTo: message.id)
        let group = try world.messenger.createGroup(named: "Svatba", by: jana, members: [vojta]).id
        try world.messenger.rename(group, to: "Svatba Nováků", by: jana)
        try await waitUntil("four events are delivered") { sink.events.withLock { $0.count } == 4 }
        #expect(sink.events.withLock { $0.map(\.kind) } == [.message, .read, .room, .room])
    }

    /// Calls made to several streams, in order.
    final class CallLog: Sendable {
        private let calls = Mutex<[String]>([])
        func note(_ call: String) { calls.withLock { $0.append(call) } }
        var all: [String] { calls.withLock { $0 } }
        func clear() { calls.withLock { $0.removeAll() } }
    }

    /// A stream that notes each call in a shared log.
    final class Recording: LiveSink {
        let name: String
        let log: CallLog
        init(_ name: String, into log: CallLog) { (self.name, self.log) = (name, log) }
        func deliver(_ event: LiveEvent) -> Bool { log.note("deliver \(name)"); return true }
        func heartbeat() -> Bool { true }
        func reset(after sequence: Int64) -> Bool { true }
        func flush() { log.note("flush \(name)") }
        func close() { log.note("close \(name)") }
    }

    /// The hub queues an event to every stream it concerns before sending to any, so the
    /// server wakes their connections together.
    @Test func aFanOutIsQueuedToEveryStreamBeforeAnyIsFlushed() async throws {
        defer { live.stop() }
        let log = CallLog()
        let after = try world.liveEvents.latestSequence()
        for (name, user) in [("vojta 1", vojta), ("vojta 2", vojta), ("jana", jana)] {
            _ = live.hub.connect(userId: user, after: after, sink: Recording(name, into: log))
        }
        try await waitUntil("the streams are listed") { live.hub.statistics.streams == 3 }
        log.clear()
        _ = try world.send("Všem najednou", in: room, by: jana)
        try await waitUntil("every stream is flushed") { log.all.filter { $0.hasPrefix("flush") }.count == 3 }
        let seen = log.all
        #expect(seen.prefix(3).allSatisfy { $0.hasPrefix("deliver") }, "\(seen)")
        #expect(Set(seen.suffix(3)) == ["flush vojta 1", "flush vojta 2", "flush jana"], "\(seen)")
    }

    /// A suspension ends the person's streams on every node: the one whose operator acted at
    /// once, any other when it next looks for new suspensions.
    @Test func aSuspendedPersonsStreamsEndOnANodeThatDidNotTakeTheAction() async throws {
        defer { live.stop() }
        let log = CallLog()
        let after = try world.liveEvents.latestSequence()
        _ = live.hub.connect(userId: vojta, after: after, sink: Recording("vojta", into: log))
        _ = live.hub.connect(userId: jana, after: after, sink: Recording("jana", into: log))
        try await waitUntil("the streams are listed") { live.hub.statistics.streams == 2 }
        let watch = SuspendedStreams(stores: world.stores, hub: live.hub, logger: Logger(label: "test"))
        #expect(try watch.endNew().isEmpty)
        let op = try world.operatorAccount()
        try world.moderation.apply(.suspend(userId: vojta, until: nil), reason: "Spam", by: op.id!)
        #expect(try watch.endNew() == [vojta])
        try await waitUntil("Vojta's stream is closed") { log.all.contains("close vojta") }
        #expect(live.hub.statistics.streams == 1)
        #expect(!log.all.contains("close jana"))
    }
}

