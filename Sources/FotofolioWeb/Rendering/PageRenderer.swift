import Fotofolio
import HTTPServer
import Mustache
import Synchronization

/// Renders pages: the page's template inside the app shell, in the reader's language.
///
/// The shells (layouts) were cut when the site's files were read (`SiteFiles`); a page body
/// that depends on nothing but the language is rendered once and reused. Templates and
/// string tables never change while the server runs, so these copies never go stale.
public final class PageRenderer: Sendable {
    let site: SiteFiles
    var templates: TemplateLibrary { site.templates }
    var assets: AssetURLs { site.assets }
    private let fixedBodies = Mutex<[ShellKey: String]>([:])
    /// Pages' heads (`SocialMeta`) as rendered, by their whole value, which is all the partial
    /// reads: a signed-in reader's page is made anew on every request, and drawing its head
    /// through Mustache was a sixth of a signed-in feed page's CPU (`bench/demands.sh`).
    private let heads = Mutex<[SocialMeta: String]>([:])
    /// Past this many heads the kept ones are dropped, which bounds their memory.
    static let keptHeads = 1024

    private typealias ShellKey = SiteFiles.ShellKey

    let unreadBadge: UnreadBadge?

    init(site: SiteFiles, unreadBadge: UnreadBadge? = nil) {
        self.site = site
        self.unreadBadge = unreadBadge
    }

    /// A full HTML page: `content` is the page's own model (one `ViewModel` struct per page),
    /// read by the page's template before the values every page has (`PageModel`). A page with
    /// forms carries its CSRF token in its model (`request.csrfToken`); a page without content
    /// is rendered once per language and kept.
    ///
    /// `inserting` is already-rendered HTML put in place of `PageRenderer.insertion` in the
    /// body: long HTML (the feed's cards) costs Mustache far more than a splice.
    ///
    /// `memo` says the body depends on nothing but the language and the memo's key (which
    /// then names everything in `content`), so it is rendered once and kept (`KeptBodies`).
    public func render(_ page: Page, for request: Request, title: String? = nil, content: (any ViewModel)? = nil,
                       head: SocialMeta? = nil, status: HTTPStatus = .ok,
                       inserting insertion: String? = nil, memo: (any BodyMemo)? = nil) throws -> Response {
        try render(page, for: request, title: title, head: head, status: status, inserting: insertion, memo: memo,
                   making: { content })
    }

    /// The same, with the page's model made only when the body is not kept for `memo` yet.
    public func render(_ page: Page, for request: Request, title: String? = nil, head: SocialMeta? = nil,
                       status: HTTPStatus = .ok, inserting insertion: String? = nil, memo: (any BodyMemo)?,
                       making content: () throws -> (any ViewModel)?) throws -> Response {
        let language = Language.preferred(by: request)
        let table = templates.table(for: language)
        let signedIn = request.signedIn
        let key = ShellKey(language: language, page: page, signedIn: signedIn != nil)
        let body = try remembered(memo, language: language, template: page.template) {
            try self.body(key, table: table, content: content())
        }
        let main = Self.insert(insertion, into: body)
        // A page made to be kept has marks where its reader's name and badge go: it reads no badge.
        let marks = request.context[ShellMarksKey.self] ?? [:]
        let reader = marks.isEmpty ? readerValues(for: request, table: table) : ReaderValues()
        let html = site.shell(key).fill(ShellTemplate.Values(
            title: title ?? table.string(page.titleKey), main: main, returnTo: ReturnPath.of(request),
            csrf: request.csrfToken, username: reader.username,
            head: try head.map(headHTML) ?? "",
            unreadBadge: reader.unreadBadge, liveAfter: reader.liveAfter), marks: marks)
        var response = Response.html(html, status: status)
        response.headers.set("Content-Language", language.rawValue)
        response.headers.set("Vary", "Accept-Language, Cookie, X-Fragment")
        // Pages carry the reader's name and CSRF token: no shared cache may keep them.
        response.headers.set("Cache-Control", "private, no-cache")
        return response
    }

    /// What the layout shows of the signed-in reader: their name, and the unread badge with
    /// the live log's position it was read at. Empty for a guest.
    struct ReaderValues: Sendable {
        var username = ""
        /// Already-rendered HTML.
        var unreadBadge = ""
        var liveAfter: Int64 = 0
    }

