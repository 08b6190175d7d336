import Foundation
import Fotofolio
import HTTPServer
import Mail

/// For operators: every mail the site queued, newest first, with what happened to it; and,
/// without a mail server, each mail as written, readable with its links (a LAN demo shows
/// every flow here).
struct MailOutboxPages {
    let renderer: PageRenderer
    let moderation: Moderation
    let store: any MailStore
    /// Where mails are written without a mail server; nil when they go over SMTP.
    let directory: MailDirectory?

    func register(in router: inout Router) {
        router.group(RequireSignIn(), RequireOperator(moderation: moderation)) { router in
            router.get("/moderation/mail") { request in try list(request) }
            router.get("/moderation/mail/:key") { request in try show(request) }
        }
    }

    private func list(_ request: Request) throws -> Response {
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let records = try store.recent(limit: 200)
        let counts = try store.counts()
        var response = try renderer.render(.mailOutbox, for: request, content: MailOutboxPage(
            viaSMTP: directory == nil,
            counts: table.string("mail.outbox.counts").replacingOccurrences(of: "{pending}", with: "\(counts.pending + counts.retrying)")
                .replacingOccurrences(of: "{failed}", with: "\(counts.failed)"),
            mails: records.map { record in
                MailOutboxPage.Row(
                    url: directory != nil && record.state == .sent ? "/moderation/mail/\(record.key)" : nil,
                    kind: table.string("mail.outbox.kind.\(record.kind.rawValue)"), address: record.address,
                    state: table.string("mail.outbox.state.\(record.state.rawValue)"), stateClass: record.state.rawValue,
                    when: dates.moment(record.sentAt ?? record.createdAt),
                    attempts: record.attempts > 1 ? "\(record.attempts)" : nil, problem: record.lastError)
            },
            isEmpty: records.isEmpty))
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private func show(_ request: Request) throws -> Response {
        let key = request.parameters["key"] ?? ""
        guard let directory, key.utf8.count <= 64, key.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
              let entry = try directory.entries().first(where: { $0.fileName.hasSuffix("-\(key).eml") }),
              let bytes = try directory.read(fileName: entry.fileName), let mail = ReadMail(bytes: bytes)
        else { throw HTTPFailure(.notFound, "There is no such mail.") }
        var response = try renderer.render(.mailMessage, for: request, title: mail.subject, content: MailMessagePage(
            subject: mail.subject, from: mail.from, to: mail.to, date: mail.date,
            text: MessageHTML.html(mail.text ?? "", mentioning: []), attachments: mail.attachments, file: entry.fileName))
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}

/// `pages/mail-outbox`.
struct MailOutboxPage: ViewModel {
    struct Row: ViewModel {
        let url: String?
        let kind: String
        let address: String
        let state: String
        let stateClass: String
        let when: String
        let attempts: String?
        let problem: String?
    }

    let viaSMTP: Bool
    let counts: String
    let mails: [Row]
    let isEmpty: Bool
}

/// `pages/mail-message`: one written mail, its text with working links.
struct MailMessagePage: ViewModel {
    let subject: String
    let from: String
    let to: String
    let date: String
    /// The text part as HTML: escaped, with its addresses as links.
    let text: String
    let attachments: [String]
    let file: String
}
