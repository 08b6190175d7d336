import Foundation
import Fotofolio
import HTTPServer

/// `/u/:username/feed.atom`: a photographer's public portfolios (their films among the
/// photos), newest first, as an Atom feed (RFC 4287), so that anyone can follow them in a
/// feed reader without an account. The profile links it (`rel="alternate"`).
///
/// It lists what the profile shows its reader: public portfolios only, without the photos an
/// operator hid; a suspended person, a client or an unknown name has no feed (404). Every
/// text is escaped for XML on Unicode scalars (`XMLText`); an entry's HTML content is escaped
/// for HTML first, then as the text of the element.
struct ProfileFeed {
    /// The newest portfolios a feed lists; a reader that polls keeps what it saw before.
    static let entryLimit = 20

    struct Entry {
        let url: String
        let title: String
        let published: Date
        let updated: Date
        let summary: String
        /// The cover's absolute address and its text alternative.
        let cover: (url: String, alt: String)?
    }

    let feedURL: String
    let profileURL: String
    let title: String
    let subtitle: String
    let author: String
    let language: Language
    let updated: Date
    let entries: [Entry]

    /// The feed of `user`'s `portfolios` (already those the reader may see), addresses made
    /// absolute for `request`.
    init(user: User, portfolios: [PortfolioDetails], request: Request) {
        let profilePath = "/u/\(QueryItems.escape(user.username))"
        feedURL = CanonicalURL.of(request, path: profilePath + "/feed.atom")
        let language = Language.preferred(by: request)
        // Links open the pages in the feed's language.
        profileURL = CanonicalURL.of(request, path: LanguageAddress.path(profilePath, in: language))
        title = "\(user.fullName) (@\(user.username)) · Fotofolio"
        subtitle = user.bio ?? ""
        author = user.fullName
        self.language = language
        let newest = portfolios.sorted { ($0.portfolio.createdAt, $0.portfolio.storedId) > ($1.portfolio.createdAt, $1.portfolio.storedId) }
            .prefix(Self.entryLimit)
        entries = newest.map { details in
            Entry(url: CanonicalURL.of(request, path: LanguageAddress.path(PortfolioViews.path(details), in: language)), title: details.portfolio.name,
                  published: details.portfolio.createdAt, updated: details.portfolio.updatedAt,
                  summary: details.portfolio.description,
                  cover: details.cover.flatMap { cover in
                      PhotoViews.cardImagePath(cover.photo).map {
                          (CanonicalURL.of(request, path: $0), cover.altText.isEmpty ? details.portfolio.name : cover.altText)
                      }
                  })
        }
        updated = entries.map(\.updated).max() ?? user.createdAt
    }

    func response() -> Response {
        var response = Response(status: .ok, body: .shared(SharedBytes(utf8Of: xml())))
        response.headers.set("Content-Type", "application/atom+xml; charset=utf-8")
        // Unlisting or hiding a portfolio must take it out of every copy: ask each time.
        response.headers.set("Cache-Control", "no-cache")
        return response
    }

    func xml() -> String {
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(language.rawValue)">"#,
            "  <id>\(Self.text(feedURL))</id>",
            "  <title>\(Self.text(title))</title>",
        ]
        if !subtitle.isEmpty { lines.append("  <subtitle>\(Self.text(subtitle))</subtitle>") }
        lines += [
            "  <updated>\(Self.date(updated))</updated>",
            #"  <link rel="self" type="application/atom+xml" href="\#(Self.text(feedURL))"/>"#,
            #"  <link rel="alternate" type="text/html" href="\#(Self.text(profileURL))"/>"#,
            "  <author><name>\(Self.text(author))</name><uri>\(Self.text(profileURL))</uri></author>",
            "  <generator>Fotofolio</generator>",
        ]
        for entry in entries {
            lines += [
                "  <entry>",
                "    <id>\(Self.text(entry.url))</id>",
                "    <title>\(Self.text(entry.title))</title>",
                #"    <link rel="alternate" type="text/html" href="\#(Self.text(entry.url))"/>"#,
                "    <published>\(Self.date(entry.published))</published>",
                "    <updated>\(Self.date(entry.updated))</updated>",
            ]
            if !entry.summary.isEmpty { lines.append("    <summary>\(Self.text(entry.summary))</summary>") }
            lines.append(#"    <content type="html">\#(Self.text(Self.html(entry)))</content>"#)
            lines.append("  </entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a feed reader shows of an entry: the cover, then the description's lines as paragraphs.
    static func html(_ entry: Entry) -> String {
        var html = entry.cover.map { #"<p><img src="\#(HTMLText.escape($0.url))" alt="\#(HTMLText.escape($0.alt))"></p>"# } ?? ""
        for line in entry.summary.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            html += "<p>\(HTMLText.escape(String(line)))</p>"
        }
        return html
    }

    private static func text(_ text: String) -> String { XMLText.escape(text) }

    /// RFC 3339 in UTC, to the second, as Atom's date constructs are.
    static func date(_ date: Date) -> String {
        date.formatted(.iso8601)  // the style is in GMT unless told otherwise
    }
}
