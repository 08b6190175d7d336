import CMicroHTTPD
import Foundation
import Synchronization

/// Notices at once when the client of a streamed response hangs up.
///
/// libmicrohttpd takes a suspended connection out of its own polling, so an idle stream
/// would only learn its client is gone when a write fails: a heartbeat or two later. This
/// watches each stream's socket for the peer's hang-up (`EPOLLRDHUP`, `EPOLLHUP`,
/// `EPOLLERR`) on one thread of its own and tells the stream's writer, which then ends the
/// response with an error so libmicrohttpd closes the connection. A stream's client never
/// sends anything after its request, so the peer closing its side means it has left.
///
/// Each watch is one-shot and named by a token that is never reused: a socket closed by
/// libmicrohttpd leaves the epoll set by itself, and an event for a stream already over
/// finds no writer and is ignored. `@unchecked Sendable`: the descriptors are set once and
/// the watched writers live behind a mutex.
final class HangUpWatch: @unchecked Sendable {
    private let epoll: Int32
    /// Written to once to stop the thread.
    private let wakePipe: (read: Int32, write: Int32)
    private let watched = Mutex<[UInt64: ResponseStreamWriter]>([:])
    private let nextToken = Atomic<UInt64>(1)
    private let thread = Mutex<Thread?>(nil)
    private static let stopToken: UInt64 = 0

    init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        } else {
            ends = [-1, -1]
        }
        wakePipe = (ends[0], ends[1])
        if epoll >= 0, wakePipe.read >= 0 { add(wakePipe.read, events: UInt32(EPOLLIN.rawValue), token: Self.stopToken) }
    }

    deinit {
        stop()
        for descriptor in [epoll, wakePipe.read, wakePipe.write] where descriptor >= 0 { close(descriptor) }
    }

    /// Starts the watching thread (once).
    func start() {
        thread.withLock { thread in
            guard thread == nil, epoll >= 0 else { return }
            let started = Thread { [self] in run() }
            started.name = "http.hang-ups"
            started.start()
            thread = started
        }
    }

    /// Stops the thread; watches already made are forgotten.
    func stop() {
        let running = thread.withLock { $0 != nil }
        guard running, wakePipe.write >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    /// Watches `socket` until its client hangs up, then tells `writer`. Returns the token
    /// to `forget` the watch by, or nil if the socket cannot be watched.
    func watch(socket: Int32, writer: ResponseStreamWriter) -> UInt64? {
        guard epoll >= 0, socket >= 0 else { return nil }
        let token = nextToken.add(1, ordering: .relaxed).newValue
        watched.withLock { $0[token] = writer }
        let events = UInt32(EPOLLRDHUP.rawValue) | UInt32(EPOLLONESHOT.rawValue)
        guard add(socket, events: events, token: token) else {
            watched.withLock { $0[token] = nil }
            return nil
        }
        return token
    }

    /// The stream is over; an event still to come for its token is ignored.
    func forget(_ token: UInt64) {
        watched.withLock { $0[token] = nil }
    }

    /// Registers `descriptor`; a keep-alive connection that carried a stream before is
    /// still registered (disarmed or with an old token), so it is re-armed instead.
    @discardableResult
    private func add(_ descriptor: Int32, events: UInt32, token: UInt64) -> Bool {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        if epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) == 0 { return true }
        guard errno == EEXIST else { return false }
        return epoll_ctl(epoll, EPOLL_CTL_MOD, descriptor, &event) == 0
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while true {
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epoll, $0.baseAddress, Int32($0.count), -1) }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            for event in events.prefix(Int(count)) {
                let token = event.data.u64
                if token == Self.stopToken {
                    var byte: UInt8 = 0
                    _ = read(wakePipe.read, &byte, 1)
                    thread.withLock { $0 = nil }
                    return
                }
                watched.withLock { $0.removeValue(forKey: token) }?.clientHungUp()
            }
        }
    }
}
