import Foundation
import Testing
import Waiting
@testable import HTTPServer

@Suite struct RequestBodyTests {
    /// Echoes what the handler saw, so tests can check parsing end to end.
    static func server(limits: BodyLimits = BodyLimits()) throws -> TestServer {
        try TestServer(limits: limits) { router in
            router.post("/form") { request in
                .text(request.form.fields.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
            }
            router.post("/upload", options: RouteOptions(acceptsUploads: true)) { request in
                let files = request.form.files.map { file in
                    let content = (try? String(contentsOfFile: file.path, encoding: .utf8)) ?? "<unreadable>"
                    return "\(file.fieldName):\(file.filename):\(file.size):\(content)"
                }
                return .text((request.form.fields.map { "\($0.name)=\($0.value)" } + files).joined(separator: "|"))
            }
            router.post("/raw") { request in .text("\(request.body.count) bytes") }
            router.get("/query") { request in .text(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "|")) }
        }
    }

    static func post(_ path: String, contentType: String, body: [UInt8]) -> [UInt8] {
        Array("POST \(path) HTTP/1.1\r\nHost: t\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    static func multipart(_ parts: [(name: String, filename: String?, content: String)], boundary: String = "XyZ") -> [UInt8] {
        var text = ""
        for part in parts {
            text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { text += "; filename=\"\(filename)\"\r\nContent-Type: text/plain" }
            text += "\r\n\r\n\(part.content)\r\n"
        }
        return Array((text + "--\(boundary)--\r\n").utf8)
    }

    @Test func urlEncodedFormIsParsed() throws {
        let server = try Self.server()
        let connection = try server.connect()
        connection.send(Self.post("/form", contentType: "application/x-www-form-urlencoded", body: Array("name=Jan+Nov%C3%A1k&tag=a&tag=b".utf8)))
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "name=Jan Novák|tag=a|tag=b")
    }

    /// Browsers send up to 8 KB of cookies for a site (more when other apps share its host);
    /// the connection's memory must hold such a head and its answer.
    @Test func aRequestWithTenKilobytesOfHeadersIsAnswered() throws {
        let server = try Self.server()
        let connection = try server.connect()
        let cookies = (0..<10).map { "c\($0)=\(String(repeating: "a", count: 1_000))" }.joined(separator: "; ")
        connection.send("GET /query?q=1 HTTP/1.1\r\nHost: t\r\nCookie: \(cookies)\r\nUser-Agent: \(String(repeating: "b", count: 300))\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "q=1")
    }

    @Test func queryItemsReachTheHandlerDecoded() throws {
        #expect(try Self.server().get("/query?q=%C5%99e%C5%BE+x&n=1").text == "q=řež x|n=1")
    }

    @Test func multipartFormWithFilesIsParsedAndSpoolFilesAreDeletedAfterwards() throws {
        let server = try Self.server()
        let body = Self.multipart([("title", nil, "Svatba"), ("photo", "a.txt", "hello file")])
        let connection = try server.connect()
        connection.send(Self.post("/upload", contentType: "multipart/form-data; boundary=XyZ", body: body))
        let response = try connection.readResponse()
        #expect(response.text == "title=Svatba|photo:a.txt:10:hello file")
        #expect(eventually { server.spooledFiles.isEmpty })
    }

    @Test func malformedMultipartIs400() throws {
        let body = Array("--XyZ\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--XyZ--\r\n".utf8)
        let server = try Self.server()
        let connection = try server.connect()
        connection.send(Self.post("/upload", contentType: "multipart/form-data; boundary=XyZ", body: body))
        #expect(try connection.readResponse().status == 400)
    }

    @Test func formWithInvalidUTF8Is400() throws {
        let server = try Self.server()
        let connection = try server.connect()
        connection.send(Self.post("/form", contentType: "application/x-www-form-urlencoded", body: [0x61, 0x3D, 0xFF, 0xFE]))
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.text.contains("UTF-8"))
    }

