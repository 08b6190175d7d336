import Foundation

/// How far someone has read a room: the newest message they have read, and when they read
/// that far.
public struct ReadMark: Sendable, Equatable, Codable {
    public var messageId: Int64
    public var at: Date

    public init(messageId: Int64, at: Date) {
        self.messageId = messageId
        self.at = at
    }
}

/// "Seen" in a direct conversation: each person sees how far the other has read, marked on
/// that message when it is their own ("Seen 14:05"). Group rooms have no such mark. It is
/// mutual: while either person turns it off (`User.sharesSeen`), or blocks the other, neither
/// sees the other's.
///
/// The mark sits on the other's last read message only when the reader wrote it: once the
/// other has written after it, their reply says more than a mark could, and the mark goes.
public enum ReadReceipts {
    /// How far the other person of a direct room has read, as `readerId` may see it; nil in a
    /// group, in a room without another member, while either has "Seen" off or blocks the
    /// other (`blocked`), or before the other has read anything.
    public static func seen(in room: ChatRoom, members: [RoomMember], by readerId: Int64, blocked: Bool) -> ReadMark? {
        guard room.kind == .direct, !blocked, members.count == 2, members.allSatisfy(\.sharesSeen),
              members.contains(where: { $0.userId == readerId }),
              let other = members.first(where: { $0.userId != readerId }) else { return nil }
        return other.lastRead
    }

    /// Whether a reader who sees `mark` shows it on `message`: their own message, the very one
    /// the other has read last.
    public static func marks(_ message: ChatMessage, with mark: ReadMark?, for readerId: Int64) -> Bool {
        guard let mark else { return false }
        return message.id == mark.messageId && message.authorId == readerId
    }
}
