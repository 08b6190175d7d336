/// What the layout needs besides what every page has (`PageModel`): navigation and the
/// language switch. Per-request values (title, page body, return path) are markers here;
/// see `ShellTemplate`.
struct ShellViewModel: ViewModel {
    struct Account: ViewModel {
        let username: String
    }

    struct Tab: ViewModel {
        let id: String
        let href: String
        let label: String
        let current: Bool
        /// The unread count goes on this tab.
        let badge: Bool
    }

    struct LanguageChoice: ViewModel {
        let code: String
        let label: String
        let current: Bool
    }

    let title = ShellTemplate.Slot.title.marker
    let main = ShellTemplate.Slot.main.marker
    let returnTo = ShellTemplate.Slot.returnTo.marker
    let csrf = ShellTemplate.Slot.csrf.marker
    let head = ShellTemplate.Slot.head.marker
    let unreadBadge = ShellTemplate.Slot.unreadBadge.marker
    let liveAfter = ShellTemplate.Slot.liveAfter.marker
    /// Nil for a guest.
    let account: Account?
    let nav: [Tab]
    let languages: [LanguageChoice]

    init(page: Page, table: StringTable, signedIn: Bool) {
        account = signedIn ? Account(username: ShellTemplate.Slot.username.marker) : nil
        nav = NavigationTab.all.map { tab in
            Tab(id: tab.page.rawValue, href: LanguageAddress.path(tab.path, in: table.language), label: table.string("nav.\(tab.page.rawValue)"),
                current: tab.page == page.tab, badge: signedIn && tab.page == .messages)
        }
        languages = Language.allCases.map { language in
            LanguageChoice(code: language.rawValue, label: language.nativeName, current: language == table.language)
        }
    }
}
