import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// Editing, deleting and reacting through the room's forms: who may (a stranger to the room
/// gets 404 for every message of it), what each answers with and without a script, and the
/// live `changed` event other tabs get.
@Suite struct MessageChangePagesTests {
    /// Jana's and Vojta's room with a message Jana just sent; Jana is signed in.
    static func janasMessage() async throws -> (server: WebTestServer, room: Int64, message: Int64) {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        try await server.cookies(of: "jana.k")
        let room = try server.directRoom("jana.k", "vojtafoti")
        let reply = try await server.post("Sraz v 17:00", in: room)
        let message = try #require((WebTestServer.json(reply.body)["message"] as? [String: Any])?["id"] as? Int)
        return (server, room, Int64(message))
    }

    static func messenger(_ server: WebTestServer) -> MessengerService { MessengerService(stores: .sqlite(server.database)) }

    @Test func theAuthorEditsWithoutAScriptThroughTheMessagesOwnPage() async throws {
        let (server, room, message) = try await Self.janasMessage()
        let page = try await server.send("/messages/\(room)/\(message)/edit")
        #expect(page.status == 200)
        #expect(page.body.contains(">Sraz v 17:00</textarea>"))
        #expect(page.body.contains("action=\"/messages/\(room)/\(message)/delete\""))
        let saved = try await server.submit("/messages/\(room)/\(message)/edit", ["content": "Sraz v 17:30"])
        #expect(saved.status == 303)
        #expect(saved.headers["location"] == "/messages/\(room)#message-\(message)")
        let shown = try await server.send("/messages/\(room)", headers: ["Accept-Language": "cs"]).body
        #expect(shown.contains("Sraz v 17:30") && shown.contains("chat-message__edited\">upraveno</span>"))
        #expect(!shown.contains("Sraz v 17:00"))
    }

