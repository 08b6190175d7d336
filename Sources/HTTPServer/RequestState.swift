import CMicroHTTPD
import Foundation
import PollingThreads
import Synchronization

/// What the server knows about one request between libmicrohttpd's first call (headers
/// parsed) and the completion callback. Owned by libmicrohttpd's per-request pointer
/// (retained there, released on completion); only the connection's polling thread uses it.
/// `InProcessClient` drives the same steps for one request on its caller's thread.
final class RequestState {
    let id: String
    let method: HTTPMethod
    let rawPath: String
    let path: RequestPath?
    let query: QueryItems
    let headers: HTTPHeaders
    let remoteAddress: String
    let match: Router.Match
    /// The first thing found wrong; the request is answered with it.
    var failure: HTTPFailure?
    var body: BodyCollector?
    var responseQueued = false
    /// Body bytes read and dropped after the request failed.
    var discardedBytes = 0
    /// The request's length is ambiguous: it is answered at once and the connection closed,
    /// since where its body ends (and the next request starts) cannot be known.
    private(set) var framingIsAmbiguous = false
    /// Refused because the server is stopping: answered at once, the connection then closed.
    private(set) var refusedWhileStopping = false
    /// Answered on the headers' call, its body never read (libmicrohttpd then closes the
    /// connection): a length that cannot be trusted, or a server that is stopping.
    var answersAtOnce: Bool { framingIsAmbiguous || refusedWhileStopping }

    /// Refuses the request because the server is shutting down.
    func refuseWhileStopping() {
        failure = HTTPFailure(.serviceUnavailable, "The server is restarting; try again in a moment.",
                              headers: ["Retry-After": "5"])
        refusedWhileStopping = true
    }
    private var spooledFiles: [String] = []
    /// Whether the route's handler runs off the polling thread for this request, made from
    /// the whole body (`RouteOptions.isSlow`): a route slow for the files it takes runs on the
    /// polling thread for a request that brings none, and a request that failed is answered there.
    func runsElsewhere(_ request: Request) -> Bool {
        guard request.failure == nil, case .found(let route, _) = match, route.options.isSlow else { return false }
        return !route.options.acceptsUploads || !request.form.files.isEmpty
    }
    /// Set once a slow request has been handed to the slow-work queue.
    var isRunningElsewhere = false
    /// The answer of a slow request, left by the slow-work queue for the polling thread.
    let finished = Mutex<(Request, Response)?>(nil)
    /// What the route's admission asked to run when the request is over.
    private var releaseAdmission: (@Sendable () -> Void)?
    /// What the admission found out from the head, given to the request.
    private var admittedContext = RequestContext()

    /// A request libmicrohttpd has parsed the head of: `url` is its path (the query string
    /// comes as the connection's arguments).
    convenience init(id: String, connection: OpaquePointer, method: String, url: String, router: Router,
                     configuration: ServerConfiguration) {
        var headers = HTTPHeaders()
        for (name, value) in Self.values(of: .HEADER_KIND, on: connection) { headers.add(name, value) }
        self.init(id: id, method: method, url: url, query: Result { () throws(HTTPFailure) in try Self.query(on: connection) },
                  headers: headers, remoteAddress: SocketAddressText.describe(fotofolio_mhd_client_address(connection)),
                  router: router, configuration: configuration)
    }

    /// A request's head as values: the path as sent (`url`), the query decoded or the reason
    /// it could not be.
    init(id: String, method: String, url: String, query parsedQuery: Result<QueryItems, HTTPFailure>, headers: HTTPHeaders,
         remoteAddress: String, router: Router, configuration: ServerConfiguration) {
        self.id = id
        self.method = HTTPMethod(method)
        self.rawPath = url
        self.headers = headers
        self.remoteAddress = remoteAddress
        do {
            let path = try RequestPath(encoded: url)
            self.path = path
            self.match = router.match(self.method, path)
        } catch {
            self.path = nil
            self.match = .notFound
            self.failure = error
        }
        switch parsedQuery {
        case .success(let items):
            self.query = items
        case .failure(let error):
            self.query = QueryItems()
            self.failure = self.failure ?? error
        }
        if let framing = Self.framingFailure(headers) {
            failure = framing
            framingIsAmbiguous = true
            return
        }
        if failure == nil { failure = Self.routingFailure(match) }
        guard failure == nil, hasBody else { return }
        var acceptsUploads = false
        if case .found(let route, let parameters) = match {
            acceptsUploads = route.options.acceptsUploads
            if let admission = route.options.admission {
                var head = Request(id: id, method: self.method, path: path ?? RequestPath(segments: []), rawPath: url,
                                   query: query, headers: headers, remoteAddress: remoteAddress)
                head.route = route.pattern
                head.parameters = parameters
                // Asked where a handler that is not slow runs: marked as polling, so its reads
                // take the thread's own connection and slow work refuses to start there.
                switch PollingThread.run({ admission.admit(head) }) {
                case .admitted(let release, let context):
                    releaseAdmission = release
                    admittedContext = context
                case .refused(let refusal):
                    failure = refusal
                    return
                }
            }
        }
        do {
            body = try BodyCollector(
                headers: headers, limits: configuration.bodyLimits, acceptsUploads: acceptsUploads,
                temporaryDirectory: configuration.temporaryDirectory)
        } catch {
            failure = error
        }
    }

