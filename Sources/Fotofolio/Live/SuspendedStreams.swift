import Dispatch
import Foundation
import Logging
import Synchronization

/// Ends the live streams of people suspended on any node. The node whose operator took the
/// action ends its own streams at once; every node, that one included, also looks every
/// `interval` for suspensions made since it last looked, so a stream held by another node
/// does not outlive the suspension by more than that.
public final class SuspendedStreams: Sendable {
    private let store: any ModerationStore
    private let hub: LiveHub
    private let interval: TimeInterval
    private let logger: Logger
    private let state = Mutex<State>(State())

    private struct State: @unchecked Sendable {
        /// Suspensions made at or after this are still to be acted on.
        var since = Date()
        var timer: DispatchSourceTimer?
    }

    public init(stores: Stores, hub: LiveHub, interval: TimeInterval = 5, logger: Logger) {
        store = stores.moderation
        self.hub = hub
        self.interval = interval
        self.logger = logger
    }

    /// Ends the streams of everyone suspended since the last look; returns them.
    @discardableResult
    public func endNew(now: Date = Date()) throws -> [Int64] {
        let since = state.withLock { $0.since }
        let people = try store.suspended(since: since)
        // A suspension committed with a time just before this look is read next time too:
        // ending a stream twice does nothing.
        state.withLock { $0.since = now.addingTimeInterval(-interval) }
        for person in people { hub.endStreams(of: person) }
        return people
    }

    public func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(1))
        timer.setEventHandler { [self] in
            do {
                try endNew()
            } catch {
                logger.error("Looking for suspended people failed: \(error)")
            }
        }
        timer.resume()
        state.withLock { $0.timer?.cancel(); $0.timer = timer }
    }

    public func stop() { state.withLock { $0.timer?.cancel(); $0.timer = nil } }
}
