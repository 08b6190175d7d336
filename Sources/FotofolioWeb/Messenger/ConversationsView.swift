import Fotofolio

/// The conversation list (`partials/conversations`): on `/messages`, and alone for the
/// list's script when something changes (`X-Fragment: conversations`).
struct ConversationsView: ViewModel {
    let rooms: [ConversationView]
    let hasRooms: Bool
    /// Why the list is empty, when it is.
    let emptyState: ContentState.Model?
}

/// One conversation in the list, as the reader sees it.
struct ConversationView: ViewModel {
    let id: Int64
    let title: String
    let isGroup: Bool
    let initials: String
    let unread: Int
    let hasUnread: Bool
    let mentionsYou: Bool
    /// The last message's beginning, or that there is none yet.
    let snippet: String
    /// Who wrote it: "You", or the first name in a group; nil in a direct room.
    let snippetAuthor: String?
    let time: String
    let sentAt: String

    init(_ summary: RoomSummary, reader: Int64, table: StringTable, dates: MessageDates) {
        let isGroup = summary.room.kind == .group
        let other = summary.members.first { $0.userId != reader }
        let last = summary.lastMessage
        id = summary.room.id
        title = summary.title
        self.isGroup = isGroup
        initials = isGroup ? "#" : (other?.initials ?? "?")
        unread = summary.unreadCount
        hasUnread = summary.unreadCount > 0
        mentionsYou = summary.mentionsReader
        snippet = last.map { $0.isRemoved ? table.string("messages.removed") : String($0.content.prefix(120)) }
            ?? table.string("messages.noMessagesYet")
        snippetAuthor = last.flatMap { message in
            if message.authorId == reader { return table.string("messages.you") }
            return isGroup ? message.author.name.split(separator: " ").first.map(String.init) ?? "" : nil
        }
        time = last.map { dates.listLabel($0.sentAt) } ?? ""
        sentAt = last.map { MessageViews.timestamp($0.sentAt) } ?? ""
    }
}
