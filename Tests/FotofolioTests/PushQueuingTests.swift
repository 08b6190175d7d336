import Foundation
import Testing
@testable import Fotofolio

/// What a message, a read and a gallery's step queue for people's devices, in the
/// transaction that causes them, on both stores.
@Suite struct PushQueuingTests {
    let world: TestDatabase
    let jana: Int64, vojta: Int64, eva: Int64

    init() throws {
        world = try TestDatabase()
        (jana, vojta, eva) = (try world.client().id!, try world.creator().id!, try world.client("eva.n").id!)
    }

    /// Who each pending push goes to, by device endpoint, with its content.
    func pending() throws -> [(endpoint: String, content: PushContent)] {
        try world.queuedPushes().map { ($0.subscription.endpoint, $0.content) }
    }

    @Test func aDirectMessageQueuesOnePushPerDeviceOfTheOtherPersonAndNoneForItsAuthor() throws {
        let (phone, laptop) = (try world.device(of: vojta, "phone"), try world.device(of: vojta, "laptop"))
        try world.device(of: jana, "jana-phone")
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        let message = try world.send("Dobrý den, máte volno v sobotu?", in: room, by: jana)
        let queued = try world.queuedPushes()
        #expect(queued.map(\.subscription.id) == [phone.id, laptop.id])
        #expect(queued.allSatisfy { $0.recipientId == vojta && $0.content == .message(messageId: message.id, roomId: room) })
        #expect(queued.map(\.key) == ["m\(message.id):s\(phone.id)", "m\(message.id):s\(laptop.id)"])
        #expect(try world.push.counts() == PushCounts(waiting: 2, failed: 0))
    }

    @Test func nobodyWithoutADeviceGetsAPush() throws {
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        try world.send("Dobrý den", in: room, by: jana)
        #expect(try world.queuedPushes().isEmpty)
    }

    @Test func inAGroupOnlyAMentionPushesUnlessGroupsAreChosen() throws {
        try world.device(of: vojta, "vojta")
        try world.device(of: eva, "eva")
        let room = try world.messenger.createGroup(named: "Svatba", by: jana, members: [vojta, eva]).id
        try world.send("Ahoj všichni", in: room, by: jana)
        #expect(try world.queuedPushes().isEmpty)
        try world.send("@vojtafoti máš čas v sobotu?", in: room, by: jana)
        #expect(try pending().map(\.endpoint) == ["https://push.example.net/vojta"])
        var settings = MailSettings.default
        settings.groupMessages = true
        try world.mail.save(settings, of: eva)
        try world.send("Ještě jednou všichni", in: room, by: jana)
        #expect(try pending().map(\.endpoint).last == "https://push.example.net/eva")
    }

    @Test func noMailForMessagesStillPushesThem() throws {
        var settings = MailSettings.default
        settings.messages = .never
        try world.mail.save(settings, of: vojta)
        try world.device(of: vojta, "phone")
        try world.send("Dobrý den", toDevicesOf: vojta, from: jana)
        #expect(try world.queuedPushes().count == 1)
        #expect(try world.queuedMails().isEmpty)
    }

