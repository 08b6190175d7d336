import Foundation
import Fotofolio
import HTTPServer

/// One message as `partials/chat-message` shows it, for one reader: the room page, a page
/// of history, the JSON reply to a script's send and the live `message` event all render
/// that partial from this model, so a message has one markup wherever it appears.
///
/// The server renders the fragment, rather than the page handing its script a `<template>`
/// to fill, because links and mentions are read by the domain's one rule (`MessageText`)
/// and a script filling a template would need that rule again.
struct ChatMessageView: ViewModel {
    /// False only for the copy the composer shows while a message is being sent.
    let stored: Bool
    let id: Int64
    let roomId: Int64
    let uuid: String
    let author: ChatAuthorView
    /// ISO 8601 with milliseconds (the `datetime` of its `<time>`).
    let sentAt: String
    /// The reader's clock ("14:05").
    let time: String
    let own: Bool
    /// Under the previous message of the same person (no face and name again).
    let continued: Bool
    /// The message nearest the moment a timeline jumped to.
    let target: Bool
    /// The first message by someone else after what the reader has read (the divider before it).
    let firstUnread: Bool
    let textHTML: String
    /// Removed by an operator: said so instead of the text.
    let removed: Bool
    /// The shoot's card it shows instead of its text (`partials/shoot-card`).
    let card: ShootCardView?
    /// Edited by its author after sending ("edited" beside the time).
    let edited: Bool
    /// Deleted by its author: said so instead of the text.
    let deleted: Bool
    /// The reader's own text message, still there: its menu offers Delete, and Edit while
    /// `editable` (`MessageChanges.editWindow`).
    let deletable: Bool
    let editable: Bool
    /// Reactions can be given (a stored message still there).
    let reactable: Bool
    let reactions: [ChatReactionView]
    /// The whole set to choose from (`Reaction`).
    let choices: [ChatReactionView]
    /// Its photos and files (`partials/chat-attachments`); nil without any, or once gone.
    let attachments: ChatAttachmentsView?
    /// The token of the reaction form: the page's; empty in a live event or a script's reply,
    /// whose script sends the page's own token.
    let csrf: String
    /// "Seen 14:05": the reader's own message the other person read last (`ReadReceipts`).
    let seen: ChatSeenView?

    // Drawn for every message of a page and every live message event: answered without
    // reflection, which was half of drawing one.
    func child(named name: String) -> Any? {
        switch name {
        case "stored": ViewModelLookup.answer(name, stored)
        case "id": ViewModelLookup.answer(name, id)
        case "roomId": ViewModelLookup.answer(name, roomId)
        case "uuid": ViewModelLookup.answer(name, uuid)
        case "author": ViewModelLookup.answer(name, author)
        case "sentAt": ViewModelLookup.answer(name, sentAt)
        case "time": ViewModelLookup.answer(name, time)
        case "own": ViewModelLookup.answer(name, own)
        case "continued": ViewModelLookup.answer(name, continued)
        case "target": ViewModelLookup.answer(name, target)
        case "firstUnread": ViewModelLookup.answer(name, firstUnread)
        case "textHTML": ViewModelLookup.answer(name, textHTML)
        case "removed": ViewModelLookup.answer(name, removed)
        case "card": ViewModelLookup.answer(name, card)
        case "edited": ViewModelLookup.answer(name, edited)
        case "deleted": ViewModelLookup.answer(name, deleted)
        case "deletable": ViewModelLookup.answer(name, deletable)
        case "editable": ViewModelLookup.answer(name, editable)
        case "reactable": ViewModelLookup.answer(name, reactable)
        case "reactions": ViewModelLookup.answer(name, reactions)
        case "choices": ViewModelLookup.answer(name, choices)
        case "attachments": ViewModelLookup.answer(name, attachments)
        case "csrf": ViewModelLookup.answer(name, csrf)
        case "seen": ViewModelLookup.answer(name, seen)
        default: ViewModelLookup.missing(name)
        }
    }

    init(_ message: ChatMessage, reader: Int64, dates: MessageDates, card: ShootCardView? = nil,
         continued: Bool = false, target: Bool = false, firstUnread: Bool = false, csrf: String = "", seen: ChatSeenView? = nil,
         at now: Date = Date()) {
        self.card = card
        self.seen = seen
        self.csrf = csrf
        stored = true
        id = message.id
        roomId = message.roomId
        uuid = message.uuid
        author = ChatAuthorView(message.author)
        sentAt = MessageViews.timestamp(message.sentAt)
        time = dates.clock(message.sentAt)
        own = message.authorId == reader
        self.continued = continued
        self.target = target
        self.firstUnread = firstUnread
        let gone = message.isRemoved || message.isDeleted
        textHTML = gone ? "" : MessageHTML.html(message.text, linksClickable: !message.linksInert)
        removed = message.isRemoved
        deleted = message.isDeleted && !message.isRemoved
        edited = message.editedAt != nil && !gone
        deletable = own && !gone && message.card == nil
        editable = deletable && MessageChanges.isEditable(message, at: now)
        reactable = !gone
        reactions = gone ? [] : message.reactions.map { ChatReactionView($0, reader: reader) }
        choices = gone ? [] : Reaction.allCases.map(ChatReactionView.init(choice:))
        attachments = ChatAttachmentsView(message, dates: dates)
    }

    /// The reader's own message while it is being sent: the composer's script fills in the
    /// uuid and the text (`<template data-chat-pending>`), and the stored message replaces it.
    init(sending author: MessageAuthor) {
        stored = false
        id = 0
        roomId = 0
        uuid = ""
        self.author = ChatAuthorView(author)
        sentAt = ""
        time = ""
        own = true
        continued = false
        target = false
        firstUnread = false
        textHTML = ""
        removed = false
        card = nil
        edited = false
        deleted = false
        deletable = false
        editable = false
        reactable = false
        reactions = []
        choices = []
        attachments = nil
        csrf = ""
        seen = nil
    }
}

