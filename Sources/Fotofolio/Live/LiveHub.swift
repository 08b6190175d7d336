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
    /// As `deliver(_:)`, given the message a `message` event announces as its transaction
    /// stored it, so the sink need not read it (nil: read from the log, where it may have
    /// changed since).
    func deliver(_ event: LiveEvent, message: ChatMessage?) -> Bool
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

extension LiveSink {
    public func deliver(_ event: LiveEvent, message: ChatMessage?) -> Bool { deliver(event) }
}

/// Hands the live events of this server process to its open streams.
///
/// The database's `liveEvent` log is the truth. Events arrive as they were appended, with
/// their recipients (`receive`: this process's commits, other nodes' word over MQTT); the
/// hub delivers each one that is next in sequence at once, without reading the log or the
/// room. One after a gap waits a moment (`gapWait`) for the events before it, which are
/// usually on their way, and then the hub reads the log from its position — as it does on a
/// wake-up (a reconnection to the broker, word it could not read) and on the safety poll.
/// Every event has a sequence number, so a stream never gets one twice and a reconnecting
/// browser replays from the log what it missed (`Last-Event-ID`).
///
/// Threads: `connect`, `receive`, `wake` and `disconnect` may be called from any thread; all
/// reading and delivery happens on the hub's serial queue, so sinks are called one at a time.
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
        /// Events received after a gap, by sequence, until the gap fills or the log is read.
        var held: [Int64: AppendedLiveEvent] = [:]
        var gapCheckPending = false
        /// The last read of the log failed: the next gap waits a second, not `gapWait`.
        var readFailed = false
        /// Streams given events and not yet flushed, and whether their flush is queued.
        var unflushed = Fanout()
        var flushQueued = false
        /// Reads of the log for everyone (catching up), for operators and tests.
        var logReads = 0
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
    /// Events held after a gap before the hub stops waiting and reads the log.
    private static let mostHeld = 10_000
    /// How long events after a gap wait for the ones before them before the log is read.
    private let gapWait: TimeInterval

    /// - Parameter presence: told of each stream that opens and closes, for the push sender.
    /// - Parameter gapWait: how long events received after a gap wait for the ones before
    ///   them (on their way from another node, or from a commit on another thread) before
    ///   the hub reads the log instead.
    public init(log: LiveEventLog, messenger: MessengerService, logger: Logger, presence: LivePresence? = nil,
                gapWait: TimeInterval = 0.05) throws {
        self.log = log
        self.gapWait = gapWait
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

    /// Events appended to the log, each with its recipients as of its place in the log, in
    /// any order and possibly again: delivered soon, each once, in sequence order.
    public func receive(_ events: [AppendedLiveEvent]) {
        guard !events.isEmpty else { return }
        queue.async { self.take(events) }
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
    /// set, a safety poll of the log that delivers even if an announcement was lost.
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

    /// How many times the hub has read the log for everyone (to catch up, not to replay one
    /// stream's past): after gaps, wake-ups and safety polls, never for an event received next
    /// in sequence.
    public var logReads: Int { state.withLock { $0.logReads } }

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

    /// Holds what is new, delivers what is next in sequence, and waits for a gap to fill.
    private func take(_ events: [AppendedLiveEvent]) {
        let tooMany = state.withLock { state -> Bool in
            for appended in events where appended.event.sequence > state.lastSequence {
                state.held[appended.event.sequence] = appended
            }
            return state.held.count > Self.mostHeld
        }
        if tooMany { return catchUp() }
        var queued = Fanout()
        defer { flushSoon(queued) }
        deliverHeld(into: &queued)
        scheduleGapCheck()
    }

    /// Delivers the held events that follow the hub's position without a gap, and forgets
    /// those at or before it.
    private func deliverHeld(into queued: inout Fanout) {
        state.withLock { state in
            if state.held.keys.contains(where: { $0 <= state.lastSequence }) {
                state.held = state.held.filter { $0.key > state.lastSequence }
            }
        }
        while let next = state.withLock({ $0.held.removeValue(forKey: $0.lastSequence + 1) }) {
            dispatch(next.event, to: next.recipients, message: next.message, into: &queued)
            state.withLock { $0.lastSequence = max($0.lastSequence, next.event.sequence) }
        }
    }

    /// While events are held after a gap, the log is read once `gapWait` has passed (a
    /// second, while the database does not answer).
    private func scheduleGapCheck() {
        let delay = state.withLock { state -> TimeInterval? in
            guard !state.held.isEmpty, !state.gapCheckPending else { return nil }
            state.gapCheckPending = true
            return state.readFailed ? max(gapWait, 1) : gapWait
        }
        guard let delay else { return }
        queue.asyncAfter(deadline: .now() + delay) {
            let gap = self.state.withLock { state -> Bool in
                state.gapCheckPending = false
                return !state.held.isEmpty
            }
            if gap { self.catchUp() }
        }
    }

    private func catchUp() {
        state.withLock { $0.wakePending = false }
        var queued = Fanout()
        defer { flushSoon(queued) }
        do {
            while true {
                let after = state.withLock { $0.lastSequence }
                state.withLock { $0.logReads += 1 }
                let events = try log.events(after: after, limit: Self.batch)
                for event in events {
                    // Held word of the event gives its recipients as of its place in the log.
                    let held = state.withLock { $0.held.removeValue(forKey: event.sequence) }
                    if let held, held.event == event {
                        dispatch(event, to: held.recipients, message: held.message, into: &queued)
                    } else {
                        try dispatch(event, into: &queued)
                    }
                    state.withLock { $0.lastSequence = max($0.lastSequence, event.sequence) }
                }
                if events.count < Self.batch { break }
            }
            state.withLock { $0.readFailed = false }
        } catch {
            state.withLock { $0.readFailed = true }
            logger.error("Live delivery could not read the event log: \(error)")
        }
        deliverHeld(into: &queued)
        scheduleGapCheck()
    }

    /// Flushes the fan-out's streams after whatever is already on the hub's queue: a burst
    /// of events (announcements arriving together, a gap filled) goes out as one write per
    /// stream instead of one per event.
    private func flushSoon(_ fanout: Fanout) {
        guard !fanout.sinks.isEmpty else { return }
        let schedule = state.withLock { state -> Bool in
            state.unflushed.sinks.merge(fanout.sinks) { $1 }
            defer { state.flushQueued = true }
            return !state.flushQueued
        }
        guard schedule else { return }
        queue.async {
            let due = self.state.withLock { state -> Fanout in
                state.flushQueued = false
                defer { state.unflushed = Fanout() }
                return state.unflushed
            }
            due.flush()
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

    /// Delivers an event read from the log to the members of its room now, or to the one
    /// person it names.
    private func dispatch(_ event: LiveEvent, into queued: inout Fanout) throws {
        if let userId = event.userId { return dispatch(event, to: [userId], into: &queued) }
        if state.withLock({ $0.streamsByUser.isEmpty }) { return state.withLock { $0.lastEventAt = Date() } }
        // Membership now: a member removed since gets no more.
        dispatch(event, to: try messenger.memberIds(of: event.roomId), into: &queued)
    }

    /// Members without a stream here are skipped by a lookup each: no set of everyone
    /// listening is made per event.
    private func dispatch(_ event: LiveEvent, to recipients: [Int64], message: ChatMessage? = nil, into queued: inout Fanout) {
        let now = Date()
        // Each stream's position is moved where it is kept: copying a stream out and back
        // cost more than the rest of choosing it.
        let targets = state.withLock { state -> [(Int, any LiveSink)] in
            state.lastEventAt = now
            var targets: [(Int, any LiveSink)] = []
            targets.reserveCapacity(recipients.count)
            for user in recipients {
                guard let ids = state.streamsByUser[user] else { continue }
                for id in ids {
                    guard let index = state.streams.index(forKey: id),
                          state.streams.values[index].lastSequence < event.sequence else { continue }
                    state.streams.values[index].lastSequence = event.sequence
                    targets.append((id, state.streams.values[index].sink))
                }
            }
            return targets
        }
        var delivered = 0
        for (id, sink) in targets {
            if sink.deliver(event, message: message) {
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
