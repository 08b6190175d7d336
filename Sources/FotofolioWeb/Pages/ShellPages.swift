import HTTPServer

/// The pages behind the navigation tabs that have no feature of their own yet. The feed and
/// search are public; the selection and messages belong to a signed-in person.
struct ShellPages {
    let renderer: PageRenderer

    func register(in router: inout Router) {
        router.get("/") { request in try renderer.render(.feed, for: request) }
        router.get("/search") { request in try renderer.render(.search, for: request) }
        for page in [Page.selection, .messages] {
            router.get("/\(page.rawValue)") { request in
                guard request.signedIn != nil else { return SignInRedirect.to(request) }
                return try renderer.render(page, for: request)
            }
        }
    }
}

/// Sends a guest to the login page, to come back here afterwards.
enum SignInRedirect {
    static func to(_ request: Request) -> Response {
        .redirect(to: "/login?" + QueryItems([.init(name: "return", value: ReturnPath.of(request))]).encoded)
    }
}
