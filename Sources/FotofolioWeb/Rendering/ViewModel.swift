import Mustache

/// What a template reads: a struct whose stored properties are the names its template uses,
/// one struct per page and per partial. A value left out is a compile error, and a name the
/// template reads that the model does not have shows up in `TemplateModelTests`.
///
/// Mustache looks a name up through the sections around it when the innermost model does
/// not have it, and a nil Optional counts as not having it: an inner model never gets an
/// Optional whose name an outer model also has (use a Bool and a value instead).
public protocol ViewModel {}

/// What a page's template sees: its own model first, then what every page has.
struct PageContext: MustacheParent {
    let content: any ViewModel
    let page: PageModel

    func child(named name: String) -> Any? {
        ViewModelLookup.value(named: name, in: content) ?? page.child(named: name)
    }
}

/// What every page's template gets besides its own model: the language, the string table
/// (`t`), the page's id and the assets' fingerprinted URLs.
struct PageModel: MustacheParent {
    let page: Page
    let table: StringTable
    let assets: AssetURLs

    func child(named name: String) -> Any? {
        switch name {
        case "lang": table.language.rawValue
        case "t": table.tree
        case "page": ["id": page.rawValue]
        case "assets": assets.dictionary
        default: nil
        }
    }
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
    /// The stored property `name` of `model`, unwrapped; nil when it has none or it is nil.
    static func value(named name: String, in model: Any) -> Any? {
        if let parent = model as? MustacheParent { return parent.child(named: name) }
        guard let child = Mirror(reflecting: model).children.first(where: { $0.label == name }) else { return nil }
        let value = Mirror(reflecting: child.value)
        guard value.displayStyle == .optional else { return child.value }
        return value.children.first?.value
    }
}
