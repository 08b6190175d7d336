import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// A message has one markup (`partials/chat-message`) wherever it appears.
@Suite struct MessageMarkupTests {
    /// The `<li>` of the message with `uuid` in a page (its menu has items of its own), with
    /// the token of its reaction form left out: a live event's copy has none, and the page's
    /// script gives it the page's (`chat-history.js`).
    static func item(_ uuid: String, in page: String) -> String? {
        guard let marker = page.range(of: "data-uuid=\"\(uuid)\""),
              let start = page[..<marker.lowerBound].range(of: "<li class=\"chat-message", options: .backwards),
              let end = page[marker.upperBound...].range(of: "</div></li>") else { return nil }
        return withoutToken(String(page[start.lowerBound..<end.upperBound]))
    }

    static func withoutToken(_ html: String) -> String {
        html.replacingOccurrences(of: #"name="_csrf" value="[^"]*""#, with: #"name="_csrf" value="""#, options: .regularExpression)
    }

    @Test func theRoomPageAHistoryPageAndTheLiveEventShowAMessageTheSame() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let vojta = try await server.cookies(of: "vojtafoti")
        let stream = try await server.stream(for: vojta)
        try await server.cookies(of: "jana.k")
        let uuid = UUID().uuidString.lowercased()
        let sent = try await server.post("Ahoj @vojtafoti, <ukázky> jsou na https://example.cz/svatby?a=1&b=2.\nDíky!", in: room, uuid: uuid)
        #expect(sent.status == 201)
        let later = try await server.post("Ještě jedna", in: room)
        let laterId = try #require((WebTestServer.json(later.body)["message"] as? [String: Any])?["id"] as? Int)

        let event = try await stream.next()
        let live = try #require(WebTestServer.json(event.data)["html"] as? String)
        #expect(live.contains(#"name="_csrf" value="""#), "a live event is the same for every reader: no one's token")
        try await server.cookies(of: "vojtafoti")
        // In the stream's language (it asks for none: Czech), as the message's reaction form has words.
        let czech = ["Accept-Language": "cs"]
        let page = try #require(Self.item(uuid, in: try await server.send("/messages/\(room)", headers: czech).body))
        let history = try #require(Self.item(uuid, in: try await server.send("/messages/\(room)?before=\(laterId)", headers: czech).body))

        #expect(live == page)
        #expect(history == page)
        #expect(page.contains(#"<span class="mention">@vojtafoti</span>"#))
        #expect(page.contains(#"<a href="https://example.cz/svatby?a=1&amp;b=2" rel="noopener noreferrer nofollow ugc" target="_blank">"#))
        #expect(page.contains("&lt;ukázky&gt;"))
        #expect(page.contains(".<br>Díky!"))
    }

    @Test func theSendersReplyCarriesTheMarkupOfTheirOwnPage() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        try await server.cookies(of: "jana.k")
        let uuid = UUID().uuidString.lowercased()
        let reply = try await server.post("Já, @jana.k, píšu @vojtafoti.", in: room, uuid: uuid)
        let html = try #require((WebTestServer.json(reply.body)["message"] as? [String: Any])?["html"] as? String)
        let page = try #require(Self.item(uuid, in: try await server.send("/messages/\(room)").body))
        #expect(!html.contains(#"name="_csrf" value="""#), "the sender's reply carries their token, as their page does")
        #expect(Self.withoutToken(html) == page)
        #expect(page.contains("chat-message--own"))
        #expect(page.contains(#"<span class="mention">@jana.k</span>, píšu <span class="mention">@vojtafoti</span>."#))
    }

    @Test func theMessageEnvelopeOnTheStreamStaysTheOneMQTTCarries() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let stream = try await server.stream(for: try await server.cookies(of: "vojtafoti"))
        try await server.cookies(of: "jana.k")
        _ = try await server.post("Ahoj", in: room)
        let event = try await stream.next()
        let sequence = try #require(Int64(event.id ?? ""))
        let envelope = try #require(try LiveEventLog(stores: .sqlite(server.database)).events(after: sequence - 1, limit: 1).first).payload
        #expect(event.data.hasPrefix(String(envelope.dropLast()) + ",\"html\":\"<li class=\\\"chat-message"))
    }
}
