import HTTPServer

/// The pages behind the navigation tabs that have no feature of their own yet: messages,
/// which belong to a signed-in person.
struct ShellPages {
    let renderer: PageRenderer

    func register(in router: inout Router) {
        router.get("/messages") { request in
            guard request.signedIn != nil else { return SignInRedirect.to(request) }
            return try renderer.render(.messages, for: request)
        }
    }
}

/// Sends a guest to the login page, to come back here afterwards.
enum SignInRedirect {
    static func to(_ request: Request) -> Response {
        .redirect(to: "/login?" + QueryItems([.init(name: "return", value: ReturnPath.of(request))]).encoded)
    }
}
