import Fotofolio
import HTTPServer

/// `/u/:username`: a person's public profile; for its owner also their account settings.
struct ProfilePages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let portfolios: PortfoliosService
    let photos: PhotoLibrary
    let ratings: RatingsService

    func register(in router: inout Router) {
        router.get("/u/:username") { request in try profile(request) }
        router.get("/u/:username/accent.css") { request in try accentStylesheet(request) }
    }

    /// The creator's colour for their profile page, per theme; the link carries the colour,
    /// so a new colour is a new address and this one may be kept for a year.
    private func accentStylesheet(_ request: Request) throws -> Response {
        guard let username = request.parameters["username"], let user = try accounts.user(username: username),
              let accent = Self.accent(of: user) else {
            throw HTTPFailure(.notFound, "This person has no colour of their own.")
        }
        var response = Response(status: .ok, body: .bytes(Array(accent.stylesheet.utf8)))
        response.headers.set("Content-Type", "text/css; charset=utf-8")
        response.headers.set("Cache-Control", "public, max-age=31536000, immutable")
        return response
    }

    static func accent(of user: User) -> ProfileAccent? {
        guard user.role == .creator, let hue = user.accentHue, let saturation = user.accentSaturation else { return nil }
        return ProfileAccent(hue: hue, saturation: saturation)
    }

    private func profile(_ request: Request) throws -> Response {
        guard let username = request.parameters["username"], let user = try accounts.user(username: username) else {
            throw HTTPFailure(.notFound, "There is nobody with this username.")
        }
        let table = renderer.strings(for: request)
        let isOwn = request.signedIn?.userId == user.id
        let owned = user.role == .creator ? try portfolios.portfolios(ownedBy: user.storedId) : []
        let avatar = try user.avatarPhotoId.flatMap { try photos.photo(id: $0) }
        let image = (avatar ?? owned.first?.cover?.photo).flatMap(PhotoViews.cardImagePath)
        let head = SocialMeta(
            url: CanonicalURL.of(request, path: "/u/\(QueryItems.escape(user.username))"), type: "profile",
            title: "\(user.fullName) (@\(user.username))",
            description: user.role == .creator ? (user.bio ?? "") : "\(user.fullName) · \(user.location)",
            image: image.map { CanonicalURL.of(request, path: $0) },
            accentStylesheet: Self.accent(of: user).map { accent in
                "/u/\(QueryItems.escape(user.username))/accent.css?v=" + String(format: "%.1f-%.1f", accent.hue, accent.saturation)
            })
        return try renderer.render(isOwn ? .ownProfile : .person, for: request, title: user.fullName, content: PersonPage(
            csrf: request.csrfToken, isOwn: isOwn,
            person: PersonViewModel(user: user, table: table, showPrivate: isOwn, avatar: avatar),
            rating: try ratingControl(of: user, for: request, table: table),
            portfolios: owned.map(PortfolioViews(table: table).row), hasPortfolios: !owned.isEmpty,
            emptyState: owned.isEmpty ? emptyPortfolios(isOwn: isOwn).model(table) : nil,
            notice: isOwn ? notice(request.query, table: table) : nil,
            confirmationFailed: isOwn && request.query["confirmed"] == "0"), head: head)
    }

    /// The owner has the "new portfolio" button just above; a visitor is shown the way on.
    private func emptyPortfolios(isOwn: Bool) -> ContentState {
        isOwn ? ContentState(.empty, "ownPortfoliosEmpty", icon: "feed")
            : ContentState(.empty, "portfoliosEmpty", icon: "feed", action: .init(href: "/", name: "browse"))
    }

    /// The stars a signed-in visitor gave (or may give) this person.
    private func ratingControl(of user: User, for request: Request, table: StringTable) throws -> PersonPage.Rating {
        guard let rater = request.signedIn?.userId, rater != user.id else { return PersonPage.Rating(canRate: false, given: false, stars: []) }
        let given = try ratings.stars(givenTo: user.storedId, by: rater)
        return PersonPage.Rating(canRate: true, given: given != nil, stars: RatingsService.stars.map { value in
            .init(value: value, checked: value == given, label: table.plural("rating.stars", count: value))
        })
    }

    /// The message after something the owner just did, if any.
    private func notice(_ query: QueryItems, table: StringTable) -> String? {
        let notices = ["confirmed": "pages.account.confirmed", "saved": "profile.saved",
                       "passwordChanged": "profile.passwordChanged", "deleted": "portfolio.deleted"]
        return notices.first { query[$0.key] == "1" }.map { table.string($0.value) }
    }
}

/// `pages/person`: a person's public profile; for its owner also their account settings.
struct PersonPage: ViewModel {
    /// The stars a signed-in visitor gave, or may give.
    struct Rating: ViewModel {
        struct Star: ViewModel {
            let value: Int
            let checked: Bool
            let label: String
        }

        let canRate: Bool
        let given: Bool
        let stars: [Star]
    }

    let csrf: String
    let isOwn: Bool
    let person: PersonViewModel
    let rating: Rating
    let portfolios: [PortfolioRow]
    let hasPortfolios: Bool
    let emptyState: ContentState.Model?
    /// What the owner just did ("Saved").
    let notice: String?
    let confirmationFailed: Bool
}

/// Whole numbers with thousands grouped as each language does: "1 500" (Czech, with a
/// non-breaking space) and "1,500".
enum GroupedNumber {
    static func format(_ number: Int, language: Language) -> String {
        let separator = language == .cs ? "\u{00A0}" : ","
        var digits = String(abs(number))
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return (number < 0 ? "−" : "") + groups.joined(separator: separator)
    }
}

/// The absolute URL of a page, for canonical links and social cards.
enum CanonicalURL {
    static func of(_ request: Request, path: String) -> String {
        "http://\(request.headers["host"] ?? "localhost")\(path)"
    }
}
