/// `pages/portfolio`: every photo whole, with how it was shot and its credit, and the
/// feed's bookmark for readers who are not its author.
struct PortfolioPage: ViewModel {
    struct Portfolio: ViewModel {
        struct Author: ViewModel {
            let username: String
            let fullName: String
        }

        let name: String
        let description: String
        /// The page in the reader's language (`LanguageAddress`).
        let url: String
        /// Its one address for what only the author does: `{{path}}/edit`, `{{path}}/delete`.
        let path: String
        let author: Author
        let photoCount: String
        let hasTags: Bool
        let tags: [PortfolioRow.Tag]
        let isOwn: Bool
        /// "Request a shoot" from the author, with this portfolio's kind filled in.
        let shootURL: String?
        let frames: [Frame]
        /// The player's script is loaded only where there is a film.
        let hasFilms: Bool
    }

    struct Frame: ViewModel {
        struct Credit: ViewModel {
            /// Nil when nobody is named: left out rather than shown as an empty name.
            let author: String?
            let licence: String
            let licenceURL: String
        }

        let number: Int
        let photo: PhotoModel
        /// Set for a film: played in place of the photo (its poster).
        let film: FilmModel?
        let fullURL: String
        /// The original with its metadata: for the author only.
        let originalURL: String?
        let shot: ShotModel?
        let credit: Credit?
        /// The author's terms, for a photo without someone else's credit.
        let licence: LicenceLine?
        /// "Report this photo", for everyone but its owner.
        let reportURL: String?
    }

    let portfolio: Portfolio
    let csrf: String
    var justSaved: Bool
    /// Told to the owner (and operators): an operator hid the portfolio or some of its photos.
    var moderationNotice: String?
    /// Told to the owner: who sees the portfolio when it is not public.
    let visibilityNotice: String?
    /// The owner's page of share links.
    let linksURL: String?
    /// The feed's bookmark, for signed-in readers and guests of public portfolios; not on a
    /// page opened by a share link.
    let bookmarkable: Bool
    /// "Report this portfolio", for everyone but its owner.
    let reportURL: String?
    /// The bookmark (`partials/bookmark`).
    let id: Int64
    let returnTo: String
    let pressed: String
    let bookmarkLabel: String
}
