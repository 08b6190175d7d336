/// `pages/feed` and its fragments (`partials/feed-results`, `partials/feed-page`): the
/// filter, the results around the cards, and "load more". The cards are rendered apart
/// (`FeedCardCache`) and spliced in where `cardsHTML` is.
struct FeedPageModel: ViewModel {
    /// A tag of the filter, with the link that removes it.
    struct ActiveTag: ViewModel {
        let label: String
        let href: String
        let filterTags: String
    }

    let csrf: String
    /// `PageRenderer.insertion`: where the cards go.
    let cardsHTML: String
    let count: String
    let summary: String
    /// The most an hour may cost.
    let rate: PreciseSliderModel
    /// The "free on" day as the date field holds it (empty: any day), and the earliest it takes.
    let freeOn: String
    let freeToReuse: Bool
    let today: String
    let filtered: Bool
    let tagsValue: String
    let sortNewest: Bool
    let sortRating: Bool
    let activeTags: [ActiveTag]
    let clearURL: String
    let emptyState: ContentState.Model?
    /// What the script shows when the results fail to load.
    let errorState: ContentState.Model
    /// What was wrong with the address and ignored.
    let problems: [String]
    let moreURL: String?
    let refreshURL: String
    let isNextPage: Bool
    let maxTags: Int
    /// The reader is a photographer: the filter offers "demands only".
    let demands: Bool
    let demandsOnly: Bool
}
