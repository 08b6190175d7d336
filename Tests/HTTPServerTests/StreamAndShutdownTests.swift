import Foundation
import RawHTTP
import Synchronization
import Testing
import Waiting
@testable import HTTPServer

/// Holds stream writers handed out by a route, so a test can write to them later.
final class WriterBox: Sendable {
    private let writers = Mutex<[ResponseStreamWriter]>([])
    func add(_ writer: ResponseStreamWriter) { writers.withLock { $0.append(writer) } }
    var all: [ResponseStreamWriter] { writers.withLock { $0 } }
}

/// Work a test holds in flight: the handler says when it has started and finishes once the
/// test lets it.
final class HeldWork: Sendable {
    let started = Atomic<Bool>(false)
    let released = Atomic<Bool>(false)

    func run() -> Response {
        started.store(true, ordering: .releasing)
        _ = eventually(within: .seconds(10)) { released.load(ordering: .acquiring) }
        return .text("finished")
    }
}

@Suite struct StreamAndShutdownTests {
    static func server(writers: WriterBox, work: HeldWork = HeldWork(), grace: Duration = .seconds(5)) throws -> TestServer {
        try TestServer(shutdownGrace: grace) { router in
            router.get("/stream") { _ in
                Response(headers: ["Content-Type": "text/event-stream"], body: .stream(ResponseStream { writer in
                    writers.add(writer)
                }))
            }
            // Off the polling threads, so a held request does not hold up the stream's.
            router.add(.get, "/slow", options: RouteOptions(isSlow: true)) { _ in work.run() }
            router.get("/") { _ in .text("home") }
        }
    }

    /// A server with one stream open, its response head read.
    struct OpenStream {
        let server: TestServer
        let connection: RawConnection
        let head: RawConnection.Response
        let writer: ResponseStreamWriter
    }

    static func openStream() throws -> OpenStream {
        let writers = WriterBox()
        let server = try Self.server(writers: writers)
        let connection = try server.connect()
        connection.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(eventually { writers.all.count == 1 })
        // Reading headers proves the idle stream did not block the response from starting.
        let head = try connection.readResponseHead()
        #expect(head.status == 200)
        return OpenStream(server: server, connection: connection, head: head, writer: writers.all[0])
    }

    @Test func streamSendsWritesAsTheyHappenAfterIdling() throws {
        let stream = try Self.openStream()
        // The body ends with the connection: its bytes are sent as written.
        #expect(stream.head.headers["transfer-encoding"] == nil)
        #expect(stream.head.headers["content-length"] == nil)
        #expect(stream.head.headers["connection"]?.lowercased() == "close")
        for message in ["one", "two"] {
            stream.writer.write("data: \(message)\n\n")
            #expect(String(decoding: try stream.connection.readBytes(11), as: UTF8.self) == "data: \(message)\n\n")
        }
    }

    /// A producer feeding many streams queues to each and flushes after: nothing is sent
    /// until the flush, and then what was queued goes out in one piece.
    @Test func queuedBytesWaitForTheFlushAndGoOutTogether() throws {
        let stream = try Self.openStream()
        let (connection, writer) = (stream.connection, stream.writer)
        #expect(writer.queue(Array("data: one\n\n".utf8)))
        #expect(writer.queue(Array("data: two\n\n".utf8)))
        #expect(throws: (any Error).self) { try connection.readSome(timeout: .milliseconds(300)) }
        writer.flush()
        #expect(String(decoding: try connection.readBytes(22), as: UTF8.self) == "data: one\n\ndata: two\n\n")
        withExtendedLifetime(stream) {}
    }

    /// A burst larger than the socket's buffers (a client that is not reading) arrives whole
    /// and in order: what the writer could not send itself, libmicrohttpd sends as the
    /// client reads, and the stream goes on after it.
    @Test func aBurstLargerThanTheSocketTakesArrivesWhole() throws {
        let stream = try Self.openStream()
        let (connection, writer) = (stream.connection, stream.writer)
        let burst = (0..<14_000).map { "data: event \($0) \(String(repeating: "ž", count: 20))\n\n" }.joined()
        for line in burst.split(separator: "\n\n", omittingEmptySubsequences: true) { writer.queue(Array((line + "\n\n").utf8)) }
        writer.flush()
        #expect(burst.utf8.count < ResponseStreamWriter.maximumBacklog)
        #expect(try connection.readBytes(burst.utf8.count, timeout: .seconds(20)) == Array(burst.utf8))
        writer.write("data: after\n\n")
        #expect(String(decoding: try connection.readBytes(13), as: UTF8.self) == "data: after\n\n")
        withExtendedLifetime(stream) {}
    }

