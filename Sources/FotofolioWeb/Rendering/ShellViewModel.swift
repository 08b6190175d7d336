import HTTPServer

/// What the layout needs on every page: language, strings, navigation, assets.
struct ShellViewModel {
    let page: Page
    let request: Request
    let table: StringTable
    let assets: AssetURLs
    let title: String

    /// As a dictionary, which Mustache reads without reflection.
    var dictionary: [String: Any] {
        [
            "lang": table.language.rawValue,
            "t": table.tree,
            "title": title,
            "page": ["id": page.rawValue],
            "assets": ["css": assets.css, "icons": assets.icons, "favicon": assets.favicon],
            "nav": NavigationTab.all.map { tab -> [String: Any] in
                ["id": tab.page.rawValue, "href": tab.path, "label": table.string("nav.\(tab.page.rawValue)"),
                 "current": tab.page == page]
            },
            "languages": Language.allCases.map { language -> [String: Any] in
                ["code": language.rawValue, "label": language.nativeName, "current": language == table.language]
            },
            "returnTo": returnPath,
        ]
    }

    /// Where the language switch sends the reader back to: this page, query included.
    private var returnPath: String {
        request.query.isEmpty ? request.rawPath : "\(request.rawPath)?\(request.query.encoded)"
    }
}
