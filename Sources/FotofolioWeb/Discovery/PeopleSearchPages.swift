import Fotofolio
import HTTPServer

/// Finding people (`/search?q=…&by=name|location`); guests may search. The script asks for
/// just the results (`X-Fragment: results`) while the person types.
struct PeopleSearchPages {
    let renderer: PageRenderer
    let search: PeopleSearch
    let blocking: Blocking
    let photos: PhotoLibrary

    func register(in router: inout Router) {
        router.publicPage("/search") { request in try show(request) }
    }

    private func show(_ request: Request) throws -> Response {
        let table = renderer.strings(for: request)
        let text = String((request.query["q"] ?? "").prefix(100))
        let mode = request.query["by"].flatMap(PeopleSearch.Mode.init(rawValue:)) ?? .name
        let people = try search.search(text, mode: mode, hiding: blocking.hiddenAuthors(for: request.signedIn?.userId))
        let content = PeopleSearchPage(
            q: text, byName: mode == .name, byLocation: mode == .location,
            searched: !text.trimmingCharacters(in: .whitespaces).isEmpty, hasPeople: !people.isEmpty,
            count: table.plural("search.peopleCount", count: people.count),
            people: try people.map { try result($0, searcher: request.signedIn?.userId) },
            emptyState: people.isEmpty ? nobodyFound(text, mode: mode, language: table.language).model(table) : nil,
            errorState: ContentState(.error, "searchFailed", icon: "alert", action: .init(href: LanguageAddress.path("/search", in: table.language), name: "retry")).model(table))
        if request.fragment == "results" {
            return try renderer.fragment("partials/people-results", of: .search, for: request, content: content)
        }
        let head = SocialMeta(request, path: "/search", type: "website", title: "\(table.string("pages.search.title")) · Fotofolio",
                              description: table.string("pages.search.lead"))
        return try renderer.render(.search, for: request, content: content, head: head)
    }

    /// Nobody found: the suggestion is the same words searched the other way.
    private func nobodyFound(_ text: String, mode: PeopleSearch.Mode, language: Language) -> ContentState {
        let other: PeopleSearch.Mode = mode == .name ? .location : .name
        let href = LanguageAddress.prefix(language) + "/search?q=\(QueryItems.escape(text))&by=\(other.rawValue)"
        return ContentState(.empty, mode == .name ? "searchNobodyByName" : "searchNobodyByLocation", icon: "search",
                            action: .init(href: href, name: "search-\(other.rawValue)"))
    }

    /// A photographer other than the searcher can be asked for a shoot from the result itself
    /// (a guest is sent to log in first and then to the form).
    private func result(_ user: User, searcher: Int64?) throws -> PeopleSearchPage.Person {
        let avatar = try user.avatarPhotoId.flatMap { try photos.photo(id: $0) }
        let asksForShoot = user.role == .creator && user.id != searcher
        return .init(username: user.username, fullName: user.fullName, location: user.location,
                     initials: Initials.of(user.fullName), isCreator: user.role == .creator,
                     avatar: avatar.map(PhotoViews.thumbnailURL),
                     shootURL: asksForShoot ? "/u/\(QueryItems.escape(user.username))/shoot" : nil)
    }
}

/// `pages/search` and its results (`partials/people-results`).
struct PeopleSearchPage: ViewModel {
    struct Person: ViewModel {
        let username: String
        let fullName: String
        let location: String
        let initials: String
        let isCreator: Bool
        /// The avatar's thumbnail; initials stand in without one.
        let avatar: String?
        /// The shoot request form, for a photographer who is not the searcher.
        let shootURL: String?
    }

    let q: String
    let byName: Bool
    let byLocation: Bool
    let searched: Bool
    let hasPeople: Bool
    let count: String
    let people: [Person]
    let emptyState: ContentState.Model?
    /// What the script shows when a search fails.
    let errorState: ContentState.Model
}
