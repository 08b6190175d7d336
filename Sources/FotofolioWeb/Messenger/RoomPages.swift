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
    /// Photos and PDFs the composer sends with a message.
    let attachments: MessageAttachments

    func register(in router: inout Router) {
        router.group(RequireSignIn()) { router in
            router.get("/messages/:room") { request in try show(request) }
            router.post("/messages/:room", options: attachments.sendOptions) { request in try send(request) }
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
        let roomId = try room(request)
        // Read before the history: whatever is written meanwhile comes again on the stream,
        // and the page drops what it already shows.
        let sequence = live.hub.currentSequence()
        do {
            let table = renderer.strings(for: request)
            let dates = MessageDates(for: request, table: table)
            let reading = try read(roomId, for: signedIn.userId, request: request, zone: dates.zone)
            // Only the newest messages on screen count as read, and only on one's own
            // navigation: a link on another site must not mark someone's conversation read.
            if reading.showsNewest, CSRFCheck.isOwnNavigation(request), let newest = reading.history.last {
                try messenger.markRead(roomId, by: signedIn.userId, upTo: newest.id)
            }
            // The pane beside the room; a script switching rooms keeps the one it has.
            let isPane = request.fragment == "room"
            let pane = isPane ? ConversationPane.none(csrf: request.csrfToken)
                : try ConversationPane(request, userId: signedIn.userId, messenger: messenger, table: table, dates: dates,
                                       current: roomId)
            let page = RoomPage(reading, pane: pane, reader: signedIn.user,
                                cards: try cards.views(for: reading.history, reader: signedIn.userId, table: table),
                                dates: dates, table: table, liveAfter: sequence,
                                composer: RoomComposer(draft: draft ?? "", problem: problem, csrf: request.csrfToken))
            let status = reading.timelineRejected ? .unprocessableContent : status
            if isPane {
                var response = try renderer.fragment("partials/chat-room", of: .room, for: request, content: page)
                response.status = status
                return response
            }
            return try renderer.render(.room, for: request, title: page.room.title, content: page, status: status)
        } catch let error as MessengerError {
            throw refusal(error, request)
        }
    }

    /// The room and the messages the address asks for: the newest, a page back (`?before=`)
    /// or those around a moment of the timeline (`?at=`).
    private func read(_ roomId: Int64, for userId: Int64, request: Request, zone: TimeZone) throws -> RoomReading {
        let summary = try messenger.room(roomId, for: userId)
        var timeline = ChatTimeline(span: try messenger.timeSpan(of: roomId, for: userId), zone: zone)
        let moment = try chosenMoment(request, timeline: &timeline)
        let before = StoredId.parse(request.query["before"])
        let history = try moment.map { try messenger.messages(of: roomId, for: userId, around: $0) }
            ?? messenger.history(of: roomId, for: userId, before: before)
        let contact = try contact(in: summary, userId: userId)
        return RoomReading(summary: summary, youBlockedTheOther: contact == .youBlocked,
                           blockedEitherWay: contact == .youBlocked || contact == .blocked,
                           history: history, moment: moment, showsNewest: before == nil && moment == nil, timeline: timeline)
    }

    /// Where the reader stands with the other person of a direct room (nil in a group).
    private func contact(in summary: RoomSummary, userId: Int64) throws -> ContactState? {
        guard summary.room.kind == .direct, let other = summary.members.first(where: { $0.userId != userId }) else { return nil }
        return try blocking.contactState(from: userId, to: other.userId)
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
        let files = MessageAttachments.files(in: request)
        do {
            // A text that would be refused keeps no file.
            try MessengerService.validated(draft, withAttachments: !files.isEmpty)
            let kept = try attachments.keep(files, owner: userId, table: renderer.strings(for: request))
            let result = try messenger.send(draft, attachments: kept, in: roomId, by: userId)
            return try request.answer(json: { try sent(result, request: request, reader: userId) },
                                      redirectingTo: "/messages/\(roomId)#message-\(result.message.id)")
        } catch let error as MessageAttachments.Refusal {
            return try keepingTheDraft(draft, problem: error.message, status: error.status, request)
        } catch let error as MessengerError where error.keepsTheDraft {
            let failure = MessageViews.failure(error)
            return try keepingTheDraft(draft, problem: renderer.strings(for: request).string(failure.key), status: failure.status, request)
        } catch let error as MessengerError {
            throw refusal(error, request)
        }
    }

    /// A script shows the reason itself and puts the text back in the composer; a page comes
    /// back with the text in the form and what to fix, so nothing typed is lost.
    private func keepingTheDraft(_ draft: MessageDraft, problem: String, status: HTTPStatus, _ request: Request) throws -> Response {
        try request.answer(json: { .json(["error": problem], status: status) },
                           page: { try show(request, draft: draft.content, problem: problem, status: status) })
    }

    /// What the composer's script gets for a message sent: the message as the page shows it.
    private func sent(_ result: SendResult, request: Request, reader: Int64) throws -> Response {
        let table = renderer.strings(for: request)
        let dates = MessageDates(for: request, table: table)
        let html = try renderer.chatMessage(ChatMessageView(result.message, reader: reader, dates: dates, csrf: request.csrfToken),
                                            language: table.language)
        return .json(MessageViews.reply(result, html: html, dates: dates), status: result.isNew ? .created : .ok)
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
            return try request.answer(json: { .json(ReadReply(changed: changed, unreadTotal: try messenger.unreadTotal(for: userId))) },
                                      redirectingTo: "/messages/\(roomId)")
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
        guard let id = request.storedId("room") else { throw HTTPFailure(.notFound, "There is no such conversation.") }
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
