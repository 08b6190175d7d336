import Fotofolio
import HTTPServer

/// Who a person is, as a profile page (`person`) and a selection card (`author`) show them.
struct PersonViewModel: ViewModel {
    struct Avatar: ViewModel {
        let src: String
        let color: String
    }

    let username: String
    let fullName: String
    let location: String
    let initials: String
    let isCreator: Bool
    let bio: String
    /// "8 years", when they said.
    let experience: String?
    /// Per hour, or by agreement.
    let price: String
    /// "★ 4,5 · 12 ratings", or none yet.
    let rating: String
    let profileURL: String
    /// Initials stand in without one.
    let avatar: Avatar?
    /// The owner's own view only: their e-mail (empty for everyone else) and whether it is confirmed.
    let email: String
    let emailConfirmed: Bool
}

extension PersonViewModel {
    init(user: User, table: StringTable, showPrivate: Bool, avatar: Photo?) {
        username = user.username
        fullName = user.fullName
        location = user.location
        initials = Initials.of(user.fullName)
        isCreator = user.role == .creator
        bio = user.bio ?? ""
        experience = user.yearsOfExperience.map { table.plural("profile.experience", count: $0) }
        price = Self.price(of: user, table: table)
        rating = RatingSummary.text(user, table: table)
        profileURL = LanguageAddress.path("/u/\(QueryItems.escape(user.username))", in: table.language)
        self.avatar = avatar.map { Avatar(src: PhotoViews.thumbnailURL($0), color: $0.placeholderColor) }
        email = showPrivate ? user.email : ""
        emailConfirmed = showPrivate && user.emailConfirmedAt != nil
    }

    private static func price(of user: User, table: StringTable) -> String {
        guard let rate = user.hourlyRate, !user.priceByAgreement else { return table.string("profile.priceByAgreement") }
        return table.string("profile.perHour").replacingOccurrences(of: "{rate}", with: GroupedNumber.format(rate, language: table.language))
    }
}
