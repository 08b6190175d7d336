import Fotofolio
import HTTPServer
import Synchronization

/// `GET /healthz`: 200 when the database answers, 503 with the reason when it does not, and
/// 503 "draining" once the server is about to stop, while it still serves everything else,
/// so a load balancer sends new visitors elsewhere first.
struct HealthCheck {
    let health: any DatabaseHealth
    let draining: Draining

    struct Report: Encodable {
        let status: String
        let database: String
    }

    func register(in router: inout Router) {
        router.get("/healthz") { _ in check() }
    }

    private func check() -> Response {
        var response: Response
        if draining.isOn {
            response = .json(Report(status: "draining", database: "ok"), status: .serviceUnavailable)
            response.headers.set("Cache-Control", "no-store")
            return response
        }
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

/// Whether the server is about to stop (`WebApp.beginDraining()`).
public final class Draining: Sendable {
    private let on = Atomic<Bool>(false)

    public var isOn: Bool { on.load(ordering: .acquiring) }

    func begin() { on.store(true, ordering: .releasing) }
}
