import Foundation
import PollingThreads

/// How many runs of argon2 may go on at once; a run past them waits for one to end.
///
/// Every run refuses a polling thread first (`PollingThread.refuse`): a password is checked
/// on the slow-work queue, whose threads may wait here without holding up a connection.
final class HashingSlots: @unchecked Sendable {
    // @unchecked: `running` and `waiting` are only touched with `condition` locked.
    private let condition = NSCondition()
    private let limit: Int
    private var running = 0
    private var waiting = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func run<T>(_ body: () -> T) -> T {
        PollingThread.refuse("argon2")
        take()
        defer { give() }
        return body()
    }

    /// Waits for a free slot and holds it.
    func take() {
        condition.lock()
        waiting += 1
        while running >= limit { condition.wait() }
        waiting -= 1
        running += 1
        condition.unlock()
    }

    func give() {
        condition.lock()
        running -= 1
        condition.signal()
        condition.unlock()
    }

    /// Runs waiting for a slot now.
    var waitingRuns: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting
    }
}
