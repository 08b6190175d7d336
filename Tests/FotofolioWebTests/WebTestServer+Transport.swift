import Foundation
import FotofolioSQLite
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Synchronization

extension WebTestServer {
    /// Answers through `InProcessClient` on a thread of its own: handlers block (photo work,
    /// password hashing), as they do on the daemon's threads, and must not hold one of the
    /// few threads of Swift's concurrency pool that every test of the run shares.
    static func answer(method: String, target: String, headers: HTTPHeaders, body: Data, by client: InProcessClient) async throws -> Reply {
        let (response, reads) = await withCheckedContinuation { continuation in
            handlerThreads.async {
                continuation.resume(returning: AppDatabase.countingReads {
                    client.respond(method: method, target: target, headers: headers, body: Array(body))
                })
            }
        }
        guard case .bytes(let bytes) = response.body.readable else {
            throw TestFailure("\(method) \(target) answered with a stream, which is read over a socket: use stream(for:)")
        }
        // Repeated fields joined with commas, as FoundationNetworking shows them.
        var fields: [String: String] = [:]
        for field in response.headers {
            let name = field.name.lowercased()
            fields[name] = fields[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return Reply(status: response.status.code, headers: fields, body: String(decoding: bytes, as: UTF8.self),
                     cookies: cookies(in: fields["set-cookie"] ?? ""), readsBegun: reads)
    }

    private static let handlerThreads = DispatchQueue(label: "web-test-server.handlers", attributes: .concurrent)

    /// Sends the request with URLSession to the daemon, which it starts if need be.
    func sendOverHTTP(_ target: String, method: String, headers: HTTPHeaders, body: Data) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(daemon.port)\(target)")!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        for field in headers where field.name.lowercased() != "host" { request.setValue(field.value, forHTTPHeaderField: field.name) }
        if !body.isEmpty { request.httpBody = body }
        let session = URLSession(configuration: .ephemeral, delegate: RedirectsRefused(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields { fields[name.lowercased()] = value }
        return Reply(status: http.statusCode, headers: fields, body: String(decoding: data, as: UTF8.self),
                     cookies: Self.cookies(in: fields["set-cookie"] ?? ""))
    }
}

extension ResponseBody {
    /// `.bytes` for what `InProcessClient` read out, the stream itself otherwise.
    fileprivate var readable: ResponseBody {
        if case .empty = self { return .bytes([]) }
        return self
    }
}

/// Lets tests see redirects instead of following them.
final class RedirectsRefused: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// A loopback port held for a daemon that may never start: bound (not listening) with
/// `SO_REUSEPORT`, so no other socket gets it, and the daemon, which binds with the same
/// option (`MHD_OPTION_LISTENING_ADDRESS_REUSE`), can take it over at any time.
final class ReservedPort: Sendable {
    let number: Int
    private let socket: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestFailure("socket failed: errno \(errno)") }
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(socket, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else {
            close(socket)
            throw TestFailure("could not reserve a loopback port: errno \(errno)")
        }
        self.socket = socket
        number = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}

/// Starts the daemon on the reserved port the first time it is needed, and stops it.
final class DaemonListener: Sendable {
    let port: ReservedPort
    private let daemon: HTTPDaemon
    private let isStarted = Mutex(false)

    init(daemon: HTTPDaemon, port: ReservedPort) {
        self.daemon = daemon
        self.port = port
    }

    func start() throws -> HTTPDaemon {
        try isStarted.withLock { isStarted in
            if !isStarted { try daemon.start() }
            isStarted = true
        }
        return daemon
    }

    /// For `WebTestServer.daemon`, whose callers cannot handle an error: a daemon that cannot
    /// listen on its own reserved port is a broken machine, not a failed test.
    func started() -> HTTPDaemon {
        do { return try start() } catch { fatalError("the test daemon did not start: \(error)") }
    }

    func stop() {
        if isStarted.withLock({ $0 }) { daemon.shutdown() }
    }
}

extension WebTestServer {
    /// The target with `.` and `..` segments resolved (RFC 3986 §5.2.4), as every HTTP
    /// client does before it sends a request line.
    static func withoutDotSegments(_ target: String) -> String {
        let queryStart = target.firstIndex(of: "?") ?? target.endIndex
        var segments: [Substring] = []
        let path = target[..<queryStart].split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in path.enumerated() {
            let isLast = index == path.count - 1
            switch segment {
            case ".": if isLast { segments.append("") }
            case "..":
                if !segments.isEmpty { segments.removeLast() }
                if isLast { segments.append("") }
            default: segments.append(segment)
            }
        }
        return "/" + segments.joined(separator: "/") + target[queryStart...]
    }
}
