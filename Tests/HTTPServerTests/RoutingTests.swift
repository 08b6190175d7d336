import Testing
@testable import HTTPServer

@Suite struct RoutingTests {
    static func server() throws -> TestServer {
        try TestServer { router in
            router.get("/") { _ in .text("home") }
            router.get("/users/:username") { request in .text("user \(request.parameters["username"] ?? "?")") }
            router.get("/users/new") { _ in .text("new user form") }
            router.post("/users") { _ in .text("created", status: .created) }
            router.get("/files/*path") { request in .text("file \(request.parameters["path"] ?? "")") }
            router.get("/boom") { _ in throw CocoaLikeError() }
            router.get("/forbidden") { _ in throw HTTPFailure(.forbidden, "Not yours.") }
        }
    }

    struct CocoaLikeError: Error {}

    @Test func parameterSegmentsAreCapturedDecoded() throws {
        let response = try Self.server().get("/users/jan%20nov%C3%A1k")
        #expect(response.status == 200)
        #expect(response.text == "user jan novák")
    }

    @Test func literalSegmentsWinOverParameters() throws {
        #expect(try Self.server().get("/users/new").text == "new user form")
    }

    @Test func restParameterTakesTheRestOfThePath() throws {
        #expect(try Self.server().get("/files/a/b/c.txt").text == "file a/b/c.txt")
    }

    @Test func unknownPathIs404() throws {
        #expect(try Self.server().get("/nowhere").status == 404)
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let response = try Self.server().send("DELETE /users HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "POST")
    }

    @Test func getRoutesAnswerHeadWithHeadersOnly() throws {
        let server = try Self.server()
        let get = try server.get("/users/eva")
        let connection = try server.connect()
        connection.send("HEAD /users/eva HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try connection.readResponse(bodyExpected: false)
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == get.headers["content-length"])
        // The next response on the same connection must start right away: no stray body bytes.
        connection.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try connection.readResponse().text == "home")
    }

    @Test func keepAliveConnectionServesSeveralRequests() throws {
        let server = try Self.server()
        let connection = try server.connect()
        for name in ["a", "b", "c"] {
            connection.send("GET /users/\(name) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.text == "user \(name)")
            #expect(response.headers["connection"]?.lowercased() != "close")
        }
    }

    @Test func thrownHTTPErrorBecomesItsStatus() throws {
        let response = try Self.server().get("/forbidden")
        #expect(response.status == 403)
        #expect(response.text == "Not yours.")
    }

    @Test func unexpectedErrorIs500AndTheServerKeepsServing() throws {
        let server = try Self.server()
        let response = try server.get("/boom")
        #expect(response.status == 500)
        #expect(!response.text.contains("CocoaLikeError"))
        #expect(try server.get("/").text == "home")
    }

    @Test func routerPrefersTheMostLiteralPattern() {
        var router = Router()
        router.get("/a/:x") { _ in .text("param") }
        router.get("/a/b") { _ in .text("literal") }
        guard case .found(let route, _) = router.match(.get, RequestPath(segments: ["a", "b"])) else {
            Issue.record("no match")
            return
        }
        #expect(route.pattern == "/a/b")
    }

    /// Routes are looked up by the path's first segment; those starting with a parameter or
    /// a rest may match any path and are tried with them, in the order they were added.
    @Test func routesStartingWithAParameterCompeteWithLiteralOnesInTheOrderAdded() {
        var router = Router()
        router.get("/") { _ in .text("root") }
        router.get("/:page") { _ in .text("page") }
        router.get("/u/:name") { _ in .text("profile") }
        router.post("/:page") { _ in .text("post page") }
        router.get("/:first/:second") { _ in .text("two params") }
        router.get("/:a/:b") { _ in .text("same score, added later") }
        router.get("/files/*rest") { _ in .text("files") }
        router.get("/*anything") { _ in .text("anything") }
        func pattern(_ method: HTTPMethod, _ segments: [String]) -> String? {
            if case .found(let route, _) = router.match(method, RequestPath(segments: segments)) { return route.pattern }
            return nil
        }
        #expect(pattern(.get, []) == "/")
        #expect(pattern(.get, ["about"]) == "/:page")
        #expect(pattern(.get, ["u", "jana"]) == "/u/:name")
        #expect(pattern(.get, ["x", "y"]) == "/:first/:second")
        #expect(pattern(.get, ["files", "a", "b"]) == "/files/*rest")
        #expect(pattern(.get, ["x", "y", "z"]) == "/*anything")
        #expect(pattern(.post, ["about"]) == "/:page")
        guard case .methodNotAllowed(let allowed) = router.match(.delete, RequestPath(segments: ["u", "jana"])) else {
            Issue.record("a DELETE found a route")
            return
        }
        #expect(Set(allowed) == [.get, .head])
    }
}

@Suite struct RequestContextTests {
    enum Greeting: RequestContextKey { typealias Value = String }

    struct Greeter: Middleware {
        func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
            var request = request
            request.context[Greeting.self] = "ahoj"
            return try next(request)
        }
    }

    @Test func middlewareHandsValuesToTheHandler() throws {
        let server = try TestServer(middleware: [Greeter()]) { router in
            router.get("/") { request in .text(request.context[Greeting.self] ?? "nothing") }
        }
        #expect(try server.get("/").text == "ahoj")
    }
}
