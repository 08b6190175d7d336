import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Fotofolio
import FotofolioPostgres
import FotofolioSQLite
import SQLiteTemplate
@testable import FotofolioWeb
import HTTPServer
import Imaging
import Logging
import Mail
import Postgres
import PostgresCluster
import WebPush

/// The real web app (repository templates and assets, a fresh database), answering in
/// process: each request goes through the daemon's own reading, limits, middleware and
/// routing (`InProcessClient`), with no socket and no HTTP client in between.
///
/// A test about the wire itself asks for `transport: .http`: then every request goes over
/// a socket to a running daemon. A test that reaches for `daemon` (its port, for a raw
/// socket or a live event stream) starts the daemon on the port the in-process requests
/// already named in their `Host`, so addresses in pages stay the same.
final class WebTestServer {
    enum Transport {
        /// Requests are answered in this process without a socket.
        case inProcess
        /// Requests go over HTTP to a daemon on a loopback port.
        case http
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The repository's templates and public files, read and checked once for every app the
    /// tests start (they never change during a run).
    static let site = Result { try SiteFiles(templatesDirectory: repository + "/Templates", publicDirectory: repository + "/Public") }

    /// Where the app keeps its records.
    enum Store {
        /// A SQLite database in the server's folder.
        case sqlite
        /// A new database on the tests' PostgreSQL cluster, through a pool of `poolSize` connections.
        case postgres(poolSize: Int)
    }

    let directory = NSTemporaryDirectory() + "fotofolio-web-" + UUID().uuidString
    private let sqlite: AppDatabase?
    /// The PostgreSQL pool the app uses and its database's URL; nil on SQLite.
    let postgres: (pool: PostgresPool, url: String)?
    let app: WebApp
    let transport: Transport
    let client: InProcessClient
    private let listener: DaemonListener
    /// The app's hasher and decoding budget, for tests that hold them full.
    let passwordHasher: PasswordHasher
    let decodingBudget: DecodingBudget

    /// The daemon, started the first time it is asked for (at once with `.http`).
    var daemon: HTTPDaemon { listener.started() }

    /// - Parameters:
    ///   - liveTransport: an MQTT connection for live events; without one a write wakes the streams directly.
    ///   - heartbeat: seconds between the live streams' keep-alive comments.
    ///   - transport: how requests reach the app.
    ///   - store: where the app keeps its records.
    ///   - threads: the daemon's polling threads (one per core when nil).
    ///   - stores: the stores as the app gets them, from those made for `store`.
    ///   - clock: the moment pages are drawn at, when not the present.
    init(liveTransport: LiveTransport? = nil, heartbeat: Double = 15, metricsToken: String? = nil, trustProxy: Bool = false,
         minimumFreeDiskBytes: Int64 = 0, transport: Transport = .inProcess, store: Store = .sqlite, threads: Int? = nil,
         passwordHasher: PasswordHasher = PasswordHasher(parameters: .fastForTests),
         decodingBudget: DecodingBudget = DecodingBudget(), stores given: (Stores) -> Stores = { $0 },
         clock: PageClock? = nil) throws {
        self.passwordHasher = passwordHasher
        self.decodingBudget = decodingBudget
        let stores: Stores
        switch store {
        case .sqlite:
            let database = try MigratedSQLite.open(directory: directory)
            (sqlite, postgres, stores) = (database, nil, .sqlite(database))
        case .postgres(let poolSize):
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let url = try TemporaryPostgres.shared.newMigratedDatabase()
            let pool = try PostgresPool(url: url, size: poolSize)
            (sqlite, postgres, stores) = (nil, (pool, url), .postgres(pool))
        }
        let logger = Logger(label: "test")
        app = try WebApp(stores: given(stores), site: try Self.site.get(), mediaDirectory: directory + "/media", logger: logger,
                         passwordHasher: passwordHasher, decodingBudget: decodingBudget, liveTransport: liveTransport,
                         metricsToken: metricsToken, trustProxy: trustProxy, minimumFreeDiskBytes: minimumFreeDiskBytes,
                         // Mail is written to the test's folder, and only when a test asks (`sentMails`).
                         mail: MailSetup(outlet: .directory(MailDirectory(directory: URL(fileURLWithPath: directory + "/mail"))),
                                         from: MailAddress(parsing: "Fotofolio <noreply@fotofolio.test>")!),
                         // Push endpoints resolve in `testPushHosts`, never on the network.
                         push: PushSetup(policy: PushEndpointPolicy(allowedOrigins: [], resolve: { Self.testPushHosts[$0] }),
                                         subject: "mailto:noreply@fotofolio.test"),
                         clock: clock)
        try app.live.start(heartbeatInterval: heartbeat, pollInterval: 0)
        self.transport = transport
        let port = try ReservedPort()
        app.publicAddress.set("http://127.0.0.1:\(port.number)")
        var configuration = ServerConfiguration(host: "127.0.0.1", port: port.number, temporaryDirectory: directory + "/tmp")
        if let threads { configuration.threadCount = threads }
        client = try InProcessClient(configuration: configuration, router: app.router, middleware: app.middleware, logger: logger)
        let daemon = HTTPDaemon(configuration: configuration, router: app.router, middleware: app.middleware, logger: logger)
        listener = DaemonListener(daemon: daemon, port: port)
        app.metrics.observeConnections { daemon.openConnections }
        if transport == .http { _ = try listener.start() }
    }

