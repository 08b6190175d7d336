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

    init() throws {
        database = try AppDatabase(directory: directory)
        let logger = Logger(label: "test")
        app = try WebApp(database: database, templatesDirectory: Self.repository + "/Templates",
                         publicDirectory: Self.repository + "/Public", logger: logger)
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, temporaryDirectory: directory + "/tmp")
        daemon = HTTPDaemon(configuration: configuration, router: app.router, middleware: app.middleware, logger: logger)
        let daemon = daemon
        app.metrics.observeConnections { daemon.openConnections }
        try daemon.start()
    }

    deinit {
        daemon.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: String
    }

    /// Sends a request with URLSession, without following redirects.
    func send(_ path: String, method: String = "GET", headers: [String: String] = [:], form: String? = nil) async throws -> Reply {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(daemon.port)\(path)")!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.utf8)
        }
        let session = URLSession(configuration: .ephemeral, delegate: RedirectsRefused(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields { headers[name.lowercased()] = value }
        return Reply(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
    }
}

/// Lets tests see redirects instead of following them.
final class RedirectsRefused: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
