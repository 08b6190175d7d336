import Foundation
import RawHTTP
import Testing
@testable import HTTPServer

/// `InProcessClient` answers as the daemon does: each request is sent both ways, over a
/// socket and in process, and the two answers must agree.
@Suite struct InProcessClientTests {
    struct Exchange: CustomTestStringConvertible, Sendable {
        let method: String
        let target: String
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        var testDescription: String { "\(method) \(target)" }
    }

    static let limits = {
        var limits = BodyLimits()
        limits.formBytes = 64
        return limits
    }()

    static let exchanges: [Exchange] = [
        Exchange(method: "GET", target: "/query?q=%C5%99e%C5%BE+x&n=1&empty="),
        Exchange(method: "GET", target: "/query?bad=%zz"),
        Exchange(method: "GET", target: "/nothing/here"),
        Exchange(method: "DELETE", target: "/query"),
        Exchange(method: "HEAD", target: "/query?n=2"),
        Exchange(method: "GET", target: "/a/%2e%2e/query"),
        Exchange(method: "POST", target: "/form", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                 body: Array("a=1&b=%C5%99".utf8)),
        Exchange(method: "POST", target: "/form", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                 body: Array(String(repeating: "a=1&", count: 40).utf8)),
        Exchange(method: "POST", target: "/upload", headers: [("Content-Type", "multipart/form-data; boundary=XyZ")],
                 body: RequestBodyTests.multipart([("title", nil, "Léto"), ("photo", "a.txt", "obsah")])),
    ]

    static func routes(_ router: inout Router) {
        router.get("/query") { request in .text(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "|")) }
        router.post("/form") { request in
            .text(request.form.fields.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
        }
        router.post("/upload", options: RouteOptions(acceptsUploads: true)) { request in
            let files = request.form.files.map { file in
                "\(file.fieldName):\(file.filename):\((try? String(contentsOfFile: file.path, encoding: .utf8)) ?? "?")"
            }
            return .text((request.form.fields.map { "\($0.name)=\($0.value)" } + files).joined(separator: "|"))
        }
    }

    /// A page made as a string goes to libmicrohttpd as shared bytes (copied once, not again
    /// by libmicrohttpd), byte for byte its UTF-8.
    @Test func aPageIsSentFromOneCopyOfItsUTF8() {
        for text in ["", "<p>Příliš \"x\u{301}\" 🙂</p>", String(repeating: "žluť ", count: 20_000)] {
            for response in [Response.html(text), Response.text(text)] {
                guard case .shared(let bytes) = response.body else { Issue.record("not shared"); continue }
                #expect(bytes.bytes == Array(text.utf8), "\(text.utf8.count) bytes")
            }
        }
    }

    @Test(arguments: exchanges)
    func answersAsTheDaemonDoes(_ exchange: Exchange) throws {
        let server = try TestServer(limits: Self.limits, configure: Self.routes)
        var configuration = server.daemon.configuration
        configuration.temporaryDirectory = server.directory + "/in-process"
        let client = try InProcessClient(configuration: configuration, router: { var router = Router(); Self.routes(&router); return router }())

        var head = "\(exchange.method) \(exchange.target) HTTP/1.1\r\nHost: t\r\n"
        for (name, value) in exchange.headers { head += "\(name): \(value)\r\n" }
        if !exchange.body.isEmpty { head += "Content-Length: \(exchange.body.count)\r\n" }
        let connection = try server.connect()
        connection.send(Array((head + "\r\n").utf8) + exchange.body)
        let overSocket = try connection.readResponse(bodyExpected: exchange.method != "HEAD")

        var headers: HTTPHeaders = ["Host": "t"]
        for (name, value) in exchange.headers { headers.add(name, value) }
        let inProcess = client.respond(method: exchange.method, target: exchange.target, headers: headers, body: exchange.body)
        guard case .bytes(let body) = inProcess.body.readOut else { Issue.record("no bytes in process"); return }

        #expect(inProcess.status.code == overSocket.status)
        #expect(String(decoding: body, as: UTF8.self) == overSocket.text)
        for name in ["content-type", "content-length", "allow"] {
            #expect(inProcess.headers[name] == overSocket.headers[name], "\(name)")
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: configuration.temporaryDirectory)) ?? []).isEmpty,
                "uploads are not left in the spool")
    }
}

extension ResponseBody {
    fileprivate var readOut: ResponseBody {
        if case .empty = self { return .bytes([]) }
        return self
    }
}
