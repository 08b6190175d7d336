import Foundation
import Fotofolio
import HTTPServer
import Mustache
import Testing
@testable import FotofolioWeb

/// Every page and partial, rendered with a model that fills every value, reads only names
/// its model or the page-level values (`lang`, `t`, `page`, `assets`) have: a misspelt name
/// would otherwise render as nothing.
@Suite struct TemplateModelTests {
    static let renderer = PageRenderer(site: try! WebTestServer.site.get())

    /// The names `template` read that nobody answered, rendered with `content` on `page`.
    static func unanswered(_ template: String, _ content: any ViewModel, page: Page = .feed,
                           library: MustacheLibrary = renderer.templates.mustache) -> Set<String> {
        let log = TemplateNames()
        let model = PageModel(page: page, table: renderer.templates.table(for: .en), assets: renderer.assets)
        TemplateNames.$log.withValue(log) {
            _ = library.render(PageContext(content: content, page: model), withTemplate: template)
        }
        return log.missing
    }

    static var checked: [(template: String, model: any ViewModel)] { [
        ("layout", ShellViewModel(page: .messages, table: renderer.templates.table(for: .en), signedIn: true)),
        ("pages/error", ErrorPage(status: .notFound, title: "Not found", message: "Nothing here.")),
        ("pages/feed", Sample.feed),
        ("pages/login", LoginPage(csrf: "c", identifier: "jana", returnTo: "/", message: "Wrong.", notice: "Logged out.")),
        ("pages/register", RegisterPage(csrf: "c", values: Sample.registration, errors: Sample.errors, hasErrors: true)),
        ("pages/password-change", PasswordChangePage(csrf: "c", errors: Sample.errors, hasErrors: true)),
        ("pages/blocked", BlockPages.Page(csrf: "c", people: [.init(username: "jana", fullName: "Jana", initials: "J", since: "Yesterday")],
                                          hasPeople: true, notice: "Unblocked.")),
        ("pages/mqtt-accounts", Self.mqttAccounts(available: true)),
        ("pages/mqtt-accounts", Self.mqttAccounts(available: false)),
        ("pages/profile-edit", Sample.profileEdit),
        ("pages/report", Sample.report(choosing: false)),
        ("pages/report", Sample.report(choosing: true)),
        ("pages/reports", ReportPages.ListPage(items: [.init(subject: "Portfolio: Svatby", link: "/portfolios/1", reason: "Spam",
                                                             state: "Acted on", stateKey: "actioned", sent: "Yesterday")],
                                               hasItems: true, sent: true)),
        ("pages/moderation", Sample.desk),
        ("pages/moderation-log", ModerationPages.LogPage(
            csrf: "c",
            entries: [.init(when: "1 December 2026 at 10:00", who: "@op", action: "Suspend", subject: "Profile #3", reason: "Spam",
                            until: "for good", undo: .init(id: 1, subject: "profile:3", action: "unsuspend", label: "Lift suspension"))],
            hasEntries: true, notice: "The suspension is lifted.")),
        ("pages/person", Sample.person(isOwn: true)),
        ("pages/person", Sample.person(isOwn: false)),
        ("pages/portfolio", Sample.portfolioPage(isOwn: false)),
        ("pages/portfolio", Sample.portfolioPage(isOwn: true)),
        ("pages/portfolio-editor", Sample.editor),
        ("pages/portfolio-delete", PortfolioDeletePage(csrf: "c", portfolio: Sample.row)),
        ("pages/search", Sample.search),
        ("pages/selection", SelectionPage(csrf: "c", cards: [Sample.card(withAuthor: true)], hasCards: true, count: "1",
                                          cleared: true, emptyState: Sample.state)),
        ("pages/sliders", SliderDemoPage(sliders: [Sample.slider], planes: [Sample.plane, Sample.colourPlane], hasAccepted: true,
                                         accepted: [.init(name: "finite", text: "12")], invalid: true)),
        ("pages/forgot-password", ForgotPasswordPage(csrf: "c", identifier: "jana", sent: true, message: "Too many.")),
        ("pages/password-reset", PasswordResetPage(csrf: "c", action: "/reset-password/t", errors: Sample.errors, hasErrors: true, spent: false)),
        ("pages/password-reset", PasswordResetPage(csrf: "c", action: "", errors: Sample.errors, hasErrors: false, spent: true)),
        ("pages/email-confirmation", EmailConfirmationPage(confirmed: true, message: "Confirmed.", signedIn: true)),
        ("pages/email-confirmation", EmailConfirmationPage(confirmed: false, message: "Expired.", signedIn: false)),
        ("pages/notifications", Sample.notifications),
        ("pages/offline", NoContentSample()),
        ("partials/push-settings", Sample.pushSettings),
        ("pages/unsubscribe", UnsubscribePage(csrf: "c", action: "/unsubscribe/shoot/1.ab", done: false, question: "Stop?", message: nil)),
        ("pages/unsubscribe", UnsubscribePage(csrf: "c", action: "/unsubscribe/shoot/1.ab", done: true, question: nil, message: "Done.")),
        ("pages/mail-outbox", Sample.mailOutbox),
        ("pages/mail-message", MailMessagePage(subject: "Confirm", from: "Fotofolio <a@b.cz>", to: "jana@example.cz", date: "Mon",
                                               text: "Hello<br><a href=\"http://x\">http://x</a>", attachments: ["booking.ics"],
                                               file: "20261129-101010-ab.eml")),
        ("mail/html", Sample.mail),
        ("mail/text", Sample.mail),
        ("partials/bookmark", Sample.card(withAuthor: false)),
        ("partials/carousel", Sample.row.carousel),
        ("partials/feed-card", Sample.card(withAuthor: false)),
        ("partials/feed-card", Sample.card(withAuthor: true)),
        ("partials/feed-page", Sample.feed),
        ("partials/feed-results", Sample.feed),
        ("partials/people-results", Sample.search),
        ("partials/photo", Sample.photo),
        ("partials/photo-framing", Sample.framing),
        ("partials/photo-item", Sample.editor.photos[0]),
        ("partials/photo-item", Sample.editor.newItem),
        ("partials/portfolio-row", Sample.row),
        ("partials/precise-plane", Sample.plane),
        ("partials/precise-slider", Sample.slider),
        ("partials/social-meta", SocialMeta(Request(method: .get, path: RequestPath(segments: [])), path: "/u/x", type: "profile",
                                            title: "t", description: "d", image: "/i", accentStylesheet: "a", feed: "/f",
                                            structuredData: "{}")),
        ("partials/film", Sample.film),
        ("partials/state-empty", Sample.state),
        ("partials/state-error", Sample.state),
        ("partials/state-body", Sample.state),
        ("partials/state-offline", Sample.state),
        ("partials/state-blocked", Sample.state),
        ("pages/components", ComponentsPage(emptyState: Sample.state, errorState: Sample.state, offlineState: Sample.state, rows: [1, 2])),
        ("pages/room", Chat.room(group: true)),
        ("pages/room", Chat.room(group: false)),
        ("pages/room", Chat.emptyRoom),
        ("partials/chat-room", Chat.room(group: false)),
        ("partials/conversation-pane", Chat.pane(problem: "Unknown person.")),
        ("partials/conversation-pane", Chat.searching(found: true)),
        ("partials/conversation-pane", Chat.searching(found: false)),
        ("pages/messages", Chat.messagesPage(problem: "Unknown person.")),
        ("partials/conversations", Chat.conversations),
        ("partials/conversations", Chat.noConversations),
        ("pages/status", StatusPage.View(internals: Chat.internals, lan: Chat.lan)),
        ("pages/status", StatusPage.View(internals: nil, lan: nil)),
    ] + Shoots.checked + DemandSamples.checked + Shares.checked + GallerySamples.checked + Chat.days.flatMap(\.messages).map { ("partials/chat-message", $0) }
      + [("partials/chat-message", ChatMessageView(sending: Chat.jana))] + Chat.changed + Chat.withAttachments }

