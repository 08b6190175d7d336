import HTTPServer

/// Error pages in the reader's language, for every `HTTPError` a handler or the server throws.
struct ErrorPages {
    let renderer: PageRenderer

    func render(_ error: any HTTPError, for request: Request) -> Response {
        let table = renderer.strings(for: request)
        let key = "error.\(error.status.code)"
        let known = table.keys.contains("\(key).title")
        let title = known ? table.string("\(key).title") : error.status.reason
        let message = known ? table.string("\(key).message") : error.message
        // A script asked (the portfolio editor's uploads, say): it shows the sentence itself.
        if request.wantsJSON { return .json(["error": message], status: error.status) }
        do {
            return try renderer.render(.error, for: request, title: title,
                                       content: ErrorPage(status: error.status, title: title, message: message),
                                       status: error.status)
        } catch {
            return .text("\(title)\n\n\(message)", status: .internalServerError)
        }
    }
}

/// `pages/error`: the status, what it means and what to do.
struct ErrorPage: ViewModel {
    struct Details: ViewModel {
        let status: Int
        let title: String
        let message: String
    }

    let error: Details

    init(status: HTTPStatus, title: String, message: String) {
        error = Details(status: status.code, title: title, message: message)
    }
}
