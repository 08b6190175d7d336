import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// `/messages?q=`: hits from one's own conversations only, marked and escaped, each opening
/// its room at the message; whatever is typed, a clear answer.
@Suite struct MessageSearchPagesTests {
    let server: WebTestServer

    init() throws {
        server = try WebTestServer()
        try server.seedDiscovery([])
    }

    private func hits(_ html: String) -> [Int64] {
        html.matches(of: /data-hit="(\d+)"/).map { Int64($0.1)! }
    }

    @Test func hitsComeFromOnesOwnConversationsWithTheRoomTheAuthorAndTheWordsMarked() async throws {
        let mine = try server.directRoom("martin.b", "vojtafoti")
        let others = try server.directRoom("martin.b", "jana.k")
        let hit = try server.say("Svatba bude v <b>Praze</b> & na Vyšehradě", in: mine, by: "martin.b")
        let notMine = try server.say("Svatba v Praze, ale tajná", in: others, by: "martin.b")
        try await server.cookies(of: "vojtafoti")
        let html = try await server.page("/messages?q=praz+svatb")
        #expect(hits(html) == [hit.id] && !html.contains("tajná") && !hits(html).contains(notMine.id))
        #expect(html.contains("Nalezena 1 zpráva"))
        #expect(html.contains(#"<mark>Svatba</mark> bude v &lt;b&gt;<mark>Praze</mark>&lt;/b&gt; &amp; na Vyšehradě"#))
        #expect(html.contains(#"<span class="search-hit__room">Martin"#))
        #expect(html.contains(#"value="praz svatb""#))
        // The hit opens its room at the message: around its moment, at its anchor.
        let href = try #require(html.firstMatch(of: /href="(\/messages\/\d+\?at=[0-9T:-]+#message-\d+)"/)?.1)
        #expect(href.hasPrefix("/messages/\(mine)?at=") && href.hasSuffix("#message-\(hit.id)"))
        let room = try await server.page(String(href.prefix { $0 != "#" }))
        let target = try #require(room.firstMatch(of: /<li[^>]*data-timeline-target[^>]*>/)?.0)
        #expect(target.contains(#"id="message-\#(hit.id)""#))
        // The list is not shown while searching; the way back is.
        #expect(!html.contains("data-conversation-list") && html.contains(#"<a class="link-button" href="/messages">"#))
    }

    @Test func anythingTypedGetsAClearAnswer() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try server.say("Dobrý den", in: room, by: "martin.b")
        try await server.cookies(of: "vojtafoti")
        let nothing = try await server.page("/messages?q=%3F%21+...+%3B")
        #expect(nothing.contains("Co hledáte?") && hits(nothing).isEmpty)
        let none = try await server.page("/messages?q=ostrava")
        #expect(none.contains("Nic nenalezeno") && none.contains("data-state-action=\"clear-search\""))
        let huge = try await server.page("/messages?q=" + String(repeating: "dobr%C3%BD+", count: 2_000))
        #expect(hits(huge).count == 1)
        #expect(!huge.contains(String(repeating: "dobrý ", count: 100)))
        let hostile = try await server.page("/messages?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E+OR+*+NEAR(a%2Cb)+%27%3A*")
        #expect(!hostile.contains("<script>alert") && hostile.contains("&quot;&gt;&lt;script&gt;"))
        #expect(try await server.page("/messages?q=").contains("data-conversation-list"))
    }

    @Test func aGuestIsSentToSignIn() async throws {
        let reply = try await server.send("/messages?q=svatba")
        #expect(reply.status == 303 && (reply.headers["location"] ?? "").hasPrefix("/login"))
    }
}
