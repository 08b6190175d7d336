import HTTPServer
import Mustache
import PreciseSlider

// Untyped models, while pages move to `ViewModel` structs. Deleted once none is left.

struct DictionaryModel: ViewModel {
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

extension ContentState {
    /// The state for a dictionary model: every key the partials read (an absent action is
    /// `false`, so Mustache never finds another one further out).
    @available(*, deprecated, message: "Use model(_:) in a ViewModel struct.")
    func dictionary(_ table: StringTable) -> [String: Any] {
        [
            "kind": kind.rawValue, "icon": icon,
            "title": table.string("states.\(key).title"), "text": table.string("states.\(key).text"),
            "action": action.map { ["href": $0.href, "name": $0.name, "label": table.string("states.\(key).action")] } ?? false,
        ]
    }
}

extension SliderFrame {
    /// A 1D slider for a dictionary model, which adds its `hint`.
    @available(*, deprecated, message: "Use slider(_:id:label:hint:language:) in a ViewModel struct.")
    static func slider(_ field: SliderField, id: String, label: String, language: SliderLanguage) -> [String: Any] {
        let model = slider(field, id: id, label: label, hint: "", language: language)
        var values: [String: Any] = [:]
        for case (let name?, _) in Mirror(reflecting: model).children { values[name] = model.child(named: name) }
        return values
    }
}
