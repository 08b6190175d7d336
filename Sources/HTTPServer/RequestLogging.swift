import Logging

/// One log line per request: method, path, status, duration and request id. Also returns
/// the id to the client as `X-Request-Id`, so a person reporting a problem can quote it.
public struct RequestLogging: Middleware {
    let logger: Logger

    public init(logger: Logger) { self.logger = logger }

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        let started = ContinuousClock.now
        var response = try next(request)
        response.headers.add("X-Request-Id", request.id)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info("\(request.method) \(request.rawPath) \(response.status.code)", metadata: [
            "request": "\(request.id)",
            "ms": "\((milliseconds * 100).rounded() / 100)",
        ])
        return response
    }
}
