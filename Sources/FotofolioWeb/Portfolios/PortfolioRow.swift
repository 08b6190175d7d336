/// `partials/portfolio-row`: a portfolio on a profile, with its name, text, tags and photos.
struct PortfolioRow: ViewModel {
    struct Tag: ViewModel {
        let label: String
        let folded: String
    }

    let id: Int64
    let name: String
    let description: String
    let url: String
    let photoCount: String
    let hasTags: Bool
    let tags: [Tag]
    let carousel: Carousel
    /// "Unlisted" or "Private" on the author's own profile; nil for a public portfolio.
    let badge: String?
}
