import Foundation
import Fotofolio
import HTTPServer
import WebPush

/// A device's push subscription: `POST /push/subscriptions` (the settings page's script, or
/// a form: `_csrf`, `endpoint`, `p256dh`, `auth`) stores it for the signed-in person, and
/// `POST /push/subscriptions/:id/remove` removes one of theirs. Who may send is decided from
/// the head before the body is read (`PushAdmission`); a subscription that is refused
/// (`PushRefusal`) is a 422 with its reason in the reader's language.
struct PushSubscriptionPages {
    let renderer: PageRenderer
    let subscriptions: PushSubscriptions
    let sessions: SessionStore

    func register(in router: inout Router) {
        let options = RouteOptions(admission: PushAdmission(sessions: sessions))
        router.post("/push/subscriptions", options: options) { request in try subscribe(request) }
        router.post("/push/subscriptions/:id/remove", options: options) { request in try remove(request) }
    }

    private func subscribe(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        let fields = ["endpoint", "p256dh", "auth"].map { request.form[$0] ?? "" }
        guard !fields.contains(where: \.isEmpty) else { return refused("missing", request) }
        let new = NewPushSubscription(endpoint: fields[0], p256dh: fields[1], auth: fields[2],
                                      userAgent: request.headers["user-agent"] ?? "")
        let subscription: PushSubscription
        do {
            subscription = try subscriptions.subscribe(new, for: signedIn.userId, at: Date())
        } catch let refusal as PushRefusal {
            return refused(refusal.reason, request)
        }
        return request.answer(json: { .json(["id": subscription.id], status: .created) },
                              redirectingTo: "/profile/notifications?pushAdded=1")
    }

    private func remove(_ request: Request) throws -> Response {
        let signedIn = try request.requireSignIn()
        guard let id = request.storedId("id"), try subscriptions.remove(id, of: signedIn.userId) else {
            throw HTTPFailure(.notFound, "There is no such device among yours.")
        }
        return request.answer(json: { .json(["removed": id]) }, redirectingTo: "/profile/notifications?pushRemoved=1")
    }

    /// The string tables' key for a reason: "endpoint-not-https" → "endpointNotHttps".
    static func textKey(of reason: String) -> String {
        let words = reason.split(separator: "-")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// 422 with the reason in words: JSON (`error`, `reason`) for the page's script, the
    /// error page for a form.
    private func refused(_ reason: String, _ request: Request) -> Response {
        let table = renderer.strings(for: request)
        let message = table.string("push.refusal.\(Self.textKey(of: reason))")
        if request.wantsJSON { return .json(["error": message, "reason": reason], status: .unprocessableContent) }
        let title = table.string("push.settings.failed")
        return (try? renderer.render(.error, for: request, title: title, content: ErrorPage(
            status: .unprocessableContent, title: title, message: message), status: .unprocessableContent))
            ?? .text(message, status: .unprocessableContent)
    }
}

/// Who may post a subscription, from the head alone: someone signed in, from this site's
/// own pages, with a body the size of a subscription. Everything else is refused before a
/// byte of the body is read; the CSRF token in the body is checked afterwards as for every form.
struct PushAdmission: BodyAdmission {
    let sessions: SessionStore
    /// An endpoint of at most 1024 bytes, two keys and a token, with room for multipart framing.
    static let bodyBytes = 4096

    func admit(_ head: Request) -> Admission {
        guard CSRFCheck.isSameOrigin(head) else {
            return .refused(HTTPFailure(.forbidden, "This form can only be sent from Fotofolio's own pages."))
        }
        guard let signedIn = SignedIn.resume(head, sessions: sessions) else {
            return .refused(head.wantsJSON ? HTTPFailure(.unauthorized, "Sign in to continue.")
                : HTTPFailure(.seeOther, "Sign in to continue.", headers: ["Location": SignInRedirect.location(for: head)]))
        }
        guard let length = head.headers["content-length"].flatMap(Int.init), length <= Self.bodyBytes else {
            return .refused(HTTPFailure(.contentTooLarge, "A subscription is a few hundred bytes."))
        }
        return .admitted(signedIn)
    }
}
