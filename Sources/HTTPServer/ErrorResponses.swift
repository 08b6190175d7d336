import Logging

/// Turns errors thrown by handlers into responses: an `HTTPError` as itself, an error that
/// `classify` names as what it means to the client, anything else as a 500 (logged with the
/// request id, never shown to the client).
public struct ErrorResponses: Middleware {
    public typealias Renderer = @Sendable (any HTTPError, Request) -> Response
    public typealias Classifier = @Sendable (any Error) -> (any HTTPError)?

    let logger: Logger
    let classify: Classifier
    let render: Renderer

    /// Place it last in the chain, so the middleware around it (headers, logs, metrics)
    /// sees every error as a response.
    public init(logger: Logger, classify: @escaping Classifier = { _ in nil }, render: @escaping Renderer = ErrorResponses.plainText) {
        self.logger = logger
        self.classify = classify
        self.render = render
    }

    /// The error's own message as plain text.
    public static let plainText: Renderer = { error, _ in .text(error.message, status: error.status) }

    public func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        do {
            return try next(request)
        } catch let error as any HTTPError {
            return respond(to: error, for: request)
        } catch {
            if let meaning = classify(error) {
                logger.warning("\(meaning.status.code): \(error)", metadata: ["request": "\(request.id)"])
                return respond(to: meaning, for: request)
            }
            logger.error("Unexpected error", metadata: ["request": "\(request.id)", "error": "\(error)"])
            return respond(to: HTTPFailure(.internalServerError, "Something went wrong on our side."), for: request)
        }
    }

    private func respond(to error: any HTTPError, for request: Request) -> Response {
        var response = render(error, request)
        response.status = error.status
        for field in error.headers { response.headers.set(field.name, field.value) }
        return response
    }
}
