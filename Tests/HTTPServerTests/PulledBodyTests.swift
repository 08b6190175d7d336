import Foundation
import RawHTTP
import Synchronization
import Testing
import Waiting
@testable import HTTPServer

/// Bytes i % 251 from a position on: a body that is never held in memory, only counted.
private enum Pattern {
    static let period = 251
    /// One period more than the largest piece copied at a time.
    static let bytes: [UInt8] = (0..<(period + 65_536)).map { UInt8($0 % period) }

    static func fill(_ buffer: UnsafeMutableRawBufferPointer, from position: Int) {
        var done = 0
        while done < buffer.count {
            let count = min(buffer.count - done, 65_536)
            bytes.withUnsafeBytes { source in
                let start = (position + done) % period
                UnsafeMutableRawBufferPointer(rebasing: buffer[done..<(done + count)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<(start + count)]))
            }
            done += count
        }
    }

    static func matches(_ chunk: [UInt8], at position: Int) -> Bool {
        var done = 0
        while done < chunk.count {
            let count = min(chunk.count - done, 65_536)
            let start = (position + done) % period
            // memcmp: a byte-wise comparison in a debug build would take longer than the download.
            let same = chunk.withUnsafeBytes { received in
                bytes.withUnsafeBytes { expected in memcmp(received.baseAddress! + done, expected.baseAddress! + start, count) == 0 }
            }
            guard same else { return false }
            done += count
        }
        return true
    }
}

/// What a test watches of the bodies it serves: how far they got, and whether the server let
/// go of them.
private final class Progress: Sendable {
    let position = Atomic<Int>(0)
    let reads = Atomic<Int>(0)
    let released = Atomic<Bool>(false)
}

/// A counter producing `total` bytes of `Pattern`, throwing once `failAt` bytes are out.
/// Only the body holds it: its deinit says the server released the body.
private final class CountingProducer: Sendable {
    struct Broken: Error {}
    let total: Int
    let failAt: Int?
    let progress: Progress

    init(total: Int, failAt: Int? = nil, progress: Progress) {
        self.total = total
        self.failAt = failAt
        self.progress = progress
    }

    deinit { progress.released.store(true, ordering: .releasing) }

    // Called one at a time (by the body's producer), so load-then-store is not a race.
    func read(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        progress.reads.add(1, ordering: .relaxed)
        let position = progress.position.load(ordering: .acquiring)
        if let failAt, position >= failAt { throw Broken() }
        let count = min(buffer.count, total - position, (failAt ?? .max) - position)
        Pattern.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]), from: position)
        progress.position.store(position + count, ordering: .releasing)
        return count
    }

    var body: ResponseBody { .pull(PulledBody { try self.read($0) }) }
}

private func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return kilobytes * 1024
}

private func tool(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
    }
    return nil
}

@Suite struct PulledBodyTests {
    /// A body twice the memory growth allowed while it goes out, so a server holding it fails
    /// the bound: 128 MB, or 200 MB as in a real gallery download with `FOTOFOLIO_LARGE_TESTS=1`
    /// (`make test-large`). Resident memory is the whole process's, and the other suites
    /// running meanwhile were seen adding 24 MB to it: the bound stays well above that.
    static let large = (ProcessInfo.processInfo.environment["FOTOFOLIO_LARGE_TESTS"] == nil ? 128 : 200) * 1024 * 1024
    static let allowedGrowth = large / 2
    /// What the socket buffers and libmicrohttpd's hold between the producer and a client
    /// that reads nothing, and more: production stops short of it.
    static let inFlight = 32 * 1024 * 1024

    private static func server(total: Int, failAt: Int? = nil, progress: Progress) throws -> TestServer {
        try TestServer { router in
            // GET routes answer HEAD too.
            router.add(.get, "/download") { _ in
                Response(headers: ["Content-Type": "application/octet-stream"],
                         body: CountingProducer(total: total, failAt: failAt, progress: progress).body)
            }
        }
    }

