import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Fotofolio
@testable import FotofolioWeb
import HTTPServer
import Logging

/// The real web app (repository templates and assets, a fresh database) on a free port.
final class WebTestServer {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    let directory = NSTemporaryDirectory() + "fotofolio-web-" + UUID().uuidString
    let database: AppDatabase
    let app: WebApp
    let daemon: HTTPDaemon

    /// - Parameters:
    ///   - liveTransport: an MQTT connection for live events; without one a write wakes the streams directly.
    ///   - heartbeat: seconds between the live streams' keep-alive comments.
    init(liveTransport: LiveTransport? = nil, heartbeat: Double = 15, metricsToken: String? = nil, trustProxy: Bool = false,
         minimumFreeDiskBytes: Int64 = 0) throws {
        database = try AppDatabase(directory: directory)
        let logger = Logger(label: "test")
        app = try WebApp(database: database, templatesDirectory: Self.repository + "/Templates",
                         publicDirectory: Self.repository + "/Public", mediaDirectory: directory + "/media", logger: logger,
                         passwordHasher: PasswordHasher(parameters: .fastForTests), liveTransport: liveTransport,
                         metricsToken: metricsToken, trustProxy: trustProxy, minimumFreeDiskBytes: minimumFreeDiskBytes)
        try app.live.start(heartbeatInterval: heartbeat, pollInterval: 0)
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, temporaryDirectory: directory + "/tmp")
        daemon = HTTPDaemon(configuration: configuration, router: app.router, middleware: app.middleware, logger: logger)
        let daemon = daemon
        app.metrics.observeConnections { daemon.openConnections }
        try daemon.start()
    }

    deinit {
        app.live.stop()
        daemon.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: String
        /// Cookies set by the response, by name (value "" when deleted).
        let cookies: [String: String]
    }

    /// Cookies kept between requests, like a browser's.
    var jar: [String: String] = [:]

    /// Sends a request with URLSession, without following redirects, with the cookies of
    /// earlier replies.
    func send(_ path: String, method: String = "GET", headers: [String: String] = [:], form: String? = nil,
              body: (data: Data, contentType: String)? = nil) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(daemon.port)\(path)")!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if !jar.isEmpty { request.setValue(jar.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), forHTTPHeaderField: "Cookie") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.utf8)
        }
        if let body {
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
            request.httpBody = body.data
        }
        let session = URLSession(configuration: .ephemeral, delegate: RedirectsRefused(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields { headers[name.lowercased()] = value }
        let cookies = Self.cookies(in: headers["set-cookie"] ?? "")
        for (name, value) in cookies { jar[name] = value.isEmpty ? nil : value }
        return Reply(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self), cookies: cookies)
    }

    /// Posts a form the way a page of this site does: with the CSRF token and a same-origin header.
    func submit(_ path: String, _ fields: [String: String], headers: [String: String] = [:]) async throws -> Reply {
        if jar["csrf"] == nil && jar["session"] == nil { _ = try await send("/") }
        let token = try await currentCSRFToken()
        let body = (fields.merging(["_csrf": token]) { old, _ in old })
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        return try await send(path, method: "POST", headers: ["Sec-Fetch-Site": "same-origin"].merging(headers) { _, new in new }, form: body)
    }

    /// The token the forms of the current page carry.
    func currentCSRFToken() async throws -> String {
        let page = try await send("/search")
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

/// Lets tests see redirects instead of following them.
final class RedirectsRefused: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
