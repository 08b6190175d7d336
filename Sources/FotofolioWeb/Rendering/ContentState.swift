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
///
/// A page declares states of its own the same way: a `Kind` in an extension next to the
/// page (`static let offline = Kind("offline")`), its partial `partials/state-<kind>` (which
/// wraps `partials/state-body`) and its strings. A state a script shows later (offline) is
/// rendered into `<template data-content-state="<kind>">` and shown by `content-state.js`.
struct ContentState {
    /// Which partial renders the state: `partials/state-<rawValue>`, a lowercase word.
    struct Kind: RawRepresentable, Hashable, Sendable {
        let rawValue: String

        init(rawValue: String) {
            precondition(rawValue.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" } && !rawValue.isEmpty,
                         "a content state's kind names its partial")
            self.rawValue = rawValue
        }

        init(_ rawValue: String) { self.init(rawValue: rawValue) }

        static let empty = Kind("empty")
        static let error = Kind("error")
    }

    let kind: Kind
    let key: String
    let icon: String
    let action: Action?

    struct Action {
        let href: String
        /// Which behaviour a script may attach to the link (`data-state-action`); without
        /// script the link simply goes to `href`.
        let name: String
        /// An action that changes something (unblocking) is a form posted to `href` with the
        /// page's CSRF token and these fields, never a link.
        private(set) var postedFields: [(name: String, value: String)]?

        init(href: String, name: String) {
            self.href = href
            self.name = name
            postedFields = nil
        }

        static func post(to href: String, name: String, fields: [(name: String, value: String)] = []) -> Action {
            var action = Action(href: href, name: name)
            action.postedFields = fields
            return action
        }
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
              action: action.map { action in
                  .init(href: action.href, name: action.name, label: table.string("states.\(key).action"),
                        isPost: action.postedFields != nil,
                        fields: (action.postedFields ?? []).map { .init(name: $0.name, value: $0.value) })
              })
    }

    /// What `partials/state-body` (inside each kind's partial) reads.
    struct Model: ViewModel {
        struct Action: ViewModel {
            struct Field: ViewModel {
                let name: String
                let value: String
            }

            let href: String
            let name: String
            let label: String
            /// A form posted to `href` (with the page's `csrf` and `fields`), not a link.
            let isPost: Bool
            let fields: [Field]
        }

        let kind: String
        let icon: String
        let title: String
        let text: String
        let action: Action?
    }
}