    /// Every section of the MQTT accounts page filled: a password just made, the list, the rooms.
    static func mqttAccounts(available: Bool) -> MQTTAccountPages.Page {
        MQTTAccountPages.Page(
            csrf: "c", available: available, host: "127.0.0.1", port: 1884, localOnly: true,
            readFilter: "fotofolio/chat-room/+/message", perRoom: available,
            writeTopic: "fotofolio/people/jana-abc123/chat-room/{id}/new-message", refusedTopic: "fotofolio/people/jana-abc123/refused",
            accounts: [.init(id: 1, label: "Telefon", brokerUsername: "jana-abc123", created: "Yesterday", lastUsed: "Today")],
            hasAccounts: true, canAdd: available, limit: 5, rooms: [.init(id: 3, title: "Vojta")],
            hasRooms: true, created: .init(label: "Telefon", brokerUsername: "jana-abc123", password: "p", subscribe: "mosquitto_sub", publish: "mosquitto_pub"),
            notice: "Revoked.", error: "Too long.", label: "x")
    }

    @Test func everyTemplateReadsOnlyNamesItsModelHas() {
        for (template, model) in Self.checked {
            #expect(Self.unanswered(template, model) == [], "\(template) with \(type(of: model))")
        }
    }

    /// A page without content of its own reads only the page-level values.
    @Test func theProfilePlaceholderReadsOnlyPageValues() {
        let log = TemplateNames()
        let model = PageModel(page: .profile, table: Self.renderer.templates.table(for: .en), assets: Self.renderer.assets)
        TemplateNames.$log.withValue(log) { _ = Self.renderer.templates.mustache.render(model, withTemplate: "pages/profile") }
        #expect(log.missing == [])
    }

