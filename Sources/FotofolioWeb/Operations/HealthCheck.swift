import Fotofolio
import HTTPServer

/// `GET /healthz`: 200 when the database answers, 503 with the reason when it does not.
struct HealthCheck {
    let health: any DatabaseHealth

    struct Report: Encodable {
        let status: String
        let database: String
    }

    func register(in router: inout Router) {
        router.get("/healthz") { _ in check() }
    }

    private func check() -> Response {
        var response: Response
        do {
            try health.ping()
            response = .json(Report(status: "ok", database: "ok"))
        } catch {
            response = .json(Report(status: "unavailable", database: "\(error)"), status: .serviceUnavailable)
        }
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
