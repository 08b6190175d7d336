import HTTPServer

/// Who may read `/metrics`: this machine (a scraper beside the server), or anyone with the
/// bearer token given by `--metrics-token`. Counters of requests and streams say how busy
/// the site is and when; they are not for every visitor.
struct MetricsAccess {
    let token: String?

    func check(_ request: Request) throws {
        if request.comesFromLoopback { return }
        guard let token else {
            throw HTTPFailure(.forbidden, "Metrics are answered on this machine only (or with the token of --metrics-token).")
        }
        guard let sent = request.headers["authorization"], sent.hasPrefix("Bearer "),
              CSRFCheck.equal(String(sent.dropFirst("Bearer ".count)), token) else {
            throw HTTPFailure(.unauthorized, "Metrics need their bearer token.", headers: ["WWW-Authenticate": "Bearer"])
        }
    }

}