    @Test func declaredOversizeBodyIs413WithoutReadingItAndTheServerStaysSane() throws {
        var limits = BodyLimits()
        limits.formBytes = 1024
        let server = try Self.server(limits: limits)
        let connection = try server.connect()
        connection.send("POST /form HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000000\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(connection.closesWithin(.seconds(5)))
        #expect(try server.get("/query?still=alive").text == "still=alive")
    }

    @Test func aModestlyOversizeBodyIsReadThroughBeforeThe413SoTheClientSeesIt() throws {
        var limits = BodyLimits()
        limits.formBytes = 1024
        let server = try Self.server(limits: limits)
        let connection = try server.connect()
        let body = String(repeating: "a", count: 4096)
        connection.send("POST /form HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.count)\r\n\r\n")
        // Nothing may come back while the body is still on its way.
        #expect(throws: (any Error).self) { try connection.readResponseHead(timeout: .milliseconds(300)) }
        connection.send(body)
        #expect(try connection.readResponse().status == 413)
    }

    @Test func chunkedBodyPastTheLimitIsDroppedAndAnswered413() throws {
        var limits = BodyLimits()
        limits.formBytes = 1024
        let server = try Self.server(limits: limits)
        let connection = try server.connect()
        connection.send("POST /raw HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = String(repeating: "x", count: 800)
        for _ in 0..<4 { connection.send("320\r\n\(chunk)\r\n") }
        connection.send("0\r\n\r\n")
        #expect(try connection.readResponse().status == 413)
        #expect(try server.get("/query?still=alive").text == "still=alive")
    }

    @Test func endlessChunkedBodyIsCutOffPastTheUploadCeiling() throws {
        var limits = BodyLimits()
        limits.formBytes = 1024
        limits.uploadBytes = 64 * 1024
        let server = try Self.server(limits: limits)
        let connection = try server.connect()
        connection.send("POST /raw HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = String(repeating: "x", count: 4096)
        var sent = 0
        while sent < 1 << 20, connection.send("1000\r\n\(chunk)\r\n") { sent += 4096 }
        #expect(connection.closesWithin(.seconds(5)))
        #expect(try server.get("/query?still=alive").text == "still=alive")
    }

    @Test func uploadPastThePerFileLimitIs413AndLeavesNoSpoolFiles() throws {
        var limits = BodyLimits()
        limits.fileBytes = 64 * 1024
        let server = try Self.server(limits: limits)
        let big = String(repeating: "p", count: 200 * 1024)
        let body = Self.multipart([("photo", "big.jpg", big)])
        let connection = try server.connect()
        connection.send(Self.post("/upload", contentType: "multipart/form-data; boundary=XyZ", body: body))
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.text.contains("big.jpg"))
        #expect(eventually { server.spooledFiles.isEmpty })
    }

    @Test func routesWithoutUploadsLimitMultipartToTheFormLimit() throws {
        var limits = BodyLimits()
        limits.formBytes = 4096
        let server = try Self.server(limits: limits)
        let body = Self.multipart([("photo", "x.jpg", String(repeating: "p", count: 8192))])
        let connection = try server.connect()
        connection.send(Self.post("/form", contentType: "multipart/form-data; boundary=XyZ", body: body))
        #expect(try connection.readResponse().status == 413)
    }

    @Test(arguments: ["/../etc/passwd", "/%2e%2e/etc/passwd", "/a%00b", "/a%2Fb", "/%ZZ"])
    func unsafeRequestPathsAre400(path: String) throws {
        let response = try Self.server().send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(response.status == 400)
    }

    @Test func malformedQueryIs400() throws {
        #expect(try Self.server().get("/query?q=%FF").status == 400)
    }
}

/// RFC 9112 §6.3: a request whose length can be read two ways is refused and its connection
/// closed, so nothing after it can be smuggled in as a second request.
@Suite struct RequestFramingTests {
    @Test(arguments: [
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: chunked\r\nContent-Length: 0\r\n",
        "Content-Length: 5\r\nContent-Length: 6\r\n",
        "Content-Length: 5, 6\r\n",
    ])
    func anAmbiguousLengthIs400AndTheConnectionCloses(framing: String) throws {
        let server = try RequestBodyTests.server()
        let connection = try server.connect()
        connection.send("POST /form HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\n\(framing)\r\n0\r\n\r\nGET /query?smuggled=1 HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(connection.closesWithin(.seconds(5)))
    }

    @Test func twoEqualLengthsAreOneLength() throws {
        let server = try RequestBodyTests.server()
        let connection = try server.connect()
        connection.send("POST /form HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\na=b")
        #expect(try connection.readResponse().text == "a=b")
    }
}
