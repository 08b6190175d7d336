import Fotofolio
import HTTPServer

/// The conversation pane (`partials/conversation-pane`): the filters, the list and the forms
/// that start a conversation. It is all of `/messages` on a phone, and the left pane beside
/// the open room (`/messages/:room`) on a wide screen.
struct ConversationPane: ViewModel {
    struct Filter: ViewModel {
        let unread: Bool
        let relevant: Bool
        let any: Bool
    }
    /// What a refused form had in it, to correct rather than type again.
    struct Values: ViewModel {
        var username = ""
        var groupName = ""
        var members = ""
        /// The group form was sent: it stays open.
        var group = false
    }
    let conversations: ConversationsView
    let filter: Filter
    /// What the search field holds.
    let searchQuery: String
    /// A search's hits, shown instead of the list and its filters (`?q=`).
    let search: MessageSearchView?
    /// Why starting a conversation was refused (named apart from a room's own `problem`).
    let startProblem: String?
    let startValues: Values
    let csrf: String
    /// A room is open beside the pane, whose title is then the page's heading.
    let beside: Bool
}

extension ConversationPane {
    /// The pane for `userId` as `request` asks for it (its filters), with `current` the room
    /// open beside it.
    init(_ request: Request, userId: Int64, messenger: MessengerService, table: StringTable, dates: MessageDates,
         current: Int64? = nil, problem: String? = nil, values: Values = Values()) throws {
        let filter = MessagePages.filter(of: request)
        let query = request.query["q"] ?? ""
        var conversations = ConversationsView(rooms: [], hasRooms: false, emptyState: nil)
        var search: MessageSearchView?
        if query.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
            let found = try messenger.search(query, for: userId)
            let rooms = Dictionary(try messenger.rooms(of: userId).map { ($0.room.id, $0) }) { first, _ in first }
            search = MessageSearchView(query: String(MessageSearch.head(of: query)), search: found.search,
                                       messages: found.messages, rooms: rooms, reader: userId, table: table, dates: dates)
        } else {
            let rooms = try messenger.rooms(of: userId, matching: filter)
            let hasAny = filter.isFiltering ? try !messenger.rooms(of: userId).isEmpty : !rooms.isEmpty
            conversations = ConversationsView(
                rooms: rooms.map { ConversationView($0, reader: userId, table: table, dates: dates, current: current) },
                hasRooms: !rooms.isEmpty,
                emptyState: MessagePages.emptyState(hasAny: hasAny, shown: rooms.count, language: table.language)?.model(table))
        }
        self.init(
            conversations: conversations,
            filter: .init(unread: filter.unreadOnly, relevant: filter.relevantOnly, any: filter.isFiltering),
            searchQuery: search?.query ?? "", search: search,
            startProblem: problem, startValues: values, csrf: request.csrfToken, beside: current != nil)
    }
}

extension ConversationPane {
    /// No pane: a room asked for alone (`X-Fragment: room`) goes beside the list the page has.
    static func none(csrf: String) -> ConversationPane {
        ConversationPane(conversations: ConversationsView(rooms: [], hasRooms: false, emptyState: nil),
                         filter: .init(unread: false, relevant: false, any: false), searchQuery: "", search: nil,
                         startProblem: nil, startValues: Values(),
                         csrf: csrf, beside: true)
    }
}

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
    /// The room open beside the list (`aria-current="page"`).
    let current: Bool

    init(_ summary: RoomSummary, reader: Int64, table: StringTable, dates: MessageDates, current: Int64? = nil) {
        let isGroup = summary.room.kind == .group
        let other = summary.members.first { $0.userId != reader }
        let last = summary.lastMessage
        id = summary.room.id
        title = summary.shownTitle(table)
        self.isGroup = isGroup
        initials = isGroup ? "#" : summary.veiled ? "?" : (other?.initials ?? "?")
        unread = summary.unreadCount
        hasUnread = summary.unreadCount > 0
        mentionsYou = summary.mentionsReader
        snippet = last.map { last in
            last.isRemoved ? table.string("messages.removed")
                : last.isDeleted ? table.string("messages.deleted") : String(MessageLine.text(of: last, table: table).prefix(120))
        }
            ?? table.string("messages.noMessagesYet")
        snippetAuthor = last.flatMap { message in
            if message.authorId == reader { return table.string("messages.you") }
            return isGroup ? message.author.name.split(separator: " ").first.map(String.init) ?? "" : nil
        }
        time = last.map { dates.listLabel($0.sentAt) } ?? ""
        sentAt = last.map { MessageViews.timestamp($0.sentAt) } ?? ""
        self.current = summary.room.id == current
    }
}
