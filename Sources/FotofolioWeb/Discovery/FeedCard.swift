/// `partials/feed-card`: a portfolio in the feed (the work and its author's username) or in
/// the selection (`withAuthor`: also who the author is, and a shortlist's actions).
struct FeedCard: ViewModel {
    /// A tag that adds itself to the feed's current filter.
    struct TagLink: ViewModel {
        let label: String
        let href: String
        /// The filter with this tag, as the filter script wants it.
        let filterTags: String
    }

    let id: Int64
    let name: String
    let description: String
    let url: String
    let hasTags: Bool
    var tagLinks: [TagLink]
    let carousel: Carousel
    let author: PersonViewModel
    let withAuthor: Bool
    /// What differs between readers (`FeedCardCache` renders markers in their place): the
    /// forms' token and the bookmark (`partials/bookmark`).
    var csrf: String
    var returnTo: String
    var pressed: String
    var bookmarkLabel: String
}
