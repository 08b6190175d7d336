import Foundation
import Logging
import Synchronization
import Testing
@testable import HTTPServer

/// The request log keeps addresses that are keys (share links, galleries, calendar feeds)
/// out: the secret part is logged as "…", however the path was written.
@Suite struct RequestLoggingTests {
    /// The messages logged, in order.
    final class RecordedLog: Sendable {
        let lines = Mutex<[String]>([])

        var logger: Logger {
            Logger(label: "test") { _ in Handler(log: self) }
        }

        struct Handler: LogHandler {
            let log: RecordedLog
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
                     file: String, function: String, line: UInt) {
                log.lines.withLock { $0.append(message.description) }
            }
        }
    }

    static let token = "0123456789abcdef0123456789abcdef0123456789abcdef"

    static func client(_ log: RecordedLog) throws -> InProcessClient {
        var router = Router()
        router.get("/g/:token/photos/:photo/download") { _ in .text("file") }
        router.get("/s/:token") { _ in .text("shared") }
        router.get("/u/:username") { _ in .text("profile") }
        router.fallback = { _ in Response(status: .notFound, body: .bytes(Array("none".utf8))) }
        let configuration = ServerConfiguration(temporaryDirectory: NSTemporaryDirectory() + "logging-\(UUID().uuidString)")
        return try InProcessClient(configuration: configuration, router: router,
                                   middleware: [RequestLogging(logger: log.logger, secretParameters: ["token"])])
    }

    @Test(arguments: [
        ("/g/\(token)/photos/12/download", "GET /g/…/photos/12/download 200"),
        ("/s/\(token)", "GET /s/… 200"),
        // Encoded or with extra slashes and dots, it still reaches the route, and is still hidden.
        ("/s/%30123456789abcdef0123456789abcdef0123456789abcdef", "GET /s/… 200"),
        ("//s/./\(token)", "GET /s/… 200"),
        // No route takes it: a segment that looks like a token is hidden all the same.
        ("/g/\(token)/nothing", "GET /g/…/nothing 404"),
        ("/x/\(token.uppercased())", "GET /x/… 404"),
        // Nothing secret: as written.
        ("/u/jana.k", "GET /u/jana.k 200"),
        ("/missing/abc", "GET /missing/abc 404"),
    ])
    func theSecretPartOfAnAddressIsNeverLogged(target: String, logged: String) throws {
        let log = RecordedLog()
        let client = try Self.client(log)
        _ = client.respond(method: "GET", target: target)
        let lines = log.lines.withLock { $0 }
        #expect(lines == [logged])
        #expect(!lines.joined().contains("456789abcdef0123"))
    }

    @Test func aTokenMixedIntoASegmentIsHiddenToo() {
        #expect(RequestLogging.looksLikeToken("x-0123456789abcdef0123456789abcdef.ics"))
        #expect(!RequestLogging.looksLikeToken("0123456789abcdef0123456789abcde"))
        #expect(!RequestLogging.looksLikeToken("photo-2026-11-28.jpg"))
    }
}
