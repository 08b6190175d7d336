import HTTPServer

extension Response {
    /// A response at an address whose token is the key (a share link, a gallery, a calendar
    /// feed): it names no referrer to the sites it links, search engines leave it out, and no
    /// shared cache keeps it.
    func atSecretAddress(cache: String = "private, no-store") -> Response {
        var response = self
        response.headers.set("Referrer-Policy", "no-referrer")
        response.headers.set("X-Robots-Tag", "noindex, nofollow")
        response.headers.set("Cache-Control", cache)
        return response
    }
}
