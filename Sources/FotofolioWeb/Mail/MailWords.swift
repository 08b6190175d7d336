import Foundation
import Fotofolio

/// The words of the account mails and moderation notices, from the string table.
struct MailWords {
    let table: StringTable
    let address: PublicAddress

    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        values.reduce(table.string(key)) { text, pair in text.replacingOccurrences(of: "{\(pair.key)}", with: pair.value) }
    }

    /// Dates in the recipient's language, in the site's zone (Prague).
    var dates: MessageDates {
        MessageDates(zone: TimeZone(identifier: "Europe/Prague") ?? .gmt, language: table.language, table: table)
    }

    func confirmEmail(token: String, address mailbox: String) -> MailBody {
        MailBody(subject: text("mail.confirmEmail.subject"),
                 paragraphs: [text("mail.confirmEmail.body", ["address": mailbox])],
                 action: MailView.Link(label: text("mail.confirmEmail.action"), url: address.url("/confirm-email/\(token)")),
                 notes: [text("mail.confirmEmail.expires"), text("mail.confirmEmail.notYou")])
    }

    func emailChanged(to newAddress: String) -> MailBody {
        MailBody(subject: text("mail.emailChanged.subject"),
                 paragraphs: [text("mail.emailChanged.body", ["address": newAddress])],
                 action: MailView.Link(label: text("mail.emailChanged.action"), url: address.url("/forgot-password")),
                 notes: [text("mail.emailChanged.notYou")])
    }

    func passwordReset(token: String, username: String) -> MailBody {
        MailBody(subject: text("mail.passwordReset.subject"),
                 paragraphs: [text("mail.passwordReset.body", ["username": username])],
                 action: MailView.Link(label: text("mail.passwordReset.action"), url: address.url("/reset-password/\(token)")),
                 notes: [text("mail.passwordReset.expires"), text("mail.passwordReset.notYou")])
    }

    func moderation(_ action: ModerationMail) -> MailBody {
        let until = action.until.map { text("mail.moderation.until", ["until": dates.moment($0)]) } ?? text("mail.moderation.forGood")
        return MailBody(subject: text("mail.moderation.\(action.action.rawValue).subject"),
                        paragraphs: [text("mail.moderation.\(action.action.rawValue).body"), until],
                        quotes: [MailView.Quote(author: text("mail.moderation.reason"), text: action.reason, context: nil)],
                        action: MailView.Link(label: text("mail.moderation.action"), url: address.url("/profile")),
                        notes: [text("mail.moderation.appeal")])
    }
}