    /// The chat samples enter every section the chat's templates have.
    @Test func theChatSamplesAreFullyFilled() {
        let messages = Chat.days.flatMap(\.messages)
        #expect(Chat.days.count == 2)
        #expect(messages.contains { $0.own } && messages.contains { !$0.own })
        #expect(messages.contains { $0.continued } && messages.contains { $0.target } && messages.contains { $0.firstUnread })
        #expect(messages.contains { $0.textHTML.contains("<a ") && $0.textHTML.contains("@jana") })
        #expect(Chat.room(group: true).timeline?.error != nil)
        #expect(Chat.conversations.rooms.allSatisfy { $0.snippetAuthor != nil && $0.hasUnread && $0.mentionsYou })
        #expect(Chat.conversations.rooms.contains { $0.current } && Chat.conversations.rooms.contains { !$0.current })
        #expect(Chat.noConversations.emptyState?.action != nil)
    }

    @Test func everyPageAndPartialIsChecked() throws {
        let root = WebTestServer.repository + "/Templates/"
        let files = try ["pages", "partials", "mail"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: root + folder)
                .filter { $0.hasSuffix(".mustache") }.map { "\(folder)/\($0.dropLast(".mustache".count))" }
        }
        let checked = Set(Self.checked.map(\.template)).union(["pages/profile", "partials/empty-state"])
        let unchecked = Set(files).subtracting(checked)
        #expect(unchecked == [])
    }

    /// A model that answers by name itself (drawn so often that reflection showed) answers
    /// every stored property exactly as reflection would: a property left out of its switch
    /// would otherwise be missing from its templates without a word.
    @Test func modelsThatAnswerByNameAnswerEveryPropertyAsReflectionWould() {
        let messages = Chat.days.flatMap(\.messages) + Chat.changed.compactMap { $0.1 as? ChatMessageView }
            + Chat.withAttachments.compactMap { $0.1 as? ChatMessageView }
        let models: [any ViewModel] = [Sample.photo, PageModel(page: .room, table: Self.renderer.templates.table(for: .cs), assets: Self.renderer.assets)]
            + messages + messages.flatMap { $0.choices + $0.reactions } + messages.map(\.author)
        #expect(messages.contains { $0.seen != nil } && messages.contains { !$0.reactions.isEmpty } && messages.contains { $0.attachments != nil })
        for model in models {
            let labels = Mirror(reflecting: model).children.compactMap(\.label)
            #expect(!labels.isEmpty)
            for label in labels {
                let answered = model.child(named: label).map { String(reflecting: $0) }
                let reflected = Self.reflected(label, of: model).map { String(reflecting: $0) }
                #expect(answered == reflected, "\(type(of: model)).\(label)")
            }
            #expect(model.child(named: "noSuchName") == nil)
        }
    }

    private static func reflected(_ name: String, of model: some ViewModel) -> Any? {
        ViewModelLookup.property(named: name, of: model)
    }

    @Test func aMisspeltNameIsReported() throws {
        var library = Self.renderer.templates.mustache
        try library.register("{{#carousel}}{{carouselLable}}{{t.portfolio.previus}}{{/carousel}}", named: "typo")
        #expect(Self.unanswered("typo", Sample.row, library: library) == ["carouselLable", "previus"])
    }

    @Test func aKeptHeadIsTheHeadItsValueDraws() throws {
        let renderer = PageRenderer(site: try WebTestServer.site.get())
        let request = Request(method: .get, path: RequestPath(segments: []))
        func head(_ path: String, title: String, data: String? = nil) -> SocialMeta {
            SocialMeta(request, path: path, type: "profile", title: title, description: "d", structuredData: data)
        }
        func drawn(_ meta: SocialMeta) -> String? { renderer.templates.mustache.render(meta, withTemplate: "partials/social-meta") }
        // Values that differ in one field each, asked in turn and again: each its own head.
        let heads = [head("/u/a", title: "A"), head("/u/b", title: "A"), head("/u/a", title: "B"),
                     head("/u/a", title: "A", data: "{\"@type\":\"Person\"}")]
        for meta in heads + heads.reversed() {
            let kept = try renderer.headHTML(meta)
            #expect(kept == drawn(meta) && kept.contains(meta.url) && kept.contains(meta.title))
        }
        #expect(Set(try heads.map(renderer.headHTML)).count == heads.count)
        // Past the bound it starts again and still draws each head right.
        for number in 0...PageRenderer.keptHeads { _ = try renderer.headHTML(head("/u/\(number)", title: "\(number)")) }
        for meta in heads { #expect(try renderer.headHTML(meta) == drawn(meta)) }
    }

    @Test func aNilOptionalEndsTheLookupInsteadOfFindingAnOuterValue() throws {
        var library = Self.renderer.templates.mustache
        try library.register("{{#ticks}}[{{#label}}{{label}}{{/label}}]{{/ticks}}", named: "ticks")
        let html = library.render(PageContext(content: Sample.slider, page: PageModel(
            page: .sliders, table: Self.renderer.templates.table(for: .en), assets: Self.renderer.assets)), withTemplate: "ticks")
        #expect(html == "[1][]")
    }
}

