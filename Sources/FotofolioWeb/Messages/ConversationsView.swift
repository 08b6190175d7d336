import Fotofolio

/// The conversation list (`partials/conversations`): on `/messages`, and alone for the
/// list's script when something changes (`X-Fragment: conversations`).
struct ConversationsView: ViewModel {
    let rooms: [ConversationView]
    let hasRooms: Bool
    /// Why the list is empty, when it is.
    let emptyState: EmptyStateView?
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
        snippet = last.map { String($0.content.prefix(120)) } ?? table.string("messages.noMessagesYet")
        snippetAuthor = last.flatMap { message in
            if message.authorId == reader { return table.string("messages.you") }
            return isGroup ? message.author.name.split(separator: " ").first.map(String.init) ?? "" : nil
        }
        time = last.map { dates.listLabel($0.sentAt) } ?? ""
        sentAt = last.map { MessageViews.timestamp($0.sentAt) } ?? ""
    }
}

/// A `ContentState` of kind empty as `partials/state-empty` reads it.
struct EmptyStateView: ViewModel {
    struct Action: ViewModel {
        let href: String
        let name: String
        let label: String
    }
    let kind: String
    let icon: String
    let title: String
    let text: String
    /// None or one: a list, so an absent action is never looked up further out.
    let action: [Action]

    init(_ state: ContentState, table: StringTable) {
        kind = state.kind.rawValue
        icon = state.icon
        title = table.string("states.\(state.key).title")
        text = table.string("states.\(state.key).text")
        action = state.action.map { [Action(href: $0.href, name: $0.name, label: table.string("states.\(state.key).action"))] } ?? []
    }
}
