import Foundation
import Testing
@testable import FotofolioWeb
@testable import HTTPServer

/// Behind a proxy that ends TLS, https requests get Secure cookies and HSTS; without
/// `--trust-proxy` the header is not believed.
@Suite struct ForwardedHTTPSTests {
    @Test func anHTTPSRequestBehindTheProxyGetsSecureCookiesAndHSTS() async throws {
        let server = try WebTestServer(trustProxy: true)
        try server.seedDiscovery([])
        let page = try await server.send("/login", headers: ["X-Forwarded-Proto": "https"])
        #expect(page.headers["strict-transport-security"] == "max-age=31536000")
        let cookies = page.headers["set-cookie"] ?? ""
        #expect(cookies.contains("csrf="))
        #expect(cookies.components(separatedBy: ", csrf").allSatisfy { $0.contains("; Secure") })
        server.jar["csrf"] = nil
        let signedIn = try await server.submit("/login", ["identifier": "jana.k", "password": "heslovo"],
                                               headers: ["X-Forwarded-Proto": "https"])
        let session = try #require(signedIn.headers["set-cookie"]?.components(separatedBy: ", ").first { $0.hasPrefix("session=") })
        #expect(session.contains("; Secure"))
        #expect(session.components(separatedBy: "Secure").count == 2) // once, not twice
    }

    @Test func plainHTTPBehindTheProxyStaysAsItWas() async throws {
        let server = try WebTestServer(trustProxy: true)
        let page = try await server.send("/login", headers: ["X-Forwarded-Proto": "http"])
        #expect(page.headers["strict-transport-security"] == nil)
        #expect(!(page.headers["set-cookie"] ?? "").contains("Secure"))
    }

    @Test func withoutTrustingAProxyTheHeaderIsIgnored() async throws {
        let server = try WebTestServer()
        let page = try await server.send("/login", headers: ["X-Forwarded-Proto": "https"])
        #expect(page.headers["strict-transport-security"] == nil)
        #expect(!(page.headers["set-cookie"] ?? "").contains("Secure"))
    }

    /// Behind the proxy every connection comes from the proxy: the failed logins and new
    /// accounts are counted for the client it names last in X-Forwarded-For.
    @Test func behindTheProxyLoginsAreCountedForTheClientItNames() async throws {
        let server = try WebTestServer(trustProxy: true)
        try server.seedDiscovery([])
        for _ in 0..<10 {
            _ = try await server.submit("/login", ["identifier": "jana.k", "password": "spatne-heslo"],
                                        headers: ["X-Forwarded-For": "203.0.113.7"])
        }
        let blocked = try await server.submit("/login", ["identifier": "jana.k", "password": "heslovo"],
                                              headers: ["X-Forwarded-For": "203.0.113.7"])
        #expect(blocked.status == 429)
        // Someone else, through the same proxy, with a forged first entry.
        let other = try await server.submit("/login", ["identifier": "jana.k", "password": "heslovo"],
                                            headers: ["X-Forwarded-For": "203.0.113.7, 198.51.100.4"])
        #expect(other.status == 303)
    }

    @Test(arguments: [("198.51.100.4", "198.51.100.4"), ("1.2.3.4, 198.51.100.4", "198.51.100.4"), ("2001:db8::1", "2001:db8::1"),
                      ("not-an-address", nil), ("1.2.3.4, ", nil), ("", nil)])
    func theClientIsTheLastAddressTheProxyNamed(header: String, client: String?) {
        #expect(ForwardedFor.client(in: header) == client)
    }
}
