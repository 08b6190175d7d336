import Foundation
import Fotofolio
import Mail

/// Makes each queued mail into a message with the pages' templates and string tables, in
/// the language the recipient last used the site in, with links at the site's public address.
public struct MailComposer: MailComposing {
    let templates: TemplateLibrary
    let accounts: AccountsService
    let preferences: MailPreferences
    let notices: MailNotices
    let address: PublicAddress
    let from: MailAddress

    public init(site: SiteFiles, stores: Stores, publicAddress: PublicAddress, from: MailAddress) {
        templates = site.templates
        accounts = AccountsService(stores: stores)
        preferences = MailPreferences(stores: stores)
        notices = MailNotices(stores: stores)
        address = publicAddress
        self.from = from
    }

    public func compose(_ mail: QueuedMail) throws -> MailMessage? {
        guard let user = try accounts.user(id: mail.recipientId),
              let to = MailAddress(name: user.fullName, address: mail.address) ?? MailAddress(address: mail.address) else { return nil }
        let settings = try preferences.settings(of: mail.recipientId)
        let table = templates.table(for: Language(rawValue: settings.language) ?? .fallback)
        let kind = mail.content.kind
        // A notice waiting while the person turned its kind off is not sent after all.
        guard kind.isAccountMail || settings.wants(kind) else { return nil }
        let words = MailWords(table: table, address: address)
        guard let body = try body(of: mail, to: user, settings: settings, words: words) else { return nil }
        let unsubscribe = kind.isAccountMail ? nil : address.url("/unsubscribe/\(kind.rawValue)/\(try preferences.unsubscribeToken(for: mail.recipientId, kind: kind))")
        let view = MailView(
            lang: table.language.rawValue, subject: body.subject,
            greeting: table.string("mail.greeting").replacingOccurrences(of: "{name}", with: user.fullName),
            paragraphs: body.paragraphs, quotes: body.quotes, payments: body.payments, action: body.action, notes: body.notes,
            footer: table.string(kind.isAccountMail ? "mail.footer.account" : "mail.footer.notice")
                .replacingOccurrences(of: "{address}", with: mail.address),
            unsubscribe: unsubscribe.map { MailView.Link(label: table.string("mail.unsubscribe.\(kind.rawValue)"), url: $0) },
            settings: kind.isAccountMail ? nil : MailView.Link(label: table.string("mail.settingsLink"), url: address.url("/profile/notifications")),
            site: MailView.Link(label: table.string("app.name"), url: address.url("/")))
        var headers: [(name: String, value: String)] = []
        if let unsubscribe {
            headers.append((name: "List-Unsubscribe", value: "<\(unsubscribe)>"))
            headers.append((name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click"))
        }
        return MailMessage(from: from, to: to, subject: body.subject, date: Date(), messageID: "\(mail.key)@\(messageIDDomain)",
                           text: try render("mail/text", view, table), html: try render("mail/html", view, table),
                           attachments: body.attachments, headers: headers)
    }

    /// The right-hand side of every `Message-ID`: the site's host.
    private var messageIDDomain: String {
        let origin = address.origin
        let host = origin.split(separator: "/").last.map(String.init) ?? "localhost"
        let bare = host.split(separator: ":").first.map(String.init) ?? host
        return bare.hasPrefix("[") || bare.isEmpty ? "fotofolio.invalid" : bare
    }

    private func body(of mail: QueuedMail, to user: User, settings: MailSettings, words: MailWords) throws -> MailBody? {
        switch mail.content {
        case .confirmEmail(let token): words.confirmEmail(token: token, address: mail.address)
        case .emailChanged(let newAddress): words.emailChanged(to: newAddress)
        case .passwordReset(let token): words.passwordReset(token: token, username: user.username)
        case .moderation(let action): words.moderation(action)
        case .shoot, .gallery, .missedMessages, .paymentReminder, .bookingPayments, .demand: try notices.body(of: mail, to: user, settings: settings, words: words)
        }
    }

    private func render(_ template: String, _ view: MailView, _ table: StringTable) throws -> String {
        guard let text = templates.mustache.render(view, withTemplate: template) else {
            throw TemplateError("The template “\(template).mustache” is missing.")
        }
        return text
    }
}

/// What a mail says, before the layout around it.
struct MailBody {
    var subject: String
    var paragraphs: [String]
    var quotes: [MailView.Quote] = []
    var payments: [MailView.Payment] = []
    var action: MailView.Link?
    var notes: [String] = []
    var attachments: [MailAttachment] = []
}
