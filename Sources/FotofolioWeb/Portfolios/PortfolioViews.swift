import Fotofolio
import HTTPServer

/// What templates show of a portfolio: on a profile (a row of squares) and on its own page.
struct PortfolioViews {
    let table: StringTable

    /// A profile's row: name, description, tags and the square photos.
    func row(_ details: PortfolioDetails) -> PortfolioRow {
        PortfolioRow(
            id: details.portfolio.storedId, name: details.portfolio.name, description: details.portfolio.description,
            url: link(details), photoCount: photoCount(details), hasTags: !details.tags.isEmpty, tags: tags(details),
            carousel: carousel(details, linkPhotos: true),
            badge: details.portfolio.visibility == .public ? nil : table.string("sharing.badge.\(details.portfolio.visibility.rawValue)"))
    }

    /// The square photos in a sideways row; `linkPhotos` makes each open the portfolio's page.
    func carousel(_ details: PortfolioDetails, linkPhotos: Bool) -> Carousel {
        let total = details.photos.count
        return Carousel(
            photos: details.photos.enumerated().map { index, item in
                PhotoViews.square(item.photo, alt: altText(item, index: index, in: details), number: index + 1)
            },
            carouselLabel: table.string("portfolio.photosOf").replacingOccurrences(of: "{name}", with: details.portfolio.name),
            linkPhotos: linkPhotos, url: link(details), single: total < 2, position: "1 / \(total)")
    }

    /// The portfolio's own page: every photo whole, with how it was shot and its credit.
    /// - Parameter start: where a film opens (`?film=…&t=…`), if the address says.
    func page(_ details: PortfolioDetails, isOwn: Bool, start: FilmStart? = nil) -> PortfolioPage.Portfolio {
        let firstFilm = details.photos.first { $0.photo.film != nil }?.photo.id
        return PortfolioPage.Portfolio(
            name: details.portfolio.name, description: details.portfolio.description, url: link(details), path: Self.path(details),
            author: .init(username: details.owner.username, fullName: details.owner.fullName),
            photoCount: photoCount(details), hasTags: !details.tags.isEmpty, tags: tags(details), isOwn: isOwn,
            shootURL: isOwn || details.owner.role != .creator ? nil
                : "/u/\(QueryItems.escape(details.owner.username))/shoot?portfolio=\(details.portfolio.storedId)",
            frames: details.photos.enumerated().map { index, item in
                let opensAt = start.flatMap { $0.seconds(for: item.photo, firstFilm: firstFilm) } ?? 0
                return frame(item, index: index, of: details, isOwn: isOwn, filmAt: opensAt)
            },
            hasFilms: details.photos.contains { $0.photo.film != nil })
    }

    private func frame(_ item: PortfolioPhoto, index: Int, of details: PortfolioDetails, isOwn: Bool,
                       filmAt start: Double) -> PortfolioPage.Frame {
        // The first photo is what the reader sees first: fetch it at once.
        let alt = altText(item, index: index, in: details)
        let photo = PhotoViews.full(item.photo, alt: alt, number: index + 1, eager: index == 0)
        let film = item.photo.film.map {
            FilmViews.model(item.photo, film: $0, alt: alt, number: index + 1, eager: index == 0 || start > 0, table: table,
                            at: start)
        }
        return PortfolioPage.Frame(
            number: index + 1, photo: photo, film: film, fullURL: film?.mp4 ?? photo.src,
            originalURL: isOwn ? "/photos/\(item.photo.storedId)/original" : nil,
            shot: details.portfolio.hidesShotDetails ? nil : PhotoViews.shot(item.photo.shot, table: table),
            credit: item.photo.credit.map { credit in
                .init(author: credit.isEmpty ? nil : credit, licence: item.photo.licence ?? "", licenceURL: item.photo.licenceURL ?? "")
            },
            licence: item.photo.credit == nil ? LicenceViews(table: table).line(details.licence(of: item), author: details.owner.fullName) : nil,
            reportURL: isOwn ? nil : ReportPages.url(ReportSubject(.photo, item.photo.storedId)))
    }

    func tags(_ details: PortfolioDetails) -> [PortfolioRow.Tag] {
        details.tags.map { .init(label: $0.label, folded: $0.folded) }
    }

    private func photoCount(_ details: PortfolioDetails) -> String {
        table.plural("portfolio.photoCount", count: details.photos.count)
    }

    /// Alt text as the creator wrote it, or "Svatby, photo 2 of 4" when they wrote none.
    func altText(_ item: PortfolioPhoto, index: Int, in details: PortfolioDetails) -> String {
        guard item.altText.isEmpty else { return item.altText }
        return table.string("portfolio.defaultAlt")
            .replacingOccurrences(of: "{name}", with: details.portfolio.name)
            .replacingOccurrences(of: "{number}", with: String(index + 1))
            .replacingOccurrences(of: "{total}", with: String(details.photos.count))
    }

    /// The portfolio's page in the table's language (`LanguageAddress`).
    func link(_ details: PortfolioDetails) -> String { LanguageAddress.path(Self.path(details), in: table.language) }

    static func path(_ details: PortfolioDetails) -> String { "/portfolios/\(details.portfolio.storedId)" }
}
