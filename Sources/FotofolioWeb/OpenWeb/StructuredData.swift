import Foundation
import Fotofolio
import HTTPServer

/// Structured data (schema.org as JSON-LD) for a public page's head, so search engines can
/// show a photographer's profile, a photo's licence and a film's key moments.
///
/// - A profile is a `ProfilePage` about a `Person`: name, username, town, the kinds of work
///   (the tags of their public portfolios), and the average rating only once enough ratings
///   are verified (a finished booking or a two-way conversation).
/// - A portfolio is an `ImageGallery` of `ImageObject`s, each with who made it, the credit,
///   the copyright notice, the licence's address (Creative Commons) and where a licence can
///   be asked for (the author's profile); a film is a `VideoObject` with its poster, length,
///   upload date and a `SeekToAction`, so a search result can open it at a moment
///   (`?film=…&t=…`, read by `FilmStart`).
///
/// Everything comes from what a guest sees. The JSON is made by Foundation's serializer and
/// then has `<`, `>` and `&` written as `\u003c`, `\u003e` and `\u0026`, so no user text can
/// end the script element or open a comment in it.
enum StructuredData {
    /// Verified ratings a profile needs before it states an aggregate rating.
    static let verifiedRatingsForAggregate = 3
    /// Kinds of work named on a profile, most used first.
    static let kindsOfWork = 10

    static func profile(_ user: User, portfolios: [PortfolioDetails], avatar: Photo?, request: Request) -> String? {
        let language = Language.preferred(by: request)
        let address = CanonicalURL.of(request, path: LanguageAddress.path("/u/\(QueryItems.escape(user.username))", in: language))
        var person = LinkedData.Person(name: user.fullName, url: address)
        person.alternateName = "@\(user.username)"
        person.identifier = user.username
        if !user.location.isEmpty { person.homeLocation = LinkedData.Place(address: .init(addressLocality: user.location)) }
        if let bio = user.bio, !bio.isEmpty { person.description = bio }
        person.image = avatar.flatMap(PhotoViews.cardImagePath).map { CanonicalURL.of(request, path: $0) }
        if user.role == .creator {
            person.jobTitle = language == .cs ? "Fotograf" : "Photographer"
            let kinds = kindsOfWork(portfolios)
            if !kinds.isEmpty { person.knowsAbout = kinds }
        }
        if user.verifiedRatingCount >= verifiedRatingsForAggregate, let average = user.averageRating {
            person.aggregateRating = LinkedData.Rating(ratingValue: String(format: "%.1f", average), ratingCount: user.ratingCount)
        }
        return script(LinkedData.ProfilePage(url: address, inLanguage: language.rawValue, dateCreated: date(user.createdAt),
                                             mainEntity: person))
    }

    /// The tags of `portfolios`, most used first, then as first seen.
    static func kindsOfWork(_ portfolios: [PortfolioDetails]) -> [String] {
        var counts: [String: (label: String, count: Int, first: Int)] = [:]
        for (index, tag) in portfolios.flatMap(\.tags).enumerated() {
            counts[tag.folded, default: (tag.label, 0, index)].count += 1
        }
        return counts.values.sorted { ($0.count, -$0.first) > ($1.count, -$1.first) }.prefix(kindsOfWork).map(\.label)
    }

    static func portfolio(_ details: PortfolioDetails, request: Request, table: StringTable) -> String? {
        let language = Language.preferred(by: request)
        let path = PortfolioViews.path(details)
        let address = CanonicalURL.of(request, path: LanguageAddress.path(path, in: language))
        let owner = details.owner
        let profile = CanonicalURL.of(request, path: LanguageAddress.path("/u/\(QueryItems.escape(owner.username))", in: language))
        let author = LinkedData.Person(name: owner.fullName, url: profile)
        let views = PortfolioViews(table: table)
        let media: [LinkedData.Media] = details.photos.enumerated().compactMap { index, item in
            let photo = item.photo
            // Someone else's photo (a credit) keeps their name and terms.
            let creator = photo.credit.flatMap { $0.isEmpty ? nil : LinkedData.Person(name: $0) } ?? author
            let licence = photo.credit == nil ? details.licence(of: item).url : photo.licenceURL
            var object = LinkedData.Media(
                type: "ImageObject", name: views.altText(item, index: index, in: details), creator: creator, creditText: creator.name,
                copyrightNotice: copyright(photo, by: creator.name), acquireLicensePage: profile, uploadDate: date(photo.createdAt),
                license: licence?.isEmpty == false ? licence : nil)
            if let film = photo.film {
                object.type = "VideoObject"
                object.description = details.portfolio.description.isEmpty ? object.name : details.portfolio.description
                object.contentUrl = CanonicalURL.of(request, path: MediaFiles.url(film.mp4File))
                object.thumbnailUrl = photo.variant(.full, .jpeg).map { [CanonicalURL.of(request, path: MediaFiles.url($0.fileName))] }
                object.duration = duration(film.duration)
                object.width = film.width
                object.height = film.height
                object.potentialAction = LinkedData.SeekToAction(target: "\(address)?film=\(photo.storedId)&t={seek_to_second_number}")
            } else {
                guard let full = photo.variant(.full, .jpeg) else { return nil }
                object.contentUrl = CanonicalURL.of(request, path: MediaFiles.url(full.fileName))
                object.width = full.width
                object.height = full.height
                object.thumbnailUrl = PhotoViews.cardImagePath(photo).map { [CanonicalURL.of(request, path: $0)] }
            }
            return object
        }
        return script(LinkedData.Gallery(
            name: details.portfolio.name, url: address, inLanguage: language.rawValue, author: author,
            dateCreated: date(details.portfolio.createdAt), dateModified: date(details.portfolio.updatedAt), associatedMedia: media,
            description: details.portfolio.description.isEmpty ? nil : details.portfolio.description,
            keywords: details.tags.isEmpty ? nil : details.tags.map(\.label).joined(separator: ", ")))
    }