    @Test func aScriptGetsTheMessagesNewMarkup() async throws {
        let (server, room, message) = try await Self.janasMessage()
        let json = ["Accept": "application/json", "Accept-Language": "en"]
        #expect(WebTestServer.json(try await server.send("/messages/\(room)/\(message)/edit", headers: json).body)["content"] as? String
            == "Sraz v 17:00")
        let reply = try await server.submit("/messages/\(room)/\(message)/reactions", ["reaction": "👍"], headers: json)
        #expect(reply.status == 200)
        let html = WebTestServer.json(reply.body)["html"] as? String ?? ""
        #expect(html.contains("aria-pressed=\"true\" aria-label=\"👍 1: Jana Králová\" title=\"Jana Králová\""))
        let deleted = try await server.submit("/messages/\(room)/\(message)/delete", [:], headers: json)
        #expect((WebTestServer.json(deleted.body)["html"] as? String)?.contains("Message deleted") == true)
    }

    @Test func aReactionWithoutAScriptIsAPlainFormAndGivingItAgainTakesItBack() async throws {
        let (server, room, message) = try await Self.janasMessage()
        try await server.cookies(of: "vojtafoti")
        let given = try await server.submit("/messages/\(room)/\(message)/reactions", ["reaction": "🎉"])
        #expect(given.status == 303)
        #expect(given.headers["location"] == "/messages/\(room)#message-\(message)")
        #expect(try Self.messenger(server).message(message, for: try server.userId("vojtafoti"))?.reactions.map(\.reaction) == [.celebrate])
        _ = try await server.submit("/messages/\(room)/\(message)/reactions", ["reaction": "🎉"])
        #expect(try Self.messenger(server).message(message, for: try server.userId("vojtafoti"))?.reactions.isEmpty == true)
    }

    @Test func whoMayChangeWhat() async throws {
        let (server, room, message) = try await Self.janasMessage()
        let edit = "/messages/\(room)/\(message)/edit", delete = "/messages/\(room)/\(message)/delete"
        let react = "/messages/\(room)/\(message)/reactions"
        // Someone else in the room: reacts, but neither edits nor deletes.
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit(edit, ["content": "Ne"]).status == 403)
        #expect(try await server.submit(delete, [:]).status == 403)
        #expect(try await server.submit(react, ["reaction": "👎"]).status == 422)
        #expect(try await server.send(edit).body.contains("action=\"\(delete)\"") == false)
        // A stranger to the room: as if there were no such message, for every verb.
        try await server.cookies(of: "martin.b")
        #expect(try await server.send(edit).status == 404)
        #expect(try await server.submit(edit, ["content": "Ne"]).status == 404)
        #expect(try await server.submit(delete, [:]).status == 404)
        #expect(try await server.submit(react, ["reaction": "👍"]).status == 404)
        // A message of another room named under this one.
        let other = try server.directRoom("martin.b", "vojtafoti")
        #expect(try await server.submit("/messages/\(other)/\(message)/reactions", ["reaction": "👍"]).status == 404)
        // The author: an empty or too long text keeps the form, and after the window the edit is refused.
        try await server.cookies(of: "jana.k")
        let empty = try await server.submit(edit, ["content": "   "])
        #expect(empty.status == 422 && empty.body.contains("<textarea"))
        #expect(try await server.submit(edit, ["content": String(repeating: "a", count: 4001)]).status == 422)
        let messenger = Self.messenger(server)
        let jana = try server.userId("jana.k")
        #expect(try messenger.message(message, for: jana)?.content == "Sraz v 17:00")
        #expect(try messenger.versions(of: message).isEmpty)
        let old = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Dávno"), in: room, by: jana,
                                     at: Date().addingTimeInterval(-16 * 60)).message
        #expect(try await server.submit("/messages/\(room)/\(old.id)/edit", ["content": "Jinak"]).status == 409)
        #expect(try await server.submit(delete, [:]).status == 303)
        #expect(try await server.submit(edit, ["content": "Znovu"]).status == 410)
        #expect(try await server.submit(react, ["reaction": "👍"]).status == 410)
    }

    @Test func aStrangerIsRefusedBeforeTheBodyIsRead() async throws {
        let (server, room, message) = try await Self.janasMessage()
        try await server.cookies(of: "martin.b")
        // No token either: the head alone is enough to say no.
        let refused = try await server.send("/messages/\(room)/\(message)/edit", method: "POST",
                                            headers: ["Sec-Fetch-Site": "same-origin"], form: "content=x")
        #expect(refused.status == 404)
    }

    @Test func otherTabsGetTheChangeAsAChangedEventAndNoUnreadCount() async throws {
        let (server, room, message) = try await Self.janasMessage()
        let vojta = try await server.cookies(of: "vojtafoti")
        let unread = try Self.messenger(server).unreadTotal(for: try server.userId("vojtafoti"))
        let stream = try await server.stream(for: vojta)
        try await server.cookies(of: "jana.k")
        _ = try await server.submit("/messages/\(room)/\(message)/edit", ["content": "Sraz v 17:30"])
        let event = try await stream.next()
        let data = WebTestServer.json(event.data)["data"] as? [String: Any]
        #expect(event.event == "message")
        #expect(data?["changed"] as? Bool == true && data?["content"] as? String == "Sraz v 17:30")
        #expect((WebTestServer.json(event.data)["html"] as? String)?.contains("chat-message__edited") == true)
        #expect(try Self.messenger(server).unreadTotal(for: try server.userId("vojtafoti")) == unread)
    }

    @Test func anOperatorReviewingAReportSeesTheTextsTheMessageHeldBefore() async throws {
        let server = try WebTestServer.withOperator()
        let (room, message) = try await server.spamFromVojta()
        _ = try await server.submit("/messages/\(room)/\(message)/edit", ["content": "Dobrý den"])
        _ = try await server.submit("/messages/\(room)/\(message)/delete", [:])
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/messages/\(room)").body.contains("hodinky") == false)
        #expect(try await server.submit("/report", ["subject": "message:\(message)", "reason": "spam"]).status == 303)
        try await server.cookies(of: "eva.s")
        let desk = try await server.send("/moderation").body
        let versions = desk.components(separatedBy: "data-message-version").dropFirst()
        #expect(versions.count == 2)
        #expect(versions.first?.contains("Kupte levné hodinky") == true && versions.last?.contains("Dobrý den") == true)
        // Nobody else reads them.
        try await server.cookies(of: "jana.k")
        #expect(try await server.send("/moderation").status == 403)
    }
}
