import Dispatch
import Foundation
import RawHTTP
import Testing
@testable import HTTPServer

/// A slow handler (photos being processed) runs off the polling thread while its connection
/// is suspended: on a server with one polling thread, other connections are answered
/// meanwhile, and the slow one gets its answer and stays open for the next request.
@Suite struct SlowRouteTests {
    /// A handler that waits until the test lets it go, and says when it has started.
    final class Gate: @unchecked Sendable {
        // @unchecked: semaphores only.
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
    }

    static func server(_ gate: Gate, slow: Bool = true) throws -> TestServer {
        try TestServer(threads: 1) { router in
            router.post("/slow", options: RouteOptions(isSlow: slow)) { request in
                gate.started.signal()
                gate.release.wait()
                return .text("done \(request.form["n"] ?? "")")
            }
            router.get("/fast") { _ in .text("fast") }
        }
    }

    @Test func otherConnectionsAreAnsweredWhileASlowHandlerWorks() throws {
        let gate = Gate()
        let server = try Self.server(gate)
        let slow = try server.connect()
        slow.send("POST /slow HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\nn=1")
        #expect(gate.started.wait(timeout: .now() + 5) == .success)
        // The only polling thread is free: the handler waits on another thread.
        let fast = try server.get("/fast")
        #expect(fast.text == "fast")
        gate.release.signal()
        #expect(try slow.readResponse().text == "done 1")
        // Kept alive: the same connection takes the next request.
        slow.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try slow.readResponse().text == "fast")
    }

    @Test func shuttingDownWaitsForASlowHandlerToAnswer() throws {
        let gate = Gate()
        final class Holder: @unchecked Sendable { var server: TestServer? } // handed to one thread at a time
        let holder = Holder()
        holder.server = try Self.server(gate)
        let slow = try holder.server!.connect()
        slow.send("POST /slow HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\nn=2")
        #expect(gate.started.wait(timeout: .now() + 5) == .success)
        let stopped = DispatchSemaphore(value: 0)
        Thread { holder.server = nil; stopped.signal() }.start()
        gate.release.signal()
        #expect(try slow.readResponse().text == "done 2")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
    }
}
