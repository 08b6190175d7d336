import Fotofolio
import HTTPServer

/// The conversation list (`/messages`) and starting conversations: a direct one with a
/// person (`POST /messages/direct`, from a profile's "Write a message", a selection entry or
/// the list's "New message") and a named group (`POST /messages/groups`).
struct MessagePages {
    let renderer: PageRenderer
    let messenger: MessengerService
    let accounts: AccountsService
    let live: LiveDelivery

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/messages") { request in try list(request) }
            router.post("/messages/groups") { request in try createGroup(request) }
        }
        router.group(SignInReturningToProfile()) { router in
            router.post("/messages/direct") { request in try startDirect(request) }
        }
    }

    /// `/messages`: the conversation pane, and on a wide screen "Choose a conversation" beside it.
    struct Page: ViewModel {
        let pane: ConversationPane
        let liveAfter: Int64
    }

    private func list(_ request: Request, problem: String? = nil, values: ConversationPane.Values = ConversationPane.Values(),
                      status: HTTPStatus = .ok) throws -> Response {
        let userId = try request.requireSignIn().userId
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        // Before the rooms: whatever is written meanwhile comes on the stream and refreshes the list.
        let sequence = live.hub.currentSequence()
        // The list's script beside an open room asks for the list with that room marked (`?open=`).
        let isList = request.fragment == "conversations"
        let pane = try ConversationPane(request, userId: userId, messenger: messenger, table: table, dates: dates,
                                        current: isList ? StoredId.parse(request.query["open"]) : nil,
                                        problem: problem, values: values)
        if isList {
            return try renderer.fragment("partials/conversations", of: .messages, for: request, content: pane.conversations)
        }
        return try renderer.render(.messages, for: request, content: Page(pane: pane, liveAfter: sequence), status: status)
    }

    /// Why the list is empty: no conversations yet (find someone to write to), or none that
    /// match the filters (clear them).
    static func emptyState(hasAny: Bool, shown: Int, language: Language) -> ContentState? {
        guard shown == 0 else { return nil }
        return hasAny
            ? ContentState(.empty, "conversationsNoMatch", icon: "messages", action: .init(href: "/messages", name: "clear-filters"))
            : ContentState(.empty, "conversationsEmpty", icon: "messages", action: .init(href: LanguageAddress.path("/search", in: language), name: "find-photographer"))
    }

    /// `?unread=1&relevant=1` (a checkbox sends `on`); anything else leaves a filter off.
    static func filter(of request: Request) -> RoomFilter {
        let isOn = { (name: String) in ["1", "on", "true"].contains(request.query[name] ?? "") }
        return RoomFilter(unreadOnly: isOn("unread"), relevantOnly: isOn("relevant"))
    }

    private func startDirect(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let username = Self.username(in: request)
        do {
            guard let other = try accounts.user(username: username), let otherId = other.id else {
                throw MessengerError.unknownUser
            }
            let room = try messenger.directRoom(between: userId, and: otherId)
            return .redirect(to: "/messages/\(room.id)")
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try Self.sayingWhenToRetry(error, list(request, problem: renderer.strings(for: request).string(failure.key),
                                                          values: ConversationPane.Values(username: username), status: failure.status))
        }
    }

    private func createGroup(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let name = request.form["name"] ?? ""
        let usernames = (request.form["members"] ?? "")
            .split { $0 == "," || $0 == " " || $0 == "\n" }.map { $0.trimmingCharacters(in: "@\t\r") }.filter { !$0.isEmpty }
        do {
            let members = try usernames.map { username -> Int64 in
                guard let member = try accounts.user(username: username), let id = member.id else { throw MessengerError.unknownUser }
                return id
            }
            let room = try messenger.createGroup(named: name, by: userId, members: members)
            return .redirect(to: "/messages/\(room.id)")
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try Self.sayingWhenToRetry(error, list(request, problem: renderer.strings(for: request).string(failure.key),
                                                          values: ConversationPane.Values(groupName: name, members: request.form["members"] ?? "",
                                                                              group: true),
                                                          status: failure.status))
        }
    }

    /// A new account over its limit of new conversations is told when it may start one.
    private static func sayingWhenToRetry(_ error: MessengerError, _ response: Response) -> Response {
        guard case .tooManyNewConversations(let wait) = error else { return response }
        var response = response
        response.retryAfter(wait)
        return response
    }

    /// The person "Write a message" was pressed for, as the form names them.
    static func username(in request: Request) -> String {
        (request.form["username"] ?? "").trimmingCharacters(in: " \t@")
    }
}

/// For "Write a message": a guest signs in and comes back to the person's profile, where
/// the button is (the form's own address only takes posts).
struct SignInReturningToProfile: Middleware {
    func handle(_ request: Request, next: (Request) throws -> Response) throws -> Response {
        guard request.signedIn == nil else { return try next(request) }
        let username = MessagePages.username(in: request)
        let back = username.isEmpty ? "/messages" : "/u/\(QueryItems.escape(username))"
        return .redirect(to: "/login?" + QueryItems([.init(name: "return", value: back)]).encoded)
    }
}
