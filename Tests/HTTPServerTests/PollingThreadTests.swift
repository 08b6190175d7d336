import Dispatch
import Foundation
import PollingThreads
import RawHTTP
import Synchronization
import Testing
@testable import HTTPServer

/// Work that must never hold a polling thread (argon2, decoding a photo, making the next
/// block of an archive) runs elsewhere: a handler knows whether it is on one, a pulled body
/// is made off it, and a debug build stops when refused work starts on one.
@Suite struct PollingThreadTests {
    /// Where the handlers and the body found themselves.
    final class Seen: Sendable {
        let fastOnPollingThread = Atomic<Int>(-1)
        let slowOnPollingThread = Atomic<Int>(-1)
        let bodyOnPollingThread = Atomic<Int>(-1)
    }

    /// A body whose first block waits until the test lets it go, and says when it has started.
    final class Gate: @unchecked Sendable {
        // @unchecked: semaphores only.
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
    }

    static func server(_ gate: Gate, seen: Seen) throws -> TestServer {
        try TestServer(threads: 1) { router in
            router.get("/fast") { _ in
                seen.fastOnPollingThread.store(PollingThread.isCurrent ? 1 : 0, ordering: .relaxed)
                return .text("fast")
            }
            router.add(.get, "/slow", options: .slow) { _ in
                seen.slowOnPollingThread.store(PollingThread.isCurrent ? 1 : 0, ordering: .relaxed)
                return .text("slow")
            }
            router.get("/archive") { _ in
                let blocks = Atomic<Int>(0)
                return Response(headers: ["Content-Type": "application/zip"], body: .pull(PulledBody { buffer in
                    seen.bodyOnPollingThread.store(PollingThread.isCurrent ? 1 : 0, ordering: .relaxed)
                    switch blocks.add(1, ordering: .relaxed).newValue {
                    case 1:
                        gate.started.signal()
                        gate.release.wait()
                        buffer.copyBytes(from: Array("first ".utf8))
                        return 6
                    case 2:
                        buffer.copyBytes(from: Array("second".utf8))
                        return 6
                    default:
                        return 0
                    }
                }))
            }
        }
    }

    @Test func aRouteNotMarkedSlowRunsOnThePollingThreadAndASlowOneOffIt() throws {
        let seen = Seen()
        let server = try Self.server(Gate(), seen: seen)
        #expect(try server.get("/fast").text == "fast")
        #expect(try server.get("/slow").text == "slow")
        #expect(seen.fastOnPollingThread.load(ordering: .relaxed) == 1)
        #expect(seen.slowOnPollingThread.load(ordering: .relaxed) == 0)
        #expect(!PollingThread.isCurrent, "the mark ends with the answer")
    }

    /// On a server with one polling thread, a pulled body whose next block takes long (the
    /// next photo of an archive) holds up no other connection, and goes on when it is ready.
    @Test func aPulledBodyMakingItsNextBlockHoldsUpNoOtherConnection() throws {
        let gate = Gate()
        let seen = Seen()
        let server = try Self.server(gate, seen: seen)
        defer { gate.release.signal() }
        let archive = try server.connect()
        archive.send("GET /archive HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(gate.started.wait(timeout: .now() + 10) == .success)
        // The only polling thread is free while the body's first block is being made.
        #expect(try server.get("/fast").text == "fast")
        gate.release.signal()
        let response = try archive.readResponse(timeout: .seconds(20))
        #expect(response.status == 200)
        #expect(response.text == "first second")
        #expect(seen.bodyOnPollingThread.load(ordering: .relaxed) == 0)
        // Kept alive: the same connection takes the next request.
        archive.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try archive.readResponse().text == "fast")
    }

    /// A body's admission is asked on the polling thread as the handler would be, marked as
    /// such: its reads (the session, the room) take the thread's own connection.
    @Test func aBodysAdmissionIsAskedMarkedAsPolling() throws {
        struct Recording: BodyAdmission {
            let seen: Seen
            func admit(_ head: Request) -> Admission {
                seen.fastOnPollingThread.store(PollingThread.isCurrent ? 1 : 0, ordering: .relaxed)
                return .admitted(release: {})
            }
        }
        let seen = Seen()
        let admission = Recording(seen: seen)
        let server = try TestServer(threads: 1) { router in
            router.add(.post, "/upload", options: RouteOptions(admission: admission)) { request in .text("\(request.body.count)") }
        }
        let response = try server.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        #expect(response.status == 200)
        #expect(response.text == "5")
        #expect(seen.fastOnPollingThread.load(ordering: .relaxed) == 1)
        #expect(!PollingThread.isCurrent)
    }

    #if DEBUG
    /// A debug build stops where refused work starts on a polling thread, so the route that
    /// forgot `RouteOptions.slow` fails its tests instead of stalling a server.
    @Test func refusedWorkOnAPollingThreadStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            PollingThread.run { PollingThread.refuse("argon2") }
        }
        // Anywhere else it is only noted as allowed.
        PollingThread.refuse("argon2")
    }
    #endif
}