    /// What push endpoints' hosts resolve to in the tests: one public push service, one on a
    /// private network.
    /// The last noon in Prague before `date`: a moment far from either midnight and not in
    /// the future, for a `PageClock` that draws a test's pages on one day whenever it runs.
    static func lastNoonInPrague(before date: Date = Date()) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarDay.zone
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: date)!
        return noon <= date ? noon : calendar.date(byAdding: .day, value: -1, to: noon)!
    }

    static let testPushHosts = ["push.example.net": ["93.184.215.14"], "intranet.example.net": ["10.0.0.7"]]

    deinit {
        app.live.stop()
        listener.stop()
        postgres?.pool.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The SQLite database, for the tests that read or write it behind the app's back.
    var database: AppDatabase {
        guard let sqlite else { fatalError("this server keeps its records in PostgreSQL") }
        return sqlite
    }

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: String
        /// Cookies set by the response, by name (value "" when deleted).
        let cookies: [String: String]
        /// The SQLite reads the request began (`AppDatabase.countingReads`), in process only.
        var readsBegun = 0
    }

    /// Cookies kept between requests, like a browser's.
    var jar: [String: String] = [:]

    /// Sends a request with the cookies of earlier replies, following no redirect but the
    /// one a browser makes without being asked: a public page's Czech address sends a reader
    /// of English (the default `Accept-Language` here) to its English one with a 302
    /// (`LanguageAddress`). `followingLanguage: false` shows that redirect itself.
    func send(_ path: String, method: String = "GET", headers: [String: String] = [:], form: String? = nil,
              body: (data: Data, contentType: String)? = nil, followingLanguage: Bool = true) async throws -> Reply {
        let request = request(path, method: method, headers: headers, form: form, body: body)
        let reply = switch transport {
        case .inProcess: try await request.sent()
        case .http: try await sendOverHTTP(path, method: method, headers: request.headers, body: request.body)
        }
        for (name, value) in reply.cookies { jar[name] = value.isEmpty ? nil : value }
        if followingLanguage, reply.status == 302, ["GET", "HEAD"].contains(method), let location = reply.headers["location"],
           LanguageAddress.split(location).0 != nil {
            return try await send(location, method: method, headers: headers, followingLanguage: false)
        }
        return reply
    }

    /// A request made as `send` makes it, answered in process when `sent()`, from any task,
    /// without touching the cookie jar: for requests that must be under way at the same time.
    struct PendingRequest: Sendable {
        let method: String
        let target: String
        let headers: HTTPHeaders
        let body: Data
        let client: InProcessClient

        func sent() async throws -> Reply {
            try await WebTestServer.answer(method: method, target: target, headers: headers, body: body, by: client)
        }
    }

    func request(_ path: String, method: String = "GET", headers: [String: String] = [:], form: String? = nil,
                 body: (data: Data, contentType: String)? = nil) -> PendingRequest {
        // What URLSession sends unless told otherwise (no Accept-Encoding: bodies stay plain).
        var fields: HTTPHeaders = ["Host": "127.0.0.1:\(listener.port.number)", "Accept": "*/*", "Accept-Language": "en"]
        if !jar.isEmpty { fields.set("Cookie", jar.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")) }
        for (name, value) in headers { fields.set(name, value) }
        var content = Data()
        if let form {
            fields.set("Content-Type", "application/x-www-form-urlencoded")
            content = Data(form.utf8)
        }
        if let body {
            fields.set("Content-Type", body.contentType)
            content = body.data
        }
        return PendingRequest(method: method, target: Self.withoutDotSegments(path), headers: fields, body: content, client: client)
    }

    /// Posts a form the way a page of this site does: with the CSRF token and a same-origin header.
    func submit(_ path: String, _ fields: [String: String], headers: [String: String] = [:]) async throws -> Reply {
        let form = try await formBody(fields)
        return try await send(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"].merging(headers) { _, new in new }, form: form)
    }

    /// The form `submit` would post, not sent yet.
    func pendingSubmit(_ path: String, _ fields: [String: String]) async throws -> PendingRequest {
        let form = try await formBody(fields)
        return request(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"], form: form)
    }

    private func formBody(_ fields: [String: String]) async throws -> String {
        if jar["csrf"] == nil && jar["session"] == nil { _ = try await send("/en/") }
        let token = try await currentCSRFToken()
        return (fields.merging(["_csrf": token]) { old, _ in old })
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
    }

    /// The token the forms of the current page carry.
    func currentCSRFToken() async throws -> String {
        let page = try await send("/en/search")
        return page.body.firstMatch(of: /name="_csrf" value="([^"]+)"/).map { String($0.1) } ?? ""
    }

    /// Registers and signs in a client, as a person would.
    @discardableResult
    func signUp(username: String = "jana.k") async throws -> Reply {
        try await submit("/register", [
            "role": "client", "username": username, "fullName": "Jana Králová", "email": "\(username)@example.cz",
            "location": "Brno", "password": "dlouhe-heslo-1", "passwordConfirmation": "dlouhe-heslo-1",
        ])
    }

    /// `Set-Cookie` values, which FoundationNetworking joins with commas.
    static func cookies(in header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for cookie in header.split(separator: /,\s*(?=[A-Za-z0-9_-]+=)/) {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair.count == 2 { cookies[String(pair[0]).trimmingCharacters(in: .whitespaces)] = String(pair[1]) }
        }
        return cookies
    }
}
