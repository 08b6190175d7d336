/// `partials/carousel`: a portfolio's square photos in a sideways row.
struct Carousel: ViewModel {
    let photos: [PhotoModel]
    let carouselLabel: String
    /// Each photo opens the portfolio's page at that photo (not in the feed, where a double
    /// tap bookmarks the portfolio instead).
    let linkPhotos: Bool
    /// The portfolio's page.
    let url: String
    /// One photo: no arrows and no position.
    let single: Bool
    let position: String
}
