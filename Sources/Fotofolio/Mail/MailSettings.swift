import Foundation

/// What mail a person wants, and the language they last used the site in. Nobody has a row
/// until they change something: `MailSettings.default` stands in.
public struct MailSettings: Codable, Sendable, Equatable {
    /// How unread messages are told.
    public enum MessageCadence: String, Codable, Sendable, CaseIterable {
        /// One mail per burst, once a message has stayed unread for the delay.
        case atOnce
        case hourly
        case daily
        case never
    }

    public var messages: MessageCadence
    /// A group's ordinary messages count too (mentions always do).
    public var groupMessages: Bool
    public var shoots: Bool
    public var galleries: Bool
    /// `cs` or `en`: the words of every mail to the person.
    public var language: String

    public static let `default` = MailSettings(messages: .atOnce, groupMessages: false, shoots: true, galleries: true, language: "cs")

    public init(messages: MessageCadence, groupMessages: Bool, shoots: Bool, galleries: Bool, language: String) {
        self.messages = messages
        self.groupMessages = groupMessages
        self.shoots = shoots
        self.galleries = galleries
        self.language = language
    }

    /// Whether a mail of this kind may go to the person.
    public func wants(_ kind: MailKind) -> Bool {
        switch kind {
        case .shoot: shoots
        case .gallery: galleries
        case .missedMessages: messages != .never
        case .confirmEmail, .emailChanged, .passwordReset, .moderation: true
        }
    }

    /// The same settings with the kind turned off (a one-click unsubscribe); account mails
    /// cannot be.
    public func turningOff(_ kind: MailKind) -> MailSettings {
        var settings = self
        switch kind {
        case .shoot: settings.shoots = false
        case .gallery: settings.galleries = false
        case .missedMessages: settings.messages = .never
        case .confirmEmail, .emailChanged, .passwordReset, .moderation: break
        }
        return settings
    }
}
