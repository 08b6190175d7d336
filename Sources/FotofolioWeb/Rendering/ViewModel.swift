import HTTPServer
import Mustache
import Synchronization

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
    /// The web app manifest in the page's language.
    let manifest: String
    /// What goes before a public page's path in the page's language ("" or "/en"), so its
    /// links stay in that language: `href="{{root}}/u/{{username}}"` (`LanguageAddress`).
    let root: String

    // Asked on every page for every name its own model does not have: answered without reflection.
    func child(named name: String) -> Any? {
        switch name {
        case "lang": ViewModelLookup.answer(name, lang)
        case "t": ViewModelLookup.answer(name, t)
        case "page": ViewModelLookup.answer(name, page)
        case "assets": ViewModelLookup.answer(name, assets)
        case "manifest": ViewModelLookup.answer(name, manifest)
        case "root": ViewModelLookup.answer(name, root)
        default: ViewModelLookup.missing(name)
        }
    }

    init(page: Page, table: StringTable, assets: AssetURLs) {
        lang = table.language.rawValue
        root = LanguageAddress.prefix(table.language)
        manifest = WebAppManifest.address(for: table.language)
        t = table.tree
        self.page = PageName(id: page.rawValue)
        self.assets = assets
    }
}

/// The page's id, for `data-page` and icons (`page.id`).
struct PageName: ViewModel {
    let id: String
}

/// The head of a public page (`partials/social-meta`): its canonical address and those of
/// its other languages, Open Graph and Twitter cards, and its structured data.
public struct SocialMeta: ViewModel, Hashable, Sendable {
    /// Another language's address of the same page (`hreflang`), and the default one
    /// (`x-default`, the root) for readers of any other language.
    struct Alternate: ViewModel, Hashable, Sendable {
        let hreflang: String
        let href: String
    }

    struct Locale: ViewModel, Hashable, Sendable {
        let code: String
    }

    /// The canonical address: the page in its language, without a query.
    let url: String
    let type: String
    let title: String
    let description: String
    let image: String?
    /// The profile's own accent colours, when the page's author chose some.
    let accentStylesheet: String?
    /// A photographer's Atom feed (`ProfileFeed`), for feed readers to find.
    let feed: String?
    let alternates: [Alternate]
    /// `og:locale` and the other languages' (`og:locale:alternate`).
    let locale: String
    let alternateLocales: [Locale]
    /// JSON-LD, already made safe to stand inside a script element (`StructuredData`).
    let structuredData: String?

    /// The head of the public page at `path` (without a language's prefix or a query),
    /// shown in the request's language; `image` and `accentStylesheet` are paths on this site.
    init(_ request: Request, path: String, type: String, title: String, description: String, image: String? = nil,
         accentStylesheet: String? = nil, feed: String? = nil, structuredData: String? = nil) {
        let language = Language.preferred(by: request)
        url = CanonicalURL.of(request, path: LanguageAddress.path(path, in: language))
        self.type = type
        self.title = title
        self.description = description
        self.image = image.map { CanonicalURL.of(request, path: $0) }
        self.accentStylesheet = accentStylesheet
        self.feed = feed
        alternates = Language.allCases.map { Alternate(hreflang: $0.rawValue, href: CanonicalURL.of(request, path: LanguageAddress.path(path, in: $0))) }
            + [Alternate(hreflang: "x-default", href: CanonicalURL.of(request, path: LanguageAddress.path(path, in: .fallback)))]
        locale = language.openGraphLocale
        alternateLocales = Language.allCases.filter { $0 != language }.map { Locale(code: $0.openGraphLocale) }
        self.structuredData = structuredData
    }
}

enum ViewModelLookup {
    /// The stored property `name` of `model`, unwrapped: `Empty` for a nil Optional, nil
    /// when the model has no such property.
    static func property(named name: String, of model: some ViewModel) -> Any? {
        // Most lookups are misses (Mustache asks every model from the innermost out): they
        // need no mirror once the type's names are known.
        guard let offset = offsets(of: model)[name] else { return missing(name) }
        TemplateNames.log?.answered(name)
        let children = Mirror(reflecting: model).children
        let value = children[children.index(children.startIndex, offsetBy: offset)].value
        guard let optional = value as? OptionalValue else { return value }
        return optional.wrapped ?? Empty()
    }

    /// `value` as the answer to `name` (`Empty` for nil), for a model that answers by name
    /// itself: one with hundreds of instances a page (ruler ticks), where reflection showed.
    static func answer(_ name: String, _ value: Any?) -> Any {
        TemplateNames.log?.answered(name)
        return value ?? Empty()
    }

    /// Nil, for a name a model does not have; noted while `TemplateNames.log` is set.
    static func missing(_ name: String) -> Any? {
        TemplateNames.log?.unanswered(name)
        return nil
    }

    /// Each model type's property names and their places, found once: walking a mirror's
    /// children to the one named copies every property before it, which cost more than the
    /// rest of a lookup.
    private static let offsetsByType = Mutex<[ObjectIdentifier: [String: Int]]>([:])

    private static func offsets(of model: some ViewModel) -> [String: Int] {
        let key = ObjectIdentifier(type(of: model))
        if let offsets = offsetsByType.withLock({ $0[key] }) { return offsets }
        var offsets: [String: Int] = [:]
        for (offset, child) in Mirror(reflecting: model).children.enumerated() {
            if let label = child.label { offsets[label] = offset }
        }
        offsetsByType.withLock { $0[key] = offsets }
        return offsets
    }
}

/// An Optional seen through `Any`, to unwrap it without a mirror.
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    var wrapped: Any? { self }
}

/// A nil Optional of a model as Mustache sees it: present, so the lookup stops, and empty.
struct Empty: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}
