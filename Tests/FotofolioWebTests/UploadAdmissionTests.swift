import Foundation
import HTTPServer
import RawHTTP
import Testing
@testable import FotofolioWeb

/// Who may send files is decided from the request's head: a refused upload is answered
/// before its client has sent a byte of the body, and nothing is written to the disk.
@Suite struct UploadAdmissionTests {
    static let boundary = "----fotofolio-test"

    /// The head of a multipart upload announcing `length` bytes, with the given cookies.
    static func head(_ path: String, length: Int, cookies: [String: String] = [:], site: String = "same-origin",
                     expectContinue: Bool = false) -> String {
        var text = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: \(site)\r\n"
        if expectContinue { text += "Expect: 100-continue\r\n" }
        text += "Content-Type: multipart/form-data; boundary=\(boundary)\r\nContent-Length: \(length)\r\n"
        if !cookies.isEmpty { text += "Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n" }
        return text + "\r\n"
    }

    static func spooled(_ server: WebTestServer) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: server.directory + "/tmp")) ?? []
    }

    @Test(arguments: ["/portfolios", "/portfolios/1", "/profile/edit"])
    func aGuestsUploadIsSentToLogInBeforeItsBodyIsSent(path: String) throws {
        let server = try WebTestServer()
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(Self.head(path, length: 174_000_000))
        let response = try connection.readResponse()
        #expect(response.status == 303)
        #expect(response.headers["location"]?.hasPrefix("/login?return=") == true)
        #expect(Self.spooled(server).isEmpty)
    }

    @Test func aGuestsPhotoForTheEditorScriptIsRefusedBeforeItsBodyIsSent() throws {
        let server = try WebTestServer()
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(Self.head("/photos", length: 174_000_000))
        #expect(try connection.readResponse().status == 401)
        #expect(Self.spooled(server).isEmpty)
    }

    @Test func anUploadFromAnotherSiteIsRefusedBeforeItsBodyIsSent() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(Self.head("/photos", length: 50_000_000, cookies: server.jar, site: "cross-site"))
        #expect(try connection.readResponse().status == 403)
    }

    @Test func aFifthUploadAtOnceWaitsForTheOthers() async throws {
        let server = try WebTestServer()
        try await server.signUpCreator()
        let arriving = try (0..<4).map { _ in
            let connection = try RawConnection(port: server.daemon.port)
            connection.send(Self.head("/photos", length: 10_000_000, cookies: server.jar) + "--\(Self.boundary)\r\n")
            return connection
        }
        // Once the server has read their heads, a fifth upload is refused at once. A probe
        // asks before sending its body, so one the server still admits is told "100 Continue"
        // at once instead of being waited on; it is kept open, holding its place as one of
        // the four.
        var status = 0
        var admitted: [RawConnection] = []
        let deadline = ContinuousClock.now + .seconds(10)
        repeat {
            let probe = try RawConnection(port: server.daemon.port)
            probe.send(Self.head("/photos", length: 10_000_000, cookies: server.jar, expectContinue: true))
            status = try probe.readResponseHead().status
            if status == 100 { admitted.append(probe) }
        } while status == 100 && ContinuousClock.now < deadline
        #expect(status == 429)
        withExtendedLifetime((arriving, admitted)) {}
    }

    @Test func theEditorScriptIsToldInWordsWhyItsUploadWasRefused() async throws {
        let server = try WebTestServer(minimumFreeDiskBytes: Int64.max / 2)
        try await server.signUpCreator()
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(Self.head("/photos", length: 20_000_000, cookies: server.jar).replacingOccurrences(
            of: "Content-Type:", with: "Accept: application/json\r\nAccept-Language: en\r\nContent-Type:"))
        let response = try connection.readResponse()
        #expect(response.status == 507)
        #expect(response.text.hasPrefix("{\"error\":\"The server does not have enough disk space"))
    }

    @Test func aDiskShortOfSpaceRefusesUploadsWith507() async throws {
        let server = try WebTestServer(minimumFreeDiskBytes: Int64.max / 2)
        try await server.signUpCreator()
        let connection = try RawConnection(port: server.daemon.port)
        connection.send(Self.head("/photos", length: 20_000_000, cookies: server.jar))
        let response = try connection.readResponse()
        #expect(response.status == 507)
        #expect(response.text.contains("místo") || response.text.contains("space"))
    }
}

@Suite struct UploadRoutesTests {
    /// Every form that can carry photos is admitted from its head and handled off the
    /// polling thread (photo work would hold up the thread's other connections).
    @Test(arguments: ["/photos", "/portfolios", "/portfolios/7", "/profile/edit"])
    func everyUploadRouteIsAdmittedAndSlow(path: String) throws {
        let server = try WebTestServer()
        guard case .found(let route, _) = server.app.router.match(.post, try RequestPath(encoded: path)) else {
            Issue.record("no route for POST \(path)")
            return
        }
        #expect(route.options.acceptsUploads && route.options.isSlow && route.options.admission != nil)
    }
}
