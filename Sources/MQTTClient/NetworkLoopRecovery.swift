import Dispatch
import Synchronization

/// Brings back libmosquitto's network thread when it ends on its own.
///
/// `mosquitto_loop_forever` (the thread `mosquitto_loop_start` runs) stops reconnecting
/// after errors it considers fatal. In libmosquitto 2.0 that includes ordinary events on
/// TLS connections: a broker that goes away (errno EPROTO) and a failed handshake (which
/// 2.0.11 does not even report to the disconnect callback, only to the log). The session
/// notices these and asks for a restart; the client then reaps the ended thread and starts
/// a new one, which reconnects with the usual backoff. Should a thread that was expected to
/// end keep running after all (a handshake error during one of its own blocking reconnects),
/// the restart cancels it and the new thread carries on in its place.
final class NetworkLoopRecovery: Sendable {
    private let restarter = Mutex<(@Sendable () -> Void)?>(nil)
    private let firstDelay: Duration
    private let maximumDelay: Duration
    /// Restarts since the last accepted connection, for the backoff.
    private let attempts = Atomic<Int>(0)
    /// A restart is scheduled; the log and the disconnect callback can both see the same end.
    private let pending = Atomic<Bool>(false)

    init(reconnectDelay: Duration, maximumReconnectDelay: Duration) {
        firstDelay = reconnectDelay
        maximumDelay = maximumReconnectDelay
    }

    /// Set once by the client: what starts a new network thread.
    func setRestarter(_ restart: @escaping @Sendable () -> Void) {
        restarter.withLock { $0 = restart }
    }

    /// Any thread: schedule one restart, after libmosquitto's own backoff (delay × attempt²,
    /// capped), unless one is already scheduled.
    func scheduleRestart() {
        guard let restart = restarter.withLock({ $0 }),
              pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        let attempt = attempts.add(1, ordering: .relaxed).newValue
        let delay = min(firstDelay * (attempt * attempt), maximumDelay)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(delay / .milliseconds(1)))) { [self] in
            pending.store(false, ordering: .releasing)
            restart()
        }
    }

    /// Network thread: the broker accepted a connection, so the backoff starts over.
    func connectionAccepted() { attempts.store(0, ordering: .relaxed) }
}
