import Foundation
import Fotofolio
import HTTPServer

/// The feed's state as it lives in the URL (`/?tags=svatba,praha&sort=rating&after=…`):
/// read leniently from a request, written canonically for links.
struct FeedAddress: Equatable {
    /// As typed (shown on chips); compared folded.
    var tags: [Tag] = []
    /// The most an hour may cost (whole crowns, through the rate slider's model).
    var maxRate: Int?
    /// Only photographers free that day.
    var freeOn: CalendarDay?
    /// Only work under Creative Commons (`reuse=free`).
    var freeToReuse = false
    var sort: FeedQuery.Sort = .newest
    var after: FeedCursor?
    /// A photographer's demands matching them instead of portfolios (`show=demands`).
    var demandsOnly = false
    /// String-table keys of what was wrong with the address and ignored.
    var problems: [String] = []

    init(tags: [Tag] = [], maxRate: Int? = nil, freeOn: CalendarDay? = nil, freeToReuse: Bool = false, sort: FeedQuery.Sort = .newest) {
        self.tags = tags
        self.maxRate = maxRate
        self.freeOn = freeOn
        self.freeToReuse = freeToReuse
        self.sort = sort
    }

    /// Reads the address; anything unusable is dropped with a problem noted, never an error.
    /// `today`: the first day the free-day filter takes.
    init(_ query: QueryItems, today: CalendarDay) {
        let parsed = TagParsing.tags(in: query.values("tags").joined(separator: ","))
        tags = Array(parsed.prefix(FeedQuery.maximumTags))
        if parsed.count > tags.count { problems.append("feed.problems.tooManyTags") }
        if let text = query["maxRate"], !text.isEmpty {
            var rate = HourlyRateField(name: "maxRate", text: text)
            rate.submit(language: .english)
            if let value = rate.rate { maxRate = value } else { problems.append("feed.problems.maxRate") }
        }
        if let text = query["free"], !text.isEmpty {
            // A day from today on: a past day has nobody free to book.
            if let day = CalendarDay(text), day >= today { freeOn = day } else { problems.append("feed.problems.freeOn") }
        }
        if let text = query["reuse"], !text.isEmpty {
            if text == "free" { freeToReuse = true } else { problems.append("feed.problems.reuse") }
        }
        if let text = query["show"], !text.isEmpty {
            if text == "demands" { demandsOnly = true } else { problems.append("feed.problems.show") }
        }
        if let text = query["sort"], !text.isEmpty {
            if let sort = FeedQuery.Sort(rawValue: text) { self.sort = sort } else { problems.append("feed.problems.sort") }
        }
        if let text = query["after"], !text.isEmpty {
            if let cursor = FeedCursor(text, sort: sort) { after = cursor } else { problems.append("feed.problems.after") }
        }
    }

    var query: FeedQuery { FeedQuery(tags: tags.map(\.folded), maxRate: maxRate, freeOn: freeOn, freeToReuse: freeToReuse, sort: sort, after: after) }

    /// The canonical link in `language` (`LanguageAddress`).
    func url(after cursor: FeedCursor? = nil, in language: Language) -> String {
        LanguageAddress.path(url(after: cursor), in: language)
    }

    /// The canonical link at the root: tags joined by commas, the default sort and first
    /// page left out.
    func url(after cursor: FeedCursor? = nil) -> String {
        var parts: [String] = demandsOnly ? ["show=demands"] : []
        // Commas stay readable: "/?tags=svatba,praha".
        if !tags.isEmpty { parts.append("tags=" + tags.map { QueryItems.escape($0.label) }.joined(separator: ",")) }
        if let maxRate { parts.append("maxRate=\(maxRate)") }
        if let freeOn { parts.append("free=\(freeOn.text)") }
        if freeToReuse { parts.append("reuse=free") }
        if sort != .newest { parts.append("sort=\(sort.rawValue)") }
        if let cursor { parts.append("after=\(cursor.text(for: sort))") }
        return parts.isEmpty ? "/" : "/?" + parts.joined(separator: "&")
    }

    /// This filter with one more tag (nothing changes if it is there already).
    func adding(_ tag: Tag) -> FeedAddress {
        var address = FeedAddress(tags: tags, maxRate: maxRate, freeOn: freeOn, freeToReuse: freeToReuse, sort: sort)
        address.demandsOnly = demandsOnly
        if !tags.contains(where: { $0.folded == tag.folded }) { address.tags.append(tag) }
        return address
    }

    func removing(_ tag: Tag) -> FeedAddress {
        var address = FeedAddress(tags: tags.filter { $0.folded != tag.folded }, maxRate: maxRate, freeOn: freeOn,
                                  freeToReuse: freeToReuse, sort: sort)
        address.demandsOnly = demandsOnly
        return address
    }

    /// The demands matching the photographer who reads it.
    static var demands: FeedAddress {
        var address = FeedAddress()
        address.demandsOnly = true
        return address
    }

    var cleared: FeedAddress { FeedAddress(sort: sort) }

    /// The tags as the filter script wants them: labels separated by spaces.
    var tagsAttribute: String { tags.map(\.label).joined(separator: " ") }
}
