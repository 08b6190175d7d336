import Foundation
import Fotofolio
import HTTPServer

/// A search in one's own conversations (`/messages?q=`), in the conversation pane in place of
/// the list: each hit with its conversation, author and time, and its words marked.
struct MessageSearchView: ViewModel {
    struct Hit: ViewModel {
        let id: Int64
        /// The room opened at the message: the timeline's moment, and the message's anchor.
        let href: String
        let roomTitle: String
        /// Who wrote it: "You", or the author in a group; nil when the title already says it.
        let author: String?
        let time: String
        let sentAt: String
        /// The message (or the part of it around the first hit), escaped, the hits in `<mark>`.
        let textHTML: String
    }

    /// As typed, shown back in the field.
    let query: String
    let hits: [Hit]
    let hasHits: Bool
    /// "3 messages found", or nil when none were.
    let count: String?
    /// Nothing was found, or nothing was asked for (only punctuation).
    let emptyState: ContentState.Model?

    /// Around the first hit, a longer message shows this many scalars (and "…" where cut).
    static let snippetScalars = 240

    init(query: String, search: MessageSearch, messages: [ChatMessage], rooms: [Int64: RoomSummary], reader: Int64,
         table: StringTable, dates: MessageDates, now: Date = Date()) {
        self.query = query
        hits = messages.map { message in
            let room = rooms[message.roomId]
            let author = message.authorId == reader ? table.string("messages.you")
                : room?.room.kind == .group ? message.author.name : nil
            return Hit(id: message.id, href: Self.address(of: message, zone: dates.zone, now: now),
                roomTitle: room?.title ?? "", author: author, time: dates.listLabel(message.sentAt),
                sentAt: MessageViews.timestamp(message.sentAt), textHTML: Self.snippet(message.content, search: search))
        }
        hasHits = !hits.isEmpty
        count = hasHits ? table.plural("messages.search.found", count: hits.count) : nil
        emptyState = hasHits ? nil
            : search.isEmpty ? ContentState(.empty, "messagesSearchNothingAsked", icon: "search").model(table)
            : ContentState(.empty, "messagesNotFound", icon: "search", action: .init(href: "/messages", name: "clear-search")).model(table)
    }

    /// `/messages/{room}?at=<moment>#message-<id>`: the room opens around the message's moment
    /// as the timeline reads it (the reader's clock, with today's offset, to the second).
    static func address(of message: ChatMessage, zone: TimeZone, now: Date) -> String {
        let wall = message.sentAt.addingTimeInterval(TimeInterval(zone.secondsFromGMT(for: now)))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: wall)
        let moment = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        return "/messages/\(message.roomId)?\(ChatTimeline.fieldName)=\(moment)#message-\(message.id)"
    }

    /// The text, escaped by runs, with each marked word in `<mark>`; a long text only around
    /// its first mark. Cut and marked by Unicode scalars, never inside one.
    static func snippet(_ text: String, search: MessageSearch) -> String {
        let scalars = Array(text.unicodeScalars)
        let offsets = search.marks(in: text).map { range in
            text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
                ..< text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.upperBound)
        }
        var window = 0..<scalars.count
        if scalars.count > snippetScalars {
            let start = max(0, min((offsets.first?.lowerBound ?? 0) - snippetScalars / 3, scalars.count - snippetScalars))
            window = start..<(start + snippetScalars)
        }
        var html = window.lowerBound > 0 ? "…" : ""
        var position = window.lowerBound
        func append(_ range: Range<Int>, marked: Bool) {
            guard !range.isEmpty else { return }
            var run = String.UnicodeScalarView()
            run.append(contentsOf: scalars[range])
            let escaped = HTMLText.escape(String(run))
            html += marked ? "<mark>\(escaped)</mark>" : escaped
        }
        for mark in offsets where mark.upperBound > window.lowerBound && mark.lowerBound < window.upperBound {
            let clipped = max(mark.lowerBound, position)..<min(mark.upperBound, window.upperBound)
            append(position..<clipped.lowerBound, marked: false)
            append(clipped, marked: true)
            position = clipped.upperBound
        }
        append(position..<window.upperBound, marked: false)
        if window.upperBound < scalars.count { html += "…" }
        return html
    }
}