    /// A body is announced by a non-zero length or any transfer coding (chunked).
    var hasBody: Bool {
        if headers.contains("transfer-encoding") { return true }
        return (headers["content-length"].flatMap(Int.init) ?? 0) > 0
    }

    /// Feeds a chunk of the body; the first error becomes the request's failure.
    func consume(_ chunk: UnsafeRawBufferPointer) {
        guard failure == nil, var collector = body else { return }
        body = nil
        defer {
            spooledFiles = collector.temporaryFiles
            body = collector
        }
        do { try collector.consume(chunk) } catch { failure = error }
    }

    /// The request as handlers see it, with the body parsed.
    func makeRequest() -> Request {
        var form = Form()
        var raw: [UInt8] = []
        if failure == nil, var collector = body {
            do {
                (form, raw) = try collector.finish()
            } catch {
                failure = error
            }
            spooledFiles = collector.temporaryFiles
        }
        var request = Request(
            id: id, method: method, path: path ?? RequestPath(segments: []), rawPath: rawPath,
            query: query, headers: headers, remoteAddress: remoteAddress, body: raw, form: form)
        if case .found(let route, let parameters) = match {
            request.route = route.pattern
            request.routeOptions = route.options
            request.parameters = parameters
        }
        request.context = admittedContext
        request.resolvedHandler = handler
        request.failure = failure
        return request
    }

    /// The handler to run: the route's, one that answers with the failure, or nil for the
    /// router's fallback.
    private var handler: Handler? {
        if let failure { return { _ in throw failure } }
        if case .found(let route, _) = match { return route.handler }
        return nil
    }

    /// Deletes upload spool files; runs when libmicrohttpd says the request is over.
    func cleanUp() {
        for path in spooledFiles { unlink(path) }
        spooledFiles.removeAll()
        releaseAdmission?()
        releaseAdmission = nil
    }

    static let notFound = HTTPFailure(.notFound, "There is nothing at this address.")

    /// RFC 9112 §6.3: a message with both Content-Length and Transfer-Encoding, or with
    /// differing lengths, is how requests are smuggled past a proxy that reads it the other way.
    static func framingFailure(_ headers: HTTPHeaders) -> HTTPFailure? {
        let lengths = headers.values("content-length").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if !lengths.isEmpty, headers.contains("transfer-encoding") {
            return HTTPFailure(.badRequest, "A request may give its length or a transfer coding, not both.")
        }
        if Set(lengths).count > 1 {
            return HTTPFailure(.badRequest, "The request gives more than one length.")
        }
        return nil
    }

    private static func routingFailure(_ match: Router.Match) -> HTTPFailure? {
        guard case .methodNotAllowed(let allowed) = match else { return nil }
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPFailure(.methodNotAllowed, "This address does not accept this method; it accepts \(list).", headers: ["Allow": list])
    }

    private static func query(on connection: OpaquePointer) throws(HTTPFailure) -> QueryItems {
        // Arguments arrive undecoded (see the shim's unescape callback); decode them strictly.
        let arguments = values(of: .GET_ARGUMENT_KIND, on: connection)
        if arguments.isEmpty { return QueryItems() }
        var encoded: [String] = []
        for (name, value) in arguments {
            encoded.append(value.isEmpty ? name : "\(name)=\(value)")
        }
        return try QueryItems(encoded: encoded.joined(separator: "&"))
    }

    /// Name/value pairs of one kind (headers, query arguments) in the order received.
    private static func values(of kind: MHD_ValueKind, on connection: OpaquePointer) -> [(String, String)] {
        var pairs: [(String, String)] = []
        withUnsafeMutablePointer(to: &pairs) { pointer in
            _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
                guard let context, let key else { return .YES }
                let pairs = context.assumingMemoryBound(to: [(String, String)].self)
                pairs.pointee.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, pointer)
        }
        return pairs
    }
}