/// The messenger's models, built the way its pages build them, with every value filled in.
enum Chat {
    static var table: StringTable { TemplateModelTests.renderer.templates.table(for: .en) }
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static var dates: MessageDates { MessageDates(zone: TimeZone(identifier: "UTC")!, language: .en, table: table, now: now) }
    static let jana = MessageAuthor(username: "jana", name: "Jana Nováková")
    static let vojta = MessageAuthor(username: "vojta", name: "Vojta Fotí")
    static let members = [RoomMember(userId: 1, username: "jana", name: "Jana Nováková"),
                          RoomMember(userId: 2, username: "vojta", name: "Vojta Fotí"),
                          RoomMember(userId: 3, username: "eva", name: "Eva Svobodová")]

    static func message(_ id: Int64, by author: MessageAuthor, _ content: String, minutesAgo: Double,
                        mentions: [String] = []) -> ChatMessage {
        ChatMessage(id: id, roomId: 1, uuid: "00000000-0000-4000-8000-00000000000\(id)", content: content,
                    sentAt: now - minutesAgo * 60, author: author, authorId: author.username == "jana" ? 1 : 2,
                    mentions: mentions)
    }

    /// Two days: someone else's message with a mention and a link, their follow-up, then
    /// the reader's own the next day; the follow-up is where a timeline's moment lands.
    static var messages: [ChatMessage] { [
        message(1, by: vojta, "Ahoj @jana, the photos are at https://example.org/svatba", minutesAgo: 26 * 60, mentions: ["jana"]),
        message(2, by: vojta, "And one more thing.", minutesAgo: 26 * 60 - 1),
        message(3, by: jana, "Thanks!", minutesAgo: 10),
    ] }

    /// A message of two photos (one without a name) and a PDF, and the partial on its own.
    static var withAttachments: [(String, any ViewModel)] {
        var message = message(8, by: vojta, "", minutesAgo: 3)
        message.attachments = [
            MessageAttachment(id: 1, kind: .photo, name: "svatba.jpg", byteCount: 900_000, file: "0123456789abcdef.webp",
                              width: 2048, height: 1365, thumbnailFile: "fedcba9876543210.webp", thumbnailWidth: 320,
                              thumbnailHeight: 320, photoId: 4),
            MessageAttachment(id: 2, kind: .photo, name: "photo", byteCount: 800_000, file: "1123456789abcdef.webp",
                              width: 1365, height: 2048, thumbnailFile: "1edcba9876543210.webp", thumbnailWidth: 320,
                              thumbnailHeight: 320, photoId: 5),
            MessageAttachment(id: 3, kind: .pdf, name: "nabídka.pdf", byteCount: 1_500_000, file: "files/0123456789abcdef01234567.pdf"),
        ]
        let view = ChatMessageView(message, reader: 1, dates: dates, at: now)
        return [("partials/chat-message", view), ("partials/chat-attachments", view.attachments!)]
    }

