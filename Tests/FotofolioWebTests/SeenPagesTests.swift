import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// "Seen" in a direct conversation: the mark on one's own message the other person read last,
/// on the page and live, and the profile setting that turns it off for both.
@Suite struct SeenPagesTests {
    /// Jana sent Vojta a message in their room; Jana is signed in.
    static func janasMessage() async throws -> (server: WebTestServer, room: Int64, message: Int64) {
        try await MessageChangePagesTests.janasMessage()
    }

    static func read(_ room: Int64, upTo message: Int64, on server: WebTestServer) async throws {
        let reply = try await server.submit("/messages/\(room)/read", ["upTo": String(message)], headers: ["Accept": "application/json"])
        #expect(reply.status < 300)
    }

    /// The `<p>` of the mark in a page, or nil.
    static func mark(in page: String) -> String? {
        guard let start = page.range(of: "<p class=\"chat-message__seen\"") else { return nil }
        return String(page[start.lowerBound...].prefix { $0 != "\n" }.prefix(200))
    }

    @Test func theAuthorSeesWhenTheOtherPersonReadTheirMessage() async throws {
        let (server, room, message) = try await Self.janasMessage()
        let english = ["Accept-Language": "en"]
        #expect(Self.mark(in: try await server.send("/messages/\(room)", headers: english).body) == nil)
        try await server.cookies(of: "vojtafoti")
        // The reader's own page shows no mark: it is about how far the other has read.
        let vojtasPage = try await server.send("/messages/\(room)", headers: english).body
        try await Self.read(room, upTo: message, on: server)
        #expect(Self.mark(in: vojtasPage) == nil)
        #expect(Self.mark(in: try await server.send("/messages/\(room)", headers: english).body) == nil)
        try await server.cookies(of: "jana.k")
        let page = try await server.send("/messages/\(room)", headers: english).body
        let mark = try #require(Self.mark(in: page))
        #expect(mark.contains("data-seen=\"\(message)\"") && mark.contains(">Seen "))
        // On Jana's message, inside it.
        let item = try #require(page.range(of: "id=\"message-\(message)\""))
        #expect(page[item.lowerBound...].prefix(4000).contains("chat-message__seen"))
        #expect(try await server.send("/messages/\(room)", headers: ["Accept-Language": "cs"]).body.contains(">Viděno "))
        // Vojta answers: his reply says more than the mark, which goes.
        try await server.cookies(of: "vojtafoti")
        _ = try await server.post("Platí", in: room)
        try await server.cookies(of: "jana.k")
        #expect(Self.mark(in: try await server.send("/messages/\(room)", headers: english).body) == nil)
    }

    @Test func theMarkArrivesLiveWithItsMarkupForTheAuthorAlone() async throws {
        let (server, room, message) = try await Self.janasMessage()
        let stream = try await server.stream(for: try await server.cookies(of: "jana.k"))
        try await server.cookies(of: "vojtafoti")
        try await Self.read(room, upTo: message, on: server)
        let event = try await stream.next()
        #expect(event.event == "seen")
        let envelope = WebTestServer.json(event.data)
        let data = envelope["data"] as? [String: Any]
        #expect(data?["roomId"] as? Int == Int(room) && data?["messageId"] as? Int == Int(message))
        let html = envelope["html"] as? String ?? ""
        #expect(html.hasPrefix("<p class=\"chat-message__seen\" data-seen=\"\(message)\"><time datetime=\""))
        #expect(html.contains(">Viděno ") || html.contains(">Seen "))
    }

    @Test func aBlockHidesTheMarkFromThePage() async throws {
        let (server, room, message) = try await Self.janasMessage()
        try await server.cookies(of: "vojtafoti")
        try await Self.read(room, upTo: message, on: server)
        try await server.cookies(of: "jana.k")
        #expect(Self.mark(in: try await server.send("/messages/\(room)").body) != nil)
        _ = try await server.submit("/u/vojtafoti/block", [:])
        #expect(Self.mark(in: try await server.send("/messages/\(room)").body) == nil)
    }

    @Test func eitherPersonTurningItOffInTheProfileHidesItBothWays() async throws {
        let (server, room, message) = try await Self.janasMessage()
        let form = try await server.send("/profile/edit").body
        #expect(form.contains("name=\"sharesSeen\" aria-describedby=\"shares-seen-hint\" checked"))
        let jana = try #require(try AccountsService(stores: .sqlite(server.database)).user(username: "jana.k"))
        // An unticked box is not sent.
        let saved = try await server.submit("/profile/edit", [
            "fullName": jana.fullName, "email": jana.email, "location": jana.location, "role": "client", "whoMayWrite": "everyone",
        ])
        #expect(saved.status == 303)
        #expect(try AccountsService(stores: .sqlite(server.database)).user(username: "jana.k")?.sharesSeen == false)
        #expect(try await server.send("/profile/edit").body.contains("name=\"sharesSeen\" aria-describedby=\"shares-seen-hint\">"))
        try await server.cookies(of: "vojtafoti")
        try await Self.read(room, upTo: message, on: server)
        try await server.cookies(of: "jana.k")
        #expect(Self.mark(in: try await server.send("/messages/\(room)").body) == nil)
    }
}
