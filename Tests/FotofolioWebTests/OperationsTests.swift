import Testing
@testable import FotofolioWeb

@Suite struct OperationsTests {
    @Test func healthzIsOkWhenTheDatabaseAnswers() async throws {
        let reply = try await WebTestServer().send("/healthz")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/json")
        #expect(reply.body == #"{"database":"ok","status":"ok"}"#)
    }

    @Test func healthzIs503WhenTheDatabaseIsClosed() async throws {
        let server = try WebTestServer()
        try server.database.pool.close()
        let reply = try await server.send("/healthz")
        #expect(reply.status == 503)
        #expect(reply.body.contains(#""status":"unavailable""#))
    }

    @Test func aDrainingServerFailsItsHealthCheckAndServesEverythingElse() async throws {
        let server = try WebTestServer()
        #expect(try await server.send("/healthz").status == 200)
        server.app.beginDraining()
        let health = try await server.send("/healthz")
        #expect(health.status == 503)
        #expect(health.body.contains(#""status":"draining""#))
        #expect(health.headers["cache-control"] == "no-store")
        #expect(try await server.send("/en/").status == 200)
        #expect(try await server.signUp().status == 303)
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        let server = try WebTestServer()
        _ = try await server.send("/en/")
        _ = try await server.send("/missing")
        let metrics = try await server.send("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(metrics.body.contains(#"http_requests_total{route="/en/",method="GET",status="200"} 1"#))
        #expect(metrics.body.contains(#"http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
        #expect(metrics.body.contains(#"http_request_duration_seconds_bucket{route="/en/",le="+Inf"} 1"#))
        #expect(metrics.body.contains("http_open_connections "))
    }
}
