import Dispatch
import Foundation
import Synchronization
import Testing
import Waiting
@testable import Fotofolio

/// The thread of an outbox's sender and of the broker's accounts: a burst of kicks while it
/// works asks for one more round, not one round each.
@Suite struct SendingLoopTests {
    struct Observation: StoreObservation { func cancel() {} }

    @Test func kicksThatComeWhileItWorksCostOneMoreRound() throws {
        let loop = SendingLoop(name: "test.sending-loop", pollInterval: .seconds(600))
        let rounds = Atomic<Int>(0)
        let release = DispatchSemaphore(value: 0)
        loop.start(observe: { _, _ in Observation() }, failed: { _ in }) {
            // The first round waits until the test has kicked fifty times.
            if rounds.add(1, ordering: .sequentiallyConsistent).newValue == 1 { release.wait() }
        }
        defer { loop.stop() }
        #expect(eventually { rounds.load(ordering: .sequentiallyConsistent) == 1 })
        for _ in 0..<50 { loop.kick() }
        release.signal()
        #expect(eventually { rounds.load(ordering: .sequentiallyConsistent) == 2 })
        // A round each would be over within microseconds; none comes.
        #expect(!eventually(within: .milliseconds(300)) { rounds.load(ordering: .sequentiallyConsistent) > 2 })
        loop.kick()
        #expect(eventually { rounds.load(ordering: .sequentiallyConsistent) == 3 })
    }
}
