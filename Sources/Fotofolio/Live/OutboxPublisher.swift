import Dispatch
import Logging
import MQTTClient
import Synchronization

/// Publishes the outbox to MQTT at QoS 1, oldest first, and marks rows sent once the broker
/// has acknowledged them (PUBACK): the acknowledgements of `markDelay` are marked together,
/// in one write, not one write each. Rows are handed to the client once per process; while
/// the broker is away the client keeps them queued and sends them, in order, after it
/// reconnects. Rows still unsent when the process stops are published again by the next
/// one (and so are those acknowledged in the last `markDelay` before a crash): delivery is at
/// least once, and receivers tell repeats apart (the hub by sequence, MQTT clients by uuid).
///
/// Threads: `kick` from any thread; the work runs on the publisher's serial queue.
public final class OutboxPublisher: Sendable {
    private struct State {
        /// The newest row handed to the client.
        var handedUpTo: Int64 = 0
        var draining = false
        var again = false
        /// Rows the broker has acknowledged, not yet marked sent; their mark is scheduled.
        var acknowledged: [Int64] = []
    }

    private let outbox: Outbox
    private let client: MQTTClient
    private let topics: LiveTopics
    private let logger: Logger
    private let queue = DispatchQueue(label: "fotofolio.outbox")
    private let state = Mutex(State())
    private static let batch = 200
    private let markDelay: DispatchTimeInterval

    /// - Parameter markDelay: how long acknowledgements gather before they are marked sent
    ///   together.
    public init(outbox: Outbox, client: MQTTClient, topics: LiveTopics, logger: Logger,
                markDelay: DispatchTimeInterval = .milliseconds(250)) {
        self.outbox = outbox
        self.markDelay = markDelay
        self.client = client
        self.topics = topics
        self.logger = logger
    }

    /// Publishes what is waiting, and again after every reconnection.
    public func start() {
        client.observeState { [weak self] state in
            if state.isConnected { self?.kick() }
        }
        kick()
    }

    /// Rows may have been added: publish them soon.
    public func kick() {
        let start = state.withLock { state -> Bool in
            if state.draining { state.again = true; return false }
            state.draining = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    /// Unsent rows in the database (an operator's backlog figure).
    public func backlog() -> Int { (try? outbox.pendingCount()) ?? -1 }

    private func drain() {
        repeat {
            state.withLock { $0.again = false }
            publishWaitingRows()
        } while state.withLock { state in
            if state.again { return true }
            state.draining = false
            return false
        }
    }

    private func publishWaitingRows() {
        while true {
            let after = state.withLock { $0.handedUpTo }
            let rows: [OutboxEntry]
            do {
                rows = try outbox.pending(after: after, limit: Self.batch)
            } catch {
                logger.error("Cannot read the outbox: \(error)")
                return
            }
            for row in rows {
                guard publish(row) else { return }
                state.withLock { $0.handedUpTo = max($0.handedUpTo, row.id) }
            }
            if rows.count < Self.batch { return }
        }
    }

    /// Hands one row to the client; false when the client cannot take more now (a later
    /// kick — a reconnection, the next message — tries again).
    private func publish(_ row: OutboxEntry) -> Bool {
        do {
            try client.publish(row.payload, to: topics.topic(row.topic), qos: .atLeastOnce) { [weak self] result in
                self?.published(row, result)
            }
            return true
        } catch {
            logger.warning("Outbox row \(row.id) waits: \(error)")
            return false
        }
    }

    private func published(_ row: OutboxEntry, _ result: Result<Void, MQTTError>) {
        switch result {
        case .success:
            let first = state.withLock { state in
                state.acknowledged.append(row.id)
                return state.acknowledged.count == 1
            }
            if first { queue.asyncAfter(deadline: .now() + markDelay) { self.markAcknowledged() } }
        case .failure(let error):
            // Not acknowledged (the client stopped): hand it over again on the next kick.
            state.withLock { $0.handedUpTo = min($0.handedUpTo, row.id - 1) }
            logger.warning("Outbox row \(row.id) not acknowledged: \(error)")
        }
    }

    private func markAcknowledged() {
        let ids = state.withLock { state in
            defer { state.acknowledged = [] }
            return state.acknowledged
        }
        do {
            try outbox.markSent(ids)
        } catch {
            // Left unsent: published again by the next process, and dropped as a repeat.
            logger.error("Cannot mark \(ids.count) outbox rows sent: \(error)")
        }
    }
}
