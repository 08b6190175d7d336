import Dispatch
import Foundation
import PollingThreads
import RawHTTP
import Synchronization
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

    /// A route slow for the files it takes (photos to decode) runs off the polling thread only
    /// for a request that brings one: a message without a photo is answered on the polling
    /// thread, its connection never suspended, on the daemon and in the in-process client.
    @Test func aRouteSlowForItsFilesRunsElsewhereOnlyWhenARequestBringsOne() throws {
        let polling = Mutex<[String: Bool]>([:])
        let configure = { (router: inout Router) in
            router.post("/send", options: RouteOptions(acceptsUploads: true, isSlow: true)) { request in
                polling.withLock { $0[request.form["n"] ?? ""] = PollingThread.isCurrent }
                return .text("\(request.form.files.count)")
            }
        }
        let server = try TestServer(threads: 1, configure: configure)
        let boundary = "----b"
        func multipart(_ n: String, file: Bool) -> String {
            var body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\n\(n)\r\n"
            if file {
                body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.txt\"\r\n"
                    + "Content-Type: text/plain\r\n\r\nhello\r\n"
            }
            body += "--\(boundary)--\r\n"
            return "POST /send HTTP/1.1\r\nHost: t\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        }
        #expect(try server.send(multipart("text", file: false)).text == "0")
        #expect(try server.send(multipart("photo", file: true)).text == "1")
        #expect(try server.send("POST /send HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                                + "Content-Length: 6\r\n\r\nn=form").text == "0")
        #expect(polling.withLock { $0 } == ["text": true, "photo": false, "form": true])
        // The in-process client decides the same way.
        var router = Router()
        configure(&router)
        let client = try InProcessClient(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, temporaryDirectory: server.directory + "/in-process"),
                                         router: router)
        polling.withLock { $0.removeAll() }
        for (n, file) in [("photo", true), ("text", false)] {
            let request = multipart(n, file: file)
            let body = request.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            var headers = HTTPHeaders()
            headers.set("Content-Type", "multipart/form-data; boundary=\(boundary)")
            guard case .bytes(let answer) = client.respond(method: "POST", target: "/send", headers: headers, body: Array(body.utf8)).body
            else { Issue.record("no answer"); continue }
            #expect(String(decoding: answer, as: UTF8.self) == (file ? "1" : "0"))
        }
        #expect(polling.withLock { $0 } == ["photo": false, "text": true])
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
