import Fotofolio
import Foundation
import Mail

/// How this process sends mail: where to (an SMTP server, or a folder of `.eml` files the
/// operator's mail page reads), as whom, and how often it looks for due mail.
public struct MailSetup: Sendable {
    public let outlet: MailOutlet
    public let from: MailAddress
    public let pollInterval: Duration
    /// How long a message stays unread before it is mailed.
    public let missedMessageDelay: TimeInterval
    /// The wait after a first failed attempt, doubling to every 10 minutes.
    public let firstRetry: TimeInterval

    public init(outlet: MailOutlet, from: MailAddress, pollInterval: Duration = .seconds(5), missedMessageDelay: TimeInterval = 600,
                firstRetry: TimeInterval = MailRules.firstRetry) {
        self.outlet = outlet
        self.from = from
        self.pollInterval = pollInterval
        self.missedMessageDelay = missedMessageDelay
        self.firstRetry = firstRetry
    }

    /// The folder mails are written to, when there is no SMTP server.
    var directory: MailDirectory? {
        if case .directory(let directory) = outlet { return directory }
        return nil
    }
}
