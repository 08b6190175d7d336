import Fotofolio

/// What templates show of a portfolio: on a profile (a row of squares) and on its own page.
struct PortfolioViews {
    let table: StringTable

    /// A profile's row: name, description, tags and the square photos.
    func row(_ details: PortfolioDetails) -> [String: Any] {
        let total = details.photos.count
        return [
            "id": details.portfolio.id!, "name": details.portfolio.name, "description": details.portfolio.description,
            "url": PortfolioViews.path(details), "tags": tags(details), "hasTags": !details.tags.isEmpty,
            "photoCount": table.plural("portfolio.photoCount", count: total),
            "position": "1 / \(total)", "single": total < 2, "linkPhotos": true,
            "photos": details.photos.enumerated().map { index, item in
                var square = PhotoViews.square(item.photo, alt: altText(item, index: index, in: details))
                square["number"] = index + 1
                return square
            },
            "carouselLabel": table.string("portfolio.photosOf").replacingOccurrences(of: "{name}", with: details.portfolio.name),
        ]
    }

    /// The portfolio's own page: every photo whole, with how it was shot and its credit.
    func page(_ details: PortfolioDetails, isOwn: Bool) -> [String: Any] {
        var model = row(details)
        model["isOwn"] = isOwn
        model["author"] = ["username": details.owner.username, "fullName": details.owner.fullName]
        model["frames"] = details.photos.enumerated().map { index, item -> [String: Any] in
            var frame = PhotoViews.full(item.photo, alt: altText(item, index: index, in: details))
            frame["number"] = index + 1
            // The first photo is what the reader sees first: fetch it at once.
            frame["eager"] = index == 0
            frame["fullURL"] = frame["src"]
            if isOwn { frame["originalURL"] = "/photos/\(item.photo.id!)/original" }
            if !details.portfolio.hidesShotDetails, let shot = PhotoViews.shot(item.photo.shot, table: table) { frame["shot"] = shot }
            if let credit = item.photo.credit {
                // An author nobody named is left out rather than shown as an empty name.
                frame["credit"] = ["author": credit.isEmpty ? false : credit, "licence": item.photo.licence ?? "",
                                   "licenceURL": item.photo.licenceURL ?? ""] as [String: Any]
            }
            return frame
        }
        return model
    }

    func tags(_ details: PortfolioDetails) -> [[String: Any]] {
        details.tags.map { ["label": $0.label, "folded": $0.folded] }
    }

    /// Alt text as the creator wrote it, or "Svatby, photo 2 of 4" when they wrote none.
    private func altText(_ item: PortfolioPhoto, index: Int, in details: PortfolioDetails) -> String {
        guard item.altText.isEmpty else { return item.altText }
        return table.string("portfolio.defaultAlt")
            .replacingOccurrences(of: "{name}", with: details.portfolio.name)
            .replacingOccurrences(of: "{number}", with: String(index + 1))
            .replacingOccurrences(of: "{total}", with: String(details.photos.count))
    }

    static func path(_ details: PortfolioDetails) -> String { "/portfolios/\(details.portfolio.id!)" }
}
