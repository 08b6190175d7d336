import CMosquitto
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client's network thread: connects, reads, writes, keeps the connection alive and
/// reconnects with backoff, using libmosquitto's external-loop calls around `poll`.
///
/// libmosquitto's own thread (`mosquitto_loop_start`) waits with `select`, which cannot
/// watch descriptors numbered 1,024 or more; in a server holding thousands of connections
/// the client's socket gets such a number and the client never hears from its broker.
/// `poll` has no such limit.
///
/// Threads: `start`, `wake` and `stop` may be called from any thread; everything else runs
/// on the thread this object starts, which is the only one that reads from or writes to
/// the socket (the handle is in libmosquitto's "threaded" mode, so publish and subscribe
/// calls on other threads only queue their packets and then `wake` this thread). Callbacks
/// into `ClientSession` run on it too.
final class NetworkLoop: Sendable {
    private let handle: MosquittoHandle
    private let session: ClientSession
    private let configuration: MQTTClientConfiguration
    private let wakePipe: WakePipe
    private let stopping = Atomic<Bool>(false)
    private let thread = Mutex<pthread_t?>(nil)

    /// The longest `poll` waits while connected: `mosquitto_loop_misc`, which sends the
    /// keep-alive PINGREQ and notices a broker that stopped answering, runs after each wait.
    private static let pollInterval: Int32 = 1_000
    /// How long `stop` lets the DISCONNECT packet take to leave.
    private static let farewellTimeout: Duration = .seconds(1)

    init(handle: MosquittoHandle, session: ClientSession, configuration: MQTTClientConfiguration) throws(MQTTError) {
        self.handle = handle
        self.session = session
        self.configuration = configuration
        wakePipe = try WakePipe()
    }

    /// Starts the thread, which makes the first connection attempt at once.
    /// - Throws: `.library` when the thread cannot be created.
    func start() throws(MQTTError) {
        try thread.withLock { thread throws(MQTTError) in
            guard thread == nil else { return }
            // The thread holds this object (and so the handle) until its loop has ended.
            let context = Unmanaged.passRetained(self).toOpaque()
            var created = pthread_t()
            let code = pthread_create(&created, nil, networkThreadMain, context)
            guard code == 0 else {
                Unmanaged<NetworkLoop>.fromOpaque(context).release()
                throw .library(code: Mosquitto.errnoError, message: "cannot start the network thread: \(String(cString: strerror(code)))")
            }
            thread = created
        }
    }

    /// Any thread: a packet was queued, so the thread should look at what it has to write.
    func wake() { wakePipe.wake() }

    /// Any thread: sends DISCONNECT if connected, ends the thread and waits for it. If the
    /// thread is in a blocking TCP connect, that is until the attempt succeeds or fails.
    func stop() {
        stopping.store(true, ordering: .releasing)
        wakePipe.wake()
        guard let running = thread.withLock({ thread in defer { thread = nil }; return thread }) else { return }
        if pthread_equal(running, pthread_self()) != 0 {
            pthread_detach(running) // called from one of its own callbacks; it ends once that returns
        } else {
            pthread_join(running, nil)
        }
    }

    private var isStopping: Bool { stopping.load(ordering: .acquiring) }
    private var connectionSocket: Int32 { mosquitto_socket(handle.pointer) }

    // MARK: Network thread

    fileprivate func run() {
        var backoff = ReconnectBackoff(delay: configuration.reconnectDelay, maximum: configuration.maximumReconnectDelay)
        var isFirstAttempt = true
        while !isStopping {
            session.connectionAttemptStarting()
            // Blocking: the TCP connect finishes here (a TLS handshake goes on in `serve`),
            // so no half-open socket has to be watched. Neither call uses select.
            let code = isFirstAttempt
                ? mosquitto_connect(handle.pointer, configuration.host, Int32(configuration.port), Int32(configuration.keepAlive))
                : mosquitto_reconnect(handle.pointer)
            let description = Mosquitto.errorText(code)
            isFirstAttempt = false
            if code == Mosquitto.success {
                let acceptedBefore = session.acceptedConnections
                let ending = serve()
                if session.acceptedConnections != acceptedBefore { backoff.reset() }
                if ending.code != Mosquitto.success { session.connectionEnded(code: ending.code, description: ending.description) }
            } else {
                session.connectionAttemptFailed(code: code, description: description)
            }
            guard !isStopping else { break }
            pause(for: backoff.nextDelay())
        }
        leave()
    }

    /// Runs one connection until libmosquitto reports an error (returned with its text) or
    /// `stop` is called (success).
    private func serve() -> (code: Int32, description: String) {
        while !isStopping {
            let socket = connectionSocket
            guard socket >= 0 else { return (Mosquitto.noConnection, Mosquitto.errorText(Mosquitto.noConnection)) }
            let wantsWrite = mosquitto_want_write(handle.pointer)
            var descriptors = [
                pollfd(fd: socket, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            // An error here can only be EINTR or ENOMEM; either way the loop simply goes round.
            _ = poll(&descriptors, nfds_t(descriptors.count), Self.pollInterval)
            if descriptors[1].revents != 0 { wakePipe.drain() }
            let events = descriptors[0].revents
            if events & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
                if let ending = step(mosquitto_loop_read(handle.pointer, 1)) { return ending }
            }
            if events & Int16(POLLOUT) != 0 {
                if let ending = step(mosquitto_loop_write(handle.pointer, 1)) { return ending }
                // A TLS handshake that is waiting to write goes on only in the read call
                // (the write call skips it); for anything else this read finds nothing.
                if mosquitto_want_write(handle.pointer), let ending = step(mosquitto_loop_read(handle.pointer, 1)) {
                    return ending
                }
            }
            if let ending = step(mosquitto_loop_misc(handle.pointer)) { return ending }
        }
        return (Mosquitto.success, "")
    }

    /// The outcome of one libmosquitto call: nil while the connection goes on.
    private func step(_ code: Int32) -> (code: Int32, description: String)? {
        // The text at once: for errno errors it reads errno.
        if code != Mosquitto.success { return (code, Mosquitto.errorText(code)) }
        return connectionSocket < 0 ? (Mosquitto.noConnection, Mosquitto.errorText(Mosquitto.noConnection)) : nil
    }

    /// Waits out the reconnect delay; `stop` cuts it short. Wake-ups for queued packets
    /// are swallowed: they are sent after the next connection.
    private func pause(for delay: Duration) {
        let deadline = ContinuousClock.now + delay
        while !isStopping {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return }
            var descriptor = pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Self.milliseconds(remaining))
            if descriptor.revents != 0 { wakePipe.drain() }
        }
    }

    /// Says DISCONNECT on a connection that is still there and waits, briefly, for it to
    /// be written; libmosquitto closes the socket once it is.
    private func leave() {
        guard mosquitto_disconnect(handle.pointer) == Mosquitto.success else { return }
        let deadline = ContinuousClock.now + Self.farewellTimeout
        while connectionSocket >= 0, mosquitto_want_write(handle.pointer), ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: connectionSocket, events: Int16(POLLOUT), revents: 0)
            guard poll(&descriptor, 1, Self.milliseconds(deadline - ContinuousClock.now)) > 0,
                  descriptor.revents & Int16(POLLOUT) != 0,
                  mosquitto_loop_write(handle.pointer, 1) == Mosquitto.success else { return }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: max(0, seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}

/// The thread's entry point; `context` is a retained `NetworkLoop`, released when it ends.
private let networkThreadMain: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    Unmanaged<NetworkLoop>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
