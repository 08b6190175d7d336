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
        let content: [String: Any] = ["error": ["status": error.status.code, "title": title, "message": message]]
        do {
            return try renderer.render(.error, for: request, title: title, content: content, status: error.status)
        } catch {
            return .text("\(title)\n\n\(message)", status: .internalServerError)
        }
    }
}
