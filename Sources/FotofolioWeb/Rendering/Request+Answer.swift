import HTTPServer

/// Pages and scripts ask for the same URLs: a script's `fetch` says `Accept:
/// application/json` and gets JSON, a browser gets a page, or a redirect after a form post
/// (POST → 303 → GET). A handler says what each gets; the choice is made here, once.
extension Request {
    /// `json()` for a script, else a redirect to `path`.
    func answer(json: () throws -> Response, redirectingTo path: @autoclosure () -> String) rethrows -> Response {
        wantsJSON ? try json() : .redirect(to: path())
    }

    /// `json()` for a script, else `page()`.
    func answer(json: () throws -> Response, page: () throws -> Response) rethrows -> Response {
        wantsJSON ? try json() : try page()
    }
}
