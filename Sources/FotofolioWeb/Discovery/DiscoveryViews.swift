import Foundation
import Fotofolio

/// What the feed and the selection show of a portfolio: the work, its author's username,
/// and (in the selection only) who the author is.
struct PortfolioCards {
    let table: StringTable
    /// The feed's current filter, for tag links that add to it.
    let address: FeedAddress
    let selected: Set<Int64>

    func card(_ details: PortfolioDetails, withAuthor: Bool = false) -> [String: Any] {
        var card = PortfolioViews(table: table).row(details)
        let id = details.portfolio.id!
        // A double tap on the photos bookmarks the portfolio; links there would navigate instead.
        card["linkPhotos"] = false
        let isSelected = selected.contains(id)
        card["pressed"] = isSelected ? "true" : "false"
        card["bookmarkLabel"] = table.string(isSelected ? "selection.remove" : "selection.add")
        card["returnTo"] = address.url() + "#portfolio-\(id)"
        card["tagLinks"] = details.tags.map { tag -> [String: Any] in
            let filtered = address.adding(tag)
            return ["label": tag.label, "href": filtered.url(), "filterTags": filtered.tagsAttribute]
        }
        var author = PersonViewModel(user: details.owner, table: table, showPrivate: false).dictionary
        author["rating"] = RatingSummary.text(details.owner, table: table)
        author["profileURL"] = "/u/\(details.owner.username)"
        card["author"] = author
        card["withAuthor"] = withAuthor
        return card
    }
}

/// "★ 4,5 · 12 hodnocení", or "no ratings yet".
enum RatingSummary {
    static func text(_ user: User, table: StringTable) -> String {
        guard let average = user.averageRating else { return table.string("profile.noRatings") }
        let rounded = (average * 10).rounded() / 10
        let number = String(format: "%.1f", rounded).replacingOccurrences(of: ".", with: table.language == .cs ? "," : ".")
        return "★ \(number) · " + table.plural("profile.ratingCount", count: user.ratingCount)
    }
}
