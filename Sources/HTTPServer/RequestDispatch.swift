import Logging

/// The middleware chain around the router's choice: what answers a request once it is
/// parsed. `HTTPDaemon` and `InProcessClient` share it, so a request is answered the same
/// way whether it came over a socket or not.
struct RequestDispatch: Sendable {
    let router: Router
    private let chain: Handler
    private let logger: Logger

    init(router: Router, middleware: [any Middleware], logger: Logger) {
        self.router = router
        self.logger = logger
        let fallback = router.fallback
        chain = middleware.wrapping { request in
            // The route is resolved before the body is read; see RequestState.
            guard let handler = request.resolvedHandler ?? fallback else { throw RequestState.notFound }
            return try handler(request)
        }
    }

    /// Runs the middleware chain; an error that escapes it still gets an answer.
    func respond(to request: Request) -> Response {
        do {
            return try chain(request)
        } catch let error as any HTTPError {
            var response = Response.text(error.message, status: error.status)
            for field in error.headers { response.headers.add(field.name, field.value) }
            return response
        } catch {
            logger.error("Unhandled error", metadata: ["request": "\(request.id)", "error": "\(error)"])
            return .text("Something went wrong on our side.", status: .internalServerError)
        }
    }
}
