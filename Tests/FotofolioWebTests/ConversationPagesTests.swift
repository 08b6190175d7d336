import Foundation
import Fotofolio
import FotofolioSQLite
import Testing
@testable import FotofolioWeb

/// The conversation list's filters, empty states, dates and live fragment; a room's days,
/// "new messages" divider and time zone; the unread badge every signed-in page carries.
@Suite struct ConversationPagesTests {
    /// When the suite's pages are drawn and its messages sent: a noon in Prague, so "today"
    /// and "yesterday" say the same whenever the suite runs, midnight and a changed clock
    /// hour included.
    let now = WebTestServer.lastNoonInPrague()
    let server: WebTestServer
    let messenger: MessengerService

    init() throws {
        server = try WebTestServer(clock: .fixed(now))
        try server.seedDiscovery([])
        messenger = MessengerService(stores: .sqlite(server.database))
    }

    @discardableResult
    private func say(_ text: String, in room: Int64, by username: String, at date: Date? = nil) throws -> ChatMessage {
        try server.say(text, in: room, by: username, at: date ?? now)
    }

    private func group(_ name: String, by creator: String, with members: [String]) throws -> Int64 {
        try messenger.createGroup(named: name, by: server.userId(creator), members: members.map(server.userId)).id
    }

    private func page(_ path: String, fragment: String? = nil) async throws -> String {
        try await server.page(path, fragment: fragment)
    }

    /// The room ids a list shows, top to bottom.
    private func listed(_ html: String) -> [Int64] {
        html.matches(of: /data-room="(\d+)"/).map { Int64($0.1)! }
    }

    // MARK: - The list

    @Test func theFiltersCombineUnreadAndForMe() async throws {
        let direct = try server.directRoom("martin.b", "vojtafoti")
        let chatty = try group("Kavárna", by: "lenka.svetlo", with: ["vojtafoti", "jana.k"])
        let mentioning = try group("Svatba", by: "jana.k", with: ["vojtafoti"])
        let quiet = try server.directRoom("vojtafoti", "eva.s")
        try say("Dobrý den", in: quiet, by: "vojtafoti")
        try say("Kdo přinese dort?", in: chatty, by: "jana.k")
        try say("@vojtafoti fotíte i obřad?", in: mentioning, by: "jana.k")
        try say("Máte volno 14. června?", in: direct, by: "martin.b")
        try await server.cookies(of: "vojtafoti")
        #expect(Set(listed(try await page("/messages"))) == [direct, chatty, mentioning, quiet])
        #expect(Set(listed(try await page("/messages?unread=1"))) == [direct, chatty, mentioning])
        #expect(Set(listed(try await page("/messages?relevant=on"))) == [direct, mentioning, quiet])
        let both = try await page("/messages?unread=1&relevant=1")
        #expect(Set(listed(both)) == [direct, mentioning])
        #expect(both.contains(#"name="unread" value="1" checked"#) && both.contains(#"name="relevant" value="1" checked"#))
        #expect(both.contains("data-mention"))
    }

