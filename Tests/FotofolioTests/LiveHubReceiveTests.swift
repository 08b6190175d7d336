import Dispatch
import Foundation
import HostileInput
import Logging
import PropertyBased
import Synchronization
import Testing
import Waiting
@testable import Fotofolio

/// A hub delivers events handed to it with their recipients (its own commits, other nodes'
/// announcements) without reading the log or the room when they are next in sequence; after a
/// gap it waits for the missing ones, and reads the log only when they do not come.
@Suite struct LiveHubReceiveTests {
    /// A stream that keeps the sequences it is given.
    final class Collecting: LiveSink {
        let sequences = Mutex<[Int64]>([])
        func deliver(_ event: LiveEvent) -> Bool { sequences.withLock { $0.append(event.sequence) }; return true }
        func heartbeat() -> Bool { true }
        func reset(after sequence: Int64) -> Bool { true }
        func flush() {}
        func close() {}
        var received: [Int64] { sequences.withLock { $0 } }
    }

    let world: TestDatabase
    let vojta: Int64, jana: Int64, eva: Int64, room: Int64

    init() throws {
        world = try TestDatabase()
        (vojta, jana, eva) = (try world.creator().id!, try world.client().id!, try world.client("eva").id!)
        room = try world.messenger.directRoom(between: vojta, and: jana).id
    }

    /// A hub that neither polls nor beats, with a stream for Vojta that has replayed the past.
    func hub(gapWait: TimeInterval) async throws -> (LiveHub, Collecting) {
        let hub = try LiveHub(log: world.liveEvents, messenger: world.messenger, logger: Logger(label: "test"), gapWait: gapWait)
        let sink = Collecting()
        _ = hub.connect(userId: vojta, after: try world.liveEvents.latestSequence(), sink: sink)
        try await waitUntil("the stream is listed") { hub.statistics.streams == 1 }
        return (hub, sink)
    }

    /// Sends `count` messages in the room and returns them as appended, for the room's members.
    func sent(_ count: Int) throws -> [AppendedLiveEvent] {
        let start = try world.liveEvents.latestSequence()
        for index in 0..<count { try world.send("Zpráva \(index)", in: room, by: jana) }
        return try world.liveEvents.events(after: start, limit: 100).map { AppendedLiveEvent(event: $0, recipients: [jana, vojta].sorted()) }
    }

    @Test func eventsNextInSequenceAreDeliveredToTheirRecipientsWithoutReadingTheLog() async throws {
        let (hub, sink) = try await hub(gapWait: 3600)
        let events = try sent(2)
        hub.receive([events[0]])
        hub.receive([events[1]])
        try await waitUntil("both are delivered") { sink.received.count == 2 }
        #expect(sink.received == events.map(\.event.sequence))
        #expect(hub.logReads == 0)
        // The recipients come with the event: the room is not read again. Eva is not a member,
        // yet an event announced for her reaches her stream (only the site's own processes
        // announce).
        let evas = Collecting()
        _ = hub.connect(userId: eva, after: try world.liveEvents.latestSequence(), sink: evas)
        try await waitUntil("Eva's stream is listed") { hub.statistics.streams == 2 }
        var third = try sent(1)[0]
        third.recipients = [eva]
        hub.receive([third])
        try await waitUntil("Eva's event is delivered") { evas.received == [third.event.sequence] }
        #expect(sink.received.count == 2, "Vojta is not among the announced recipients")
        #expect(hub.logReads == 0)
    }

    @Test func eventsThatArriveOutOfOrderWaitForTheGapToFillAndAreDeliveredInOrder() async throws {
        let (hub, sink) = try await hub(gapWait: 3600)
        let events = try sent(3)
        hub.receive([events[2]])
        hub.receive([events[1]])
        // A stream connected after them is listed once the hub's queue has taken both.
        _ = hub.connect(userId: eva, after: try world.liveEvents.latestSequence(), sink: Collecting())
        try await waitUntil("the hub took both") { hub.statistics.streams == 2 }
        // Nothing can be delivered before the first: the stream would see them out of order.
        #expect(sink.received.isEmpty)
        hub.receive([events[0]])
        try await waitUntil("all three are delivered") { sink.received.count == 3 }
        #expect(sink.received == events.map(\.event.sequence))
        #expect(hub.logReads == 0)
    }

