import Foundation

/// What an author may do to a message already sent, and what anyone in the room may add to
/// it: pure, so both stores decide alike on the message read in their transaction.
///
/// A deleted message keeps its row (its place in the conversation, its reactions) with its
/// text gone: the text moves to the message's earlier versions (`MessageVersion`), which
/// only the moderation desk reads, and every copy still to be delivered (the live log, the
/// outbox, pushes not yet sent) is made the deleted form in the same transaction.
public enum MessageChanges {
    /// How long after sending its author may still edit a message.
    public static let editWindow: TimeInterval = 15 * 60

    /// Only its author edits a text message, within `editWindow` of sending it, and never
    /// once it is deleted or removed.
    public static func checkEditing(_ message: ChatMessage, by userId: Int64, at date: Date) throws(MessengerError) {
        guard message.card == nil else { throw .cardCannotChange }
        guard message.authorId == userId else { throw .notTheAuthor }
        guard !message.isDeleted, !message.isRemoved else { throw .messageDeleted }
        guard isEditable(message, at: date) else { throw .editWindowClosed }
    }

    /// Whether the edit window is still open (the room shows Edit only then).
    public static func isEditable(_ message: ChatMessage, at date: Date) -> Bool {
        date.timeIntervalSince(message.sentAt) <= editWindow
    }

    /// Only its author deletes a text message, at any time. Deleting it again changes nothing
    /// (false); a message an operator removed is already gone.
    public static func checkDeleting(_ message: ChatMessage, by userId: Int64) throws(MessengerError) -> Bool {
        guard message.card == nil else { throw .cardCannotChange }
        guard message.authorId == userId else { throw .notTheAuthor }
        return !message.isDeleted && !message.isRemoved
    }

    /// Any member reacts to any message still there, a shoot's card included.
    public static func checkReacting(to message: ChatMessage) throws(MessengerError) {
        guard !message.isDeleted, !message.isRemoved else { throw .messageDeleted }
    }
}

/// The reactions a message can get: one of each per person.
public enum Reaction: String, CaseIterable, Sendable, Codable {
    case thumbsUp = "👍"
    case heart = "❤️"
    case laugh = "😂"
    case surprise = "😮"
    case thanks = "🙏"
    case celebrate = "🎉"

    /// The emoji as sent by a form (a variation selector a keyboard added or left out is
    /// forgiven); `unknownReaction` for anything else.
    public static func parse(_ text: String) throws(MessengerError) -> Reaction {
        guard text.utf8.count <= 16 else { throw .unknownReaction }
        let bare = withoutSelectors(text)
        guard let reaction = allCases.first(where: { withoutSelectors($0.rawValue) == bare }) else { throw .unknownReaction }
        return reaction
    }

    private static func withoutSelectors(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { $0 != "\u{FE0F}" })
        return String(scalars)
    }
}

/// One reaction on a message and who gave it, in the order they did.
public struct MessageReaction: Sendable, Equatable, Codable {
    public var reaction: Reaction
    public var people: [MessageAuthor]
    public var userIds: [Int64]

    public init(reaction: Reaction, people: [MessageAuthor], userIds: [Int64]) {
        self.reaction = reaction
        self.people = people
        self.userIds = userIds
    }

    /// The reactions of rows (message's reaction, person, in the order given), in the set's order.
    public static func grouped(_ rows: [(reaction: Reaction, author: MessageAuthor, userId: Int64)]) -> [MessageReaction] {
        Reaction.allCases.compactMap { reaction in
            let given = rows.filter { $0.reaction == reaction }
            return given.isEmpty ? nil : MessageReaction(reaction: reaction, people: given.map(\.author), userIds: given.map(\.userId))
        }
    }
}

/// A text a message held before an edit or its deletion, kept for the moderation desk only.
public struct MessageVersion: Sendable, Equatable {
    public var content: String
    /// When it stopped being the message's text.
    public var replacedAt: Date

    public init(content: String, replacedAt: Date) {
        self.content = content
        self.replacedAt = replacedAt
    }
}
