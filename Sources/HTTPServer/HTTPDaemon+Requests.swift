import CMicroHTTPD
import Foundation
import Logging
import PollingThreads
import Synchronization

/// The request life cycle, driven by the access handler.
extension HTTPDaemon {
    func beginRequest(_ connection: OpaquePointer, method: String, url: String) -> RequestState {
        requestStarted()
        let state = RequestState(id: RequestID.next(), connection: connection, method: method, url: url,
                                 router: dispatch.router, configuration: configuration)
        if isStopping.load(ordering: .acquiring) { state.refuseWhileStopping() }
        return state
    }

    /// Headers are in. A request that failed already and announced a body larger than the
    /// drain allowance is answered now, so its body is never read (libmicrohttpd then closes
    /// the connection). A smaller one is read and dropped first, so the client is listening
    /// when the answer comes. Everything else is answered on a later call: answering on this
    /// first call would make libmicrohttpd drop keep-alive.
    func headersReceived(_ state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        // Answered on this first call, the request's body is never read and libmicrohttpd
        // closes the connection: right for a length that cannot be trusted, and for a
        // server that is stopping.
        if state.answersAtOnce { return answer(state.makeRequest(), state, on: connection) }
        guard state.failure != nil, state.hasBody else { return .YES }
        let declared = state.headers["content-length"].flatMap(Int.init) ?? Int.max
        guard declared > configuration.bodyLimits.drainBytes else { return .YES }
        return answer(state.makeRequest(), state, on: connection)
    }

    /// A body chunk. Once the request has failed (a limit passed, malformed input) the rest
    /// of the body is read and dropped, never buffered, and the answer goes out when it ends:
    /// libmicrohttpd 0.9.75 refuses a response while a body is still arriving. A client that
    /// keeps sending past the largest upload allowed is cut off.
    func bodyReceived(_ chunk: UnsafeRawBufferPointer, for state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        guard state.failure == nil else {
            state.discardedBytes += chunk.count
            return state.discardedBytes > configuration.bodyLimits.uploadBytes ? .NO : .YES
        }
        state.consume(chunk)
        return .YES
    }

    func requestComplete(_ state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        guard !state.responseQueued else { return .YES }
        if state.isRunningElsewhere {
            // Called again after the slow-work queue resumed the connection: its answer is in.
            guard let (request, response) = state.finished.withLock({ $0.take() }) else { return .YES }
            let queued = queue(response, for: request, on: connection)
            state.responseQueued = queued
            return queued ? .YES : .NO
        }
        let request = state.makeRequest()
        if state.runsElsewhere(request) { return answerElsewhere(request, state, on: connection) }
        return answer(request, state, on: connection)
    }

    /// Suspends the connection and runs the request on the slow-work queue; when its answer
    /// is ready the connection is resumed, and libmicrohttpd calls the access handler again
    /// on the polling thread, which queues it (`requestComplete`).
    private func answerElsewhere(_ request: Request, _ state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        state.isRunningElsewhere = true
        MHD_suspend_connection(connection)
        suspendedForSlowWork.add(1, ordering: .relaxed)
        let handle = SuspendedConnection(pointer: connection, state: state)
        slowWork.async { [self] in
            let response = dispatch.respond(to: request)
            handle.state.finished.withLock { $0 = (request, response) }
            MHD_resume_connection(handle.pointer)
            suspendedForSlowWork.subtract(1, ordering: .releasing)
        }
        return .YES
    }

    private func answer(_ request: Request, _ state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        // Marked, so argon2 or image work started by a route that did not say it is slow stops.
        let response = PollingThread.run { dispatch.respond(to: request) }
        let queued = queue(response, for: request, on: connection)
        state.responseQueued = queued
        return queued ? .YES : .NO
    }

