import Foundation
import Fotofolio
import HTTPServer
import MQTTClient
import Testing
@testable import FotofolioWeb

@Suite struct StatusPageTests {
    @Test func operatorsSeeTheLivePathInWordsAndScriptsInJSON() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Ahoj", in: try server.directRoom("jana.k", "vojtafoti"))
        server.signOut()
        // The hub reads the message from the log on a queue of its own.
        let deadline = Date() + 10
        while WebTestServer.json(try await server.send("/status", headers: ["Accept": "application/json"]).body)["lastEventSecondsAgo"] == nil,
              Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let page = try await server.send("/status", headers: ["Accept-Language": "cs"])
        #expect(page.status == 200)
        #expect(page.headers["cache-control"] == "no-store")
        #expect(page.body.contains(#"data-state="local""#) && page.body.contains("Nepoužívá se (jeden proces)"))
        #expect(page.body.contains("před ") && page.body.contains(" s</dd>"))
        let json = try await server.send("/status", headers: ["Accept": "application/json"])
        let report = WebTestServer.json(json.body)
        #expect(report["broker"] as? String == "local")
        #expect(report["outboxBacklog"] as? Int == 0)
        #expect(report["liveStreams"] as? Int == 0)
        #expect((report["lastEventSecondsAgo"] as? Int).map { $0 < 60 } == true)
        #expect(report["lanURLs"] is [String])
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
