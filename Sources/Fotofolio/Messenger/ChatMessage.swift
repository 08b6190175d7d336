import Foundation

/// Who wrote a message, as every reader sees it (and as it travels in the message envelope).
public struct MessageAuthor: Sendable, Equatable, Codable {
    public var username: String
    /// The author's full name.
    public var name: String
    public var initials: String

    /// With initials taken from the name.
    public init(username: String, name: String) {
        self.init(username: username, name: name, initials: Initials.of(name))
    }

    public init(username: String, name: String, initials: String) {
        self.username = username
        self.name = name
        self.initials = initials
    }
}

/// A stored message.
public struct ChatMessage: Sendable, Equatable, Codable {
    public var id: Int64
    public var roomId: Int64
    /// The sender's own identifier for it, lower-cased; sending it again stores nothing new.
    public var uuid: String
    /// As written, with line breaks kept (`\r\n` stored as `\n`).
    public var content: String
    /// Stored to the millisecond.
    public var sentAt: Date
    public var author: MessageAuthor
    public var authorId: Int64
    /// Usernames of the members it mentions, in the order they first appear.
    public var mentions: [String]
    /// Removed by an operator: shown as such, its text (kept for the audit) read as empty.
    public var isRemoved = false
    /// Its links are shown as plain text: a new account wrote it before anyone else in the
    /// conversation had written (`SpamLimits.linksInert`).
    public var linksInert = false
    /// The card of a shoot it shows (a request, an offer, a booking); its text says the card
    /// in words.
    public var card: MessageCard?
    /// When its author last edited it; nil when never.
    public var editedAt: Date?
    /// Deleted by its author: shown as such, its text gone (only `MessageVersion`s keep it).
    public var isDeleted = false
    /// Its reactions, in `Reaction`'s order, each with who gave it.
    public var reactions: [MessageReaction] = []
    /// Its photos and files, in the order they were sent; none once removed or deleted.
    public var attachments: [MessageAttachment] = []

    public init(
        id: Int64, roomId: Int64, uuid: String, content: String, sentAt: Date,
        author: MessageAuthor, authorId: Int64, mentions: [String], isRemoved: Bool = false, linksInert: Bool = false,
        card: MessageCard? = nil, editedAt: Date? = nil, isDeleted: Bool = false, reactions: [MessageReaction] = [],
        attachments: [MessageAttachment] = []
    ) {
        self.attachments = attachments
        self.card = card
        self.editedAt = editedAt
        self.isDeleted = isDeleted
        self.reactions = reactions
        self.isRemoved = isRemoved
        self.linksInert = linksInert
        self.id = id
        self.roomId = roomId
        self.uuid = uuid
        self.content = content
        self.sentAt = sentAt
        self.author = author
        self.authorId = authorId
        self.mentions = mentions
    }

    /// The text read into plain runs, links and mentions. The names marked are the ones
    /// stored when it was sent, and the author's own (only others are notified), so a
    /// message reads the same on every page and in every live event, whoever joins or leaves.
    public var text: MessageText { MessageText(content, mentioning: Set(mentions).union([author.username])) }
}

/// What a person's device sends: its own UUID for the message, and the text.
public struct MessageDraft: Sendable {
    /// A UUID made by the sender's device (8-4-4-4-12 hexadecimal digits, any case), so that
    /// sending again after a lost reply does not post the message twice.
    public var uuid: String
    public var content: String

    public init(uuid: String, content: String) {
        self.uuid = uuid
        self.content = content
    }
}

/// The stored message, and whether this call stored it.
public struct SendResult: Sendable {
    public var message: ChatMessage
    /// False when the UUID had been sent before and the earlier message is returned.
    public var isNew: Bool

    public init(message: ChatMessage, isNew: Bool) {
        self.message = message
        self.isNew = isNew
    }
}