    /// A large body goes out as fast as the client reads and no faster: while it does not
    /// read, the producer stops once the socket buffers are full, it is never further ahead
    /// of the client than that, and memory does not grow with the body.
    @Test func largeBodyIsProducedAsTheClientReads() throws {
        let progress = Progress()
        let server = try Self.server(total: Self.large, progress: progress)
        let connection = try server.connect()
        let before = residentBytes()
        connection.send("GET /download HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try connection.readResponseHead()
        #expect(head.status == 200)
        #expect(head.headers["transfer-encoding"]?.lowercased() == "chunked")
        #expect(head.headers["content-length"] == nil)

        // Slow at first: not reading at all, until the producer has stopped (libmicrohttpd
        // asks for no more while the socket cannot take it). The pause below cannot make
        // the test flaky: a producer merely slow, not stopped, only has produced less when
        // the bound is checked; one that never stops (no back-pressure) fails at the deadline.
        var last = -1
        let stalled = eventually(within: .seconds(30)) {
            let now = progress.position.load(ordering: .acquiring)
            defer { last = now }
            guard now == last, now > 0 else { return false }
            // Unchanged across a pause the size of many block sends: stalled.
            Thread.sleep(forTimeInterval: 0.2)
            return progress.position.load(ordering: .acquiring) == now
        }
        #expect(stalled)
        let stalledAt = progress.position.load(ordering: .acquiring)
        #expect(stalledAt < Self.inFlight, "produced \(stalledAt) bytes for a client that read none")

        var received = 0
        var peak = residentBytes()
        var chunks = 0
        var ahead = 0
        while true {
            let chunk = try connection.readChunk(timeout: .seconds(30))
            if chunk.isEmpty { break } // the terminating zero chunk: a complete body
            guard Pattern.matches(chunk, at: received) else {
                Issue.record("wrong bytes in the chunk at \(received)")
                return
            }
            received += chunk.count
            chunks += 1
            if chunks % 256 == 0 { peak = max(peak, residentBytes()) }
            ahead = max(ahead, progress.position.load(ordering: .acquiring) - received)
        }
        #expect(received == Self.large)
        #expect(progress.position.load(ordering: .acquiring) == Self.large)
        #expect(ahead < Self.inFlight, "the producer ran \(ahead) bytes ahead of the client")
        // Other tests run in this process meanwhile; the body held would show far above this.
        #expect(peak - before < Self.allowedGrowth, "resident memory grew by \(peak - before) bytes")
        #expect(eventually { progress.released.load(ordering: .acquiring) }, "the body is released once sent")

        // The connection stays usable (keep-alive).
        connection.send("HEAD /download HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try connection.readResponse(bodyExpected: false).status == 200)
    }

    /// A `read` that throws midway ends the response without the terminating chunk and
    /// closes the connection: the client can tell the download is incomplete.
    @Test func throwingReadTruncatesTheChunkedBody() throws {
        let progress = Progress()
        let failAt = 1_000_000
        let server = try Self.server(total: Self.large, failAt: failAt, progress: progress)
        let connection = try server.connect()
        connection.send("GET /download HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try connection.readResponseHead()
        #expect(head.status == 200)
        #expect(head.headers["transfer-encoding"]?.lowercased() == "chunked")
        #expect(connection.closesWithin(.seconds(20)))
        let raw = (try? connection.readSome(timeout: .milliseconds(1))) ?? []

        // Whole chunks up to the failure, and no zero chunk after them.
        var offset = 0
        var body: [UInt8] = []
        var sawEnd = false
        while let lineEnd = raw[offset...].firstRange(of: [13, 10]) {
            let size = Int(String(decoding: raw[offset..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? -1
            guard size >= 0, lineEnd.upperBound + size + 2 <= raw.count else { break }
            if size == 0 { sawEnd = true; break }
            body += raw[lineEnd.upperBound..<(lineEnd.upperBound + size)]
            offset = lineEnd.upperBound + size + 2
        }
        #expect(!sawEnd, "a failed body must not look complete")
        #expect(body.count <= failAt && Pattern.matches(body, at: 0))
        #expect(eventually { progress.released.load(ordering: .acquiring) }, "the body is released when it fails")

        // curl, too, reports the transfer as cut short (18: partial file).
        if let curl = tool("curl") {
            let curlRun = Process()
            curlRun.executableURL = URL(fileURLWithPath: curl)
            curlRun.arguments = ["-sS", "-o", "/dev/null", "http://127.0.0.1:\(server.port)/download"]
            let errors = Pipe()
            curlRun.standardError = errors
            try curlRun.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            curlRun.waitUntilExit()
            #expect(curlRun.terminationStatus == 18, "curl: \(curlRun.terminationStatus) \(message)")
        }
    }

    /// The head alone, then the connection closes: libmicrohttpd 0.9.75 would follow a
    /// chunked HEAD response with a terminating chunk, which a client would take for the
    /// start of its next response.
    @Test func headSendsTheHeadAloneAndNeverReads() throws {
        let progress = Progress()
        let server = try Self.server(total: 1000, progress: progress)
        let connection = try server.connect()
        connection.send("HEAD /download HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try connection.readResponseHead()
        #expect(head.status == 200)
        #expect(head.headers["content-type"] == "application/octet-stream")
        #expect(head.headers["content-length"] == nil && head.headers["transfer-encoding"] == nil)
        #expect(head.headers["connection"]?.lowercased() == "close")
        #expect(connection.closesWithin(.seconds(20)))
        #expect(((try? connection.readSome(timeout: .milliseconds(1))) ?? []).isEmpty, "nothing after the head")
        #expect(eventually { progress.released.load(ordering: .acquiring) })
        #expect(progress.reads.load(ordering: .relaxed) == 0)

        // A GET after it, on a new connection, has the whole body.
        let get = try server.get("/download")
        #expect(get.body.count == 1000 && Pattern.matches(get.body, at: 0))
    }

    @Test func inProcessClientReadsTheWholeBody() throws {
        let progress = Progress()
        let brokenProgress = Progress()
        var router = Router()
        router.add(.get, "/download") { _ in CountingProducer(total: 300_000, progress: progress).body.asResponse }
        router.add(.get, "/broken") { _ in
            CountingProducer(total: 300_000, failAt: 100_000, progress: brokenProgress).body.asResponse
        }
        let directory = NSTemporaryDirectory() + "pulled-in-process-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = try InProcessClient(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, temporaryDirectory: directory),
                                         router: router)

        let head = client.respond(method: "HEAD", target: "/download")
        #expect(progress.reads.load(ordering: .relaxed) == 0, "HEAD does not read the body")
        guard case .empty = head.body else { Issue.record("HEAD has a body"); return }
        #expect(head.headers["transfer-encoding"] == nil && head.headers["connection"] == "close")

        let whole = client.respond(method: "GET", target: "/download")
        guard case .bytes(let bytes) = whole.body else { Issue.record("no bytes in process"); return }
        #expect(bytes.count == 300_000 && Pattern.matches(bytes, at: 0))
        #expect(whole.headers["transfer-encoding"] == "chunked")
        #expect(whole.headers["content-length"] == nil && whole.headers["connection"] == nil)

        let broken = client.respond(method: "GET", target: "/broken")
        guard case .bytes(let partial) = broken.body else { Issue.record("no bytes in process"); return }
        #expect(partial.count == 100_000 && Pattern.matches(partial, at: 0))
        #expect(broken.headers["connection"] == "close", "cut short, as the daemon's client sees it")
    }
}

extension ResponseBody {
    fileprivate var asResponse: Response { Response(headers: ["Content-Type": "application/octet-stream"], body: self) }
}
