import Dispatch
import Foundation
import Synchronization

/// The thread an outbox's sender (mail, push) runs on: it works through what is due, then
/// waits for a commit that queued more (the store's observation), a kick, or the poll.
///
/// Threads: a thread of its own; `kick` from any thread.
final class SendingLoop: Sendable {
    typealias Observe = (_ failed: @escaping @Sendable (any Error) -> Void, _ changed: @escaping @Sendable () -> Void)
        -> any StoreObservation

    private let name: String
    private let pollInterval: Duration
    private let wake = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)
    private let observation = Mutex<(any StoreObservation)?>(nil)
    private let stopped = DispatchSemaphore(value: 0)

    init(name: String, pollInterval: Duration) {
        self.name = name
        self.pollInterval = pollInterval
    }

    /// Starts the thread, which calls `work` at once and after each wake-up.
    /// - Parameter failed: told when the store stops observing its commits (the poll goes on).
    func start(observe: Observe, failed: @escaping @Sendable (any Error) -> Void, work: @escaping @Sendable () -> Void) {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        observation.withLock { observation in
            observation = observe(failed, { [wake] in wake.signal() })
        }
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                work()
                // Kicks that came while it worked ask for one more round, not one each: many
                // commits in a burst cost one read, and none is missed, as the round reads after them.
                var kicked = false
                while wake.wait(timeout: .now()) == .success { kicked = true }
                if kicked { continue }
                _ = wake.wait(timeout: .now() + .milliseconds(Int(pollInterval / .milliseconds(1))))
            }
            stopped.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Ends the loop after the work under way, if any.
    func stop() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        observation.withLock { $0?.cancel(); $0 = nil }
        wake.signal()
        stopped.wait()
    }

    /// Something may be due: look now.
    func kick() { wake.signal() }

    /// Handles `read`'s batches until one comes back short of `batch`; returns how many were
    /// handled. A batch that cannot be read ends it (`failed` is told).
    static func drain<Item>(batch: Int, read: () throws -> [Item], failed: (any Error) -> Void, handle: (Item) -> Void) -> Int {
        var handled = 0
        while true {
            let items: [Item]
            do {
                items = try read()
            } catch {
                failed(error)
                return handled
            }
            for item in items { handle(item); handled += 1 }
            if items.count < batch { return handled }
        }
    }
}