    /// The reader's own message edited and reacted to, and one deleted; the page that edits
    /// one without a script, within the window and after it.
    static var changed: [(String, any ViewModel)] {
        var edited = message(5, by: jana, "Sraz v 17:30", minutesAgo: 2)
        edited.editedAt = now - 60
        edited.reactions = [MessageReaction(reaction: .thumbsUp, people: [vojta, jana], userIds: [2, 1])]
        var deleted = message(6, by: vojta, "", minutesAgo: 1)
        deleted.isDeleted = true
        let old = message(7, by: jana, "Dávno", minutesAgo: 60)
        let seen = ChatSeenView(ReadMark(messageId: 5, at: now - 30), dates: dates)
        let editedView = ChatMessageView(edited, reader: 1, dates: dates, csrf: "c", seen: seen, at: now)
        return [
            ("partials/chat-seen", seen),
            ("partials/chat-message", editedView),
            ("partials/chat-message-menu", editedView),
            ("partials/chat-reactions", editedView),
            ("partials/chat-message", ChatMessageView(deleted, reader: 1, dates: dates, at: now)),
            ("pages/message-edit", MessageEditPage(edited, reader: 1, draft: nil, problem: "Too long.", csrf: "c", at: now)),
            ("pages/message-edit", MessageEditPage(old, reader: 1, draft: nil, problem: nil, csrf: "c", at: now)),
            ("pages/message-edit", MessageEditPage(deleted, reader: 1, draft: nil, problem: nil, csrf: "c", at: now)),
        ]
    }

    static var days: [ChatDayView] {
        ChatDayView.days(messages, reader: 1, lastRead: nil, dates: dates, target: messages[1].sentAt)
    }

    static func summary(group: Bool, last: ChatMessage? = nil) -> RoomSummary {
        RoomSummary(room: ChatRoom(id: group ? 1 : 2, kind: group ? .group : .direct, name: group ? "Svatba" : nil,
                                   createdBy: 1, createdAt: now - 86_400 * 3),
                    title: group ? "Svatba" : "Vojta Fotí", members: group ? members : Array(members.prefix(2)),
                    lastMessage: last, unreadCount: last == nil ? 0 : 2, mentionsReader: last != nil, lastReadMessageId: nil)
    }

    /// A timeline that refused what was typed in it, so its error shows too.
    static var timeline: PreciseSliderModel {
        var timeline = ChatTimeline(span: messages[0].sentAt...messages[2].sentAt, zone: dates.zone, now: now)!
        _ = timeline.submit("not a moment", language: .english)
        return timeline.view(label: "Timeline", hint: "Pick a moment.", language: .english)
    }

    static func room(group: Bool) -> RoomPage {
        RoomPage(pane: pane(problem: nil), room: RoomPage.Room(summary(group: group), for: 1, table: table), days: days, older: 1, window: true,
                 timeline: timeline, timelineOpen: true, liveAfter: 7, uuid: "00000000-0000-4000-8000-000000000009",
                 me: ChatAuthorView(jana), timeZone: "UTC", draft: "Draft", problem: "The message is too long.",
                 csrf: "c", limit: 4000, pending: ChatMessageView(sending: jana),
                 blockedState: nil, offlineState: RoomPage.offlineState(room: RoomPage.Room(summary(group: group), for: 1, table: table), table: table))
    }

    static var emptyRoom: RoomPage {
        RoomPage(pane: ConversationPane.none(csrf: "c"), room: RoomPage.Room(summary(group: false), for: 1, table: table), days: [], older: nil, window: false,
                 timeline: nil, timelineOpen: false, liveAfter: 0, uuid: "00000000-0000-4000-8000-000000000009",
                 me: ChatAuthorView(jana), timeZone: "UTC", draft: "", problem: nil, csrf: "c", limit: 4000,
                 pending: ChatMessageView(sending: jana),
                 blockedState: RoomPage.blockedState(room: RoomPage.Room(summary(group: false), for: 1, youBlockedTheOther: true, table: table), table: table),
                 offlineState: RoomPage.offlineState(room: RoomPage.Room(summary(group: false), for: 1, table: table), table: table))
    }

    static var conversations: ConversationsView {
        ConversationsView(
            rooms: [summary(group: true, last: messages[0]), summary(group: false, last: messages[2])]
                .map { ConversationView($0, reader: 1, table: table, dates: dates, current: 2) },
            hasRooms: true, emptyState: nil)
    }

    static var noConversations: ConversationsView {
        ConversationsView(rooms: [], hasRooms: false,
                          emptyState: MessagePages.emptyState(hasAny: true, shown: 0, language: .en)?.model(table))
    }

    static func pane(problem: String?) -> ConversationPane {
        ConversationPane(conversations: conversations, filter: .init(unread: true, relevant: true, any: true),
                         searchQuery: "", search: nil, startProblem: problem,
                         startValues: .init(username: "vojta", groupName: "Svatba", members: "vojta, eva", group: true),
                         csrf: "c", beside: problem == nil)
    }

    /// A search with hits, and one that found nothing.
    static func searching(found: Bool) -> ConversationPane {
        let search = MessageSearch("svatba")
        let view = MessageSearchView(query: "svatba", search: search, messages: found ? [messages[0], messages[2]] : [],
                                     rooms: [1: summary(group: true)], reader: 1, table: table, dates: dates, now: now)
        return ConversationPane(conversations: ConversationsView(rooms: [], hasRooms: false, emptyState: nil),
                                filter: .init(unread: false, relevant: false, any: false), searchQuery: "svatba", search: view,
                                startProblem: nil, startValues: .init(), csrf: "c", beside: false)
    }

