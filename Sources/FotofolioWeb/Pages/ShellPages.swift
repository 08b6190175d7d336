import HTTPServer

/// The pages behind the navigation tabs that have no feature of their own yet.
struct ShellPages {
    let renderer: PageRenderer

    func register(in router: inout Router) {
        for tab in NavigationTab.all {
            let page = tab.page
            router.get(tab.path) { request in try renderer.render(page, for: request) }
        }
    }
}