    /// The reader's values for the layout (reads the unread badge).
    func readerValues(for request: Request, table: StringTable) -> ReaderValues {
        guard let signedIn = request.signedIn else { return ReaderValues() }
        let badge = unreadBadge?.render(for: signedIn.userId, table: table)
        return ReaderValues(username: signedIn.user.username, unreadBadge: badge?.html ?? "", liveAfter: badge?.after ?? 0)
    }

    /// A piece of a page, for a script that asked for it with `X-Fragment` (the filtered
    /// feed, search results): `template` with the same model the page would give it.
    public func fragment(_ template: String, of page: Page, for request: Request, content: any ViewModel,
                         inserting insertion: String? = nil, memo: (any BodyMemo)? = nil) throws -> Response {
        try fragment(template, of: page, for: request, inserting: insertion, memo: memo, making: { content })
    }

    /// The same, with the model made only when the fragment is not kept for `memo` yet.
    public func fragment(_ template: String, of page: Page, for request: Request, inserting insertion: String? = nil,
                         memo: (any BodyMemo)?, making content: () throws -> any ViewModel) throws -> Response {
        let text = try remembered(memo, language: Language.preferred(by: request), template: template) {
            try fragmentText(template, of: page, for: request, content: content())
        }
        let html = Self.insert(insertion, into: text)
        var response = Response.html(html)
        response.headers.set("Content-Language", Language.preferred(by: request).rawValue)
        response.headers.set("Vary", "Accept-Language, Cookie, X-Fragment")
        response.headers.set("Cache-Control", "private, no-cache")
        return response
    }

    /// The page's head in HTML: drawn once per value, then the same text.
    func headHTML(_ head: SocialMeta) throws -> String {
        if let kept = heads.withLock({ $0[head] }) { return kept }
        let html = try render("partials/social-meta", head)
        heads.withLock { heads in
            if heads.count >= Self.keptHeads { heads.removeAll(keepingCapacity: true) }
            heads[head] = html
        }
        return html
    }

    /// `make()`, or what it made before for the same memo; everything when `memo` is nil.
    private func remembered(_ memo: (any BodyMemo)?, language: Language, template: String,
                            make: () throws -> String) throws -> String {
        guard let memo else { return try make() }
        return try memo.text(language: language, template: template, make: make)
    }

    /// The value a template shows where `inserting` HTML goes (with `{{{…}}}`).
    static let insertion = CutMarks.mark("insertion")

    /// Searches bytes, not characters: Foundation's `range(of:)` folds
    /// character clusters and cost more than the rest of a feed page.
    private static func insert(_ html: String?, into text: String) -> String {
        guard let html else { return text }
        var text = text
        text.makeContiguousUTF8()
        let marker = Array(insertion.utf8)
        let found = text.utf8.withContiguousStorageIfAvailable { body in ByteSearch.firstIndex(of: marker, in: UnsafeRawBufferPointer(body)) }
        guard let start = found ?? nil else { return text }
        // The marker is ASCII, so both ends are character boundaries: the halves are copied
        // as they are, without checking their UTF-8 again.
        let before = text.utf8.index(text.utf8.startIndex, offsetBy: start)
        let after = text.utf8.index(before, offsetBy: marker.count)
        var result = String()
        result.reserveCapacity(text.utf8.count + html.utf8.count)
        result += text[..<before]
        result += html
        result += text[after...]
        return result
    }

    /// `template` rendered with the model its page would give it, as text.
    func fragmentText(_ template: String, of page: Page, for request: Request, content: any ViewModel) throws -> String {
        try fragmentText(template, of: page, language: Language.preferred(by: request), content: content)
    }

    /// The same, for a reader known only by language (a live stream's).
    func fragmentText(_ template: String, of page: Page, language: Language, content: any ViewModel) throws -> String {
        let table = templates.table(for: language)
        return try render(template, PageContext(content: content, page: PageModel(page: page, table: table, assets: assets)))
    }

    /// The string table of the reader's language.
    public func strings(for request: Request) -> StringTable {
        templates.table(for: Language.preferred(by: request))
    }

