import HTTPServer

/// Sends a guest to the login page, to come back here afterwards.
enum SignInRedirect {
    static func to(_ request: Request) -> Response {
        .redirect(to: "/login?" + QueryItems([.init(name: "return", value: ReturnPath.of(request))]).encoded)
    }
}