    static func messagesPage(problem: String?) -> MessagePages.Page {
        MessagePages.Page(pane: pane(problem: problem), liveAfter: 7)
    }

    static var internals: StatusPage.InternalsView {
        StatusPage.InternalsView(.init(broker: "reconnecting", brokerProblem: "Connection refused", lastEventSecondsAgo: 12,
                                       outboxBacklog: 120, liveStreams: 2, mailWaiting: 3, mailFailed: 1,
                                       pushWaiting: 2, pushFailed: 0), table: table)
    }

    static var lan: StatusPage.LanView {
        StatusPage.LanView(url: "http://192.168.1.2:8080", others: ["http://10.0.0.2:8080"], qr: "<svg></svg>")
    }
}

/// Models with every value filled in, so every section of the templates is entered.
enum Sample {
    static var photo: PhotoModel { PhotoModel(color: "#808080", webpSrcset: "a.webp 320w", jpegSrcset: "a.jpg 320w", sizes: "100vw",
                                  src: "a.jpg", width: 320, height: 320, alt: "Alt", eager: true, number: 1) }
    static var carousel: Carousel { Carousel(photos: [photo, photo], carouselLabel: "Photos", linkPhotos: true, url: "/portfolios/1",
                                   single: false, position: "1 / 2") }
    static var row: PortfolioRow { PortfolioRow(id: 1, name: "Svatby", description: "Popis", url: "/portfolios/1", photoCount: "2 photos",
                                  hasTags: true, tags: [.init(label: "Svatba", folded: "svatba")], carousel: carousel,
                                  badge: "Unlisted") }
    static var state: ContentState.Model { ContentState.Model(kind: "empty", icon: "feed", title: "Title", text: "Text",
                                          action: .init(href: "/", name: "browse", label: "Browse", isPost: false, fields: [])) }
    static var control: SliderFieldModel.Control { SliderFieldModel.Control(type: "number", inputmode: "decimal", step: "any", min: "0", max: "100") }
    static var field: SliderFieldModel { SliderFieldModel(id: "f", name: "f", label: "Field", text: "1", readout: "1", valueText: "Field: 1", control: control,
                                        error: "Wrong.", value: "1", scale: "1", step: "0.1") }
    static var slider: PreciseSliderModel {
        var slider = PreciseSliderModel(field: field, config: "{}", ticks: [.init(x: "50", length: "22", major: true, end: true, label: "1"),
                                                                             .init(x: "60", length: "11", major: false, end: false, label: nil)],
                                        hint: "Hint", optional: true)
        slider.error = "Wrong."
        return slider
    }
    static var plane: PrecisePlaneModel { PrecisePlaneModel(
        id: "p", label: "Plane", aspect: "1x1", config: "{}", x: field, y: field,
        tiles: [.init(x: "0", y: "0", width: "100", height: "100")],
        xStrip: .init(top: "95", height: "5", width: "95"), yStrip: .init(left: "95", width: "5", height: "95"),
        xTicks: [.init(at: "50", from: "95", to: "98")], yTicks: [.init(at: "50", from: "95", to: "98")],
        image: "/img.jpg", hue: false, hint: "Hint", isFraming: true, zoom: field, frame: .init(inset: "10", side: "80", end: "90"),
        open: true) }
    static var colourPlane: PrecisePlaneModel {
        let photo = plane
        return PrecisePlaneModel(
            id: "c", label: "Colour", aspect: "3x2", config: "{}", x: field, y: field, tiles: photo.tiles,
            xStrip: photo.xStrip, yStrip: photo.yStrip, xTicks: photo.xTicks, yTicks: photo.yTicks, image: nil, hue: true,
            hint: "Colour hint", isFraming: false, zoom: nil, frame: nil, open: false)
    }
    static var framing: PrecisePlaneModel { plane }

    static func people() -> PersonViewModel {
        PersonViewModel(username: "vojta", fullName: "Vojta", location: "Praha", initials: "V", isCreator: true, bio: "Bio",
                        experience: "8 years", price: "1,500 Kč/h", rating: "★ 4.5", profileURL: "/u/vojta",
                        avatar: .init(src: "a.webp", color: "#000"), email: "v@example.cz", emailConfirmed: false)
    }

