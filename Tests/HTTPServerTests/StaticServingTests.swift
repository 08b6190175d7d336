import Foundation
import Logging
import Testing
@testable import HTTPServer

/// Static files through the real daemon: what travels over the socket.
@Suite final class StaticServingTests {
    let root = NSTemporaryDirectory() + "public-" + UUID().uuidString
    let outside = NSTemporaryDirectory() + "secret-" + UUID().uuidString
    let css = String(repeating: "body { color: #123456; }\n", count: 200)
    var server: TestServer!

    init() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/css", withIntermediateDirectories: true)
        try css.write(toFile: root + "/css/app.css", atomically: true, encoding: .utf8)
        try Data((0..<4096).map { UInt8($0 % 256) }).write(to: URL(fileURLWithPath: root + "/photo.jpg"))
        try "top secret".write(toFile: outside, atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/leak.txt", withDestinationPath: outside)
        let files = try StaticFiles(root: root)
        server = try TestServer(middleware: [SecurityHeaders(), ErrorResponses(logger: Logger(label: "test"))]) { router in
            router.fallback = { request in
                guard let response = files.response(for: request) else { throw HTTPFailure(.notFound, "Nothing here.") }
                return response
            }
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: outside)
    }

    @Test func fileIsServedWithItsTypeAndValidators() throws {
        let response = try server.get("/css/app.css")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/css; charset=utf-8")
        #expect(response.headers["etag"] != nil)
        #expect(response.headers["last-modified"] != nil)
        #expect(response.text == css)
    }

    @Test func matchingETagGives304WithoutBody() throws {
        let etag = try #require(try server.get("/css/app.css").headers["etag"])
        let connection = try server.connect()
        connection.send("GET /css/app.css HTTP/1.1\r\nHost: t\r\nIf-None-Match: \(etag)\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 304)
        // The connection must still be in step: a second request gets its own full answer.
        connection.send("GET /photo.jpg HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try connection.readResponse().body.count == 4096)
    }

    @Test func rangeGives206WithThoseBytes() throws {
        let response = try server.get("/photo.jpg", headers: ["Range: bytes=10-19"])
        #expect(response.status == 206)
        #expect(response.headers["content-range"] == "bytes 10-19/4096")
        #expect(response.body == (10...19).map { UInt8($0) })
    }

    @Test func unsatisfiableRangeGives416() throws {
        let response = try server.get("/photo.jpg", headers: ["Range: bytes=5000-6000"])
        #expect(response.status == 416)
        #expect(response.headers["content-range"] == "bytes */4096")
    }

    @Test func textIsGzippedWhenTheClientAcceptsIt() throws {
        let response = try server.get("/css/app.css", headers: ["Accept-Encoding: gzip, deflate"])
        #expect(response.headers["content-encoding"] == "gzip")
        #expect(response.body.count < css.utf8.count)
        #expect(Array(response.body.prefix(2)) == [0x1F, 0x8B])
    }

    @Test func fingerprintedURLIsImmutable() throws {
        let files = try StaticFiles(root: root)
        let response = try server.get(files.url(for: "/css/app.css"))
        #expect(response.status == 200)
        #expect(response.headers["cache-control"] == "public, max-age=31536000, immutable")
    }

    @Test(arguments: ["/../\(UUID().uuidString)", "/css/..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/css/app.css%00.jpg"])
    func pathsThatTryToEscapeAre400(path: String) throws {
        #expect(try server.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n").status == 400)
    }

    @Test func symlinkPointingOutsideIs404() throws {
        let response = try server.get("/leak.txt")
        #expect(response.status == 404)
        #expect(!response.text.contains("top secret"))
    }

    @Test func directoryIsNotListed() throws {
        #expect(try server.get("/css").status == 404)
        #expect(try server.get("/css/").status == 404)
    }

    @Test(arguments: ["/css/app.css", "/missing", "/../x"])
    func everyResponseCarriesSecurityHeaders(path: String) throws {
        let response = try server.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
        let policy = try #require(response.headers["content-security-policy"])
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(response.headers["x-content-type-options"] == "nosniff")
        #expect(response.headers["referrer-policy"] != nil)
        #expect(response.headers["permissions-policy"] != nil)
    }

    @Test func anInlineScriptIsAllowedByTheHashOfItsExactText() {
        let policy = SecurityHeaders.contentSecurityPolicy(allowingInlineScripts: ["", "{}"])
        // `printf '' | openssl dgst -sha256 -binary | base64`, and the same of `{}`.
        #expect(policy.contains("script-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' "
                                + "'sha256-RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o=';"))
        #expect(SecurityHeaders.defaultContentSecurityPolicy.contains("script-src 'self';"))
        #expect(SecurityHeaders.defaultContentSecurityPolicy == SecurityHeaders.contentSecurityPolicy(allowingInlineScripts: []))
    }
}
