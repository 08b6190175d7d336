import HTTPServer

/// Where a guest is sent to sign in, to come back here afterwards (`SignInRequired`).
enum SignInRedirect {
    static func location(for request: Request) -> String {
        "/login?" + QueryItems([.init(name: "return", value: ReturnPath.of(request))]).encoded
    }
}
