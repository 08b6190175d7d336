import Foundation

/// Limits that slow a spammer without slowing people: a new account starts only a few
/// conversations an hour and a day, the same words sent to many conversations at once are
/// held, and links in a new account's first messages to someone are not made clickable.
/// The stores read the facts inside the transaction that would start or send, so two nodes
/// cannot both let the one over the limit through.
public struct SpamLimits: Sendable, Equatable {
    /// An account younger than this is new.
    public var newAccountAge: Duration = .seconds(7 * 86_400)
    /// Conversations (direct or group) a new account may start in any hour and any day.
    public var newConversationsPerHour = 5
    public var newConversationsPerDay = 20
    /// A text sent in this many other conversations within `repeatWindow` holds the next.
    public var repeatedConversations = 3
    public var repeatWindow: Duration = .seconds(600)
    /// Shorter texts ("Děkuji!", "Ok") are rightly said to many people.
    public var repeatMinimumCharacters = 20
    /// Demands a new account may post in any day, and any other account.
    public var newAccountDemandsPerDay = 3
    public var demandsPerDayLimit = 10

    public init() {}

    public static let standard = SpamLimits()

    public func isNew(createdAt: Date, at date: Date) -> Bool {
        date.timeIntervalSince(createdAt) < newAccountAge.timeInterval
    }

    /// Since when conversations a new account started count: the last day.
    public func startsCounted(at date: Date) -> Date { date.addingTimeInterval(-86_400) }

    /// `started`: when the account started conversations since `startsCounted(at:)`, oldest
    /// first. Throws `MessengerError.tooManyNewConversations` with the wait until the oldest
    /// one that counts leaves its window.
    public func checkStart(accountCreatedAt: Date, started: [Date], at date: Date) throws {
        guard isNew(createdAt: accountCreatedAt, at: date) else { return }
        let lastHour = started.filter { $0 > date.addingTimeInterval(-3600) }
        var wait: TimeInterval?
        if started.count >= newConversationsPerDay {
            wait = started[started.count - newConversationsPerDay].timeIntervalSince(date) + 86_400
        }
        if lastHour.count >= newConversationsPerHour {
            wait = max(wait ?? 0, lastHour[lastHour.count - newConversationsPerHour].timeIntervalSince(date) + 3600)
        }
        // The account stops being new before either window would let it go on.
        if let wait {
            let untilOld = accountCreatedAt.timeIntervalSince(date) + newAccountAge.timeInterval
            throw MessengerError.tooManyNewConversations(retryAfter: .seconds(max(1, Int(min(wait, untilOld).rounded(.up)))))
        }
    }

    /// Since when the same text counts as just sent (`repeatWindow` before `date`).
    public func repeatsCounted(at date: Date) -> Date { date.addingTimeInterval(-repeatWindow.timeInterval) }

    /// Whether a text is long enough to be held when repeated.
    public func mayHold(_ content: String) -> Bool {
        content.unicodeScalars.count >= repeatMinimumCharacters
    }

    /// `conversations`: other conversations the author sent the same text to in the window.
    public func checkRepeat(_ content: String, sentToOtherConversations conversations: Int) throws {
        if mayHold(content), conversations >= repeatedConversations { throw MessengerError.heldAsRepeated }
    }

    /// Links in a message stay plain text when a new account writes them before anyone else
    /// in the conversation has written.
    public func linksInert(authorCreatedAt: Date, othersHaveWritten: Bool, at date: Date) -> Bool {
        isNew(createdAt: authorCreatedAt, at: date) && !othersHaveWritten
    }
}

extension Duration {
    /// Whole and fractional seconds.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
