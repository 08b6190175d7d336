import Dispatch
import Foundation
import Logging
import Synchronization

/// Where a live stream's events go: the web layer writes them to a Server-Sent Events
/// response. Calls come from the hub's queue, one at a time per hub.
///
/// `deliver`, `heartbeat` and `reset` only queue; `flush` sends. The hub queues a whole
/// fan-out (every stream an event concerns, a slice of heartbeats) before it flushes any
/// stream, so the server wakes the connections together instead of one by one.
public protocol LiveSink: Sendable {
    /// Queues one event; false when the stream is gone or too far behind (it is then dropped
    /// and the browser reconnects, replaying what it missed from the database).
    func deliver(_ event: LiveEvent) -> Bool
    /// Queues a comment that keeps an idle connection open through proxies; false when the
    /// stream is gone.
    func heartbeat() -> Bool
    /// Queues word that events after the stream's starting point are gone from the log
    /// (pruned), so the page must load its state again; the stream goes on after `sequence`.
    func reset(after sequence: Int64) -> Bool
    /// Sends what was queued.
    func flush()
    /// Ends the stream (its person was suspended); the browser is not to reconnect with
    /// the same session, which is gone.
    func close()
}

/// Hands the live events of this server process to its open streams.
///
/// The database's `liveEvent` log is the truth: a wake-up (an MQTT message about a room, or
/// the safety poll) makes the hub read what is new in the log and pass each event to the
/// streams of the users it concerns — the members of its room, or the one user it names.
/// Every event has a sequence number, so a stream never gets one twice and a reconnecting
/// browser replays from the log what it missed (`Last-Event-ID`).
///
/// Threads: `connect`, `wake` and `disconnect` may be called from any thread; all reading
/// and delivery happens on the hub's serial queue, so sinks are called one at a time.
public final class LiveHub: Sendable {
    private struct Stream {
        let userId: Int64
        let sink: any LiveSink
        var lastSequence: Int64
    }

    private struct State {
        var streams: [Int: Stream] = [:]
        var streamsByUser: [Int64: Set<Int>] = [:]
        /// Whose each stream is, from `connect` to `disconnect` (listed or still replaying).
        var owners: [Int: Int64] = [:]
        var nextStreamId = 0
        var lastSequence: Int64 = 0
        var wakePending = false
        var delivered = 0
        var lastEventAt: Date?
    }

    private let log: LiveEventLog
    private let messenger: MessengerService
    private let logger: Logger
    private let presence: LivePresence?
    private let queue = DispatchQueue(label: "fotofolio.live-hub")
    private let state = Mutex(State())
    private let timers = Mutex(Timers())

    /// Dispatch sources are safe to use from any thread; the type just does not say so.
    private struct Timers: @unchecked Sendable {
        var running: [DispatchSourceTimer] = []
    }
    /// Events read from the log per query while catching up.
    private static let batch = 500
    /// Streams given a heartbeat before other work on the queue gets its turn.
    private static let heartbeatSlice = 250

    /// - Parameter presence: told of each stream that opens and closes, for the push sender.
    public init(log: LiveEventLog, messenger: MessengerService, logger: Logger, presence: LivePresence? = nil) throws {
        self.log = log
        self.presence = presence
        self.messenger = messenger
        self.logger = logger
        let latest = try log.latestSequence()
        state.withLock { $0.lastSequence = latest }
    }

    /// The sequence of the newest event in the log: a page rendered now embeds it, so its
    /// stream starts exactly where the page left off.
    public func currentSequence() -> Int64 {
        (try? log.latestSequence()) ?? state.withLock { $0.lastSequence }
    }

    /// Opens a stream for `userId` that first replays the user's events after `sequence`,
    /// then follows live. Returns an identifier for `disconnect`.
    public func connect(userId: Int64, after sequence: Int64, sink: any LiveSink) -> Int {
        let id = state.withLock { state -> Int in
            state.nextStreamId += 1
            state.owners[state.nextStreamId] = userId
            // Not listed for delivery yet: the replay below brings it up to date first.
            return state.nextStreamId
        }
        presence?.connected(userId)
        queue.async { self.replay(stream: id, userId: userId, after: sequence, sink: sink) }
        return id
    }

    /// Forgets a stream (its connection closed).
    public func disconnect(_ id: Int) {
        let owner = state.withLock { state -> Int64? in
            let owner = state.owners.removeValue(forKey: id)
            guard let stream = state.streams.removeValue(forKey: id) else { return owner }
            state.streamsByUser[stream.userId]?.remove(id)
            if state.streamsByUser[stream.userId]?.isEmpty == true { state.streamsByUser[stream.userId] = nil }
            return owner
        }
        if let owner { presence?.disconnected(owner) }
    }

    /// Ends every stream of the person on this process (they were suspended: their sessions
    /// are gone, and so must be what they follow live).
    public func endStreams(of userId: Int64) {
        let (ended, owned) = state.withLock { state -> ([any LiveSink], Int) in
            let ids = state.streamsByUser.removeValue(forKey: userId) ?? []
            return (ids.compactMap { state.streams.removeValue(forKey: $0)?.sink },
                    ids.filter { state.owners.removeValue(forKey: $0) != nil }.count)
        }
        for _ in 0..<owned { presence?.disconnected(userId) }
        queue.async { for sink in ended { sink.close() } }
    }

