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
        let isOwn = request.signedIn?.user.id == user.id
        let description = user.role == .creator ? (user.bio ?? "") : "\(user.fullName) · \(user.location)"
        let owned = user.role == .creator ? try portfolios.portfolios(ownedBy: user.id!) : []
        let avatar = try user.avatarPhotoId.flatMap { try photos.photo(id: $0) }
        var person = PersonViewModel(user: user, table: table, showPrivate: isOwn).dictionary
        person["avatar"] = avatar.map { ["src": PhotoViews.thumbnailURL($0), "color": $0.placeholderColor] } ?? false
        person["rating"] = RatingSummary.text(user, table: table)
        var head: [String: Any] = [
            "type": "profile", "title": "\(user.fullName) (@\(user.username))", "description": description,
            "url": CanonicalURL.of(request, path: "/u/\(QueryItems.escape(user.username))"),
        ]
        if let accent = Self.accent(of: user) {
            head["accentStylesheet"] = "/u/\(QueryItems.escape(user.username))/accent.css?v="
                + String(format: "%.1f-%.1f", accent.hue, accent.saturation)
        }
        if let image = (avatar ?? owned.first?.cover?.photo).flatMap(PhotoViews.cardImagePath) {
            head["image"] = CanonicalURL.of(request, path: image)
        }
        return try renderer.render(isOwn ? .ownProfile : .person, for: request, title: user.fullName, content: [
            "csrf": request.csrfToken, "isOwn": isOwn, "person": person,
            "rating": try ratingControl(of: user, for: request, table: table),
            "portfolios": owned.map(PortfolioViews(table: table).row), "hasPortfolios": !owned.isEmpty,
            "emptyState": owned.isEmpty ? emptyPortfolios(isOwn: isOwn).dictionary(table) : false,
            "notice": isOwn ? notice(request.query, table: table) : false,
            "confirmationFailed": isOwn && request.query["confirmed"] == "0",
        ], head: head)
    }

    /// The owner has the "new portfolio" button just above; a visitor is shown the way on.
    private func emptyPortfolios(isOwn: Bool) -> ContentState {
        isOwn ? ContentState(.empty, "ownPortfoliosEmpty", icon: "feed")
            : ContentState(.empty, "portfoliosEmpty", icon: "feed", action: .init(href: "/", name: "browse"))
    }

    /// The stars a signed-in visitor gave (or may give) this person.
    private func ratingControl(of user: User, for request: Request, table: StringTable) throws -> [String: Any] {
        guard let rater = request.signedIn?.user, rater.id != user.id else { return ["canRate": false] }
        let given = try ratings.stars(givenTo: user.id!, by: rater.id!)
        return [
            "canRate": true, "given": given != nil,
            "stars": RatingsService.stars.map { value -> [String: Any] in
                ["value": value, "checked": value == given, "label": table.plural("rating.stars", count: value)]
            },
        ]
    }

    /// The message after something the owner just did, if any.
    private func notice(_ query: QueryItems, table: StringTable) -> Any {
        let notices = ["confirmed": "pages.account.confirmed", "saved": "profile.saved",
                       "passwordChanged": "profile.passwordChanged", "deleted": "portfolio.deleted"]
        return notices.first { query[$0.key] == "1" }.map { table.string($0.value) } ?? false
    }
}

/// What a profile shows of a person, worded in the reader's language.
struct PersonViewModel {
    let user: User
    let table: StringTable
    /// The owner also sees their e-mail and whether it is confirmed.
    let showPrivate: Bool

    var dictionary: [String: Any] {
        var person: [String: Any] = [
            "username": user.username, "fullName": user.fullName, "location": user.location,
            "initials": Initials.of(user.fullName), "isCreator": user.role == .creator, "bio": user.bio ?? "",
            "experience": user.yearsOfExperience.map { table.plural("profile.experience", count: $0) } ?? false,
            "price": price,
        ]
        if showPrivate {
            person["email"] = user.email
            person["emailConfirmed"] = user.emailConfirmedAt != nil
        }
        return person
    }

    private var price: String {
        guard let rate = user.hourlyRate, !user.priceByAgreement else { return table.string("profile.priceByAgreement") }
        return table.string("profile.perHour").replacingOccurrences(of: "{rate}", with: GroupedNumber.format(rate, language: table.language))
    }
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