    /// The page's own template; rendered once per language when it has no content of its own.
    private func body(_ key: ShellKey, table: StringTable, content: (any ViewModel)?) throws -> String {
        let model = PageModel(page: key.page, table: table, assets: assets)
        guard let content else {
            if let body = fixedBodies.withLock({ $0[key] }) { return body }
            let body = try render(key.page.template, model)
            fixedBodies.withLock { $0[key] = body }
            return body
        }
        return try render(key.page.template, PageContext(content: content, page: model))
    }

    private func render(_ template: String, _ model: Any) throws -> String {
        guard let html = templates.mustache.render(model, withTemplate: template) else {
            throw HTTPFailure(.internalServerError, "The template “\(template)” is missing.")
        }
        return html
    }
}

/// Fingerprinted URLs of the assets every page links (`assets.css`).
struct AssetURLs: ViewModel, Sendable {
    let css: String
    let icons: String
    let favicon: String
    let passwordToggle: String
    let carousel: String
    let tagInput: String
    let portfolioEditor: String
    let feed: String
    let bookmark: String
    let copyButton: String
    let gallery: String
    let peopleSearch: String
    let rating: String
    let preciseSlider: String
    let precisePlane: String
    let photoFraming: String
    let sliderDemo: String
    let sliderDemoImage: String
    let messenger: String
    let liveShell: String
    let segmentedControl: String
    let bottomSheet: String
    let shotDetails: String
    let componentsDemo: String
    let filmPlayer: String
    let profileAccent: String
    let menu: String
    let swRegister: String
    let push: String
    let appleTouchIcon: String
    /// The import map's JSON, for the layout's head (`ModuleImportMap`).
    let importMap: String

    init(_ files: StaticFiles, importMap: ModuleImportMap) {
        css = files.url(for: "/css/app.css")
        icons = files.url(for: "/img/icons.svg")
        favicon = files.url(for: "/img/favicon.svg")
        passwordToggle = files.url(for: "/js/password-toggle.js")
        carousel = files.url(for: "/js/carousel.js")
        tagInput = files.url(for: "/js/tag-input.js")
        portfolioEditor = files.url(for: "/js/portfolio-editor.js")
        feed = files.url(for: "/js/feed.js")
        bookmark = files.url(for: "/js/bookmark.js")
        copyButton = files.url(for: "/js/copy-button.js")
        gallery = files.url(for: "/js/gallery.js")
        peopleSearch = files.url(for: "/js/people-search.js")
        rating = files.url(for: "/js/rating.js")
        preciseSlider = files.url(for: "/js/precise-slider.js")
        precisePlane = files.url(for: "/js/precise-slider-2d.js")
        photoFraming = files.url(for: "/js/photo-framing.js")
        sliderDemo = files.url(for: "/js/slider-demo.js")
        sliderDemoImage = files.url(for: "/img/demo/meadow.jpg")
        messenger = files.url(for: "/js/messenger.js")
        liveShell = files.url(for: "/js/live-shell.js")
        segmentedControl = files.url(for: "/js/segmented-control.js")
        bottomSheet = files.url(for: "/js/bottom-sheet.js")
        shotDetails = files.url(for: "/js/shot-details.js")
        componentsDemo = files.url(for: "/js/components-demo.js")
        filmPlayer = files.url(for: "/js/film-player.js")
        profileAccent = files.url(for: "/js/profile-accent.js")
        menu = files.url(for: "/js/menu.js")
        swRegister = files.url(for: "/js/sw-register.js")
        push = files.url(for: "/js/push.js")
        appleTouchIcon = files.url(for: "/icons/apple-touch-icon.png")
        self.importMap = importMap.json
    }
}

/// Where the language switch sends the reader back to: this page, query included.
enum ReturnPath {
    static func of(_ request: Request) -> String {
        request.query.isEmpty ? request.rawPath : "\(request.rawPath)?\(request.query.encoded)"
    }
}

/// Marks the layout puts in place of some of its slots' values, for a page made to be kept
/// and filled again per reader (`KeptFeedPages`).
enum ShellMarksKey: RequestContextKey {
    typealias Value = [ShellTemplate.Slot: String]
}
