import CMicroHTTPD
import Foundation
import Logging
import Synchronization

/// Why the daemon could not start.
public struct HTTPDaemonError: Error, CustomStringConvertible {
    public let description: String
}

/// The HTTP server: owns one libmicrohttpd daemon and answers every request through a
/// middleware chain around a router.
///
/// Threads: libmicrohttpd runs `threadCount` polling threads (epoll); each request's
/// callbacks run on the thread that owns its connection, and handlers run there too, so
/// they should not block for long. `@unchecked Sendable` because the daemon pointer is
/// only written under `lifecycle`'s lock and the other state is immutable or atomic.
public final class HTTPDaemon: @unchecked Sendable {
    public let configuration: ServerConfiguration
    let dispatch: RequestDispatch
    let logger: Logger
    /// Where the handlers of slow routes run while their connections are suspended.
    let slowWork = DispatchQueue(label: "http.slow-work", qos: .userInitiated, attributes: .concurrent)
    /// Slow requests whose connection is suspended: libmicrohttpd may only stop once each is resumed.
    let suspendedForSlowWork = Atomic<Int>(0)

    private let lifecycle = Mutex<Lifecycle>(Lifecycle())
    private let openConnectionCount = Atomic<Int>(0)
    private let activeRequestCount = Atomic<Int>(0)
    /// Set when shutdown begins: new requests are refused from then on.
    let isStopping = Atomic<Bool>(false)
    /// Set once the grace period is over: a pulled body waiting for its next block is cut
    /// short instead of suspending its connection again.
    let refusesSuspension = Atomic<Bool>(false)
    let liveStreams = Mutex<[ObjectIdentifier: ResponseStreamWriter]>([:])
    /// Ends a waiting stream as soon as its client hangs up.
    let hangUps = HangUpWatch()

    private struct Lifecycle {
        var daemon: OpaquePointer?
        var port = 0
    }

    public init(configuration: ServerConfiguration, router: Router, middleware: [any Middleware] = [], logger: Logger = Logger(label: "http")) {
        self.configuration = configuration
        self.logger = logger
        self.dispatch = RequestDispatch(router: router, middleware: middleware, logger: logger)
    }

    deinit { shutdown() }

    /// The port actually bound (useful with port 0).
    public var port: Int { lifecycle.withLock { $0.port } }

    /// Connections open right now, idle keep-alive ones included.
    public var openConnections: Int { openConnectionCount.load(ordering: .relaxed) }

    /// Starts listening. Throws if the address cannot be bound.
    public func start() throws {
        try FileManager.default.createDirectory(atPath: configuration.temporaryDirectory, withIntermediateDirectories: true)
        try lifecycle.withLock { state in
            guard state.daemon == nil else { return }
            let options = try DaemonOptions(configuration)
            let daemon = options.withItems { items in
                fotofolio_mhd_start_daemon(
                    options.flags, UInt16(configuration.port),
                    accessHandler, requestCompleted, connectionNotified,
                    Unmanaged.passUnretained(self).toOpaque(), items)
            }
            guard let daemon else {
                throw HTTPDaemonError(description: "Cannot listen on \(configuration.host ?? "*"):\(configuration.port); is the port in use?")
            }
            state.daemon = daemon
            state.port = Int(fotofolio_mhd_bound_port(daemon))
        }
        hangUps.start()
    }

    /// Refuses new requests (503, then the connection is closed), ends live streams, lets
    /// in-flight requests finish within the grace period, then closes every connection.
    /// Safe to call more than once.
    ///
    /// libmicrohttpd's own way to stop accepting, `MHD_quiesce_daemon`, is not used: with
    /// epoll and a thread pool it races a polling thread that removes the listening socket
    /// from the same epoll set, and the loser aborts the process ("Failed to remove listen
    /// FD from epoll set"; an open defect of 0.9.75).
    public func shutdown() {
        let daemon = lifecycle.withLock { state -> OpaquePointer? in
            guard let daemon = state.daemon else { return nil }
            isStopping.store(true, ordering: .releasing)
            return daemon
        }
        guard let daemon else { return }
        endLiveStreams()
        waitForInFlightRequests()
        // libmicrohttpd must not be stopped with suspended connections: end any stream
        // that started while we waited.
        endLiveStreams()
        refusesSuspension.store(true, ordering: .sequentiallyConsistent)
        waitForSlowWork()
        MHD_stop_daemon(daemon)
        hangUps.stop()
        lifecycle.withLock { $0.daemon = nil }
    }

    private func endLiveStreams() {
        for writer in liveStreams.withLock({ Array($0.values) }) { writer.finish() }
    }

    private func waitForInFlightRequests() {
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        while ContinuousClock.now < deadline {
            let idle = activeRequestCount.load(ordering: .acquiring) == 0 && liveStreams.withLock { $0.isEmpty }
            if idle { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        logger.warning("Shutdown grace period ended with requests still in flight")
    }

    /// A suspended connection must be resumed before libmicrohttpd stops, and a slow
    /// handler resumes its connection when it is done: wait for them, past the grace
    /// period if need be (photo work ends in seconds), but not forever.
    private func waitForSlowWork() {
        let deadline = ContinuousClock.now + .seconds(120)
        while suspendedForSlowWork.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    // MARK: Callbacks from the C trampolines (on libmicrohttpd's threads)

    func connectionOpened() { openConnectionCount.add(1, ordering: .relaxed) }
    func connectionClosed() { openConnectionCount.subtract(1, ordering: .relaxed) }
    func requestStarted() { activeRequestCount.add(1, ordering: .relaxed) }
    func requestEnded() { activeRequestCount.subtract(1, ordering: .releasing) }
}
