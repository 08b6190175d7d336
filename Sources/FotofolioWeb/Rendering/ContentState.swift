/// What a list or a live region shows when it has no content to show: one convention for
/// every page. Each state is a title, a sentence and, where there is a next step, one action;
/// its strings live in the string tables under `states.<key>` (`title`, `text`, `action`).
///
/// Templates render a state with the partial of its kind inside a section over the state's
/// model, e.g. `{{#emptyState}}{{> partials/state-empty}}{{/emptyState}}`. The model always
/// has every name the partials read (no action is a nil `action`, which ends the lookup), so
/// Mustache never finds a same-named value of the page further out.
///
/// - `partials/state-empty`: nothing here yet, with the way to something (a list, results).
/// - `partials/state-error`: something failed, with a retry (role="alert").
/// Loading needs no partial: a region being replaced carries `aria-busy="true"`, which the
/// stylesheet shows (dimmed, with a spinner where the wait is long enough to see).
struct ContentState {
    enum Kind: String { case empty, error }

    let kind: Kind
    let key: String
    let icon: String
    let action: Action?

    struct Action {
        let href: String
        /// Which behaviour a script may attach to the link (`data-state-action`); without
        /// script the link simply goes to `href`.
        let name: String
    }

    init(_ kind: Kind, _ key: String, icon: String, action: Action? = nil) {
        self.kind = kind
        self.key = key
        self.icon = icon
        self.action = action
    }

    func model(_ table: StringTable) -> Model {
        Model(kind: kind.rawValue, icon: icon, title: table.string("states.\(key).title"),
              text: table.string("states.\(key).text"),
              action: action.map { .init(href: $0.href, name: $0.name, label: table.string("states.\(key).action")) })
    }

    /// What `partials/state-empty` and `partials/state-error` read.
    struct Model: ViewModel {
        struct Action: ViewModel {
            let href: String
            let name: String
            let label: String
        }

        let kind: String
        let icon: String
        let title: String
        let text: String
        let action: Action?
    }
}
