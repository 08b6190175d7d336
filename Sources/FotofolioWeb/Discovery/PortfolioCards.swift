import Foundation
import Fotofolio

/// What the feed and the selection show of a portfolio: the work, its author's username,
/// and (in the selection only) who the author is.
struct PortfolioCards {
    let table: StringTable
    /// The feed's current filter, for tag links that add to it.
    let address: FeedAddress
    let selected: Set<Int64>
    let csrf: String

    func card(_ details: PortfolioDetails, withAuthor: Bool = false) -> FeedCard {
        let id = details.portfolio.storedId
        let isSelected = selected.contains(id)
        return FeedCard(
            id: id, name: details.portfolio.name, description: details.portfolio.description, url: LanguageAddress.path(PortfolioViews.path(details), in: table.language),
            hasTags: !details.tags.isEmpty,
            tagLinks: details.tags.map { tag in
                let filtered = address.adding(tag)
                return .init(label: tag.label, href: filtered.url(in: table.language), filterTags: filtered.tagsAttribute)
            },
            // A double tap on the photos bookmarks the portfolio; links there would navigate instead.
            carousel: PortfolioViews(table: table).carousel(details, linkPhotos: false),
            author: PersonViewModel(user: details.owner, table: table, showPrivate: false, avatar: nil),
            withAuthor: withAuthor, csrf: csrf, returnTo: address.url(in: table.language) + "#portfolio-\(id)",
            pressed: isSelected ? "true" : "false", bookmarkLabel: table.string(isSelected ? "selection.remove" : "selection.add"))
    }
}