    static func card(withAuthor: Bool) -> FeedCard {
        FeedCard(id: 1, name: "Svatby", description: "Popis", url: "/portfolios/1", hasTags: true,
                 tagLinks: [.init(label: "svatba", href: "/?tags=svatba", filterTags: "svatba")], carousel: carousel,
                 author: people(), withAuthor: withAuthor, csrf: "c", returnTo: "/", pressed: "false", bookmarkLabel: "Save")
    }

    static var feed: FeedPageModel { FeedPageModel(
        csrf: "c", cardsHTML: "", count: "1 portfolio", summary: "1 portfolio", rate: slider, freeOn: "2027-06-12", freeToReuse: true, today: "2026-12-01",
        filtered: true, tagsValue: "svatba",
        sortNewest: true, sortRating: false, activeTags: [.init(label: "svatba", href: "/", filterTags: "")], clearURL: "/",
        emptyState: state, errorState: state, problems: ["Too many tags."], moreURL: "/?after=x", refreshURL: "/",
        isNextPage: true, maxTags: 5, demands: true, demandsOnly: false) }

    static var search: PeopleSearchPage { PeopleSearchPage(
        q: "v", byName: true, byLocation: false, searched: true, hasPeople: true, count: "1 person",
        people: [.init(username: "vojta", fullName: "Vojta", location: "Praha", initials: "V", isCreator: true, avatar: "a.webp",
                       shootURL: "/u/vojta/shoot")],
        emptyState: state, errorState: state) }

    static var errors: AccountFieldErrors {
        var problems: [RegistrationField: RegistrationProblem] = [:]
        for field in RegistrationField.allCases { problems[field] = .usernameTaken }
        return AccountFieldErrors(problems, table: TemplateModelTests.renderer.templates.table(for: .en))
    }

    static var registration: RegisterPage.Values { RegisterPage.Values(
        roleClient: false, roleCreator: true, username: "vojta", fullName: "Vojta", email: "v@example.cz", location: "Praha",
        bio: "Bio", yearsOfExperience: "8", hourlyRate: "1500", priceByAgreement: true) }

    static var profileEdit: ProfileEditPage { ProfileEditPage(
        csrf: "c", values: .init(fullName: "Vojta", email: "v@example.cz", location: "Praha", isCreator: true, wasClient: true,
                                 bio: "Bio", yearsOfExperience: "8", hourlyRate: "1500", priceByAgreement: true,
                                 avatarPhoto: "3", removesAvatar: true, sharesSeen: true),
        avatar: .init(src: "a.webp", color: "#000"), avatarFraming: framing, initials: "V", errors: errors, hasErrors: true,
        framingInvalid: true, rate: slider, accent: colourPlane, accentDefault: true,
        whoMayWrite: [.init(value: "everyone", label: "Anyone", checked: true)], licence: Shares.licenceSelect) }

    /// Every part of the contact block at once: a template that reads a name no model has fails.
    static var contact: PersonPage.Contact {
        PersonPage.Contact(.notAccepting(.creatorsOnly), table: TemplateModelTests.renderer.templates.table(for: .en))
    }

    static func report(choosing: Bool) -> ReportPages.Page {
        ReportPages.Page(
            csrf: "c", subject: choosing ? "" : "portfolio:1",
            preview: choosing ? nil : .init(kind: "Portfolio", title: "Svatby", detail: "@vojta", image: "/media/a.webp"),
            choices: choosing ? [.init(value: "message:1", author: "Jana", text: "Hi", time: "Today 10:00", checked: true)] : [],
            hasChoices: choosing, room: choosing ? 4 : nil,
            reasons: [.init(value: "spam", label: "Spam", checked: true)], details: "Details", detailsLimit: 1000,
            problem: "Choose what is wrong.", back: "/")
    }

    static var desk: ModerationPages.DeskPage {
        ModerationPages.DeskPage(csrf: "c", groups: [.init(
            subject: "message:1", kind: "Message", title: "@jana", link: "/u/jana", image: "/media/a.webp",
            context: [.init(author: "Jana", text: "Hi", time: "Today 10:00", isReported: true, isRemoved: false)], hasContext: true,
            versions: [.init(text: "Hello", replaced: "replaced Today 10:02")], hasVersions: true,
            reports: [.init(reason: "Spam", details: "Ads", reporter: "@eva", sent: "Today 10:01")], count: "1 report",
            canHidePortfolio: true, canHidePhoto: true, canRemoveMessage: true, canRemoveRating: true, person: "@jana",
            lengths: [.init(value: "7", label: "for 7 days")])],
            hasGroups: true, notice: "Dismissed.", problem: "Say why.")
    }

