import HTTPServer
import Mustache

/// Renders pages: the app shell around a page template, in the reader's language.
public struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    let assets: AssetURLs

    public init(templatesDirectory: String, staticFiles: StaticFiles) throws {
        templates = try TemplateLibrary(directory: templatesDirectory)
        assets = AssetURLs(staticFiles)
    }

    /// A full HTML page. `content` adds page-specific values to the view model.
    public func render(_ page: Page, for request: Request, title: String? = nil,
                       content: [String: Any] = [:], status: HTTPStatus = .ok) throws -> Response {
        let language = Language.preferred(by: request)
        let table = templates.table(for: language)
        var model = ShellViewModel(page: page, request: request, table: table, assets: assets,
                                   title: title ?? table.string(page.titleKey)).dictionary
        model.merge(content) { _, new in new }
        guard let html = templates.mustache.render(model, withTemplate: page.template) else {
            throw HTTPFailure(.internalServerError, "The page template “\(page.template)” is missing.")
        }
        var response = Response.html(html, status: status)
        response.headers.set("Content-Language", language.rawValue)
        response.headers.set("Vary", "Accept-Language, Cookie")
        response.headers.set("Cache-Control", "no-cache")
        return response
    }

    /// The string table of the reader's language.
    public func strings(for request: Request) -> StringTable {
        templates.table(for: Language.preferred(by: request))
    }
}

/// Fingerprinted URLs of the assets every page links.
struct AssetURLs: Sendable {
    let css: String
    let icons: String
    let favicon: String

    init(_ files: StaticFiles) {
        css = files.url(for: "/css/app.css")
        icons = files.url(for: "/img/icons.svg")
        favicon = files.url(for: "/img/favicon.svg")
    }
}
