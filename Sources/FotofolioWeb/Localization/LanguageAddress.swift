import HTTPServer

/// An address per language for the public pages: Czech at the root (`/u/jana`), English
/// under `/en/` (`/en/u/jana`). The address decides the page's language, so a search engine
/// (which sends no cookie) sees and indexes both; every other page keeps one address and
/// takes the reader's language from the switch's cookie or the browser.
///
/// The public pages are the feed, people search, profiles and portfolios. Share links,
/// proofing galleries and everything behind sign-in keep one address.
enum LanguageAddress {
    /// The route patterns of the public pages, each registered at both addresses
    /// (`Router.publicPage`).
    static let publicPatterns = ["/", "/search", "/u/:username", "/portfolios/:id"]

    /// What goes before a public page's path in `language`: "" or "/en".
    static func prefix(_ language: Language) -> String { language == .fallback ? "" : "/\(language.rawValue)" }

    /// `path` (with any query) as the address of the same page in `language`: a public
    /// page's path gets the language's prefix (replacing another's: `/en/` is the English
    /// feed); any other path, which has one address, is returned as it is.
    static func path(_ path: String, in language: Language) -> String {
        let (_, bare) = split(path)
        guard isPublic(bare) else { return path }
        return prefix(language) + bare
    }

    /// The language an address names and the address without it: ("/en/u/jana") is
    /// (.en, "/u/jana"), ("/en?sort=rating") is (.en, "/?sort=rating"), and an address
    /// without a language's prefix is (nil, itself).
    static func split(_ path: String) -> (Language?, String) {
        for language in Language.allCases where language != .fallback {
            let prefix = prefix(language)
            guard path.hasPrefix(prefix) else { continue }
            let rest = path.dropFirst(prefix.count)
            if rest.isEmpty { return (language, "/") }
            if rest.hasPrefix("?") { return (language, "/" + rest) }
            if rest.hasPrefix("/") { return (language, String(rest)) }
        }
        return (nil, path)
    }

    /// Whether `path` (its query ignored) is one of the public pages' addresses without a
    /// language's prefix.
    static func isPublic(_ path: String) -> Bool {
        let pathOnly = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let segments = pathOnly.split(separator: "/")
        guard pathOnly.hasPrefix("/") else { return false }
        switch segments.count {
        case 0: return true
        case 1: return segments[0] == "search"
        case 2:
            if segments[0] == "u" { return true }
            // A number: `/portfolios/new` is the editor, which has one address.
            return segments[0] == "portfolios" && segments[1].utf8.allSatisfy { (48...57).contains($0) }
        default: return false
        }
    }

    /// The language a public page is shown in, set by the route that answered it
    /// (`Router.publicPage`); read by `Language.preferred(by:)`.
    enum Key: RequestContextKey {
        typealias Value = Language
    }
}

extension Router {
    /// Registers a public page at its Czech address and under each other language's
    /// prefix. The address sets the language; a reader who chose English (by the switch, or
    /// by their browser before choosing) and opens a Czech address is sent once to the
    /// English one, so links from before the addresses keep working. A script's request
    /// for a piece of a page (`X-Fragment`) is answered where it was asked.
    mutating func publicPage(_ pattern: String, options: RouteOptions = RouteOptions(), _ handler: @escaping Handler) {
        precondition(LanguageAddress.publicPatterns.contains(pattern), "\(pattern) is not listed as a public page")
        for language in Language.allCases {
            group(AddressedLanguage(language: language)) { router in
                router.get(LanguageAddress.prefix(language) + pattern, options: options, handler)
            }
        }
    }
}

/// Shows a public page in its address's language (`Router.publicPage`).
struct AddressedLanguage: Middleware {
    let language: Language

    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        if language == .fallback, request.headers["x-fragment"] == nil {
            let chosen = Language.chosen(by: request)
            let here = ReturnPath.of(request)
            let target = LanguageAddress.path(here, in: chosen)
            // An address no page has in another language (`/portfolios/x`) is answered here.
            if chosen != language, target != here {
                var response = Response.redirect(to: target, status: .found)
                response.headers.set("Vary", "Accept-Language, Cookie")
                response.headers.set("Cache-Control", "private, no-cache")
                return response
            }
        }
        var request = request
        request.context[LanguageAddress.Key.self] = language
        return try next(request)
    }
}
