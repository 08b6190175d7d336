import Foundation
import Fotofolio
import HTTPServer

/// What happens to a message after it is sent (`/messages/:room/:message/…`): its author
/// edits or deletes it, a member reacts to it. Each is a plain form that answers 303 back to
/// the message (or, asked for JSON, the message's new markup), so it works without a
/// script; `/edit` is also the page that edits or deletes without one. Someone outside the
/// room gets 404 for every message of it, as if there were none.
struct MessageChangePages {
    let renderer: PageRenderer
    let messenger: MessengerService
    let sessions: SessionStore

    func register(in router: inout Router) {
        // Who may post is decided from the head: signed in, a member of the room, from this
        // site's own pages, with a body no longer than a message's form. Only then is it read.
        let options = RouteOptions(admission: MessageChangeAdmission(messenger: messenger, sessions: sessions))
        router.group(RequireSignIn()) { router in
            router.get("/messages/:room/:message/edit") { request in try editPage(request) }
            router.post("/messages/:room/:message/edit", options: options) { request in try edit(request) }
            router.post("/messages/:room/:message/delete", options: options) { request in try delete(request) }
            router.post("/messages/:room/:message/reactions", options: options) { request in try react(request) }
        }
    }

    private func editPage(_ request: Request, draft: String? = nil, problem: String? = nil, status: HTTPStatus = .ok) throws
        -> Response {
        let (userId, roomId, messageId) = try address(request)
        guard let message = try messenger.message(messageId, for: userId), message.roomId == roomId else {
            throw refusal(.unknownMessage, request)
        }
        if request.wantsJSON { return .json(["content": message.isDeleted || message.isRemoved ? "" : message.content]) }
        let page = MessageEditPage(message, reader: userId, draft: draft, problem: problem, csrf: request.csrfToken)
        return try renderer.render(.messageEdit, for: request, content: page, status: status)
    }

    private func edit(_ request: Request) throws -> Response {
        let (userId, roomId, messageId) = try address(request)
        let content = request.form["content"] ?? ""
        do {
            return try answer(try messenger.edit(messageId, in: roomId, to: content, by: userId), request, reader: userId)
        } catch let error as MessengerError where error.keepsTheDraft {
            let failure = MessageViews.failure(error)
            let problem = renderer.strings(for: request).string(failure.key)
            return try request.answer(json: { .json(["error": problem], status: failure.status) },
                                      page: { try editPage(request, draft: content, problem: problem, status: failure.status) })
        } catch let error as MessengerError {
            throw refusal(error, request)
        }
    }

    private func delete(_ request: Request) throws -> Response {
        let (userId, roomId, messageId) = try address(request)
        do {
            return try answer(try messenger.delete(messageId, in: roomId, by: userId), request, reader: userId)
        } catch let error as MessengerError {
            throw refusal(error, request)
        }
    }

    private func react(_ request: Request) throws -> Response {
        let (userId, roomId, messageId) = try address(request)
        do {
            let reaction = try Reaction.parse(request.form["reaction"] ?? "")
            return try answer(try messenger.react(reaction, to: messageId, in: roomId, by: userId), request, reader: userId)
        } catch let error as MessengerError {
            throw refusal(error, request)
        }
    }

    /// Back to the message in its room, or for a script the message as the room shows it now.
    private func answer(_ message: ChatMessage, _ request: Request, reader: Int64) throws -> Response {
        try request.answer(json: {
            let table = renderer.strings(for: request)
            let dates = MessageDates(for: request, table: table)
            let html = try renderer.chatMessage(ChatMessageView(message, reader: reader, dates: dates, csrf: request.csrfToken),
                                                language: table.language)
            return .json(MessageViews.ChangeReply(id: message.id, uuid: message.uuid, html: html))
        }, redirectingTo: "/messages/\(message.roomId)#message-\(message.id)")
    }

    private func address(_ request: Request) throws -> (userId: Int64, roomId: Int64, messageId: Int64) {
        let userId = try request.requireSignIn().userId
        guard let roomId = request.storedId("room"), let messageId = request.storedId("message") else {
            throw refusal(.unknownMessage, request)
        }
        return (userId, roomId, messageId)
    }

    /// Not in the room reads as no such message: a stranger learns nothing of its messages.
    private func refusal(_ error: MessengerError, _ request: Request) -> HTTPFailure {
        let failure = MessageViews.failure([.notAMember, .unknownRoom].contains(error) ? .unknownMessage : error)
        return HTTPFailure(failure.status, renderer.strings(for: request).string(failure.key))
    }
}

/// Who may change a message, from the head alone: someone signed in and in the room the
/// address names, from this site's own pages, with a body no longer than a message's form.
/// The CSRF token in the body is checked afterwards, as for every form; whether the message
/// is theirs and still editable is the domain's to say once the body is read.
struct MessageChangeAdmission: BodyAdmission {
    let messenger: MessengerService
    let sessions: SessionStore
    /// A message's 16 KiB, form-encoded (up to three bytes each), and the token.
    static let bodyBytes = 64 * 1024

    func admit(_ head: Request) -> Admission {
        guard CSRFCheck.isSameOrigin(head) else {
            return .refused(HTTPFailure(.forbidden, "This form can only be sent from Fotofolio's own pages."))
        }
        guard let signedIn = SignedIn.resume(head, sessions: sessions) else {
            return .refused(head.wantsJSON ? HTTPFailure(.unauthorized, "Sign in to continue.")
                : HTTPFailure(.seeOther, "Sign in to continue.", headers: ["Location": SignInRedirect.location(for: head)]))
        }
        let segments = head.path.segments
        guard segments.count == 4, let roomId = StoredId.parse(segments[1]),
              (try? messenger.room(roomId, for: signedIn.userId)) != nil else {
            return .refused(HTTPFailure(.notFound, "There is no such message."))
        }
        if let length = head.headers["content-length"].flatMap(Int.init), length > Self.bodyBytes {
            return .refused(HTTPFailure(.contentTooLarge, "A message is at most 4,000 characters."))
        }
        return .admitted(signedIn)
    }
}

/// Editing or deleting one's own message without a script (`pages/message-edit`).
struct MessageEditPage: ViewModel {
    let roomId: Int64
    let id: Int64
    let back: String
    /// The author's text message, still there: it can be deleted.
    let deletable: Bool
    /// …and, within the window, edited.
    let editable: Bool
    let content: String
    let problem: String?
    let limit: Int
    let csrf: String

    init(_ message: ChatMessage, reader: Int64, draft: String?, problem: String?, csrf: String, at now: Date = Date()) {
        roomId = message.roomId
        id = message.id
        back = "/messages/\(message.roomId)#message-\(message.id)"
        deletable = message.authorId == reader && !message.isDeleted && !message.isRemoved && message.card == nil
        editable = deletable && MessageChanges.isEditable(message, at: now)
        content = draft ?? (deletable ? message.content : "")
        self.problem = problem
        limit = MessengerService.messageLimit.characters
        self.csrf = csrf
    }
}