    /// Hands a response to libmicrohttpd. Returns false if it was refused.
    private func queue(_ response: Response, for request: Request, on connection: OpaquePointer) -> Bool {
        var stream: StreamConnection?
        let handle: OpaquePointer?
        switch response.body {
        case .empty:
            handle = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .bytes(let bytes):
            handle = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .shared(let bytes):
            handle = MHD_create_response_from_buffer_with_free_callback_cls(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.buffer.baseAddress), releaseSharedBytes, Unmanaged.passRetained(bytes).toOpaque())
        case .file(let region):
            guard let descriptor = region.takeDescriptor() else { return false }
            handle = MHD_create_response_from_fd_at_offset64(UInt64(region.length), descriptor, UInt64(region.offset))
        case .stream:
            let connectionStream = StreamConnection(connection: connection, daemon: self)
            stream = connectionStream
            // The body ends with the connection, so its bytes go out as written: libmicrohttpd
            // reads them a block at a time (allocated, and zeroed, with the response, for the
            // stream's whole life), and the writer may send them on the socket itself.
            handle = MHD_create_response_from_callback(
                UInt64.max /* MHD_SIZE_UNKNOWN */, Self.streamBlockSize, streamReader,
                Unmanaged.passRetained(connectionStream).toOpaque(), streamReleased)
            if let handle, fotofolio_mhd_close_delimited(handle) == 0 {
                MHD_destroy_response(handle)
                return false
            }
        case .pull(let body):
            // Unlike a stream, this body is chunked: the client can tell a complete download
            // (terminating chunk) from one cut short by a failing `read` (none; the connection
            // closes), and keep-alive survives. libmicrohttpd calls the reader only when the
            // socket takes more, so a slow client stalls the producer instead of queueing its
            // output. The body's blocks are made ahead off this thread (`PulledConnection`).
            // The context is released in `pulledBodyReleased`.
            let isHead = request.method == .head
            let pulled = PulledConnection(body: body, isHead: isHead, connection: connection, daemon: self,
                                          requestID: request.id, logger: logger)
            let context = Unmanaged.passRetained(pulled)
            handle = MHD_create_response_from_callback(
                UInt64.max /* MHD_SIZE_UNKNOWN */, Self.pulledBlockSize, pulledBodyReader,
                context.toOpaque(), pulledBodyReleased)
            // Without a response, libmicrohttpd never calls the free callback.
            if handle == nil { context.release() }
            // libmicrohttpd 0.9.75 sends a chunked body's terminating chunk even after the
            // head of a HEAD response, which the client then reads as the start of the next
            // response. Ending HEAD's (empty) body with the connection sends the head alone.
            if isHead, let handle, fotofolio_mhd_close_delimited(handle) == 0 {
                MHD_destroy_response(handle)
                return false
            }
        }
        guard let handle else { return false }
        defer { MHD_destroy_response(handle) }
        for field in response.headers where !Self.isManaged(field.name) {
            // withCString lends the string's own storage; implicit bridging would copy it.
            field.name.withCString { name in
                field.value.withCString { value in _ = MHD_add_response_header(handle, name, value) }
            }
        }
        guard MHD_queue_response(connection, UInt32(response.status.code), handle) == .YES else { return false }
        if let stream, case .stream(let body) = response.body {
            stream.register()
            body.start(stream.writer)
        }
        return true
    }

    /// What libmicrohttpd sends of a stream per call when the writer could not send it all
    /// itself (a burst, a slow client).
    static let streamBlockSize = 1024

    /// The block libmicrohttpd allocates with a pulled body's response: large enough that a
    /// fast client is not held up by per-call overhead, small enough to keep per download.
    static let pulledBlockSize = 64 * 1024

    /// Framing headers libmicrohttpd writes itself.
    private static func isManaged(_ name: String) -> Bool {
        name == "content-length" || name == "transfer-encoding" || name == "connection"
    }
}

/// Joins a `ResponseStreamWriter` to the suspended-or-not connection it feeds.
/// Retained by libmicrohttpd's response (released in `streamReleased`).
final class StreamConnection: @unchecked Sendable {
    // @unchecked: the connection pointer is only used for MHD_suspend_connection (on the
    // connection's own thread, inside the reader callback) and MHD_resume_connection (safe
    // from any thread, and only ever after a suspend — see ResponseStreamWriter).
    // `hangUpWatch` is written in `register` (on the connection's thread, before the stream
    // starts) and read in `closed` (after libmicrohttpd is done with the response).
    private let connection: OpaquePointer
    private weak var daemon: HTTPDaemon?
    private(set) var writer: ResponseStreamWriter!
    private var hangUpWatch: UInt64?
    /// The connection's socket, set in `register`; -1 until then.
    private var socket: Int32 = -1

    init(connection: OpaquePointer, daemon: HTTPDaemon) {
        self.connection = connection
        self.daemon = daemon
        let handle = ConnectionHandle(pointer: connection)
        writer = ResponseStreamWriter { MHD_resume_connection(handle.pointer) }
    }

    func suspend() { MHD_suspend_connection(connection) }

    func register() {
        daemon?.liveStreams.withLock { $0[ObjectIdentifier(self)] = writer }
        socket = fotofolio_mhd_connection_socket(connection)
        writer.sendsDirectly(on: socket)
        hangUpWatch = daemon?.hangUps.watch(socket: socket, writer: writer)
    }

    /// The body is over (the writer finished it, and all of it went out). With
    /// MHD_USE_TURBO, libmicrohttpd marks the connection closed without shutting its socket
    /// down and closes the descriptor only when its loop next looks at the connection: at
    /// once when it is the thread's least recently active one, else when the older ones
    /// close or time out (60 s later). Shutting down the sending side tells the client now;
    /// the descriptor is still libmicrohttpd's to close. Called on the connection's thread.
    func ended() {
        if socket >= 0 { shutdown(socket, Int32(SHUT_WR)) }
    }

    func closed() {
        if let hangUpWatch { daemon?.hangUps.forget(hangUpWatch) }
        writer.connectionClosed()
        daemon?.liveStreams.withLock { $0[ObjectIdentifier(self)] = nil }
    }
}

/// A suspended connection and its request's state, handed to the slow-work queue.
/// @unchecked: the queue only stores into `state.finished` (a mutex) and resumes the
/// connection (safe from any thread, and only after the suspend on the polling thread).
private struct SuspendedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
    let state: RequestState
}

/// A libmicrohttpd connection pointer that may cross threads to be resumed.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Short request ids unique within the process: a random prefix and a counter.
enum RequestID {
    private static let prefix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private static let counter = Atomic<UInt64>(0)

    static func next() -> String {
        let number = counter.add(1, ordering: .relaxed).newValue
        return "\(prefix)-\(String(number, radix: 36))"
    }
}