    static func person(isOwn: Bool) -> PersonPage {
        PersonPage(csrf: "c", isOwn: isOwn, person: people(),
                   rating: .init(canRate: true, signIn: true, given: true, stars: [.init(value: 1, pressed: true, filled: true, label: "Rate 1 star")]),
                   received: isOwn ? [.init(rater: "@jana", profile: "/u/jana", line: "★★★★☆ · not verified", reportURL: "/report?subject=rating:1")] : [],
                   hasReceived: isOwn,
                   contact: contact, canBlock: !isOwn, reportURL: isOwn ? nil : "/report?subject=profile:1", showsModeration: isOwn,
                   shootURL: isOwn ? nil : "/u/vojta/shoot", availability: Shoots.availability(editable: false),
                   portfolios: [row], hasPortfolios: true, feedURL: "/u/vojta/feed.atom", emptyState: state, notice: "Saved.", confirmationFailed: true)
    }

    static func portfolioPage(isOwn: Bool) -> PortfolioPage {
        PortfolioPage(
            portfolio: .init(name: "Svatby", description: "Popis", url: "/en/portfolios/1", path: "/portfolios/1",
                             author: .init(username: "vojta", fullName: "Vojta"), photoCount: "1 photo", hasTags: true,
                             tags: row.tags, isOwn: isOwn, shootURL: isOwn ? nil : "/u/vojta/shoot?portfolio=1",
                             frames: [.init(number: 1, photo: photo, film: nil, fullURL: "a.jpg", originalURL: "/photos/1/original",
                                            shot: ShotModel(camera: "Canon", lens: "50 mm", settings: "f/2", takenAt: "1 Jan 2020"),
                                            credit: .init(author: "Someone", licence: "CC BY", licenceURL: "https://example.org"),
                                            licence: .init(text: "Licence: CC BY 4.0", deedURL: "https://creativecommons.org/licenses/by/4.0/"),
                                            reportURL: isOwn ? nil : "/report?subject=photo:1"),
                                      .init(number: 2, photo: photo, film: film, fullURL: "a.mp4", originalURL: nil, shot: nil,
                                            credit: .init(author: "Someone", licence: "CC BY-SA", licenceURL: "https://example.org"),
                                            licence: .init(text: "© Vojta, all rights reserved", deedURL: nil),
                                            reportURL: isOwn ? nil : "/report?subject=photo:2")],
                             hasFilms: true),
            csrf: "c", justSaved: true, moderationNotice: "Hidden by an operator.",
            visibilityNotice: isOwn ? "Unlisted: only people with one of its links see this portfolio." : nil,
            linksURL: isOwn ? "/portfolios/1/links" : nil, bookmarkable: !isOwn,
            reportURL: isOwn ? nil : "/report?subject=portfolio:1", id: 1, returnTo: "/portfolios/1", pressed: "true", bookmarkLabel: "Remove")
    }

    static var film: FilmModel {
        FilmModel(mp4: "/media/a.mp4", webm: "/media/a.webm", storyboard: "/media/a.vtt", poster: "/media/a.jpg", width: 1280,
                  height: 720, alt: "Film", duration: "0:16", frameRate: "25/1", seek: slider, eager: true)
    }

    static var editor: PortfolioEditorPage {
        var problems: [PortfolioField: PortfolioProblem] = [:]
        for field in PortfolioField.allCases { problems[field] = .nameMissing }
        return PortfolioEditorPage(
            action: "/portfolios/1", isNew: false, csrf: "c", cancelURL: "/portfolios/1", deleteURL: "/portfolios/1/delete",
            values: .init(name: "Svatby", description: "Popis", tags: "svatba", hidesShotDetails: true),
            photos: [.init(id: "1", src: "a.webp", color: "#000", alt: "Alt", isCover: true, isFirst: true, isLast: true,
                           framing: framing, licence: Shares.licenceSelect),
                     .init(id: "2", src: "b.webp", color: "#000", alt: "Film", isCover: false, isFirst: false, isLast: true,
                           framing: nil, duration: "0:16", poster: slider, filmURL: "/media/a.mp4", licence: Shares.licenceSelect)],
            hasPhotos: true, errors: .init(problems, table: TemplateModelTests.renderer.templates.table(for: .en)), hasErrors: true,
            framingInvalid: true, uploadProblems: ["Too large."], maxTags: 5,
            visibility: [.init(value: "public", label: "Everyone", checked: false), .init(value: "unlisted", label: "With a link", checked: true)],
            licence: Shares.licenceSelect,
            newItem: .init(id: "{id}", src: "{src}", color: "{color}", alt: "", isCover: false, isFirst: false, isLast: false,
                           framing: nil, licence: Shares.licenceSelect))
    }
}
