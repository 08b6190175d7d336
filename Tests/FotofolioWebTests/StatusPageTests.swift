import Foundation
import Fotofolio
import HTTPServer
import MQTTClient
import Testing
import Waiting
@testable import FotofolioWeb

@Suite struct StatusPageTests {
    @Test func operatorsSeeTheLivePathInWordsAndScriptsInJSON() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Ahoj", in: try server.directRoom("jana.k", "vojtafoti"))
        server.signOut()
        // The hub reads the message from the log on a queue of its own.
        try await waitUntil("the hub has handled the message") {
            (WebTestServer.json(try await server.send("/status", headers: ["Accept": "application/json"]).body)["internals"]
                as? [String: Any])?["lastEventSecondsAgo"] != nil
        }
        let page = try await server.send("/status", headers: ["Accept-Language": "cs"])
        #expect(page.status == 200)
        #expect(page.headers["cache-control"] == "no-store")
        #expect(page.body.contains(#"data-state="local""#) && page.body.contains("Nepoužívá se (jeden proces)"))
        #expect(page.body.contains("před ") && page.body.contains(" s</dd>"))
        let json = try await server.send("/status", headers: ["Accept": "application/json"])
        let whole = WebTestServer.json(json.body)
        #expect(whole["lanURLs"] is [String])
        let report = try #require(whole["internals"] as? [String: Any])
        #expect(report["broker"] as? String == "local")
        #expect(report["outboxBacklog"] as? Int == 0)
        #expect(report["liveStreams"] as? Int == 0)
        #expect((report["lastEventSecondsAgo"] as? Int).map { $0 < 60 } == true)
    }

    @Test func operatorsSeeThePushesThatWait() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let stores = Stores.sqlite(server.database)
        try stores.push.add(NewPushSubscription(endpoint: "https://push.example.net/vojta", p256dh: "p", auth: "a", userAgent: "Firefox"),
                            for: try server.userId("vojtafoti"), at: Date())
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Ahoj", in: try server.directRoom("jana.k", "vojtafoti"))
        server.signOut()
        let report = try #require(WebTestServer.json(try await server.send("/status", headers: ["Accept": "application/json"]).body)["internals"]
            as? [String: Any])
        #expect(report["pushWaiting"] as? Int == 1)
        #expect(report["pushFailed"] as? Int == 0)
        let page = try await server.send("/status", headers: ["Accept-Language": "en"])
        #expect(page.body.contains("Push notifications") && page.body.contains("waiting 1 · failed 0"))
    }

    @Test func aStreamTheBrowserClosedIsCountedOutAtOnce() async throws {
        // No heartbeat comes while the test waits: only the hang-up itself can end the stream.
        let server = try WebTestServer(heartbeat: 600)
        try server.seedDiscovery([])
        func liveStreams() async throws -> Int? {
            let json = WebTestServer.json(try await server.send("/status", headers: ["Accept": "application/json"]).body)
            return (json["internals"] as? [String: Any])?["liveStreams"] as? Int
        }
        var stream: EventStreamClient? = try await server.stream(for: try await server.cookies(of: "jana.k"))
        try await waitUntil("the stream is counted") { try await liveStreams() == 1 }
        _ = stream
        stream = nil // the browser leaves the page: the socket closes
        try await waitUntil("the closed stream is counted out", timeout: .seconds(10)) { try await liveStreams() == 0 }
    }

    @Test func fromAnotherMachineOnlyTheLANAddressShows() async throws {
        let server = try WebTestServer()
        let forwarded = ["X-Forwarded-For": "192.168.1.50", "Accept-Language": "en"]
        let page = try await server.send("/status", headers: forwarded)
        #expect(page.status == 200)
        #expect(!page.body.contains("data-status=\"broker\"") && !page.body.contains("data-status=\"outbox\""))
        #expect(page.body.contains("shows only on the computer Fotofolio runs on"))
        let json = WebTestServer.json(try await server.send("/status", headers: forwarded.merging(["Accept": "application/json"]) { $1 }).body)
        #expect(json["internals"] == nil && json["lanURLs"] is [String])
        #expect(try await server.send("/status").body.contains("data-status=\"broker\""))
    }

    @Test func metricsAnswerThisMachineOrTheirToken() async throws {
        let server = try WebTestServer(metricsToken: "tajne-metriky-123")
        #expect(try await server.send("/metrics").status == 200)
        #expect(try await server.send("/metrics", headers: ["X-Forwarded-For": "192.168.1.50"]).status == 401)
        #expect(try await server.send("/metrics", headers: ["X-Forwarded-For": "192.168.1.50", "Authorization": "Bearer spatne"]).status == 401)
        let authorized = try await server.send("/metrics", headers: ["X-Forwarded-For": "192.168.1.50", "Authorization": "Bearer tajne-metriky-123"])
        #expect(authorized.status == 200 && authorized.body.contains("fotofolio_"))
        let untokened = try WebTestServer()
        #expect(try await untokened.send("/metrics", headers: ["X-Forwarded-For": "192.168.1.50"]).status == 403)
    }

    @Test func onlyLoopbackWithoutAForwardingProxyIsThisMachine() {
        func request(_ address: String, _ headers: [(String, String)] = []) -> Request {
            var fields = HTTPHeaders()
            for (name, value) in headers { fields.add(name, value) }
            return Request(method: .get, path: try! RequestPath(encoded: "/"), headers: fields, remoteAddress: address)
        }
        #expect(request("127.0.0.1").comesFromLoopback && request("::1").comesFromLoopback && request("127.1.2.3").comesFromLoopback)
        #expect(!request("192.168.1.5").comesFromLoopback && !request("fe80::1").comesFromLoopback)
        #expect(!request("127.0.0.1", [("X-Forwarded-For", "10.0.0.7")]).comesFromLoopback)
        #expect(!request("127.0.0.1", [("Forwarded", "for=10.0.0.7")]).comesFromLoopback)
    }

    @Test func aFreshServerHasSentNothingYet() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/status", headers: ["Accept-Language": "en"])
        #expect(page.body.contains("None yet"))
    }

    @Test func theLANAddressUsesThePortTheBrowserCameThrough() {
        func port(_ host: String?) -> Int {
            var headers = HTTPHeaders()
            if let host { headers.add("Host", host) }
            return StatusPage.port(of: Request(method: .get, path: try! RequestPath(encoded: "/status"), headers: headers))
        }
        #expect(port("192.168.1.20:8080") == 8080)
        #expect(port("[fd00::1]:9000") == 9000)
        #expect(port("[fd00::1]") == 80)
        #expect(port("example.cz") == 80)
        #expect(port("example.cz:99999") == 80)
        #expect(port(nil) == 80)
    }

    @Test func aBrokerThatIsDownSaysWhy() {
        let (state, problem) = StatusPage.describe(.reconnecting(reason: "Connection refused"))
        #expect(state == "reconnecting" && problem == "Connection refused")
        #expect(StatusPage.describe(.connected) == ("connected", nil))
        #expect(StatusPage.describe(nil) == ("local", nil))
    }
}
