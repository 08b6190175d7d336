import HTTPServer
import Mustache

/// What every page is made of, read from disk and checked once: the templates and string
/// tables, the public files with their fingerprinted URLs, and the shell (layout) of every
/// page, language and sign-in state, already cut. A missing template, partial, string or
/// asset, or a layout that cannot be cut, stops start-up with a clear message.
///
/// Nothing in it changes while the server runs, so a process makes it once; the tests make
/// it once for all the apps they start.
public struct SiteFiles: Sendable {
    let templates: TemplateLibrary
    let staticFiles: StaticFiles
    let assets: AssetURLs
    let importMap: ModuleImportMap
    let shells: [ShellKey: ShellTemplate]

    struct ShellKey: Hashable {
        let language: Language
        let page: Page
        let signedIn: Bool
    }

    public init(templatesDirectory: String, publicDirectory: String) throws {
        templates = try TemplateLibrary(directory: templatesDirectory)
        staticFiles = try StaticFiles(root: publicDirectory)
        importMap = ModuleImportMap(staticFiles)
        assets = AssetURLs(staticFiles, importMap: importMap)
        var shells: [ShellKey: ShellTemplate] = [:]
        for language in Language.allCases {
            let table = templates.table(for: language)
            for page in Page.allCases {
                for signedIn in [false, true] {
                    let model = PageContext(content: ShellViewModel(page: page, table: table, signedIn: signedIn),
                                            page: PageModel(page: page, table: table, assets: assets))
                    guard let layout = templates.mustache.render(model, withTemplate: "layout") else {
                        throw TemplateError("The template “layout.mustache” is missing.")
                    }
                    shells[ShellKey(language: language, page: page, signedIn: signedIn)] = try ShellTemplate(rendered: layout)
                }
            }
        }
        self.shells = shells
    }

    /// The shell for `key`; every one was cut at start-up.
    func shell(_ key: ShellKey) -> ShellTemplate {
        guard let shell = shells[key] else { preconditionFailure("no shell for \(key)") }
        return shell
    }
}
