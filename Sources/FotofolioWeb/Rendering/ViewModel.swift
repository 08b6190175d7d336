import Mustache

/// What a template reads: a struct whose stored properties are the names its template uses,
/// one struct per page and per partial. A value left out is a compile error, and a name the
/// template reads that the model does not have shows up in `TemplateModelTests`.
///
/// Mustache looks a name up through the sections around it when the innermost model does
/// not have it. A model's nil Optional is empty (its section is skipped, its inverted
/// section shown, `{{name}}` prints nothing) and, unlike a missing name, ends the lookup
/// there: it never finds a same-named value of an outer model.
public protocol ViewModel: MustacheParent {}

extension ViewModel {
    public func child(named name: String) -> Any? { ViewModelLookup.property(named: name, of: self) }
}

/// What a page's template sees: its own model first, then what every page has.
struct PageContext: MustacheParent {
    let content: any ViewModel
    let page: PageModel

    func child(named name: String) -> Any? {
        content.child(named: name) ?? page.child(named: name)
    }
}

/// What every page's template gets besides its own model: the language, the string table
/// (`t`), the page's id and the assets' fingerprinted URLs.
struct PageModel: ViewModel {
    let lang: String
    let t: StringGroup
    let page: PageName
    let assets: AssetURLs

    init(page: Page, table: StringTable, assets: AssetURLs) {
        lang = table.language.rawValue
        t = table.tree
        self.page = PageName(id: page.rawValue)
        self.assets = assets
    }
}

/// The page's id, for `data-page` and icons (`page.id`).
struct PageName: ViewModel {
    let id: String
}

/// The social-sharing tags in a page's head (`partials/social-meta`): canonical URL, Open
/// Graph and Twitter cards.
public struct SocialMeta: ViewModel {
    let url: String
    let type: String
    let title: String
    let description: String
    let image: String?
    /// The profile's own accent colours, when the page's author chose some.
    let accentStylesheet: String?
}

enum ViewModelLookup {
    /// The stored property `name` of `model`, unwrapped: `Empty` for a nil Optional, nil
    /// when the model has no such property.
    static func property(named name: String, of model: some ViewModel) -> Any? {
        guard let child = Mirror(reflecting: model).children.first(where: { $0.label == name }) else {
            return missing(name)
        }
        TemplateNames.log?.answered(name)
        let value = Mirror(reflecting: child.value)
        guard value.displayStyle == .optional else { return child.value }
        return value.children.first?.value ?? Empty()
    }

    /// Nil, for a name a model does not have; noted while `TemplateNames.log` is set.
    static func missing(_ name: String) -> Any? {
        TemplateNames.log?.unanswered(name)
        return nil
    }
}

/// A nil Optional of a model as Mustache sees it: present, so the lookup stops, and empty.
struct Empty: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}
