import Dispatch
import Foundation
import Logging
import Synchronization

/// How long the live path keeps what it wrote: live events for three days (at most 100,000),
/// outbox rows for an hour after the broker acknowledged them. Without it both tables grow with
/// every message forever. Pruning runs on a utility queue every `interval`, off the request
/// threads; a browser away longer than the live log reaches back gets a `reset` and reloads.
public final class LiveLogRetention: Sendable {
    public struct Policy: Sendable {
        public var eventAge: TimeInterval = 3 * 24 * 3600
        public var maximumEvents = 100_000
        public var sentOutboxAge: TimeInterval = 3600
        public var interval: TimeInterval = 3600

        public init() {}
    }

    private let log: LiveEventLog
    private let outbox: Outbox
    private let policy: Policy
    private let logger: Logger
    private let timer = Mutex<TimerBox?>(nil)

    /// Dispatch sources are safe to use from any thread; the type just does not say so.
    private struct TimerBox: @unchecked Sendable { let source: DispatchSourceTimer }

    public init(stores: Stores, policy: Policy = Policy(), logger: Logger) {
        log = LiveEventLog(stores: stores)
        outbox = Outbox(stores: stores)
        self.policy = policy
        self.logger = logger
    }

    /// Prunes once; returns how many events and outbox rows were deleted.
    @discardableResult
    public func prune(now: Date = Date()) throws -> (events: Int, outbox: Int) {
        let events = try log.prune(olderThan: now.addingTimeInterval(-policy.eventAge), keepingAtMost: policy.maximumEvents)
        let sent = try outbox.prune(sentBefore: now.addingTimeInterval(-policy.sentOutboxAge))
        return (events, sent)
    }

    /// Prunes a minute after start-up, then every `interval`.
    public func start() {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + 60, repeating: policy.interval, leeway: .seconds(10))
        timer.setEventHandler { [self] in
            do {
                let deleted = try prune()
                if deleted.events + deleted.outbox > 0 {
                    logger.info("Pruned \(deleted.events) live events and \(deleted.outbox) sent outbox rows")
                }
            } catch {
                logger.error("Pruning the live log failed: \(error)")
            }
        }
        timer.resume()
        self.timer.withLock { $0?.source.cancel(); $0 = TimerBox(source: timer) }
    }

    public func stop() { timer.withLock { $0?.source.cancel(); $0 = nil } }
}
