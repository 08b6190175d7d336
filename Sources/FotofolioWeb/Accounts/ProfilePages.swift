import Foundation
import Fotofolio
import HTTPServer

/// `/u/:username`: a person's public profile; for its owner also their account settings.
struct ProfilePages {
    let renderer: PageRenderer
    let accounts: AccountsService
    let portfolios: PortfoliosService
    let photos: PhotoLibrary
    let ratings: RatingsService
    let blocking: Blocking
    let moderation: Moderation
    let bookings: Bookings
    let visibility: Visibility

    func register(in router: inout Router) {
        router.publicPage("/u/:username") { request in try profile(request) }
        router.get("/u/:username/accent.css") { request in try accentStylesheet(request) }
        router.get("/u/:username/feed.atom") { request in try feed(request) }
    }

    /// A photographer's public portfolios as an Atom feed (`ProfileFeed`); nobody else has one.
    private func feed(_ request: Request) throws -> Response {
        guard let username = request.parameters["username"], let user = try accounts.user(username: username),
              user.role == .creator, try moderation.suspension(of: user.storedId) == nil else {
            throw HTTPFailure(.notFound, "There is no feed at this address.")
        }
        return ProfileFeed(user: user, portfolios: try feedPortfolios(of: user, for: request.viewer), request: request).response()
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

    /// The profile; `ratingProblem`: why the visitor's stars were just refused (a 429).
    func profile(_ request: Request, ratingProblem: String? = nil) throws -> Response {
        guard let username = request.parameters["username"], let user = try accounts.user(username: username) else {
            throw HTTPFailure(.notFound, "There is nobody with this username.")
        }
        let table = renderer.strings(for: request)
        let isOwn = request.signedIn?.userId == user.id
        let isOperator = try request.signedIn.map { try moderation.isOperator($0.userId) } ?? false
        // A suspended account's profile is gone for everyone but operators.
        let suspended = try moderation.suspension(of: user.storedId) != nil
        guard isOperator || !suspended else {
            throw HTTPFailure(.notFound, "There is nobody with this username.")
        }
        let contact = try isOwn ? ContactState.open : contactState(with: user, for: request)
        let received = isOwn ? try received(by: user, table: table) : []
        let owned = try visiblePortfolios(of: user, for: request.viewer, seesAll: isOwn || isOperator)
        let avatar = try user.avatarPhotoId.flatMap { try photos.photo(id: $0) }
        // Only what anyone may see stands for the profile where its address is pasted.
        let image = (avatar ?? owned.first { $0.portfolio.visibility == .public }?.cover?.photo).flatMap(PhotoViews.cardImagePath)
        let head = SocialMeta(
            request, path: "/u/\(QueryItems.escape(user.username))", type: "profile",
            title: "\(user.fullName) (@\(user.username))",
            description: user.role == .creator ? (user.bio ?? "") : "\(user.fullName) · \(user.location)",
            image: image,
            accentStylesheet: Self.accent(of: user).map { accent in
                "/u/\(QueryItems.escape(user.username))/accent.css?v=" + String(format: "%.1f-%.1f", accent.hue, accent.saturation)
            },
            feed: user.role == .creator && !suspended ? "/u/\(QueryItems.escape(user.username))/feed.atom" : nil,
            structuredData: suspended ? nil : StructuredData.profile(
                user, portfolios: try publicPortfolios(among: owned, for: request.viewer) { $0.guest >= .reader }, avatar: avatar,
                request: request))
        return try renderer.render(isOwn ? .ownProfile : .person, for: request, title: user.fullName, content: PersonPage(
            csrf: request.csrfToken, isOwn: isOwn,
            person: PersonViewModel(user: user, table: table, showPrivate: isOwn, avatar: avatar),
            rating: try ratingControl(of: user, for: request, table: table, contact: contact, problem: ratingProblem),
            received: received, hasReceived: !received.isEmpty,
            contact: PersonPage.Contact(contact, table: table), canBlock: !isOwn && request.signedIn != nil,
            reportURL: isOwn ? nil : ReportPages.url(ReportSubject(.profile, user.storedId)), showsModeration: isOwn && isOperator,
            // Only where a message could start: a request opens the conversation.
            shootURL: !isOwn && user.role == .creator && contact == .open ? "/u/\(QueryItems.escape(user.username))/shoot" : nil,
            availability: try availability(of: user, table: table),
            portfolios: owned.map(PortfolioViews(table: table).row), hasPortfolios: !owned.isEmpty, feedURL: head.feed,
            emptyState: owned.isEmpty ? emptyPortfolios(isOwn: isOwn, language: table.language).model(table) : nil,
            notice: isOwn ? notice(request.query, table: table) : visitorNotice(request.query, contact: contact, table: table),
            confirmationFailed: isOwn && request.query["confirmed"] == "0"), head: head,
            status: ratingProblem == nil ? .ok : .tooManyRequests)
    }

    /// A photographer's coming months, free and busy, for everyone to see.
    private func availability(of user: User, table: StringTable) throws -> AvailabilityView? {
        guard user.role == .creator else { return nil }
        let today = CalendarDay.today()
        let range = Bookings.availabilityRange(today: today)
        return AvailabilityView(busy: try bookings.busyDays(of: user.storedId, from: range.first, through: range.last), today: today,
                                editable: false, table: table)
    }

    /// Everything to its owner and operators; to anyone else, the public portfolios the rule
    /// lets them see (not hidden, not the work of someone who blocked them).
    private func visiblePortfolios(of user: User, for viewer: Viewer, seesAll: Bool) throws -> [PortfolioDetails] {
        guard user.role == .creator else { return [] }
        let owned = try portfolios.portfolios(ownedBy: user.storedId)
        guard !seesAll else { return owned }
        return try publicPortfolios(among: owned, for: viewer) { $0.viewer >= .reader }
    }

    /// The feed's list: the public portfolios a guest may see, less those this reader may not
    /// (a block), so that an owner's or operator's feed is everyone's.
    private func feedPortfolios(of user: User, for viewer: Viewer) throws -> [PortfolioDetails] {
        try publicPortfolios(among: portfolios.portfolios(ownedBy: user.storedId), for: viewer) {
            $0.viewer >= .reader && $0.guest >= .reader
        }
    }

    /// The public ones of `owned` whose sights (this reader's and a guest's) `seen` accepts,
    /// without the photos an operator hid.
    private func publicPortfolios(among owned: [PortfolioDetails], for viewer: Viewer,
                                  seen: ((viewer: Sight, guest: Sight)) -> Bool) throws -> [PortfolioDetails] {
        try moderation.withoutHiddenPhotos(owned.filter {
            try $0.portfolio.visibility == .public && seen(visibility.sights(of: .portfolio($0.portfolio.storedId), for: viewer))
        })
    }

    /// The owner has the "new portfolio" button just above; a visitor is shown the way on.
    private func emptyPortfolios(isOwn: Bool, language: Language) -> ContentState {
        isOwn ? ContentState(.empty, "ownPortfoliosEmpty", icon: "feed")
            : ContentState(.empty, "portfoliosEmpty", icon: "feed", action: .init(href: LanguageAddress.path("/", in: language), name: "browse"))
    }

    /// What the signed-in visitor may do about writing to this person; a guest is offered
    /// the button, which asks them to sign in.
    private func contactState(with user: User, for request: Request) throws -> ContactState {
        guard let visitor = request.signedIn?.userId else { return .open }
        return try blocking.contactState(from: visitor, to: user.storedId)
    }

    /// The stars a signed-in visitor gave (or may give) this person; nothing for someone
    /// the person blocked.
    private func ratingControl(of user: User, for request: Request, table: StringTable,
                               contact: ContactState, problem: String?) throws -> PersonPage.Rating {
        guard let rater = request.signedIn?.userId, rater != user.id else {
            return PersonPage.Rating(canRate: false, signIn: request.signedIn == nil, given: false, stars: [])
        }
        guard contact != .blocked else { return PersonPage.Rating(canRate: false, signIn: false, given: false, stars: []) }
        let given = try ratings.stars(givenTo: user.storedId, by: rater)
        return PersonPage.Rating(canRate: true, signIn: false, given: given != nil, stars: RatingsService.stars.map { value in
            .init(value: value, pressed: value == given, filled: value <= (given ?? 0), label: table.plural("rating.rateWith", count: value))
        }, problem: problem)
    }

    /// The ratings the owner was given, each with who gave it and a way to report it.
    private func received(by user: User, table: StringTable) throws -> [PersonPage.Received] {
        try ratings.ratings(of: user.storedId).compactMap { rating in
            guard let rater = try accounts.user(id: rating.raterId) else { return nil }
            return .init(rater: "@\(rater.username)", profile: LanguageAddress.path("/u/\(QueryItems.escape(rater.username))", in: table.language),
                         line: RatingReports.line(rating, table: table), reportURL: ReportPages.url(ReportSubject(.rating, rating.id)))
        }
    }

    /// After blocking the person from here: what it did (only while it holds).
    private func visitorNotice(_ query: QueryItems, contact: ContactState, table: StringTable) -> String? {
        query["blocked"] == "1" && contact == .youBlocked ? table.string("safety.blockedNotice") : nil
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
            /// The stars given: `aria-pressed`.
            let pressed: Bool
            /// Drawn full: this star and those before the stars given.
            let filled: Bool
            /// "Rate 4 stars".
            let label: String
        }

        let canRate: Bool
        /// A guest: "Sign in to rate".
        let signIn: Bool
        let given: Bool
        let stars: [Star]
        /// Why the stars just chosen were refused (a new account's day is full).
        var problem: String? = nil
    }

