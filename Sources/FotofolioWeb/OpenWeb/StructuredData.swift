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
        var person: [String: Any] = [
            "@type": "Person", "name": user.fullName, "alternateName": "@\(user.username)", "identifier": user.username,
            "url": address,
        ]
        if !user.location.isEmpty {
            person["homeLocation"] = ["@type": "Place", "address": ["@type": "PostalAddress", "addressLocality": user.location]]
        }
        if let bio = user.bio, !bio.isEmpty { person["description"] = bio }
        if let image = avatar.flatMap(PhotoViews.cardImagePath) { person["image"] = CanonicalURL.of(request, path: image) }
        if user.role == .creator {
            person["jobTitle"] = language == .cs ? "Fotograf" : "Photographer"
            let kinds = kindsOfWork(portfolios)
            if !kinds.isEmpty { person["knowsAbout"] = kinds }
        }
        if user.verifiedRatingCount >= verifiedRatingsForAggregate, let average = user.averageRating {
            person["aggregateRating"] = [
                "@type": "AggregateRating", "ratingValue": String(format: "%.1f", average), "ratingCount": user.ratingCount,
                "bestRating": 5, "worstRating": 1,
            ]
        }
        return script([
            "@context": "https://schema.org", "@type": "ProfilePage", "url": address, "inLanguage": language.rawValue,
            "dateCreated": date(user.createdAt), "mainEntity": person,
        ])
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
        let author: [String: Any] = ["@type": "Person", "name": owner.fullName, "url": profile]
        let views = PortfolioViews(table: table)
        let media: [[String: Any]] = details.photos.enumerated().compactMap { index, item in
            let photo = item.photo
            // Someone else's photo (a credit) keeps their name and terms.
            let creator: [String: Any] = photo.credit.flatMap { $0.isEmpty ? nil : ["@type": "Person", "name": $0] } ?? author
            let creatorName = creator["name"] as? String ?? owner.fullName
            var object: [String: Any] = [
                "name": views.altText(item, index: index, in: details), "creator": creator, "creditText": creatorName,
                "copyrightNotice": copyright(photo, by: creatorName),
                "acquireLicensePage": profile, "uploadDate": date(photo.createdAt),
            ]
            if let licence = photo.credit == nil ? details.licence(of: item).url : photo.licenceURL, !licence.isEmpty {
                object["license"] = licence
            }
            if let film = photo.film {
                object["@type"] = "VideoObject"
                object["description"] = details.portfolio.description.isEmpty ? object["name"] : details.portfolio.description
                object["contentUrl"] = CanonicalURL.of(request, path: MediaFiles.url(film.mp4File))
                if let poster = photo.variant(.full, .jpeg) { object["thumbnailUrl"] = [CanonicalURL.of(request, path: MediaFiles.url(poster.fileName))] }
                object["duration"] = duration(film.duration)
                object["width"] = film.width
                object["height"] = film.height
                object["potentialAction"] = [
                    "@type": "SeekToAction", "target": "\(address)?film=\(photo.storedId)&t={seek_to_second_number}",
                    "startOffset-input": "required name=seek_to_second_number",
                ]
            } else {
                guard let full = photo.variant(.full, .jpeg) else { return nil }
                object["@type"] = "ImageObject"
                object["contentUrl"] = CanonicalURL.of(request, path: MediaFiles.url(full.fileName))
                object["width"] = full.width
                object["height"] = full.height
                if let square = PhotoViews.cardImagePath(photo) { object["thumbnailUrl"] = CanonicalURL.of(request, path: square) }
            }
            return object
        }
        var gallery: [String: Any] = [
            "@context": "https://schema.org", "@type": "ImageGallery", "name": details.portfolio.name, "url": address,
            "inLanguage": language.rawValue, "author": author, "dateCreated": date(details.portfolio.createdAt),
            "dateModified": date(details.portfolio.updatedAt), "associatedMedia": media,
        ]
        if !details.portfolio.description.isEmpty { gallery["description"] = details.portfolio.description }
        if !details.tags.isEmpty { gallery["keywords"] = details.tags.map(\.label).joined(separator: ", ") }
        return script(gallery)
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
    static func script(_ object: [String: Any]) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let json = String(data: data, encoding: .utf8) else { return nil }
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
