import Glibc
import Synchronization

/// A response body produced over time: `start` is handed a writer once the response
/// headers are queued. The body has no length and ends when the connection closes.
///
/// `start` runs on a server thread and must return promptly: keep the writer and write
/// from elsewhere (a hub, a task). While nothing is queued the connection is suspended,
/// so an idle stream costs no thread.
public final class ResponseStream: Sendable {
    let start: @Sendable (ResponseStreamWriter) -> Void

    public init(_ start: @escaping @Sendable (ResponseStreamWriter) -> Void) {
        self.start = start
    }
}

/// The producer's side of a `ResponseStream`. Safe to use from any thread.
public final class ResponseStreamWriter: Sendable {
    /// Past this many unsent bytes the client is too slow: the stream is ended rather than
    /// letting memory grow (a client can reconnect and catch up).
    public static let maximumBacklog = 1 << 20

    fileprivate struct State {
        var pending: [UInt8] = []
        var finished = false
        var closed = false
        /// The client hung up while the connection waited: the response ends with an error.
        var abandoned = false
        var suspended = false
        var closeHandlers: [@Sendable () -> Void] = []
        /// The connection's socket, which a flush writes to itself while the connection is
        /// suspended; nil when unknown.
        var socket: Int32?
    }

    private let state = Mutex(State())
    /// Wakes the suspended connection; set by the server before the stream starts.
    private let resumeConnection: @Sendable () -> Void

    init(resumeConnection: @escaping @Sendable () -> Void) {
        self.resumeConnection = resumeConnection
    }

    /// Queues bytes and sends them: `queue` and `flush` in one.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let accepted = queue(bytes)
        flush()
        return accepted
    }

    @discardableResult
    public func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// Queues bytes without waking the connection; `flush` sends them. Returns false once the
    /// stream is finished or closed (including when the backlog limit ended it: that wakes
    /// the connection at once, to end it).
    ///
    /// For a producer feeding many streams: queue to all of them, then flush each, so the
    /// streams' writes go out back to back, and the connections that must be woken (the
    /// socket did not take everything) are woken together: every wake makes
    /// libmicrohttpd's polling thread walk its whole list of suspended connections.
    @discardableResult
    public func queue(_ bytes: [UInt8]) -> Bool {
        let (accepted, wake) = state.withLock { state -> (Bool, Bool) in
            guard !state.finished, !state.closed else { return (false, false) }
            if state.pending.count + bytes.count > Self.maximumBacklog {
                state.finished = true
                state.pending.removeAll()
                return (false, state.takeSuspension())
            }
            // Into an empty buffer the frame is taken as it is: the bytes one frame shares with
            // every stream it goes to are sent from where they were made, not copied per stream.
            if state.pending.isEmpty { state.pending = bytes } else { state.pending += bytes }
            return (true, false)
        }
        if wake { resumeConnection() }
        return accepted
    }

    /// Sends what is queued. While the connection waits for bytes, they are written to its
    /// socket at once, on this thread; libmicrohttpd is woken only for what the socket did not
    /// take (a slow client) and to end the stream. Waking costs far more than the write:
    /// a cross-thread hand-off, and a walk of every suspended connection.
    public func flush() {
        let wake = state.withLock { state -> Bool in
            guard !state.pending.isEmpty || state.finished else { return false }
            if !state.finished, state.suspended, state.sendPendingDirectly() { return false }
            return state.takeSuspension()
        }
        if wake { resumeConnection() }
    }

    /// Lets `flush` write to the connection's socket while the connection is suspended.
    func sendsDirectly(on socket: Int32) {
        guard socket >= 0 else { return }
        state.withLock { $0.socket = socket }
    }

    /// Ends the stream after what is queued has been sent.
    public func finish() {
        let wake = state.withLock { state -> Bool in
            state.finished = true
            return state.takeSuspension()
        }
        if wake { resumeConnection() }
    }

    /// Called when the client hung up: what is queued is dropped and the connection, woken
    /// if it waits, ends the response with an error, so libmicrohttpd closes it at once.
    func clientHungUp() {
        let wake = state.withLock { state -> Bool in
            state.abandoned = true
            state.finished = true
            state.pending.removeAll()
            return state.takeSuspension()
        }
        if wake { resumeConnection() }
    }

    /// True once the connection is gone; writes are then dropped.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Runs `handler` once when the connection ends (at once if it already has).
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let alreadyClosed = state.withLock { state -> Bool in
            if !state.closed { state.closeHandlers.append(handler) }
            return state.closed
        }
        if alreadyClosed { handler() }
    }

    /// What the server's content reader should do next.
    enum Read {
        case bytes(Int)
        case suspend
        case end
        /// The client is gone: close the connection without ending the body.
        case fail
    }

    /// Copies queued bytes into `buffer`. When nothing is queued, calls `suspend` (which
    /// suspends the connection) under the lock, so a concurrent write cannot resume the
    /// connection before it is suspended; the next write resumes it.
    func read(into buffer: UnsafeMutableRawBufferPointer, suspend: () -> Void) -> Read {
        state.withLock { state in
            if state.abandoned { return .fail }
            if !state.pending.isEmpty {
                let count = min(buffer.count, state.pending.count)
                state.pending.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<count]))
                }
                state.pending.removeFirst(count)
                return .bytes(count)
            }
            if state.finished || state.closed { return .end }
            state.suspended = true
            suspend()
            return .suspend
        }
    }

    /// Called by the server when the connection is gone.
    func connectionClosed() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            state.closed = true
            state.suspended = false
            // The socket's number may soon name another connection.
            state.socket = nil
            state.pending.removeAll()
            defer { state.closeHandlers.removeAll() }
            return state.closeHandlers
        }
        for handler in handlers { handler() }
    }
}

extension ResponseStreamWriter.State {
    /// Writes what is pending to the socket without waiting; true when all of it went. Only
    /// while the connection is suspended: libmicrohttpd is not using the socket then, and
    /// cannot close it before it is resumed.
    fileprivate mutating func sendPendingDirectly() -> Bool {
        guard let socket, suspended else { return false }
        let sent = pending.withUnsafeBytes { bytes in
            Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
        }
        guard sent > 0 else { return false }
        if sent == pending.count {
            // An idle stream keeps no buffer: most streams are idle most of the time.
            pending.removeAll()
            return true
        }
        pending.removeFirst(sent)
        return false
    }

    /// Whoever clears the suspended flag owns the duty to resume the connection, exactly once.
    fileprivate mutating func takeSuspension() -> Bool {
        defer { suspended = false }
        return suspended
    }
}
