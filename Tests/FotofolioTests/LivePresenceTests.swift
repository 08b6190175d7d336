import Foundation
import Logging
import Testing
import Waiting
@testable import Fotofolio

/// Who holds a live stream, as every node's push sender sees it: said by each node, fresh for
/// a minute, and following the hub's streams.
@Suite struct LivePresenceTests {
    /// Presence knows people by id alone: nobody needs an account here.
    let jana: Int64 = 1, vojta: Int64 = 2
    /// A whole second, so dates read back (to the millisecond) equal those given.
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let world: TestDatabase

    init() throws { world = try TestDatabase() }

    @Test func aPersonIsPresentWhileANodeSaidSoWithinAMinute() throws {
        try world.push.setPresent([jana], node: "a", at: now)
        #expect(try world.push.isPresent(jana, at: now.addingTimeInterval(59)))
        #expect(try world.push.isPresent(vojta, at: now) == false)
        // A node that stopped saying so (it died) is not believed after a minute.
        #expect(try world.push.isPresent(jana, at: now.addingTimeInterval(61)) == false)
    }

    @Test func eachNodeReplacesOnlyWhatItSaidBefore() throws {
        try world.push.setPresent([jana], node: "a", at: now)
        try world.push.setPresent([vojta], node: "b", at: now)
        try world.push.setPresent([vojta], node: "a", at: now.addingTimeInterval(1))
        #expect(try world.push.isPresent(jana, at: now.addingTimeInterval(2)) == false)
        try world.push.setPresent([], node: "b", at: now.addingTimeInterval(2))
        #expect(try world.push.isPresent(vojta, at: now.addingTimeInterval(3)))
        try world.push.setPresent([], node: "a", at: now.addingTimeInterval(3))
        #expect(try world.push.isPresent(vojta, at: now.addingTimeInterval(4)) == false)
    }

    /// A stream that takes everything.
    final class Open: LiveSink {
        func deliver(_ event: LiveEvent) -> Bool { true }
        func heartbeat() -> Bool { true }
        func reset(after sequence: Int64) -> Bool { true }
        func flush() {}
        func close() {}
    }

    @Test func theHubsStreamsMakeAPersonPresentUntilTheirLastOneCloses() throws {
        let presence = LivePresence(stores: world.stores, logger: Logger(label: "test"), coalescing: 0.01)
        let hub = try LiveHub(log: world.liveEvents, messenger: world.messenger, logger: Logger(label: "test"), presence: presence)
        presence.start()
        defer { presence.stop() }
        let first = hub.connect(userId: jana, after: 0, sink: Open())
        let second = hub.connect(userId: jana, after: 0, sink: Open())
        #expect(try eventually { try world.push.isPresent(jana, at: Date()) })
        #expect(eventually { hub.statistics.streams == 2 })
        hub.disconnect(first)
        #expect(presence.present == [jana])
        hub.disconnect(second)
        #expect(try eventually { try world.push.isPresent(jana, at: Date()) == false })
        #expect(presence.present.isEmpty)
    }

    @Test func endingAPersonsStreamsOrStoppingTheNodeLeavesThemAbsent() throws {
        let presence = LivePresence(stores: world.stores, logger: Logger(label: "test"), coalescing: 0.01)
        let hub = try LiveHub(log: world.liveEvents, messenger: world.messenger, logger: Logger(label: "test"), presence: presence)
        presence.start()
        _ = hub.connect(userId: jana, after: 0, sink: Open())
        let vojtas = hub.connect(userId: vojta, after: 0, sink: Open())
        #expect(try eventually { try world.push.isPresent(jana, at: Date()) && world.push.isPresent(vojta, at: Date()) })
        // Listed once its replay is over, then ended as a suspension ends it.
        #expect(eventually { hub.statistics.streams == 2 })
        hub.endStreams(of: jana)
        #expect(try eventually { try world.push.isPresent(jana, at: Date()) == false })
        hub.disconnect(vojtas)
        hub.disconnect(vojtas)
        #expect(presence.present.isEmpty)
        _ = hub.connect(userId: vojta, after: 0, sink: Open())
        #expect(try eventually { try world.push.isPresent(vojta, at: Date()) })
        presence.stop()
        #expect(try world.push.isPresent(vojta, at: Date()) == false)
    }
}