    @Test func aGapThatDoesNotFillIsReadFromTheLogOnce() async throws {
        let (hub, sink) = try await hub(gapWait: 0.05)
        let events = try sent(3)
        // The first event's word was lost: the two after it wait, then the log is read.
        hub.receive([events[1]])
        hub.receive([events[2]])
        try await waitUntil("all three are delivered") { sink.received.count == 3 }
        #expect(sink.received == events.map(\.event.sequence))
        #expect(hub.logReads == 1)
    }

    @Test func anEventHandedOverAgainOrBehindTheHubIsDeliveredOnce() async throws {
        let (hub, sink) = try await hub(gapWait: 3600)
        let events = try sent(2)
        hub.receive(events)
        hub.receive(events)
        hub.receive([events[0]])
        let more = try sent(1)
        hub.receive(more + events)
        try await waitUntil("three are delivered") { sink.received.count == 3 }
        // Anything still queued would come before this: the hub's queue runs in order.
        hub.wake()
        try await waitUntil("the wake-up read the log") { hub.logReads == 1 }
        #expect(sink.received == (events + more).map(\.event.sequence))
    }

    /// A stream that holds its first delivery until let go, and counts its flushes.
    final class Gated: LiveSink {
        let gate = DispatchSemaphore(value: 0)
        let delivered = Mutex<[Int64]>([])
        let flushes = Atomic<Int>(0)
        func deliver(_ event: LiveEvent) -> Bool {
            if delivered.withLock({ $0.isEmpty }) { gate.wait() }
            delivered.withLock { $0.append(event.sequence) }
            return true
        }
        func heartbeat() -> Bool { true }
        func reset(after sequence: Int64) -> Bool { true }
        func flush() { flushes.add(1, ordering: .relaxed) }
        func close() {}
    }

    @Test func eventsThatArriveTogetherGoOutInOneWritePerStream() async throws {
        let hub = try LiveHub(log: world.liveEvents, messenger: world.messenger, logger: Logger(label: "test"), gapWait: 3600)
        let sink = Gated()
        _ = hub.connect(userId: vojta, after: try world.liveEvents.latestSequence(), sink: sink)
        try await waitUntil("the stream is listed") { hub.statistics.streams == 1 }
        let replayFlushes = sink.flushes.load(ordering: .relaxed)
        let events = try sent(3)
        // The first holds the hub's queue while the other two arrive behind it.
        for event in events { hub.receive([event]) }
        sink.gate.signal()
        try await waitUntil("all three are delivered") { sink.delivered.withLock { $0.count } == 3 }
        try await waitUntil("they are flushed") { sink.flushes.load(ordering: .relaxed) > replayFlushes }
        // Anything still queued would come before a listing: connect another and wait for it.
        _ = hub.connect(userId: eva, after: try world.liveEvents.latestSequence(), sink: Collecting())
        try await waitUntil("the hub's queue is done") { hub.statistics.streams == 2 }
        #expect(sink.flushes.load(ordering: .relaxed) == replayFlushes + 1)
        #expect(sink.delivered.withLock { $0 } == events.map(\.event.sequence))
    }

    @Test func theLogsVersionWinsWhenAHeldEventChangedBeforeTheRead() async throws {
        let (hub, sink) = try await hub(gapWait: 0.05)
        let events = try sent(2)
        var stale = events[1]
        stale.event.payload = #"{"type":"message","data":{"stale":true}}"#
        hub.receive([stale])
        try await waitUntil("both are delivered from the log") { sink.received.count == 2 }
        #expect(hub.logReads == 1)
    }
}