    /// Something may have been written to the log: read and deliver it soon. Wake-ups that
    /// arrive while one is pending fold into it.
    public func wake() {
        let schedule = state.withLock { state -> Bool in
            defer { state.wakePending = true }
            return !state.wakePending
        }
        if schedule { queue.async { self.catchUp() } }
    }

    /// Starts the heartbeat (a comment line to every stream) and, when `pollInterval` is
    /// set, a safety poll of the log that delivers even if a wake-up was lost.
    public func start(heartbeatInterval: TimeInterval = 15, pollInterval: TimeInterval? = 5) {
        var started = [repeating(every: heartbeatInterval) { self.beat() }]
        if let pollInterval, pollInterval > 0 { started.append(repeating(every: pollInterval) { self.catchUp() }) }
        timers.withLock { $0.running += started }
    }

    public func stop() {
        timers.withLock { timers in
            timers.running.forEach { $0.cancel() }
            timers.running.removeAll()
        }
    }

    /// Open streams on this process, events delivered so far, and when the last one was.
    public var statistics: (streams: Int, delivered: Int, lastEventAt: Date?) {
        state.withLock { ($0.streams.count, $0.delivered, $0.lastEventAt) }
    }

    // MARK: - On the hub's queue

    private func replay(stream id: Int, userId: Int64, after sequence: Int64, sink: any LiveSink) {
        let replayed = replayLog(for: userId, after: sequence, to: sink)
        // The replay goes out now, not with the first fan-out after the stream is listed.
        sink.flush()
        guard let last = replayed else { return }
        state.withLock { state in
            // Events the hub delivers later are newer than anything replayed, or skipped.
            state.streams[id] = Stream(userId: userId, sink: sink, lastSequence: max(last, 0))
            state.streamsByUser[userId, default: []].insert(id)
        }
    }

    /// Queues the user's events after `sequence`; returns the last one queued, or nil when the
    /// stream refused one or the log could not be read.
    private func replayLog(for userId: Int64, after sequence: Int64, to sink: any LiveSink) -> Int64? {
        var last = sequence
        do {
            if let oldest = try log.oldestSequence(), sequence < oldest - 1 {
                // What came in between is pruned: a replay would leave a silent gap.
                last = try log.latestSequence()
                guard sink.reset(after: last) else { return nil }
            }
            while true {
                let events = try log.events(after: last, for: userId, limit: Self.batch)
                for event in events {
                    guard sink.deliver(event) else { return nil }
                    last = event.sequence
                }
                if events.count < Self.batch { return last }
            }
        } catch {
            logger.error("Live replay for user \(userId) failed: \(error)")
            return nil
        }
    }

    private func catchUp() {
        state.withLock { $0.wakePending = false }
        var queued = Fanout()
        defer { queued.flush() }
        do {
            while true {
                let after = state.withLock { $0.lastSequence }
                let events = try log.events(after: after, limit: Self.batch)
                for event in events { try dispatch(event, into: &queued) }
                if let last = events.last { state.withLock { $0.lastSequence = max($0.lastSequence, last.sequence) } }
                if events.count < Self.batch { break }
            }
        } catch {
            logger.error("Live delivery could not read the event log: \(error)")
        }
    }

    /// Streams given something to send, flushed together once a fan-out is queued.
    private struct Fanout {
        var sinks: [Int: any LiveSink] = [:]

        mutating func add(_ id: Int, _ sink: any LiveSink) { sinks[id] = sink }

        func flush() {
            for sink in sinks.values { sink.flush() }
        }
    }

    private func dispatch(_ event: LiveEvent, into queued: inout Fanout) throws {
        state.withLock { $0.lastEventAt = Date() }
        let recipients: [Int64]
        if let userId = event.userId {
            recipients = [userId]
        } else {
            if state.withLock({ $0.streamsByUser.isEmpty }) { return }
            // Membership now, not when the event was written: a removed member gets no more.
            // Members without a stream here are skipped below, by a lookup each: no set of
            // everyone listening is made per event.
            recipients = try messenger.memberIds(of: event.roomId)
        }
        let targets = state.withLock { state -> [(Int, any LiveSink)] in
            recipients.flatMap { user in
                (state.streamsByUser[user] ?? []).compactMap { id -> (Int, any LiveSink)? in
                    guard var stream = state.streams[id], stream.lastSequence < event.sequence else { return nil }
                    stream.lastSequence = event.sequence
                    state.streams[id] = stream
                    return (id, stream.sink)
                }
            }
        }
        var delivered = 0
        for (id, sink) in targets {
            if sink.deliver(event) {
                delivered += 1
                queued.add(id, sink)
            } else {
                disconnect(id)
            }
        }
        state.withLock { $0.delivered += delivered }
    }

    /// Heartbeats go out a slice at a time: a message that arrives meanwhile is delivered
    /// between two slices instead of waiting for thousands of keep-alive writes.
    private func beat() {
        let all = state.withLock { state in state.streams.map { ($0.key, $0.value.sink) } }
        beat(all[...])
    }

    private func beat(_ streams: ArraySlice<(Int, any LiveSink)>) {
        let slice = streams.prefix(Self.heartbeatSlice)
        var queued = Fanout()
        for (id, sink) in slice {
            if sink.heartbeat() { queued.add(id, sink) } else { disconnect(id) }
        }
        queued.flush()
        let rest = streams.dropFirst(slice.count)
        if !rest.isEmpty { queue.async { self.beat(rest) } }
    }

    private func repeating(every interval: TimeInterval, _ work: @escaping @Sendable () -> Void) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        timer.setEventHandler(handler: work)
        timer.resume()
        return timer
    }
}
