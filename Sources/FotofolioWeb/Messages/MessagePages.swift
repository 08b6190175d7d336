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
        router.get("/messages") { request in try list(request) }
        router.post("/messages/direct") { request in try startDirect(request) }
        router.post("/messages/groups") { request in try createGroup(request) }
    }

    private func list(_ request: Request, problem: String? = nil, values: [String: String] = [:],
                      status: HTTPStatus = .ok) throws -> Response {
        let signedIn = try request.requireSignIn()
        let user = signedIn.user, userId = signedIn.userId
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let filter = Self.filter(of: request)
        // Before the rooms: whatever is written meanwhile comes on the stream and refreshes the list.
        let sequence = live.hub.currentSequence()
        let rooms = try messenger.rooms(of: userId, matching: filter)
        let hasAny = filter.isFiltering ? try !messenger.rooms(of: userId).isEmpty : !rooms.isEmpty
        let content: [String: Any] = [
            "rooms": rooms.map { MessageViews.summary($0, reader: userId, table: table, dates: dates) },
            "hasRooms": !rooms.isEmpty, "emptyState": Self.emptyState(hasAny: hasAny, shown: rooms.count)?.dictionary(table) ?? false,
            "filter": ["unread": filter.unreadOnly, "relevant": filter.relevantOnly, "any": filter.isFiltering],
            "liveAfter": sequence, "problem": problem ?? false, "values": values, "csrf": request.csrfToken,
        ]
        if request.headers["x-fragment"] == "conversations" {
            return try renderer.fragment("partials/conversations", of: .messages, for: request, content: content)
        }
        return try renderer.render(.messages, for: request, content: content, status: status)
    }

    /// Why the list is empty: no conversations yet (find someone to write to), or none that
    /// match the filters (clear them).
    static func emptyState(hasAny: Bool, shown: Int) -> ContentState? {
        guard shown == 0 else { return nil }
        return hasAny
            ? ContentState(.empty, "conversationsNoMatch", icon: "messages", action: .init(href: "/messages", name: "clear-filters"))
            : ContentState(.empty, "conversationsEmpty", icon: "messages", action: .init(href: "/search", name: "find-photographer"))
    }

    /// `?unread=1&relevant=1` (a checkbox sends `on`); anything else leaves a filter off.
    static func filter(of request: Request) -> RoomFilter {
        let isOn = { (name: String) in ["1", "on", "true"].contains(request.query[name] ?? "") }
        return RoomFilter(unreadOnly: isOn("unread"), relevantOnly: isOn("relevant"))
    }

    private func startDirect(_ request: Request) throws -> Response {
        let username = (request.form["username"] ?? "").trimmingCharacters(in: " \t@")
        guard let user = request.signedIn?.user, let userId = user.id else {
            // After signing in the guest comes back to the person's profile, where the button is.
            let back = username.isEmpty ? "/messages" : "/u/\(QueryItems.escape(username))"
            return .redirect(to: "/login?" + QueryItems([.init(name: "return", value: back)]).encoded)
        }
        do {
            guard let other = try accounts.user(username: username), let otherId = other.id else {
                throw MessengerError.unknownUser
            }
            let room = try messenger.directRoom(between: userId, and: otherId)
            live.written()
            return .redirect(to: "/messages/\(room.id)")
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try list(request, problem: renderer.strings(for: request).string(failure.key),
                            values: ["username": username], status: failure.status)
        }
    }

    private func createGroup(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let user = signedIn.user, userId = signedIn.userId
        let name = request.form["name"] ?? ""
        let usernames = (request.form["members"] ?? "")
            .split { $0 == "," || $0 == " " || $0 == "\n" }.map { $0.trimmingCharacters(in: "@\t\r") }.filter { !$0.isEmpty }
        do {
            let members = try usernames.map { username -> Int64 in
                guard let member = try accounts.user(username: username), let id = member.id else { throw MessengerError.unknownUser }
                return id
            }
            let room = try messenger.createGroup(named: name, by: userId, members: members)
            live.written()
            return .redirect(to: "/messages/\(room.id)")
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            return try list(request, problem: renderer.strings(for: request).string(failure.key),
                            values: ["groupName": name, "members": request.form["members"] ?? ""], status: failure.status)
        }
    }
}
