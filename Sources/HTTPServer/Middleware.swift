/// A step around every request: it may change the request, answer early, or change the response.
public protocol Middleware: Sendable {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response
}

extension Array where Element == any Middleware {
    /// Wraps `handler` so the first middleware runs outermost.
    func wrapping(_ handler: @escaping Handler) -> Handler {
        reversed().reduce(handler) { next, middleware in
            { request in try middleware.handle(request, next: next) }
        }
    }
}
