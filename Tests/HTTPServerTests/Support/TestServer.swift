import Foundation
import RawHTTP
@testable import HTTPServer

/// A real daemon on a free loopback port with a temporary spool folder, for one test.
final class TestServer {
    let daemon: HTTPDaemon
    let directory: String

    init(limits: BodyLimits = BodyLimits(), middleware: [any Middleware] = [], shutdownGrace: Duration = .seconds(5),
         threads: Int = 2, configure: (inout Router) -> Void) throws {
        directory = NSTemporaryDirectory() + "httpserver-test-" + UUID().uuidString
        var router = Router()
        configure(&router)
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, temporaryDirectory: directory + "/tmp")
        configuration.bodyLimits = limits
        configuration.threadCount = threads
        configuration.shutdownGracePeriod = shutdownGrace
        daemon = HTTPDaemon(configuration: configuration, router: router, middleware: middleware)
        try daemon.start()
    }

    deinit {
        daemon.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var port: Int { daemon.port }

    func connect() throws -> RawConnection { try RawConnection(port: port) }

    /// Sends one request on a new connection and reads the response.
    func send(_ request: String, bodyExpected: Bool = true) throws -> RawConnection.Response {
        let connection = try connect()
        connection.send(request)
        return try connection.readResponse(bodyExpected: bodyExpected)
    }

    func get(_ path: String, headers: [String] = []) throws -> RawConnection.Response {
        try send((["GET \(path) HTTP/1.1", "Host: test"] + headers).joined(separator: "\r\n") + "\r\n\r\n")
    }

    /// Files left in the upload spool folder.
    var spooledFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory + "/tmp")) ?? []
    }
}