    /// "© 2011 Name": the year the camera says it was taken, else (for the author's own
    /// photo) the year it was uploaded; a credited photo of unknown year is "© Name".
    static func copyright(_ photo: Photo, by name: String) -> String {
        let taken = photo.shot.takenAt.flatMap { stamp -> Int? in
            guard stamp.utf8.count >= 4, let year = Int(stamp.prefix(4)), (1826...9999).contains(year) else { return nil }
            return year
        }
        let uploaded = photo.credit == nil ? Calendar(identifier: .gregorian).component(.year, from: photo.createdAt) : nil
        return ["©", (taken ?? uploaded).map(String.init), name].compactMap { $0 }.joined(separator: " ")
    }

    /// ISO 8601 durations to the millisecond: "PT16.2S", "PT1M5.25S".
    static func duration(_ seconds: Double) -> String {
        let milliseconds = seconds.isFinite ? Int((max(0, min(seconds, 86_400)) * 1000).rounded()) : 0
        let minutes = milliseconds / 60_000
        return "PT" + (minutes > 0 ? "\(minutes)M" : "") + FilmStart.text(Double(milliseconds % 60_000) / 1000) + "S"
    }

    private static func date(_ date: Date) -> String { date.formatted(.iso8601) }

    /// `object` as JSON that can stand inside `<script type="application/ld+json">`: sorted
    /// keys, and `<`, `>`, `&` escaped (they stand only inside strings in JSON, where the
    /// escapes mean the same characters). Nil if it cannot be written (it always can: only
    /// strings, numbers, arrays and dictionaries go in).
    static func script(_ object: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(object), let json = String(data: data, encoding: .utf8) else { return nil }
        var escaped = ""
        escaped.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": escaped += "\\u003c"
            case ">": escaped += "\\u003e"
            case "&": escaped += "\\u0026"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

/// The schema.org types the pages state, as typed values; nil properties are left out.
enum LinkedData {
    struct ProfilePage: Encodable {
        let context = "https://schema.org", type = "ProfilePage"
        let url: String, inLanguage: String, dateCreated: String
        let mainEntity: Person
        enum CodingKeys: String, CodingKey { case context = "@context", type = "@type", url, inLanguage, dateCreated, mainEntity }
    }

    struct Person: Encodable {
        let type = "Person"
        let name: String
        var url: String?
        var alternateName: String?, identifier: String?, description: String?, image: String?, jobTitle: String?
        var homeLocation: Place?
        var knowsAbout: [String]?
        var aggregateRating: Rating?
        init(name: String, url: String? = nil) {
            self.name = name
            self.url = url
        }
        enum CodingKeys: String, CodingKey {
            case type = "@type", name, url, alternateName, identifier, description, image, jobTitle, homeLocation, knowsAbout, aggregateRating
        }
    }

    struct Place: Encodable {
        let type = "Place"
        let address: Address
        enum CodingKeys: String, CodingKey { case type = "@type", address }
    }

    struct Address: Encodable {
        let type = "PostalAddress"
        let addressLocality: String
        enum CodingKeys: String, CodingKey { case type = "@type", addressLocality }
    }

    struct Rating: Encodable {
        let type = "AggregateRating"
        let ratingValue: String, ratingCount: Int
        let bestRating = 5, worstRating = 1
        enum CodingKeys: String, CodingKey { case type = "@type", ratingValue, ratingCount, bestRating, worstRating }
    }

    struct Gallery: Encodable {
        let context = "https://schema.org", type = "ImageGallery"
        let name: String, url: String, inLanguage: String
        let author: Person
        let dateCreated: String, dateModified: String
        let associatedMedia: [Media]
        let description: String?, keywords: String?
        enum CodingKeys: String, CodingKey {
            case context = "@context", type = "@type", name, url, inLanguage, author, dateCreated, dateModified, associatedMedia,
                 description, keywords
        }
    }

    /// An `ImageObject` or a `VideoObject`.
    struct Media: Encodable {
        var type: String
        let name: String
        let creator: Person
        let creditText: String, copyrightNotice: String, acquireLicensePage: String, uploadDate: String
        let license: String?
        var description: String?, contentUrl: String?, thumbnailUrl: [String]?, duration: String?
        var width: Int?, height: Int?
        var potentialAction: SeekToAction?
        enum CodingKeys: String, CodingKey {
            case type = "@type", name, creator, creditText, copyrightNotice, acquireLicensePage, uploadDate, license, description,
                 contentUrl, thumbnailUrl, duration, width, height, potentialAction
        }
    }

    struct SeekToAction: Encodable {
        let type = "SeekToAction"
        let target: String
        let startOffsetInput = "required name=seek_to_second_number"
        enum CodingKeys: String, CodingKey { case type = "@type", target, startOffsetInput = "startOffset-input" }
    }
}
