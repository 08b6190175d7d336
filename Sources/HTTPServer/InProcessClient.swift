import Foundation
import Logging
import PollingThreads

/// Answers requests as `HTTPDaemon` does — the same reading of the head and the body, the
/// same limits, admission, middleware and routing — with no socket in between: for tests of
/// a whole app that are about its pages, not about the network.
///
/// Handlers run on the calling thread. The daemon runs them on threads of its own; a caller
/// on Swift's concurrency pool should hop off it too when a handler may block (photo work).
public struct InProcessClient: Sendable {
    public let configuration: ServerConfiguration
    private let dispatch: RequestDispatch

    /// Creates the upload spool folder, as `HTTPDaemon.start()` does.
    public init(configuration: ServerConfiguration, router: Router, middleware: [any Middleware] = [],
                logger: Logger = Logger(label: "http")) throws {
        try FileManager.default.createDirectory(atPath: configuration.temporaryDirectory, withIntermediateDirectories: true)
        self.configuration = configuration
        self.dispatch = RequestDispatch(router: router, middleware: middleware, logger: logger)
    }

    /// Sends one request. `target` is what a request line carries: the path, still encoded,
    /// and the query ("/search?q=a%20b"). `Content-Length` is set from the body.
    ///
    /// The answer is what a client would read: a file's or shared body's bytes, the length
    /// libmicrohttpd would frame it with, no body for HEAD. A pulled body is read to its end
    /// (never for HEAD) and framed as chunked, as the daemon sends it; when `read` throws
    /// midway the body is what came before, with `Connection: close`, as a client of the
    /// daemon sees the download cut off. A streamed body (Server-Sent Events) stays a
    /// stream: it needs a connection to be read from.
    public func respond(method: String, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                        remoteAddress: String = "127.0.0.1") -> Response {
        let (path, query) = Self.split(target)
        var headers = headers
        headers.remove("content-length")
        if !body.isEmpty { headers.set("Content-Length", String(body.count)) }
        let state = RequestState(
            id: RequestID.next(), method: method, url: path,
            query: Result { () throws(HTTPFailure) -> QueryItems in try query.map(QueryItems.init(encoded:)) ?? QueryItems() },
            headers: headers, remoteAddress: remoteAddress, router: dispatch.router, configuration: configuration)
        // The daemon's completion callback: spool files go and the admission is released
        // once the answer is out.
        defer { state.cleanUp() }
        var offset = 0
        while offset < body.count, state.failure == nil, !state.answersAtOnce {
            let end = min(offset + Self.chunkSize, body.count)
            body[offset..<end].withUnsafeBytes { state.consume($0) }
            offset = end
        }
        let request = state.makeRequest()
        // As on the daemon's polling threads, a request not run elsewhere that starts argon2 or
        // image work stops there; one run elsewhere runs unmarked, as on the slow-work queue.
        let response = state.runsElsewhere(request) ? dispatch.respond(to: request) : PollingThread.run { dispatch.respond(to: request) }
        return Self.asRead(response, for: request.method)
    }

    /// What libmicrohttpd hands the access handler at a time, at most.
    private static let chunkSize = 16 * 1024

    private static func split(_ target: String) -> (path: String, query: String?) {
        guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// The response as it arrives: bytes in memory, framing headers as libmicrohttpd writes
    /// them (it drops the handler's own, see `HTTPDaemon.isManaged`).
    private static func asRead(_ response: Response, for method: HTTPMethod) -> Response {
        var response = response
        let bytes: [UInt8]
        // Whether a pulled body was read to its end; nil for other bodies.
        var pulledToEnd: Bool?
        switch response.body {
        case .empty: bytes = []
        case .bytes(let body): bytes = body
        case .shared(let body): bytes = body.bytes
        case .file(let region): bytes = region.readAll()
        case .stream: return response
        case .pull(let body):
            // HEAD: libmicrohttpd sends the headers only and never asks for the body.
            let read = method == .head ? (bytes: [], complete: true) : body.readAll()
            bytes = read.bytes
            pulledToEnd = read.complete
        }
        for name in ["content-length", "transfer-encoding", "connection"] { response.headers.remove(name) }
        if let pulledToEnd {
            // HEAD's empty body ends with the connection (see `HTTPDaemon.queue`).
            if method != .head { response.headers.set("Transfer-Encoding", "chunked") }
            if !pulledToEnd || method == .head { response.headers.set("Connection", "close") }
        } else if response.status.code != 204 && response.status.code != 304 {
            response.headers.set("Content-Length", String(bytes.count))
        }
        response.body = method == .head ? .empty : .bytes(bytes)
        return response
    }
}

extension PulledBody {
    /// Every block `read` gives, in blocks of the daemon's size; `complete` is false when it
    /// failed before the end.
    fileprivate func readAll() -> (bytes: [UInt8], complete: Bool) {
        var bytes: [UInt8] = []
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: HTTPDaemon.pulledBlockSize, alignment: 1)
        defer { block.deallocate() }
        while true {
            switch next(into: block) {
            case .bytes(let count): bytes += block[..<count]
            case .end: return (bytes, true)
            case .failed: return (bytes, false)
            }
        }
    }
}

extension FileRegion {
    /// The region's bytes, read at once; the descriptor is closed afterwards.
    fileprivate func readAll() -> [UInt8] {
        guard let descriptor = takeDescriptor() else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, length - done, off_t(offset + done)) }
            guard count > 0 else { break }
            done += count
        }
        return Array(bytes[..<done])
    }
}
