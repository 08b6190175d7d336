import Foundation
import Fotofolio
import HTTPServer
import PreciseSlider

/// One conversation (`/messages/:room`): its history, newest 50 first shown at the bottom
/// (`?before=<id>` pages back), and its actions. Sending is a form post that redirects back
/// (without JavaScript) or answers a script's `fetch` with JSON; the uuid a form carries
/// makes a repeated post (a double click, a retry) harmless.
struct RoomPages {
    let renderer: PageRenderer
    let messenger: MessengerService
    let accounts: AccountsService
    let blocking: Blocking
    let live: LiveDelivery
    let cards: ShootCards

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/messages/:room") { request in try show(request) }
            router.post("/messages/:room") { request in try send(request) }
            router.post("/messages/:room/read") { request in try read(request) }
            router.post("/messages/:room/name") { request in
                try manage(request) { try messenger.rename($0, to: request.form["name"] ?? "", by: $1) }
            }
            router.post("/messages/:room/members") { request in
                try manage(request) { room, userId in try messenger.addMember(try member(request), to: room, by: userId) }
            }
            router.post("/messages/:room/members/remove") { request in
                try manage(request) { room, userId in try messenger.removeMember(try member(request), from: room, by: userId) }
            }
        }
    }

    // MARK: - Reading

    private func show(_ request: Request, draft: String? = nil, problem: String? = nil,
                      status: HTTPStatus = .ok) throws -> Response {
        let signedIn = try request.requireSignIn()
        let user = signedIn.user, userId = signedIn.userId
        let roomId = try room(request)
        // Read before the history: whatever is written meanwhile comes again on the stream,
        // and the page drops what it already shows.
        let sequence = live.hub.currentSequence()
        do {
            let summary = try messenger.room(roomId, for: userId)
            let table = renderer.strings(for: request)
            let dates = MessageDates(for: request, table: table)
            var timeline = ChatTimeline(span: try messenger.timeSpan(of: roomId, for: userId), zone: dates.zone)
            let moment = try chosenMoment(request, timeline: &timeline)
            let before = request.query["before"].flatMap(Int64.init)
            let history = try moment.map { try messenger.messages(of: roomId, for: userId, around: $0) }
                ?? messenger.history(of: roomId, for: userId, before: before)
            // Only the newest messages on screen count as read, and only on one's own
            // navigation: a link on another site must not mark someone's conversation read.
            let showsNewest = before == nil && moment == nil
            if showsNewest, CSRFCheck.isOwnNavigation(request), let newest = history.last {
                try messenger.markRead(roomId, by: userId, upTo: newest.id)
            }
            let older = history.count == MessengerService.pageSize ? history.first?.id : nil
            let timelineRejected = timeline?.field.isValid == false
            let language: SliderLanguage = table.language == .cs ? .czech : .english
            let me = MessageAuthor(username: user.username, name: user.fullName)
            return try renderer.render(.room, for: request, title: summary.title, content: RoomPage(
                room: RoomPage.Room(summary, for: userId, youBlockedTheOther: try youBlockedTheOther(in: summary, userId: userId)),
                days: ChatDayView.days(history, reader: userId, lastRead: showsNewest ? summary.lastReadMessageId : .max,
                                       dates: dates, cards: try cards.views(for: history, reader: userId, table: table), target: moment),
                older: older, window: !showsNewest,
                timeline: older != nil || !showsNewest || timelineRejected
                    ? timeline?.view(label: table.string("messages.timeline.label"),
                                     hint: table.string("messages.timeline.hint"), language: language) : nil,
                timelineOpen: !showsNewest || timelineRejected,
                liveAfter: sequence, uuid: UUID().uuidString.lowercased(), me: ChatAuthorView(me), timeZone: dates.zone.identifier,
                draft: draft ?? "", problem: problem, csrf: request.csrfToken,
                limit: MessengerService.messageLimit.characters, pending: ChatMessageView(sending: me)
            ), status: timelineRejected ? .unprocessableContent : status)
        } catch let error as MessengerError {
            throw refusal(error, request)
        }
    }

    /// Whether the reader blocked the other person of a direct room.
    private func youBlockedTheOther(in summary: RoomSummary, userId: Int64) throws -> Bool {
        guard summary.room.kind == .direct, let other = summary.members.first(where: { $0.userId != userId }) else { return false }
        return try blocking.contactState(from: userId, to: other.userId) == .youBlocked
    }

    /// The moment `?at=` asks for, through the timeline's model; nil when none was asked
    /// for or the text was not a moment (the timeline then says why).
    private func chosenMoment(_ request: Request, timeline: inout ChatTimeline?) throws -> Date? {
        guard let text = request.query[ChatTimeline.fieldName], var chosen = timeline else { return nil }
        let language: SliderLanguage = Language.preferred(by: request) == .cs ? .czech : .english
        defer { timeline = chosen }
        return chosen.submit(text, language: language) ? chosen.date : nil
    }

    // MARK: - Writing

    private func send(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let roomId = try room(request)
        let draft = MessageDraft(uuid: request.form["uuid"] ?? "", content: request.form["content"] ?? "")
        do {
            let result = try messenger.send(draft, in: roomId, by: userId)
            guard request.wantsJSON else {
                return .redirect(to: "/messages/\(roomId)#message-\(result.message.id)")
            }
            let table = renderer.strings(for: request)
            let dates = MessageDates(for: request, table: table)
            let html = try renderer.chatMessage(ChatMessageView(result.message, reader: userId, dates: dates), language: table.language)
            return .json(MessageViews.reply(result, html: html, dates: dates), status: result.isNew ? .created : .ok)
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            // A script shows the reason itself and puts the text back in the composer.
            if request.wantsJSON, error.keepsTheDraft {
                return .json(["error": renderer.strings(for: request).string(failure.key)], status: failure.status)
            }
            guard !request.wantsJSON, error.keepsTheDraft else { throw refusal(error, request) }
            // The text comes back in the form with what to fix; nothing typed is lost.
            return try show(request, draft: draft.content, problem: renderer.strings(for: request).string(failure.key),
                            status: failure.status)
        }
    }

    private struct ReadReply: Encodable {
        let changed: Bool
        let unreadTotal: Int
    }

    private func read(_ request: Request) throws -> Response {
        let userId = try request.requireSignIn().userId
        let roomId = try room(request)
        guard let upTo = request.form["upTo"].flatMap(Int64.init) else {
            throw HTTPFailure(.unprocessableContent, "Say up to which message (upTo) the room was read.")
        }
        do {
            let changed = try messenger.markRead(roomId, by: userId, upTo: upTo)
            guard request.wantsJSON else { return .redirect(to: "/messages/\(roomId)") }
            return .json(ReadReply(changed: changed, unreadTotal: try messenger.unreadTotal(for: userId)))
        } catch let error as MessengerError {
            throw refusal(error, request)
        }
    }

    /// Renaming and membership changes: the change, then back to the room (or, for someone
    /// who just left, to the list).
    private func manage(_ request: Request, _ change: (Int64, Int64) throws -> Void) throws -> Response {
        let userId = try request.requireSignIn().userId
        let roomId = try room(request)
        do {
            try change(roomId, userId)
            let stillMember = (try? messenger.room(roomId, for: userId)) != nil
            return .redirect(to: stillMember ? "/messages/\(roomId)" : "/messages")
        } catch let error as MessengerError {
            let failure = MessageViews.failure(error)
            guard failure.status == .unprocessableContent else { throw refusal(error, request) }
            return try show(request, problem: renderer.strings(for: request).string(failure.key), status: failure.status)
        }
    }

    // MARK: - Helpers

    private func room(_ request: Request) throws -> Int64 {
        guard let text = request.parameters["room"], let id = Int64(text), id > 0 else {
            throw HTTPFailure(.notFound, "There is no such conversation.")
        }
        return id
    }

    private func member(_ request: Request) throws -> Int64 {
        let username = (request.form["username"] ?? "").trimmingCharacters(in: " \t@")
        guard let user = try accounts.user(username: username), let id = user.id else { throw MessengerError.unknownUser }
        return id
    }

    private func refusal(_ error: MessengerError, _ request: Request) -> HTTPFailure {
        let failure = MessageViews.failure(error)
        return HTTPFailure(failure.status, renderer.strings(for: request).string(failure.key))
    }
}

extension MessengerError {
    /// A refusal of what was written, or of writing here now (a block), rather than of the
    /// address: the room is shown again with the text kept and the reason.
    var keepsTheDraft: Bool {
        switch self {
        case .emptyMessage, .messageTooLong, .invalidText, .invalidUUID, .uuidTakenByAnotherMessage, .blocked, .youBlocked,
             .heldAsRepeated: true
        default: false
        }
    }
}
