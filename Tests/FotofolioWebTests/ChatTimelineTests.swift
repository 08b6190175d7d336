import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// A long conversation's timeline: a moment chosen on it (`?at=`) opens the messages sent
/// around it, every submitted moment goes through the slider's model.
@Suite struct ChatTimelineTests {
    let server: WebTestServer
    let room: Int64
    /// One message an hour for three days, the last an hour ago.
    let start: Date

    init() async throws {
        server = try WebTestServer()
        try server.seedDiscovery([])
        room = try server.directRoom("martin.b", "vojtafoti")
        let messenger = MessengerService(stores: .sqlite(server.database))
        let hour: TimeInterval = 3600
        start = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 - 73 * hour) / hour).rounded(.down) * hour)
        let martin = try server.userId("martin.b")
        for index in 0..<72 {
            _ = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Hodina \(index)"), in: room, by: martin,
                               at: start + Double(index) * hour)
        }
        try await server.cookies(of: "vojtafoti")
        server.jar["tz"] = "UTC"
    }

    private func page(_ query: String) async throws -> WebTestServer.Reply {
        try await server.send("/messages/\(room)\(query)", headers: ["Accept-Language": "cs"])
    }

    private func shown(_ html: String) -> [String] {
        html.matches(of: /<p class="chat-message__text">(Hodina \d+)<\/p>/).map { String($0.1) }
    }

    private func local(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!)
    }

    @Test func aLongConversationHasATimelineAndAShortOneNone() async throws {
        let long = try await page("").body
        #expect(long.contains("data-chat-timeline") && long.contains(#"name="at""#))
        #expect(!long.contains("chat-timeline\" open"))
        let short = try server.directRoom("eva.s", "vojtafoti")
        _ = try MessengerService(stores: .sqlite(server.database)).send(
            MessageDraft(uuid: UUID().uuidString, content: "Ahoj"), in: short, by: try server.userId("eva.s"))
        #expect(!(try await server.send("/messages/\(short)").body.contains("data-chat-timeline")))
    }

    @Test func aMomentOpensTheMessagesAroundItWithoutReadingThem() async throws {
        let unreadBefore = try MessengerService(stores: .sqlite(server.database)).unreadTotal(for: try server.userId("vojtafoti"))
        let reply = try await page("?at=\(local(start + 30 * 3600))")
        #expect(reply.status == 200)
        let messages = shown(reply.body)
        #expect(messages.contains("Hodina 30") && messages.contains("Hodina 6") && messages.contains("Hodina 54"))
        #expect(!messages.contains("Hodina 71"))
        let target = try #require(reply.body.firstMatch(of: /data-timeline-target>[\s\S]*?<p class="chat-message__text">(Hodina \d+)/))
        #expect(target.1 == "Hodina 30")
        #expect(reply.body.contains("data-window") && reply.body.contains("Zpět na nejnovější"))
        #expect(reply.body.contains(#"<details class="chat-timeline" open>"#))
        #expect(!reply.body.contains("data-unread-divider"))
        #expect(try MessengerService(stores: .sqlite(server.database)).unreadTotal(for: try server.userId("vojtafoti")) == unreadBefore)
    }

    @Test func aMomentBeforeTheFirstMessageIsClampedToIt() async throws {
        let reply = try await page("?at=1999-01-01T00:00")
        #expect(reply.status == 200)
        let target = try #require(reply.body.firstMatch(of: /data-timeline-target>[\s\S]*?<p class="chat-message__text">(Hodina \d+)/))
        #expect(target.1 == "Hodina 0")
    }

    @Test func textThatIsNotAMomentComesBackWithAMessage() async throws {
        let reply = try await page("?at=z%C3%ADtra%20%3Cb%3E")
        #expect(reply.status == 422)
        #expect(reply.body.contains(#"value="zítra &lt;b&gt;""#))
        #expect(reply.body.contains("není datum"))
        #expect(reply.body.contains(#"<details class="chat-timeline" open>"#))
        // The newest messages are still shown.
        #expect(shown(reply.body).contains("Hodina 71"))
    }

    @Test func theTimelineCountsInTheReadersClock() async throws {
        server.jar["tz"] = "Asia%2FTokyo"
        let reply = try await page("?at=\(local(start + 9 * 3600 + 30 * 3600))")
        let target = try #require(reply.body.firstMatch(of: /data-timeline-target>[\s\S]*?<p class="chat-message__text">(Hodina \d+)/))
        #expect(target.1 == "Hodina 30")
    }
}
