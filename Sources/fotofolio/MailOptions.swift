import ArgumentParser
import Fotofolio
import FotofolioWeb
import Foundation
import Mail

/// `fotofolio serve`'s mail options: an SMTP server to send through, or none — then every
/// mail is written as an `.eml` file in the data folder, for the operator's mail page.
struct MailOptions: ParsableArguments {
    @Option(help: "An SMTP server, smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465; without it every mail is written to the data folder's mail/ and shown on /moderation/mail. (FOTOFOLIO_SMTP_URL)")
    var smtpUrl: String?

    @Option(help: "Certificate authorities for the SMTP server's certificate, besides the system's. (FOTOFOLIO_SMTP_CA_FILE)")
    var smtpCaFile: String?

    @Option(help: "Who mails come from, \"Fotofolio <noreply@example.cz>\". (FOTOFOLIO_MAIL_FROM, default Fotofolio <noreply@ + the public URL's host>)")
    var mailFrom: String?

    @Option(help: "Seconds a message stays unread before it is mailed. (FOTOFOLIO_MISSED_MESSAGE_DELAY, default 600)")
    var missedMessageDelay: Int?

    @Option(help: "Seconds between looks for due mail (retries, digests, other nodes' mail). (FOTOFOLIO_MAIL_POLL, default 5)")
    var mailPoll: Double?

    @Option(help: "Seconds before a mail the server could not take is tried again, doubling to every 10 minutes; given up after 3 days. (FOTOFOLIO_MAIL_RETRY_SECONDS, default 30)")
    var mailRetrySeconds: Double?

    func validate() throws {
        if let url = value(smtpUrl, "FOTOFOLIO_SMTP_URL"), SMTPSettings(url: url) == nil {
            throw ValidationError("The SMTP URL is smtp://[user:password@]host[:port] or smtps://…")
        }
        if let from = value(mailFrom, "FOTOFOLIO_MAIL_FROM"), MailAddress(parsing: from) == nil {
            throw ValidationError("The sender is an address, optionally with a name: \"Fotofolio <noreply@example.cz>\".")
        }
        guard (0...86_400).contains(resolvedMissedMessageDelay) else {
            throw ValidationError("The missed-message delay must be 0 to 86,400 seconds.")
        }
        guard let poll = resolvedPoll, poll > 0, poll <= 3600 else {
            throw ValidationError("The mail poll interval must be more than 0 and at most 3600 seconds.")
        }
        guard let retry = resolvedRetry, retry >= 0.1, retry <= 600 else {
            throw ValidationError("The first mail retry must be 0.1 to 600 seconds.")
        }
    }

    var resolvedMissedMessageDelay: Int {
        missedMessageDelay ?? ProcessInfo.processInfo.environment["FOTOFOLIO_MISSED_MESSAGE_DELAY"].flatMap(Int.init) ?? 600
    }

    private var resolvedRetry: Double? {
        mailRetrySeconds ?? ProcessInfo.processInfo.environment["FOTOFOLIO_MAIL_RETRY_SECONDS"].map { Double($0) ?? -1 } ?? MailRules.firstRetry
    }

    private var resolvedPoll: Double? {
        mailPoll ?? ProcessInfo.processInfo.environment["FOTOFOLIO_MAIL_POLL"].map { Double($0) ?? -1 } ?? 5
    }

    /// Where this process's mail goes; `host` names the sender when none is given.
    func setup(dataDirectory: String, host: String) throws -> MailSetup {
        let defaultFrom = "Fotofolio <noreply@\(host.contains(".") && !host.allSatisfy({ $0.isNumber || $0 == "." }) ? host : "fotofolio.invalid")>"
        guard let from = MailAddress(parsing: value(mailFrom, "FOTOFOLIO_MAIL_FROM") ?? defaultFrom)
                ?? MailAddress(address: "noreply@fotofolio.invalid") else { throw ValidationError("No sender address.") }
        let poll = Duration.milliseconds(Int((resolvedPoll ?? 5) * 1000))
        guard let url = value(smtpUrl, "FOTOFOLIO_SMTP_URL"), var settings = SMTPSettings(url: url) else {
            let folder = URL(fileURLWithPath: dataDirectory).appendingPathComponent("mail")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return MailSetup(outlet: .directory(MailDirectory(directory: folder)), from: from, pollInterval: poll,
                             missedMessageDelay: TimeInterval(resolvedMissedMessageDelay), firstRetry: resolvedRetry ?? MailRules.firstRetry)
        }
        settings.caFile = value(smtpCaFile, "FOTOFOLIO_SMTP_CA_FILE")
        return MailSetup(outlet: .smtp(SMTPTransport(settings: settings), envelopeSender: from.address), from: from, pollInterval: poll,
                         missedMessageDelay: TimeInterval(resolvedMissedMessageDelay), firstRetry: resolvedRetry ?? MailRules.firstRetry)
    }

    private func value(_ flag: String?, _ variable: String) -> String? {
        flag ?? ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }
}
