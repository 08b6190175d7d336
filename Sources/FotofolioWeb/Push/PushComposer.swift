import Foundation
import Fotofolio

/// The words of a push, in the language the recipient last used the site in: who wrote (or
/// the shoot step, the gallery's news, with the mails' words), the message's first line, the
/// page a click opens, and the tag that keeps one notification per conversation. Read when
/// the push goes, as the recipient may see it then: a message read or removed meanwhile
/// says nothing (nil), so the push is skipped.
public struct PushComposer: PushComposing {
    let templates: TemplateLibrary
    /// The mails' readers of messages, galleries and people.
    let notices: MailNotices
    let preferences: MailPreferences
    /// Bytes of a message's first line a notification shows.
    static let bodyBytes = 200

    public init(site: SiteFiles, stores: Stores) {
        templates = site.templates
        notices = MailNotices(stores: stores)
        preferences = MailPreferences(stores: stores)
    }

    public func compose(_ push: QueuedPush) throws -> PushPayload? {
        let settings = try preferences.settings(of: push.recipientId)
        let words = MailWords(table: templates.table(for: Language(rawValue: settings.language) ?? .fallback), address: PublicAddress())
        let tag = PushRules.tag(of: push.content)
        switch push.content {
        case .message(let messageId, let roomId):
            return try message(messageId, in: roomId, to: push.recipientId, tag: tag, words: words)
        case .gallery(let galleryId, let event):
            return try gallery(galleryId, event, tag: tag, words: words)
        case .read(let roomId):
            return PushPayload(title: "", body: "", url: "/messages/\(roomId)", tag: tag, close: true)
        case .demand(let demandId):
            guard let demand = try notices.openDemand(demandId, for: push.recipientId) else { return nil }
            let view = DemandView(demand, text: ShootText(table: words.table))
            let values = ["kind": view.title, "town": view.town, "when": view.when]
            return PushPayload(title: words.text("mail.demand.subject", values), body: words.text("mail.demand.body", values),
                               url: DemandPages.path(demandId), tag: tag)
        }
    }

    private func message(_ messageId: Int64, in roomId: Int64, to userId: Int64, tag: String, words: MailWords) throws -> PushPayload? {
        guard let message = try notices.messenger.message(messageId, for: userId), !message.isRemoved, message.authorId != userId else { return nil }
        let room = try notices.messenger.room(roomId, for: userId)
        guard (room.lastReadMessageId ?? 0) < messageId else { return nil }
        let name = message.author.name
        let title: String
        if let card = message.card {
            title = words.text("mail.shoot.\(card.kind).subject", ["name": name])
        } else if room.room.kind == .direct {
            title = name
        } else {
            title = words.text("push.message.inGroup", ["name": name, "room": room.title])
        }
        return PushPayload(title: title, body: Self.firstLine(of: MessageLine.text(of: message, table: words.table), bytes: Self.bodyBytes),
                           url: "/messages/\(roomId)", tag: tag)
    }

    private func gallery(_ galleryId: Int64, _ event: GalleryMailEvent, tag: String, words: MailWords) throws -> PushPayload? {
        guard let gallery = try notices.galleries.gallery(id: galleryId) else { return nil }
        let photographer = try notices.accounts.user(id: gallery.photographerId)
        let name = event == .picksSent ? (try gallery.clientId.flatMap { try notices.accounts.user(id: $0) }?.fullName ?? "") : (photographer?.fullName ?? "")
        return PushPayload(title: words.text("mail.gallery.\(event.rawValue).subject", ["title": gallery.title]),
                           body: words.text("mail.gallery.\(event.rawValue).body", ["name": name, "title": gallery.title]),
                           url: event == .picksSent ? "/galleries/\(gallery.id)" : "/g/\(gallery.token)", tag: tag)
    }

    /// The first line with text, at most `bytes` of UTF-8 cut between scalars (an ellipsis
    /// within the limit says it was cut).
    static func firstLine(of text: String, bytes limit: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: " \t") }.first { !$0.isEmpty } ?? ""
        guard line.utf8.count > limit else { return line }
        let ellipsis = "…"
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            guard used + size + ellipsis.utf8.count <= limit else { break }
            kept.append(scalar)
            used += size
        }
        return String(kept) + ellipsis
    }
}
