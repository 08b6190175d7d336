import HTTPServer

/// Sends a guest to the login page, to come back here afterwards.
enum SignInRedirect {
    static func to(_ request: Request) -> Response {
        .redirect(to: location(for: request))
    }

    /// The same answer as a failure, for where no handler runs (an upload refused from its head).
    static func failure(for request: Request) -> HTTPFailure {
        HTTPFailure(.seeOther, "Sign in to continue.", headers: ["Location": location(for: request)])
    }

    static func location(for request: Request) -> String {
        "/login?" + QueryItems([.init(name: "return", value: ReturnPath.of(request))]).encoded
    }
}
