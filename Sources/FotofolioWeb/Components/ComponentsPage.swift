import HTTPServer

/// `/components`: the widgets that make the pages feel native on a phone, each with the
/// options a page gives it — a bottom sheet with named detents moved by buttons, the content
/// states (empty, error, and one a page declares for itself), a segmented control in a
/// container that can be resized. The same markup the product's pages use.
struct ComponentsPage: ViewModel {
    let emptyState: ContentState.Model
    let errorState: ContentState.Model
    /// A state a page declares for itself: the messenger's "offline", in its own partial.
    let offlineState: ContentState.Model
    /// The rows of the sheet's list, enough to scroll it.
    let rows: [Int]

    static func register(in router: inout Router, renderer: PageRenderer) {
        router.get("/components") { request in
            let table = renderer.strings(for: request)
            let page = ComponentsPage(
                emptyState: ContentState(.empty, "feedNoMatch", icon: "filter", action: .init(href: "/components", name: "clear-filters"))
                    .model(table),
                errorState: ContentState(.error, "feedFailed", icon: "alert", action: .init(href: "/components", name: "retry"))
                    .model(table),
                offlineState: ContentState(.offline, "messengerOffline", icon: "offline", action: .init(href: "/components", name: "retry"))
                    .model(table),
                rows: Array(1...30))
            return try renderer.render(.components, for: request, content: page)
        }
    }
}