    @Test func aFilterThatMatchesNothingOffersToClearIt() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Díky, domluveno.", in: room, by: "vojtafoti")
        try await server.cookies(of: "vojtafoti")
        let html = try await page("/messages?unread=1")
        #expect(listed(html).isEmpty)
        #expect(html.contains(#"<a class="button" href="/messages" data-state-action="clear-filters">Zrušit filtry</a>"#))
        #expect(!html.contains("find-photographer"))
    }

    @Test func withNoConversationsTheListOffersToFindAPhotographer() async throws {
        try await server.cookies(of: "eva.s")
        let html = try await page("/messages?unread=1")
        #expect(html.contains(#"<a class="button" href="/search" data-state-action="find-photographer">Najít fotografa</a>"#))
        #expect(html.contains("Zatím žádné konverzace"))
        #expect(!html.contains("clear-filters"))
    }

    @Test func unknownFilterValuesAreIgnored() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Dobrý den", in: room, by: "vojtafoti")
        try await server.cookies(of: "vojtafoti")
        #expect(listed(try await page("/messages?unread=%3Cscript%3E&relevant=0")) == [room])
    }

    @Test func aScriptGetsJustTheListForTheSameFilters() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Máte volno?", in: room, by: "martin.b")
        try await server.cookies(of: "vojtafoti")
        let fragment = try await page("/messages?unread=1", fragment: "conversations")
        #expect(!fragment.contains("<html") && !fragment.contains("data-conversation-filters"))
        #expect(listed(fragment) == [room])
        #expect(listed(try await page("/messages?unread=1&relevant=1", fragment: "conversations")) == [room])
    }

    @Test func aDeletedLastMessageIsSaidSoInTheListAndItsWordsAreGone() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        let mistake = try say("Omylem: PIN 4321-8806-5127", in: room, by: "martin.b")
        try messenger.delete(mistake.id, in: room, by: server.userId("martin.b"))
        try await server.cookies(of: "vojtafoti")
        let list = try await page("/messages")
        #expect(list.contains("Zpráva smazána") && !list.contains("4321-8806-5127"))
        #expect(!(try await page("/messages/\(room)")).contains("4321-8806-5127"))
    }

    @Test func theListSaysTodayYesterdayOrTheDateAndWhoWroteLast() async throws {
        let today = try server.directRoom("martin.b", "vojtafoti")
        let yesterday = try server.directRoom("jana.k", "vojtafoti")
        let lastWeek = try group("Svatba", by: "eva.s", with: ["vojtafoti"])
        try say("Odpověď", in: today, by: "vojtafoti", at: now)
        try say("Včerejší", in: yesterday, by: "jana.k", at: now - 86_400)
        try say("Stará", in: lastWeek, by: "eva.s", at: now - 8 * 86_400)
        try await server.cookies(of: "vojtafoti")
        server.jar["tz"] = "Europe%2FPrague"
        let html = try await page("/messages")
        let dates = MessageDates(zone: MessageDates.defaultZone, language: .cs,
                                 table: try TemplateLibrary(directory: WebTestServer.repository + "/Templates").table(for: .cs), now: now)
        #expect(html.contains(">\(dates.clock(now))</time>"))
        #expect(html.contains(">Včera</time>"))
        #expect(html.contains(">\(dates.listLabel(now - 8 * 86_400))</time>"))
        #expect(html.contains(#"<span class="conversation__snippet-author">Vy:</span> Odpověď"#))
        #expect(html.contains(#"<span class="conversation__snippet-author">Eva:</span> Stará"#))
    }

    // MARK: - A room

    @Test func aRoomGroupsMessagesByDayAndMarksTheFirstUnread() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Včera jsem psal", in: room, by: "martin.b", at: now - 86_400)
        try say("Odpověděl jsem", in: room, by: "vojtafoti", at: now - 86_000)
        let firstUnread = try say("Dnes znovu", in: room, by: "martin.b", at: now - 60)
        try say("A ještě", in: room, by: "martin.b", at: now)
        try await server.cookies(of: "vojtafoti")
        let html = try await page("/messages/\(room)")
        #expect(html.matches(of: /<section class="chat-day"/).count == 2)
        let yesterday = try #require(html.range(of: ">Včera</time></h2>"))
        let today = try #require(html.range(of: ">Dnes</time></h2>"))
        let divider = try #require(html.range(of: "data-unread-divider"))
        let unread = try #require(html.range(of: "id=\"message-\(firstUnread.id)\""))
        #expect(yesterday.lowerBound < today.lowerBound && today.lowerBound < divider.lowerBound)
        #expect(divider.lowerBound < unread.lowerBound)
        #expect(html.matches(of: /data-unread-divider/).count == 1)
        // Opening it read it: the next visit has no divider.
        #expect(!(try await page("/messages/\(room)")).contains("data-unread-divider"))
    }

    @Test func aQuickFollowUpByTheSamePersonDoesNotRepeatTheirFaceAndName() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Dobrý den,", in: room, by: "martin.b", at: now - 1200)
        let quick = try say("ještě jedna otázka.", in: room, by: "martin.b", at: now - 1140)
        let later = try say("A cena?", in: room, by: "martin.b", at: now - 300)
        let answer = try say("Pošlu ceník.", in: room, by: "vojtafoti", at: now - 240)
        try await server.cookies(of: "martin.b")
        let html = try await page("/messages/\(room)")
        let continued = html.matches(of: /chat-message--continued" id="message-(\d+)"/).map { Int64($0.1)! }
        #expect(continued == [quick.id])
        #expect(!continued.contains(later.id) && !continued.contains(answer.id))
    }

    @Test func timesAreWrittenInTheBrowsersTimeZoneAndNonsenseFallsBackToPrague() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Ahoj", in: room, by: "martin.b", at: Date(timeIntervalSince1970: 1_763_812_800)) // 12:00 UTC
        try await server.cookies(of: "vojtafoti")
        server.jar["tz"] = "America%2FNew_York"
        #expect(try await page("/messages/\(room)").contains(">07:00</time>"))
        server.jar["tz"] = "../../etc/passwd"
        let html = try await page("/messages/\(room)")
        #expect(html.contains(">13:00</time>"))
        #expect(html.contains(#"data-time-zone="Europe/Prague""#))
    }

    // MARK: - Side by side

    @Test func aRoomHasTheListBesideItWithItsRowMarkedAndOneMainHeading() async throws {
        let open = try server.directRoom("martin.b", "vojtafoti")
        let other = try group("Svatba", by: "jana.k", with: ["vojtafoti"])
        try say("Máte volno?", in: open, by: "martin.b")
        try say("Kdo fotí obřad?", in: other, by: "jana.k")
        try await server.cookies(of: "vojtafoti")
        let html = try await page("/messages/\(open)")
        #expect(Set(listed(html)) == [open, other])
        #expect(html.matches(of: /class="conversation__link" href="\/messages\/\d+" aria-current="page"/).count == 1)
        #expect(html.contains(#"<a class="conversation__link" href="/messages/\#(open)" aria-current="page">"#))
        #expect(!html.contains(#"href="/messages/\#(other)" aria-current"#))
        #expect(html.matches(of: /<h1[ >]/).count == 1 && html.contains(#"<h1 class="chat-room__title">Martin"#))
        #expect(html.contains(#"<h2 class="page-header__title">Zprávy</h2>"#))
        // The list page has the heading, and "Choose a conversation" beside the list.
        let list = try await page("/messages")
        #expect(list.contains(#"<h1 class="page-header__title">Zprávy</h1>"#) && list.contains("Vyberte konverzaci"))
        #expect(!list.contains(#"href="/messages/\#(open)" aria-current"#))
    }

    @Test func aScriptSwitchingRoomsGetsJustTheRoomAndItIsRead() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Máte volno?", in: room, by: "martin.b")
        let reader = try server.userId("vojtafoti")
        #expect(try messenger.unreadTotal(for: reader) == 1)
        try await server.cookies(of: "vojtafoti")
        let pane = try await page("/messages/\(room)", fragment: "room")
        #expect(pane.contains(#"data-chat-room="\#(room)""#))
        #expect(!pane.contains("<html") && !pane.contains("data-conversation-list") && !pane.contains("<script"))
        #expect(pane.contains(#"data-title="Martin"#) && pane.contains("Máte volno?"))
        #expect(try messenger.unreadTotal(for: reader) == 0)
        // A room of others is refused alone as in a page.
        let others = try server.directRoom("martin.b", "jana.k")
        let refused = try await server.send("/messages/\(others)", headers: ["X-Fragment": "room", "Sec-Fetch-Site": "same-origin"])
        #expect(refused.status == 403 && !refused.body.contains("data-chat-room"))
    }

    @Test func theListBesideARoomIsFetchedWithThatRoomMarked() async throws {
        let open = try server.directRoom("martin.b", "vojtafoti")
        let other = try server.directRoom("jana.k", "vojtafoti")
        try say("Dobrý den", in: open, by: "martin.b")
        try say("Ahoj", in: other, by: "jana.k")
        try await server.cookies(of: "vojtafoti")
        let fragment = try await page("/messages?open=\(open)", fragment: "conversations")
        #expect(fragment.contains(#"href="/messages/\#(open)" aria-current="page""#))
        #expect(!fragment.contains(#"href="/messages/\#(other)" aria-current"#))
        // Only the script's list marks a row: the list page itself has no room open.
        let list = try await page("/messages?open=\(open)")
        #expect(!list.contains(#"href="/messages/\#(open)" aria-current"#))
        #expect(list.contains(#"<h1 class="page-header__title">"#))
    }

    // MARK: - The badge on every page

    @Test func everySignedInPageCountsUnreadMessagesOnTheMessagesTab() async throws {
        let room = try server.directRoom("martin.b", "vojtafoti")
        try say("Jedna", in: room, by: "martin.b")
        try say("Dvě", in: room, by: "martin.b")
        try await server.cookies(of: "vojtafoti")
        let sequence = try LiveEventLog(stores: .sqlite(server.database)).latestSequence()
        for path in ["/", "/selection", "/search", "/u/martin.b"] {
            let html = try await page(path)
            #expect(html.matches(of: /<span class="nav-badge" data-unread-total="2"><span data-unread-count>2<\/span>/).count == 2, "\(path)")
            #expect(html.contains(#"data-live-after="\#(sequence)""#), "\(path)")
            #expect(html.contains(#"<script type="module" src="/js/live-shell."#), "\(path)")
        }
    }

    @Test func theBadgeIsHiddenAtZeroAndGuestsHaveNone() async throws {
        try await server.cookies(of: "eva.s")
        #expect(try await page("/").contains(#"data-unread-total="0" hidden>"#))
        server.signOut()
        let guest = try await page("/")
        // The import map names every module; no script element loads the live shell.
        #expect(!guest.contains("data-unread-total") && !guest.contains(#"src="/js/live-shell."#) && !guest.contains("data-live-after"))
    }
}
