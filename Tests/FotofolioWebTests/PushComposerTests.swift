import Foundation
import Fotofolio
import Testing
@testable import FotofolioWeb

/// The words of a push (`PushComposer`), as the recipient reads them when it goes.
@Suite struct PushComposerTests {
    static func queued(_ content: PushContent, to recipientId: Int64) -> QueuedPush {
        let device = PushSubscription(id: 1, userId: recipientId, endpoint: "https://push.example.net/x", p256dh: PushPagesTests.p256dh,
                                      auth: PushPagesTests.auth, userAgent: "", createdAt: Date(), lastUsedAt: nil)
        return QueuedPush(id: 1, key: "k", recipientId: recipientId, subscription: device, content: content, createdAt: Date(), attempts: 0)
    }

    static func speaks(_ language: String, _ username: String, on server: WebTestServer) throws {
        let preferences = MailPreferences(stores: .sqlite(server.database))
        var settings = try preferences.settings(of: try server.userId(username))
        settings.language = language
        try preferences.save(settings, of: try server.userId(username))
    }

    @Test func aMessageSaysWhoWroteItsFirstLineAndOpensTheConversation() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let messenger = MessengerService(stores: .sqlite(server.database))
        let sent = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "\n  Máš čas v sobotu?  \nDruhý řádek"),
                                      in: room, by: try server.userId("vojtafoti")).message
        let composer = PushComposer(site: try WebTestServer.site.get(), stores: .sqlite(server.database))
        let payload = try #require(try composer.compose(Self.queued(.message(messageId: sent.id, roomId: room), to: try server.userId("jana.k"))))
        #expect(payload == PushPayload(title: sent.author.name, body: "Máš čas v sobotu?", url: "/messages/\(room)", tag: "room-\(room)"))
    }

    @Test func aMessageReadOrRemovedMeanwhileSaysNothing() async throws {
        let server = try WebTestServer()
        try server.seedDiscovery([])
        let room = try server.directRoom("jana.k", "vojtafoti")
        let messenger = MessengerService(stores: .sqlite(server.database))
        let jana = try server.userId("jana.k")
        let sent = try messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Ahoj"), in: room, by: try server.userId("vojtafoti")).message
        let composer = PushComposer(site: try WebTestServer.site.get(), stores: .sqlite(server.database))
        #expect(try composer.compose(Self.queued(.message(messageId: sent.id, roomId: room), to: jana)) != nil)
        _ = try messenger.markRead(room, by: jana, upTo: sent.id)
        #expect(try composer.compose(Self.queued(.message(messageId: sent.id, roomId: room), to: jana)) == nil)
        #expect(try composer.compose(Self.queued(.message(messageId: 999_999, roomId: room), to: jana)) == nil)
    }

    @Test func aNewDemandSaysWhatIsAskedUntilThePhotographerAnswersIt() async throws {
        let (server, demand) = try await DemandPagesTests.posted()
        let composer = PushComposer(site: try WebTestServer.site.get(), stores: .sqlite(server.database))
        let vojta = try server.userId("vojtafoti")
        let payload = try #require(try composer.compose(Self.queued(.demand(demandId: demand), to: vojta)))
        #expect(payload.title == "Nová zakázka pro vás: svatba, Praha" && payload.url == "/demands/\(demand)" && payload.tag == "demand-\(demand)")
        #expect(!payload.body.contains("Jana"), "the client is not named")
        // Someone it is not open to, and the photographer once they answered: nothing.
        #expect(try composer.compose(Self.queued(.demand(demandId: demand), to: try server.userId("eva.s"))) == nil)
        try await server.cookies(of: "vojtafoti")
        #expect(try await server.submit("/demands/\(demand)/offer", ShootPagesTests.offerFields(day: DemandPagesTests.firstDay)).status == 303)
        #expect(try composer.compose(Self.queued(.demand(demandId: demand), to: vojta)) == nil)
    }

    @Test func aReadClosesTheConversationsNotification() throws {
        let server = try WebTestServer()
        let composer = PushComposer(site: try WebTestServer.site.get(), stores: .sqlite(server.database))
        #expect(try composer.compose(Self.queued(.read(roomId: 12), to: 1))
            == PushPayload(title: "", body: "", url: "/messages/12", tag: "room-12", close: true))
    }

    @Test func aGallerysNewsIsToldInTheRecipientsLanguage() async throws {
        let scene = try await GalleryScene.make(title: "Svatba Novákových")
        let composer = PushComposer(site: try WebTestServer.site.get(), stores: .sqlite(scene.server.database))
        let jana = try scene.server.userId("jana.k")
        try Self.speaks("en", "jana.k", on: scene.server)
        let english = try #require(try composer.compose(Self.queued(.gallery(galleryId: scene.id, event: .ready), to: jana)))
        #expect(english.title == "Your photos are ready to pick: Svatba Novákových")
        #expect(english.url == "/g/\(scene.token)" && english.tag == "gallery-\(scene.id)" && !english.close)
        try Self.speaks("cs", "jana.k", on: scene.server)
        let czech = try #require(try composer.compose(Self.queued(.gallery(galleryId: scene.id, event: .ready), to: jana)))
        #expect(czech.title != english.title && czech.title.contains("Svatba Novákových"))
        let picks = try #require(try composer.compose(Self.queued(.gallery(galleryId: scene.id, event: .picksSent), to: try scene.server.userId("vojta.test"))))
        #expect(picks.url == "/galleries/\(scene.id)")
    }

    @Test func theFirstLineIsCutBetweenScalarsWithinTheByteLimit() {
        #expect(PushComposer.firstLine(of: "krátká", bytes: 200) == "krátká")
        let long = String(repeating: "ř", count: 150) // 300 bytes
        let cut = PushComposer.firstLine(of: long, bytes: 200)
        #expect(cut.utf8.count <= 200 && cut.hasSuffix("…") && cut.dropLast().allSatisfy { $0 == "ř" })
        let emoji = String(repeating: "a", count: 195) + "👍🏽👍🏽"
        #expect(PushComposer.firstLine(of: emoji, bytes: 200).utf8.count <= 200)
        #expect(PushComposer.firstLine(of: "\n\n  \nsecond", bytes: 200) == "second")
    }

    @Test func aDeviceIsNamedByItsBrowserAndSystem() {
        #expect(DeviceName.of(userAgent: PushPagesTests.firefoxOnAndroid) == "Firefox · Android")
        #expect(DeviceName.of(userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")
            == "Chrome · Linux")
        #expect(DeviceName.of(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
            == "Safari · iPhone")
        #expect(DeviceName.of(userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")
            == "Edge · Windows")
        #expect(DeviceName.of(userAgent: "curl/8.5") == nil)
    }
}
