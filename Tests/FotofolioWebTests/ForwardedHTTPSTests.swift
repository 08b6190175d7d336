import Foundation
import Testing
@testable import FotofolioWeb

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
}