    @Test func idleStreamsDoNotHoldUpOtherRequests() throws {
        let writers = WriterBox()
        let server = try Self.server(writers: writers)
        // More idle streams than polling threads: each must be suspended, not spinning or blocking.
        let streams = try (0..<8).map { _ in try server.connect() }
        for stream in streams { stream.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n") }
        #expect(eventually { writers.all.count == 8 })
        #expect(try server.get("/").text == "home")
    }

    @Test func finishingAStreamEndsTheBodyAndTheConnection() throws {
        let writers = WriterBox()
        let server = try Self.server(writers: writers)
        let connection = try server.connect()
        connection.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(eventually { writers.all.count == 1 })
        writers.all[0].write("last")
        writers.all[0].finish()
        let response = try connection.readResponse()
        #expect(response.text == "last")
    }

    /// An idle keep-alive connection older than the stream is open meanwhile: the client still
    /// reads the end at once, not when the server next gets round to the stream's connection
    /// (the idle timeout, 60 s).
    @Test func aFinishedStreamEndsAtOnceWhileAnOlderConnectionWaits() throws {
        let writers = WriterBox()
        // One polling thread: both connections are in its lists.
        let server = try TestServer(threads: 1) { router in
            router.get("/stream") { _ in Response(headers: ["Content-Type": "text/event-stream"], body: .stream(ResponseStream { writer in writers.add(writer) })) }
            router.get("/") { _ in .text("home") }
        }
        let older = try server.connect()
        older.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try older.readResponse().text == "home")
        let stream = try server.connect()
        stream.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try stream.readResponseHead().status == 200)
        #expect(eventually { writers.all.count == 1 })
        writers.all[0].write("data: last\n\n")
        #expect(String(decoding: try stream.readBytes(12), as: UTF8.self) == "data: last\n\n")
        writers.all[0].finish()
        #expect(stream.closesWithin(.seconds(20)))
        withExtendedLifetime(older) {}
    }

    @Test func writerLearnsWhenTheClientLeaves() throws {
        let writers = WriterBox()
        let server = try Self.server(writers: writers)
        var connection: RawConnection? = try server.connect()
        connection?.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(eventually { writers.all.count == 1 })
        let closed = Atomic<Bool>(false)
        writers.all[0].onClose { closed.store(true, ordering: .relaxed) }
        connection = nil
        // A suspended connection only notices the client is gone when it next writes.
        #expect(eventually { writers.all[0].write("ping"); return closed.load(ordering: .relaxed) })
        #expect(!writers.all[0].write("after close"))
    }

    @Test func anIdleStreamEndsAsSoonAsItsClientLeaves() throws {
        let writers = WriterBox()
        let server = try Self.server(writers: writers)
        var connection: RawConnection? = try server.connect()
        connection?.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try connection?.readResponseHead().status == 200)
        #expect(eventually { writers.all.count == 1 })
        let closed = Atomic<Bool>(false)
        writers.all[0].onClose { closed.store(true, ordering: .relaxed) }
        connection = nil
        // Nothing is ever written to the stream: the server notices the hang-up by itself.
        #expect(eventually(within: .seconds(10)) { closed.load(ordering: .relaxed) })
        #expect(server.daemon.liveStreams.withLock { $0.isEmpty })
    }

    @Test func shutdownLetsInFlightRequestsFinishAndClosesStreams() throws {
        let writers = WriterBox()
        let work = HeldWork()
        let server = try Self.server(writers: writers, work: work)
        let stream = try server.connect()
        stream.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(eventually { writers.all.count == 1 })
        let slow = try server.connect()
        slow.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(eventually { work.started.load(ordering: .acquiring) })
        let port = server.port
        let stopped = Atomic<Bool>(false)
        let daemon = server.daemon
        Thread.detachNewThread {
            daemon.shutdown()
            stopped.store(true, ordering: .releasing)
        }
        // The stream ends, and its connection: shutdown has begun, with the request in flight.
        #expect(try stream.readResponse().status == 200)
        let stoppedEarly = stopped.load(ordering: .acquiring)
        #expect(!stoppedEarly, "shutdown did not wait for the request in flight")
        // A request that arrives meanwhile is told to come back, and its connection closed.
        let late = try server.connect()
        late.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        let refusal = try late.readResponse()
        #expect(refusal.status == 503)
        #expect(refusal.headers["retry-after"] == "5")
        work.released.store(true, ordering: .releasing)
        #expect(try slow.readResponse().text == "finished")
        #expect(eventually { stopped.load(ordering: .acquiring) })
        #expect(throws: RawConnection.Failure.self) { try RawConnection(port: port) }
    }
}
