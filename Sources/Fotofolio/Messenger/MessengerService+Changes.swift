import Foundation

/// What happens to a message after it is sent: its author edits it for a while or deletes
/// it (`MessageChanges`), anyone in the room reacts to it. Each is one transaction that tells
/// the room the message changed; none counts as unread, mails or pushes.
extension MessengerService {
    /// The author's new text for their message, within `MessageChanges.editWindow`; the
    /// same limits as sending.
    public func edit(_ messageId: Int64, in roomId: Int64, to content: String, by userId: Int64, at date: Date = Date()) throws
        -> ChatMessage {
        try store.edit(messageId, in: roomId, to: try MessageText.validated(content), by: userId, at: date)
    }

    /// The author deletes their message: everyone then sees it was deleted, and nobody its text.
    public func delete(_ messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date = Date()) throws -> ChatMessage {
        try store.delete(messageId, in: roomId, by: userId, at: date)
    }

    /// Gives the reaction, or takes it back when the member gave it already.
    public func react(_ reaction: Reaction, to messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date = Date()) throws
        -> ChatMessage {
        try store.react(reaction, to: messageId, in: roomId, by: userId, at: date)
    }

    /// The texts a message held before, oldest first: for the moderation desk only.
    public func versions(of messageId: Int64) throws -> [MessageVersion] {
        try store.versions(of: messageId)
    }
}
