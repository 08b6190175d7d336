import Dispatch
import Foundation
import Logging
import Synchronization

/// Who holds a live stream on this process, told to the store so that every node's push
/// sender knows whom an open tab already told (the first step of the notification ladder).
///
/// The hub's hot path only counts, under a lock; the store hears of the set on a queue of its
/// own — when someone's first stream opens or last one closes (coalesced: at most one write
/// per `coalescing`), and every `heartbeat` besides, so that the rows of a node that died
/// go stale (`PushRules.presenceFresh`) rather than keep someone "present" for ever.
///
/// Threads: `connected` and `disconnected` from any thread.
public final class LivePresence: Sendable {
    /// This process among the nodes, random per start.
    public let node: String
    private let store: any PushStore
    private let logger: Logger
    private let heartbeat: TimeInterval
    private let coalescing: TimeInterval
    private let queue = DispatchQueue(label: "fotofolio.live-presence")
    private let state = Mutex(State())
    private let timer = Mutex(Timer())

    private struct State {
        var streams: [Int64: Int] = [:]
        var running = false
        var writePending = false
    }

    /// Dispatch sources are safe to use from any thread; the type just does not say so.
    private struct Timer: @unchecked Sendable {
        var source: DispatchSourceTimer?
    }

    public init(stores: Stores, logger: Logger, node: String = "node-" + UUID().uuidString.prefix(8).lowercased(),
                heartbeat: TimeInterval = 20, coalescing: TimeInterval = 0.2) {
        store = stores.push
        self.logger = logger
        self.node = node
        self.heartbeat = heartbeat
        self.coalescing = coalescing
    }

    /// A stream of the person's opened.
    public func connected(_ userId: Int64) { change(userId, by: 1) }

    /// A stream of the person's closed.
    public func disconnected(_ userId: Int64) { change(userId, by: -1) }

    /// The people with a stream on this process now.
    public var present: Set<Int64> { state.withLock { Set($0.streams.keys) } }

    /// Tells the store who is here now, and then on each change and every heartbeat.
    public func start() {
        state.withLock { $0.running = true }
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now(), repeating: heartbeat)
        // Weakly: a presence dropped without `stop` (a test's) ends its heartbeat with it.
        source.setEventHandler { [weak self] in self?.write() }
        source.resume()
        timer.withLock { $0.source?.cancel(); $0.source = source }
    }

    deinit { timer.withLock { $0.source?.cancel() } }

    /// Tells the store nobody is here any more, after any write under way.
    public func stop() {
        let wasRunning = state.withLock { state in
            defer { state.running = false }
            return state.running
        }
        timer.withLock { $0.source?.cancel(); $0.source = nil }
        guard wasRunning else { return }
        queue.sync {
            do {
                try store.setPresent([], node: node, at: Date())
            } catch {
                logger.error("Could not clear live presence of \(node): \(error)")
            }
        }
    }

    private func change(_ userId: Int64, by delta: Int) {
        let schedule = state.withLock { state -> Bool in
            let before = state.streams[userId] ?? 0
            let after = max(0, before + delta)
            state.streams[userId] = after == 0 ? nil : after
            // Only someone arriving or leaving changes what the store holds.
            guard (before == 0) != (after == 0), state.running, !state.writePending else { return false }
            state.writePending = true
            return true
        }
        if schedule { queue.asyncAfter(deadline: .now() + coalescing) { [self] in write() } }
    }

    /// On the queue.
    private func write() {
        let present = state.withLock { state -> Set<Int64>? in
            state.writePending = false
            return state.running ? Set(state.streams.keys) : nil
        }
        guard let present else { return }
        do {
            try store.setPresent(present, node: node, at: Date())
        } catch {
            logger.error("Could not record live presence of \(node): \(error)")
        }
    }
}