/// One reaction under a message: its emoji, how many gave it, whether the reader did, and
/// who (the button's accessible name "👍 2: Jana, Petr" and its title).
struct ChatReactionView: ViewModel {
    let emoji: String
    let count: Int
    let mine: Bool
    let names: String
    let label: String

    // The whole set is offered under every message: answered without reflection.
    func child(named name: String) -> Any? {
        switch name {
        case "emoji": ViewModelLookup.answer(name, emoji)
        case "count": ViewModelLookup.answer(name, count)
        case "mine": ViewModelLookup.answer(name, mine)
        case "names": ViewModelLookup.answer(name, names)
        case "label": ViewModelLookup.answer(name, label)
        default: ViewModelLookup.missing(name)
        }
    }

    init(_ reaction: MessageReaction, reader: Int64) {
        emoji = reaction.reaction.rawValue
        count = reaction.people.count
        mine = reaction.userIds.contains(reader)
        names = reaction.people.map(\.name).joined(separator: ", ")
        label = "\(emoji) \(count): \(names)"
    }

    /// A reaction offered in the picker.
    init(choice: Reaction) {
        emoji = choice.rawValue
        count = 0
        mine = false
        names = ""
        label = emoji
    }
}

/// "Seen 14:05" under the reader's own message that the other person of a direct room read
/// last (`ReadReceipts`): `partials/chat-seen`, inside the message on the page and alone in a
/// live `seen` event, which the room's script puts on the message it names.
struct ChatSeenView: ViewModel {
    let messageId: Int64
    /// ISO 8601 with milliseconds (the `datetime` of its `<time>`).
    let at: String
    let text: String

    init(_ mark: ReadMark, dates: MessageDates) {
        messageId = mark.messageId
        at = MessageViews.timestamp(mark.at)
        text = dates.seenLabel(mark.at)
    }
}

/// Who wrote a message, as the chat's templates read them (`author.name`, `me.username`).
struct ChatAuthorView: ViewModel {
    let username: String
    let name: String
    let initials: String

    func child(named name: String) -> Any? {
        switch name {
        case "username": ViewModelLookup.answer(name, username)
        case "name": ViewModelLookup.answer(name, self.name)
        case "initials": ViewModelLookup.answer(name, initials)
        default: ViewModelLookup.missing(name)
        }
    }

    init(_ author: MessageAuthor) {
        username = author.username
        name = author.name
        initials = author.initials
    }
}

/// A day of a conversation under its header, in the reader's time zone.
struct ChatDayView: ViewModel {
    /// `yyyy-mm-dd`, what the script groups later messages by.
    let key: String
    let label: String
    let date: String
    var messages: [ChatMessageView]

    /// Messages grouped by the reader's day; the first message by someone else after
    /// `lastRead` gets the "new messages" divider, and `target` (the moment a timeline
    /// jumped to) marks the message nearest it.
    static func days(_ messages: [ChatMessage], reader: Int64, lastRead: Int64?, dates: MessageDates,
                     cards: [Int64: ShootCardView] = [:], target: Date? = nil, seen: ReadMark? = nil,
                     csrf: String = "") -> [ChatDayView] {
        let firstUnread = messages.first { $0.id > (lastRead ?? 0) && $0.authorId != reader }?.id
        let nearest = target.flatMap { target in
            messages.min { abs($0.sentAt.timeIntervalSince(target)) < abs($1.sentAt.timeIntervalSince(target)) }?.id
        }
        var days: [ChatDayView] = []
        var previous: ChatMessage?
        for message in messages {
            let key = dates.dayKey(message.sentAt)
            if days.last?.key != key {
                days.append(ChatDayView(key: key, label: dates.dayHeader(message.sentAt),
                                        date: MessageViews.timestamp(message.sentAt), messages: []))
            }
            let continued = days[days.count - 1].messages.isEmpty == false && message.id != firstUnread
                && previous.map { continues($0, with: message) } == true
            let view = ChatMessageView(message, reader: reader, dates: dates, card: cards[message.id], continued: continued,
                                       target: message.id == nearest, firstUnread: message.id == firstUnread, csrf: csrf,
                                       seen: ReadReceipts.marks(message, with: seen, for: reader)
                                           ? seen.map { ChatSeenView($0, dates: dates) } : nil)
            days[days.count - 1].messages.append(view)
            previous = message
        }
        return days
    }

    /// A message right after another by the same person, within a few minutes, goes under
    /// it without repeating the face and name (the script applies the same rule).
    static func continues(_ earlier: ChatMessage, with later: ChatMessage) -> Bool {
        earlier.authorId == later.authorId && later.sentAt.timeIntervalSince(earlier.sentAt) < 5 * 60
    }
}

extension PageRenderer {
    /// `partials/chat-message` alone, as a script puts it in the page (the reply to a send,
    /// a live event): the same bytes the page has for the message, without the file's last
    /// line break.
    func chatMessage(_ message: ChatMessageView, language: Language) throws -> String {
        var html = try fragmentText("partials/chat-message", of: .room, language: language, content: message)
        while html.utf8.last == UInt8(ascii: "\n") { html.removeLast() }
        return html
    }

    /// `partials/chat-seen` alone, as a live `seen` event carries it.
    func chatSeen(_ seen: ChatSeenView, language: Language) throws -> String {
        var html = try fragmentText("partials/chat-seen", of: .room, language: language, content: seen)
        while html.utf8.last == UInt8(ascii: "\n") { html.removeLast() }
        return html
    }
}
