import CMicroHTTPD
import Dispatch
import Glibc
import Logging
import Synchronization

/// A `PulledBody` as libmicrohttpd's reader sees it: retained by the response (released in
/// `pulledBodyReleased`), its reader called on the connection's polling thread.
///
/// The polling thread never waits for the body: its blocks are made by `produce` on a
/// queue of the body's own, at most `aheadBytes` before the client takes them, while the reader
/// only copies what is ready. With nothing ready the reader suspends the connection, and
/// the producer resumes it when the next block is in. Making a block can take seconds
/// (the next photo of an archive read, decoded, encoded); the thread's other connections
/// go on meanwhile.
final class PulledConnection: @unchecked Sendable {
    // @unchecked: `state` is a mutex; the connection pointer is only suspended on its own
    // polling thread (inside the reader) and resumed from the producer after that suspend,
    // as libmicrohttpd allows; `body` is read by one producer at a time (`producing`).
    private let body: PulledBody
    /// A response to HEAD has headers only: if libmicrohttpd asks for its body, the body
    /// ends at once and nothing is produced (producing may have side effects).
    private let isHead: Bool
    private let connection: ConnectionHandle
    /// The connection's socket (-1 when unknown), shut down when the body fails.
    private let socket: Int32
    private weak var daemon: HTTPDaemon?
    private let requestID: String
    private let logger: Logger
    private let state = Mutex(State())

    /// How far the producer may run ahead of the client: two blocks, so one is being sent
    /// while the next is made, and a slow client holds no more than that.
    static let aheadBytes = 2 * HTTPDaemon.pulledBlockSize
    /// The body's own queue: making a block may wait (for the next photo, for the decoding
    /// budget), and a serial queue gets a thread of its own for it, where blocks waiting on
    /// a shared concurrent queue would hold the few threads every such queue shares.
    private let producer = DispatchQueue(label: "http.pulled-body", qos: .userInitiated)

    private struct State {
        /// Made and not yet handed to libmicrohttpd: `ready[readyStart...]`.
        var ready: [UInt8] = []
        var readyStart = 0
        var producing = false
        var ended = false
        var failure: String?
        /// The reader suspended the connection; whoever clears this resumes it, once.
        var suspended = false
        /// libmicrohttpd let go of the response: nothing more is made.
        var released = false

        var buffered: Int { ready.count - readyStart }
    }

    /// What the reader tells libmicrohttpd.
    enum Answer {
        case bytes(Int)
        case end
        case failed
        /// Nothing is ready: the connection is suspended until the producer resumes it.
        case wait
    }

    init(body: PulledBody, isHead: Bool, connection: OpaquePointer, daemon: HTTPDaemon, requestID: String, logger: Logger) {
        self.body = body
        self.isHead = isHead
        self.connection = ConnectionHandle(pointer: connection)
        self.socket = fotofolio_mhd_connection_socket(connection)
        self.daemon = daemon
        self.requestID = requestID
        self.logger = logger
    }

    /// On the polling thread: copies what is ready, or suspends the connection.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Answer {
        guard !isHead else { return .end }
        let (answer, failure, startProducer) = state.withLock { state -> (Answer, String?, Bool) in
            if state.buffered > 0 {
                let count = min(buffer.count, state.buffered)
                state.ready.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[state.readyStart..<(state.readyStart + count)]))
                }
                state.readyStart += count
                if state.readyStart == state.ready.count {
                    state.ready.removeAll(keepingCapacity: true)
                    state.readyStart = 0
                }
                return (.bytes(count), nil, Self.takeTurn(&state))
            }
            if let failure = state.failure { return (.failed, failure, false) }
            if state.ended { return (.end, nil, false) }
            guard suspendUnlessStopping() else {
                state.failure = "the server is stopping"
                return (.failed, state.failure, false)
            }
            state.suspended = true
            return (.wait, nil, Self.takeTurn(&state))
        }
        if startProducer { producer.async { self.produce() } }
        if let failure { return failed(failure) }
        return answer
    }

    /// libmicrohttpd is done with the response (sent, failed or the client left).
    func released() {
        state.withLock { $0.released = true }
    }

    /// Starts the producer unless it runs, the body is over or enough is made already.
    private static func takeTurn(_ state: inout State) -> Bool {
        guard !state.producing, !state.ended, state.failure == nil, state.buffered < aheadBytes else { return false }
        state.producing = true
        return true
    }

    /// On the producers' queue: makes blocks until enough are ready or the body ends,
    /// resuming the connection whenever it waits for one.
    private func produce() {
        var block = [UInt8](repeating: 0, count: HTTPDaemon.pulledBlockSize)
        while true {
            let goOn = state.withLock { state -> Bool in
                guard !state.released, state.buffered < Self.aheadBytes else {
                    state.producing = false
                    return false
                }
                return true
            }
            guard goOn else { return }
            let made = block.withUnsafeMutableBytes { body.next(into: $0) }
            let resume = state.withLock { state -> Bool in
                switch made {
                case .bytes(let count): state.ready.append(contentsOf: block[..<count])
                case .end: state.ended = true
                case .failed(let reason): state.failure = reason
                }
                if case .bytes = made {} else { state.producing = false }
                defer { state.suspended = false }
                return state.suspended
            }
            if resume { resumeConnection() }
            guard case .bytes = made else { return }
        }
    }

    /// Suspends the connection and counts it, so shutdown waits for it to be resumed; once
    /// shutdown's grace period is over it is not suspended (false): the download is cut
    /// short instead.
    private func suspendUnlessStopping() -> Bool {
        guard let daemon else { return false }
        daemon.suspendedForSlowWork.add(1, ordering: .sequentiallyConsistent)
        guard !daemon.refusesSuspension.load(ordering: .sequentiallyConsistent) else {
            daemon.suspendedForSlowWork.subtract(1, ordering: .releasing)
            return false
        }
        MHD_suspend_connection(connection.pointer)
        return true
    }

    private func resumeConnection() {
        MHD_resume_connection(connection.pointer)
        daemon?.suspendedForSlowWork.subtract(1, ordering: .releasing)
    }

    private func failed(_ reason: String) -> Answer {
        logger.error("Pulled response body failed; the download is cut short",
                     metadata: ["request": "\(requestID)", "error": "\(reason)"])
        // With MHD_USE_TURBO, libmicrohttpd closes a connection that failed this way
        // without shutting its socket down, and frees the descriptor only when it next
        // polls the connection — up to the idle timeout later. Meanwhile the client would
        // wait for the rest. Shutting down the sending side (as libmicrohttpd does without
        // TURBO) delivers what was sent and then the end at once; the descriptor is still
        // libmicrohttpd's to close.
        if socket >= 0 { shutdown(socket, Int32(SHUT_WR)) }
        return .failed
    }
}
