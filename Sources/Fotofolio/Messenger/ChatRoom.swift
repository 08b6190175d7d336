import Foundation

/// A conversation: between two people (direct), or a named group of two or more. A row
/// that is not one (an unknown kind) throws when read rather than passing for a group.
public struct ChatRoom: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Exactly one per pair of people; it has no name and cannot be changed.
        case direct
        /// Named by its creator, who alone may rename it and add or remove others.
        case group
    }

    public var id: Int64
    public var kind: Kind
    /// The group's name; nil for a direct room.
    public var name: String?
    public var createdBy: Int64
    public var createdAt: Date

    public init(id: Int64, kind: Kind, name: String?, createdBy: Int64, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.name = name
        self.createdBy = createdBy
        self.createdAt = createdAt
    }
}

/// Someone in a room, as shown in its member list.
public struct RoomMember: Sendable, Equatable {
    public var userId: Int64
    public var username: String
    /// The person's full name.
    public var name: String
    public var initials: String
    /// The newest message the member has read, and when they read that far (nil: nothing yet).
    public var lastRead: ReadMark?
    /// The member's `User.sharesSeen`.
    public var sharesSeen: Bool

    /// With initials taken from the name.
    public init(userId: Int64, username: String, name: String, lastRead: ReadMark? = nil, sharesSeen: Bool = true) {
        self.init(userId: userId, username: username, name: name, initials: Initials.of(name), lastRead: lastRead,
                  sharesSeen: sharesSeen)
    }

    public init(userId: Int64, username: String, name: String, initials: String, lastRead: ReadMark? = nil,
                sharesSeen: Bool = true) {
        self.userId = userId
        self.username = username
        self.name = name
        self.initials = initials
        self.lastRead = lastRead
        self.sharesSeen = sharesSeen
    }
}

/// A room as one reader sees it in their list of conversations.
public struct RoomSummary: Sendable {
    public var room: ChatRoom
    /// The group's name, or the other person's full name in a direct room.
    public var title: String
    /// In the order they joined.
    public var members: [RoomMember]
    public var lastMessage: ChatMessage?
    /// Messages by others that the reader has not read yet.
    public var unreadCount: Int
    /// True when an unread message mentions the reader.
    public var mentionsReader: Bool
    /// The newest message the reader has read (nil: none yet).
    public var lastReadMessageId: Int64?
    /// The other person is a demand's client whom the reader answered and who has not written
    /// in the room yet: their name is blank (`veil`), and the pages say "the demand's client".
    public var veiled = false

    public init(room: ChatRoom, title: String, members: [RoomMember], lastMessage: ChatMessage?, unreadCount: Int,
                mentionsReader: Bool, lastReadMessageId: Int64? = nil) {
        self.room = room
        self.title = title
        self.members = members
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
        self.mentionsReader = mentionsReader
        self.lastReadMessageId = lastReadMessageId
    }

    /// Addressed to the reader: a direct conversation, or a group where an unread message
    /// mentions them. A group's chatter is not, until someone calls the reader by name.
    public var isRelevant: Bool { room.kind == .direct || mentionsReader }
}

extension RoomSummary {
    /// Hides `clientId`'s name, username and initials (each store's `veiledRoomsSQL` says when):
    /// a photographer who answered a demand sees the work asked for, not who asks, until the
    /// client writes (answers an offer, accepts or declines it).
    public mutating func veil(_ clientId: Int64) {
        guard room.kind == .direct, members.contains(where: { $0.userId == clientId }) else { return }
        veiled = true
        title = ""
        members = members.map { member in
            member.userId == clientId ? RoomMember(userId: member.userId, username: "", name: "", initials: "", lastRead: member.lastRead,
                                                   sharesSeen: member.sharesSeen) : member
        }
    }

    /// A group's name, or the other person's name in a direct room, as `reader` sees it.
    public static func title(of room: ChatRoom, members: [RoomMember], for reader: Int64) -> String {
        if let name = room.name { return name }
        return (members.first { $0.userId != reader } ?? members.first)?.name ?? ""
    }
}

extension Array where Element == RoomSummary {
    /// The conversation list's order: the most recently active first (its last message, or
    /// its creation while it has none), newer rooms first among equals.
    public func byLatestActivity() -> [RoomSummary] {
        sorted { left, right in
            let leftActive = left.lastMessage?.sentAt ?? left.room.createdAt
            let rightActive = right.lastMessage?.sentAt ?? right.room.createdAt
            return leftActive != rightActive ? leftActive > rightActive : left.room.id > right.room.id
        }
    }
}

/// Which of a person's conversations to list; the conditions combine (both: unread
/// conversations addressed to the reader).
public struct RoomFilter: Sendable, Equatable {
    public var unreadOnly: Bool
    public var relevantOnly: Bool

    public init(unreadOnly: Bool = false, relevantOnly: Bool = false) {
        self.unreadOnly = unreadOnly
        self.relevantOnly = relevantOnly
    }

    public static let all = RoomFilter()

    public var isFiltering: Bool { unreadOnly || relevantOnly }

    public func admits(_ summary: RoomSummary) -> Bool {
        (!unreadOnly || summary.unreadCount > 0) && (!relevantOnly || summary.isRelevant)
    }
}

/// What a person has not read, and the live log's position when it was counted: a page
/// showing the count follows live events after that sequence, so none counts twice.
public struct UnreadSnapshot: Sendable, Equatable {
    public var total: Int
    public var sequence: Int64

    public init(total: Int, sequence: Int64) {
        self.total = total
        self.sequence = sequence
    }
}
