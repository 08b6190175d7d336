/// What the layout needs: language, strings, navigation, assets. Per-request values
/// (title, page body, return path) are markers here; see `ShellTemplate`.
struct ShellViewModel {
    let page: Page
    let table: StringTable
    let assets: AssetURLs
    let signedIn: Bool

    /// As a dictionary, which Mustache reads without reflection.
    var dictionary: [String: Any] {
        [
            "lang": table.language.rawValue,
            "t": table.tree,
            "title": ShellTemplate.Slot.title.marker,
            "main": ShellTemplate.Slot.main.marker,
            "returnTo": ShellTemplate.Slot.returnTo.marker,
            "csrf": ShellTemplate.Slot.csrf.marker,
            "head": ShellTemplate.Slot.head.marker,
            "unreadBadge": ShellTemplate.Slot.unreadBadge.marker,
            "liveAfter": ShellTemplate.Slot.liveAfter.marker,
            "account": signedIn ? ["username": ShellTemplate.Slot.username.marker] as [String: Any] : false,
            "page": ["id": page.rawValue],
            "assets": assets.dictionary,
            "nav": NavigationTab.all.map { tab -> [String: Any] in
                ["id": tab.page.rawValue, "href": tab.path, "label": table.string("nav.\(tab.page.rawValue)"),
                 "current": tab.page == page.tab, "badge": signedIn && tab.page == .messages]
            },
            "languages": Language.allCases.map { language -> [String: Any] in
                ["code": language.rawValue, "label": language.nativeName, "current": language == table.language]
            },
        ]
    }
}