    let csrf: String
    let isOwn: Bool
    let person: PersonViewModel
    let rating: Rating
    /// The owner's ratings from others, each reportable.
    let received: [Received]
    let hasReceived: Bool
    let contact: Contact
    /// A signed-in visitor (not the owner) may block the person, or unblock them.
    let canBlock: Bool
    /// "Report", for everyone but the owner.
    let reportURL: String?
    /// The owner is an operator: the way to the moderation desk.
    let showsModeration: Bool
    /// "Request a shoot", for visitors of a photographer.
    let shootURL: String?
    /// A photographer's coming months.
    let availability: AvailabilityView?
    let portfolios: [PortfolioRow]
    let hasPortfolios: Bool
    /// A photographer's Atom feed, shown under their portfolios.
    let feedURL: String?
    let emptyState: ContentState.Model?
    /// What the owner just did ("Saved").
    let notice: String?
    let confirmationFailed: Bool
}

extension PersonPage {
    /// One rating the owner was given.
    struct Received: ViewModel {
        let rater: String
        let profile: String
        /// "★★★★☆ · not verified".
        let line: String
        let reportURL: String
    }

    /// "Write a message", or why it is not there.
    struct Contact: ViewModel {
        let canWrite: Bool
        /// The visitor blocked the person: an unblock button instead.
        let youBlocked: Bool
        /// Why there is no button: the person's policy (a block says nothing).
        let note: String?

        init(_ state: ContactState, table: StringTable) {
            canWrite = state == .open
            youBlocked = state == .youBlocked
            note = switch state {
            case .notAccepting(.creatorsOnly): table.string("safety.notAccepting.creatorsOnly")
            case .notAccepting(.knownPeople): table.string("safety.notAccepting.knownPeople")
            case .notAccepting(.everyone), .open, .youBlocked, .blocked: nil
            }
        }
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