    @Test func aReadSkipsTheRoomsWaitingPushesAndClosesItOnEachDeviceThatWasSentOne() throws {
        let (phone, laptop) = (try world.device(of: vojta, "phone"), try world.device(of: vojta, "laptop"))
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        let first = try world.send("Dobrý den", in: room, by: jana)
        // The phone was sent its push; the laptop's still waits.
        let toPhone = try #require(try world.queuedPushes().first { $0.subscription.id == phone.id })
        try world.push.markSent(toPhone.id, at: Date())
        let second = try world.send("Máte volno?", in: room, by: jana)
        #expect(try world.messenger.markRead(room, by: vojta, upTo: first.id))
        // Up to the first message: the second's pushes still wait.
        #expect(try pending().map(\.content) == [.message(messageId: second.id, roomId: room), .message(messageId: second.id, roomId: room),
                                                 .read(roomId: room)])
        #expect(try pending().last?.endpoint == phone.endpoint)
        #expect(try world.messenger.markRead(room, by: vojta, upTo: second.id))
        // Nothing of the second went out, and the phone was closed already: nothing more to close.
        #expect(try pending().map(\.content) == [.read(roomId: room)])
        #expect(laptop.id != phone.id)
    }

    @Test func aDeviceSentAgainAfterAClosingPushIsClosedAgain() throws {
        let phone = try world.device(of: vojta, "phone")
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        for round in 0..<2 {
            let message = try world.send("Zpráva \(round)", in: room, by: jana)
            let queued = try #require(try world.queuedPushes().first { $0.content == .message(messageId: message.id, roomId: room) })
            try world.push.markSent(queued.id, at: Date())
            #expect(try world.messenger.markRead(room, by: vojta, upTo: message.id))
            let close = try #require(try world.queuedPushes().last)
            #expect(close.content == .read(roomId: room) && close.subscription.id == phone.id)
            try world.push.markSent(close.id, at: Date())
        }
        #expect(try world.queuedPushes().isEmpty)
    }

    @Test func aPushReadWhileItWasBeingSentIsSentAndThenClosed() throws {
        let phone = try world.device(of: vojta, "phone")
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        let message = try world.send("Dobrý den", in: room, by: jana)
        // Taken by the sender; the person reads on another device before the service answers.
        let taken = try #require(try world.push.due(at: Date(), limit: 10).first)
        #expect(try world.messenger.markRead(room, by: vojta, upTo: message.id))
        try world.push.markSent(taken.id, at: Date())
        let close = try #require(try world.queuedPushes().last)
        #expect(close.content == .read(roomId: room) && close.subscription.id == phone.id)
        #expect(close.key == PushRules.readKey(room: room, upTo: message.id, subscription: phone.id))
    }

    @Test func aNewDemandPushesToTheDevicesOfThePhotographersItMatchesUnlessShootsAreTurnedOff() throws {
        let (phone, laptop) = (try world.device(of: vojta, "phone"), try world.device(of: vojta, "laptop"))
        try world.device(of: eva, "eva")
        let petra = try world.creator("petra.foto")
        try world.device(of: petra.id!, "petra")
        for author in [try #require(try world.stores.accounts.user(id: vojta)), petra] {
            try world.portfolio(of: author, tags: author.id == vojta ? "svatba" : "krajina")
        }
        let demands = Demands(stores: world.stores)
        let first = CalendarDay(Date()).adding(days: 10)
        let demand = try demands.post(.valid(first: first), uuid: UUID().uuidString, by: jana)
        let queued = try world.queuedPushes()
        #expect(queued.map(\.subscription.id) == [phone.id, laptop.id], "Vojta's devices: a wedding in his town; not Petra, nor Eva")
        #expect(queued.allSatisfy { $0.content == .demand(demandId: demand.id) && $0.recipientId == vojta })
        #expect(queued.map(\.key) == ["d\(demand.id):s\(phone.id)", "d\(demand.id):s\(laptop.id)"])
        #expect(PushRules.tag(of: .demand(demandId: demand.id)) == "demand-\(demand.id)")
        var settings = MailSettings.default
        settings.shoots = false
        try world.mail.save(settings, of: vojta)
        try demands.post(.valid(first: first), uuid: UUID().uuidString, by: eva)
        #expect(try world.queuedPushes().count == 2, "shoots turned off: no push")
    }

    @Test func galleryStepsPushToTheirRecipientUnlessGalleriesAreTurnedOff() throws {
        let (clientPhone, photographerPhone) = (try world.device(of: jana, "jana"), try world.device(of: vojta, "vojta"))
        let store = world.stores.galleries
        let gallery = try store.create(photographerId: vojta, clientId: jana, title: "Svatba", message: "", pickLimit: nil,
                                       token: SecretToken.make(), at: Date())
        let photographer = try #require(try world.stores.accounts.user(id: vojta))
        let photo = try world.storedPhoto(of: photographer)
        try store.add([NewGalleryPhoto(photoId: photo, fileName: "DSC_1.JPG", previews: [])], to: gallery.id, by: vojta)
        _ = try store.setPick(in: gallery.id, photoId: photo, picked: true, comment: "", at: Date())
        try store.submit(gallery.id, at: Date())
        try store.deliver(gallery.id, by: vojta, at: Date())
        #expect(try world.queuedPushes().map { "\($0.subscription.id) \($0.content)" } == [
            "\(clientPhone.id) \(PushContent.gallery(galleryId: gallery.id, event: .ready))",
            "\(photographerPhone.id) \(PushContent.gallery(galleryId: gallery.id, event: .picksSent))",
            "\(clientPhone.id) \(PushContent.gallery(galleryId: gallery.id, event: .delivered))",
        ])
        var settings = MailSettings.default
        settings.galleries = false
        try world.mail.save(settings, of: jana)
        let other = try store.create(photographerId: vojta, clientId: jana, title: "Portrét", message: "", pickLimit: nil,
                                     token: SecretToken.make(), at: Date())
        try store.add([NewGalleryPhoto(photoId: try world.storedPhoto(of: photographer), fileName: "DSC_2.JPG", previews: [])],
                      to: other.id, by: vojta)
        #expect(try world.queuedPushes().count == 3)
    }
}

/// Who a new message tells is one rule for mail and push.
@Suite struct MessageNoticeRuleTests {
    @Test func aShootStepFollowsTheShootsSwitchAndAMessageTheRoomAndMentions() {
        var settings = MailSettings.default
        #expect(MessageMail.shoot.tells(roomIsDirect: false, mentioned: false, settings: settings))
        #expect(MessageMail.missed.tells(roomIsDirect: true, mentioned: false, settings: settings))
        #expect(MessageMail.missed.tells(roomIsDirect: false, mentioned: true, settings: settings))
        #expect(MessageMail.missed.tells(roomIsDirect: false, mentioned: false, settings: settings) == false)
        settings.shoots = false
        settings.messages = .never
        #expect(MessageMail.shoot.tells(roomIsDirect: true, mentioned: false, settings: settings) == false)
        #expect(PushRules.pushes(.shoot, roomIsDirect: true, mentioned: false, settings: settings) == false)
        #expect(PushRules.pushes(.missed, roomIsDirect: true, mentioned: false, settings: settings))
        #expect(MailRules.mail(for: 1, .shoot, to: 2, address: "a@b.cz", roomIsDirect: true, mentioned: false, settings: settings,
                               at: Date()) == nil)
    }
}
