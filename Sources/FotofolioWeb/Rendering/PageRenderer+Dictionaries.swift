import HTTPServer
import Mustache

// Untyped models, while pages move to `ViewModel` structs. Deleted once none is left.

struct DictionaryModel: ViewModel, MustacheParent {
    let values: [String: Any]
    func child(named name: String) -> Any? { values[name] }
}

extension PageRenderer {
    @available(*, deprecated, message: "Give the page a ViewModel struct.")
    public func render(_ page: Page, for request: Request, title: String? = nil, content: [String: Any],
                       head: [String: Any]? = nil, status: HTTPStatus = .ok,
                       inserting insertion: String? = nil, memo: String? = nil) throws -> Response {
        let head = head.map { head in
            SocialMeta(url: head["url"] as? String ?? "", type: head["type"] as? String ?? "",
                       title: head["title"] as? String ?? "", description: head["description"] as? String ?? "",
                       image: head["image"] as? String, accentStylesheet: head["accentStylesheet"] as? String)
        }
        return try render(page, for: request, title: title, content: content.isEmpty ? nil : DictionaryModel(values: content),
                          head: head, status: status, inserting: insertion, memo: memo)
    }

    @available(*, deprecated, message: "Give the fragment a ViewModel struct.")
    public func fragment(_ template: String, of page: Page, for request: Request, content: [String: Any],
                         inserting insertion: String? = nil, memo: String? = nil) throws -> Response {
        try fragment(template, of: page, for: request, content: DictionaryModel(values: content),
                     inserting: insertion, memo: memo)
    }

    @available(*, deprecated, message: "Give the fragment a ViewModel struct.")
    func fragmentText(_ template: String, of page: Page, for request: Request, content: [String: Any]) throws -> String {
        try fragmentText(template, of: page, for: request, content: DictionaryModel(values: content))
    }
}
