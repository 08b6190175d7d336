import Fotofolio
import HTTPServer

/// Finding people (`/search?q=…&by=name|location`); guests may search. The script asks for
/// just the results (`X-Fragment: results`) while the person types.
struct PeopleSearchPages {
    let renderer: PageRenderer
    let search: PeopleSearch
    let photos: PhotoLibrary

    func register(in router: inout Router) {
        router.get("/search") { request in try show(request) }
    }

    private func show(_ request: Request) throws -> Response {
        let table = renderer.strings(for: request)
        let text = String((request.query["q"] ?? "").prefix(100))
        let mode = request.query["by"].flatMap(PeopleSearch.Mode.init(rawValue:)) ?? .name
        let people = try search.search(text, mode: mode)
        let content: [String: Any] = [
            "q": text, "byName": mode == .name, "byLocation": mode == .location,
            "searched": !text.trimmingCharacters(in: .whitespaces).isEmpty, "hasPeople": !people.isEmpty,
            "count": table.plural("search.peopleCount", count: people.count),
            "people": try people.map { try result($0, table: table) },
            "emptyState": people.isEmpty ? nobodyFound(text, mode: mode).dictionary(table) : false,
            "errorState": ContentState(.error, "searchFailed", icon: "alert",
                                       action: .init(href: "/search", name: "retry")).dictionary(table),
        ]
        if request.headers["x-fragment"] == "results" {
            return try renderer.fragment("partials/people-results", of: .search, for: request, content: content)
        }
        return try renderer.render(.search, for: request, content: content)
    }

    /// Nobody found: the suggestion is the same words searched the other way.
    private func nobodyFound(_ text: String, mode: PeopleSearch.Mode) -> ContentState {
        let other: PeopleSearch.Mode = mode == .name ? .location : .name
        let href = "/search?q=\(QueryItems.escape(text))&by=\(other.rawValue)"
        return ContentState(.empty, mode == .name ? "searchNobodyByName" : "searchNobodyByLocation", icon: "search",
                            action: .init(href: href, name: "search-\(other.rawValue)"))
    }

    private func result(_ user: User, table: StringTable) throws -> [String: Any] {
        let avatar = try user.avatarPhotoId.flatMap { try photos.photo(id: $0) }
        return [
            "username": user.username, "fullName": user.fullName, "location": user.location,
            "initials": Initials.of(user.fullName), "isCreator": user.role == .creator,
            "avatar": avatar.map { PhotoViews.thumbnailURL($0) } ?? false,
        ]
    }
}