/// The word between nodes (`LiveAnnouncement`) carries events exactly and refuses what no
/// node would write.
@Suite struct LiveAnnouncementTests {
    @Test func announcedEventsReadBackExactly() async {
        let text = HostileText.strings(length: 0...40)
        await propertyCheck(count: 2_000, input: Gen.int64(in: 1...Int64.max), Gen.int(in: 0...5), Gen.int64(in: 0...Int64.max), Gen<Bool>.bool, text) {
            sequence, kind, room, forOne, payload in
            let event = LiveEvent(sequence: sequence, kind: LiveEvent.Kind.allCases[kind % LiveEvent.Kind.allCases.count], roomId: room, userId: forOne ? room : nil, payload: payload)
            let announced = [AppendedLiveEvent(event: event, recipients: forOne ? [room] : [1, room])]
            let read = LiveAnnouncement.decoded(LiveAnnouncement.encoded(announced))
            #expect(read == announced)
            #expect(read?.first?.event.payload.unicodeScalars.elementsEqual(payload.unicodeScalars) == true)
        }
    }

    @Test(arguments: [
        "", "{}", "[]", "nonsense", #"{"events":{}}"#,
        #"{"events":[{"sequence":0,"kind":"message","room":1,"recipients":[],"payload":""}]}"#,
        #"{"events":[{"sequence":-5,"kind":"message","room":1,"recipients":[],"payload":""}]}"#,
        #"{"events":[{"sequence":5,"kind":"message","room":-1,"recipients":[],"payload":""}]}"#,
        #"{"events":[{"sequence":5,"kind":"shout","room":1,"recipients":[],"payload":""}]}"#,
        #"{"events":[{"sequence":5,"kind":"read","room":1,"user":7,"recipients":[7,8],"payload":""}]}"#,
        #"{"events":[{"sequence":5,"kind":"read","room":1,"user":7,"recipients":[],"payload":""}]}"#,
        #"{"events":[{"sequence":18446744073709551616,"kind":"message","room":1,"recipients":[],"payload":""}]}"#,
        #"{"events":[{"sequence":5,"kind":"message","room":1,"recipients":[],"payload":5}]}"#,
    ])
    func whatNoNodeWritesIsNotAnAnnouncement(_ text: String) {
        #expect(LiveAnnouncement.decoded(Array(text.utf8)) == nil)
    }

    @Test func aProcessTellsItsOwnAnnouncementByItsFirstBytes() {
        let event = LiveEvent(sequence: 9, kind: .read, roomId: 2, userId: 5, payload: #"{"type":"read"}"#)
        let bytes = LiveAnnouncement.encoded([AppendedLiveEvent(event: event, recipients: [5])], from: "a1b2c3")
        #expect(String(decoding: bytes.prefix(17), as: UTF8.self) == #"{"node":"a1b2c3","#)
        #expect(LiveAnnouncement.isAnnounced(bytes, by: "a1b2c3"))
        #expect(!LiveAnnouncement.isAnnounced(bytes, by: "a1b2c"))
        #expect(!LiveAnnouncement.isAnnounced(bytes, by: "a1b2c3d"))
        #expect(LiveAnnouncement.decoded(bytes) == [AppendedLiveEvent(event: event, recipients: [5])], "another process reads it")
    }

    @Test func aPayloadOverTheLimitIsRefusedAndACommitTooLargeIsAnnouncedWithoutItsEvents() {
        let big = String(repeating: "x", count: LiveEventLog.maximumPayloadBytes + 1)
        let tooBig = Array(#"{"events":[{"sequence":5,"kind":"message","room":1,"recipients":[],"payload":""#.utf8) + Array(big.utf8) + Array(#""}]}"#.utf8)
        #expect(LiveAnnouncement.decoded(tooBig) == nil)
        let largest = String(repeating: "y", count: LiveEventLog.maximumPayloadBytes)
        let many = (1...20).map { AppendedLiveEvent(event: LiveEvent(sequence: $0, kind: .demand, roomId: 0, userId: $0, payload: largest),
                                                    recipients: [$0]) }
        #expect(LiveAnnouncement.decoded(LiveAnnouncement.encoded(many, from: "a1")) == [], "read the log instead")
        #expect(LiveAnnouncement.isAnnounced(LiveAnnouncement.encoded(many, from: "a1"), by: "a1"))
        #expect(LiveAnnouncement.decoded(LiveAnnouncement.encoded(Array(many.prefix(3))))?.count == 3)
    }
}
