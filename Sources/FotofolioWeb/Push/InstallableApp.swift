import HTTPServer

/// What makes Fotofolio an installable app that works without the network: the manifest,
/// the service worker at the site root, and the page it shows offline.
struct InstallableApp {
    let renderer: PageRenderer
    let worker: ServiceWorkerScript

    init(renderer: PageRenderer) throws {
        self.renderer = renderer
        worker = try ServiceWorkerScript(renderer: renderer)
    }

    func register(in router: inout Router) {
        router.get("/manifest.webmanifest") { request in manifest(request) }
        router.get("/sw.js") { _ in worker.response() }
        router.get("/offline") { request in try offline(request) }
    }

    private func manifest(_ request: Request) -> Response {
        let language = request.query["lang"].flatMap(Language.init(rawValue:)) ?? .fallback
        return WebAppManifest.response(table: renderer.templates.table(for: language), files: renderer.site.staticFiles)
    }

    /// The same page for everybody, signed in or not: the worker keeps it for whoever uses
    /// the browser next, so it carries no name and no form token; the saved conversation
    /// list is filled in by the page's script from this browser's storage.
    private func offline(_ request: Request) throws -> Response {
        var anonymous = request
        anonymous.context[SignedInKey.self] = nil
        anonymous.context[CSRFTokenKey.self] = CSRFTokenSource(known: "")
        return try renderer.render(.offline, for: anonymous)
    }
}
