import Foundation
import Synchronization
import Testing
import WebPush
@testable import Fotofolio

extension TestDatabase {
    var push: any PushStore { stores.push }

    /// A device of the person's: an endpoint of its own, keys that need not be real here.
    @discardableResult
    func device(of userId: Int64, _ name: String, at date: Date = Date(), userAgent: String = "Firefox") throws -> PushSubscription {
        try push.add(NewPushSubscription(endpoint: "https://push.example.net/\(name)", p256dh: "BP-\(name)", auth: "au-\(name)",
                                         userAgent: userAgent), for: userId, at: date)
    }

    /// Every pending push, due or not, oldest first.
    func queuedPushes() throws -> [QueuedPush] {
        try push.due(at: Date().addingTimeInterval(400 * 24 * 3600), limit: 1000).sorted { $0.id < $1.id }
    }
}

/// A person's devices: added, replaced, listed, removed, at most twenty; the site's key.
@Suite struct PushSubscriptionStoreTests {
    let world: TestDatabase
    let jana: Int64, vojta: Int64
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        world = try TestDatabase()
        (jana, vojta) = (try world.client().id!, try world.creator().id!)
    }

    @Test func devicesAreListedNewestFirstAndRemovedOnlyByTheirOwner() throws {
        let phone = try world.device(of: jana, "phone", at: now)
        let laptop = try world.device(of: jana, "laptop", at: now.addingTimeInterval(60))
        #expect(try world.push.subscriptions(of: jana).map(\.id) == [laptop.id, phone.id])
        #expect(phone.endpoint == "https://push.example.net/phone" && phone.createdAt == now && phone.lastUsedAt == nil)
        #expect(try world.push.remove(phone.id, of: vojta) == false)
        #expect(try world.push.remove(phone.id, of: jana))
        #expect(try world.push.remove(phone.id, of: jana) == false)
        #expect(try world.push.subscriptions(of: jana).map(\.id) == [laptop.id])
    }

    @Test func theSameEndpointReplacesItsKeysAndMovesToWhoeverSubscribedLast() throws {
        let first = try world.device(of: jana, "shared", at: now)
        let renewed = try world.push.add(NewPushSubscription(endpoint: first.endpoint, p256dh: "BP-new", auth: "au-new", userAgent: "Firefox"),
                                         for: jana, at: now.addingTimeInterval(60))
        #expect(renewed.id == first.id && renewed.p256dh == "BP-new" && renewed.auth == "au-new")
        #expect(try world.push.subscriptions(of: jana).count == 1)
        let moved = try world.push.add(NewPushSubscription(endpoint: first.endpoint, p256dh: "BP-v", auth: "au-v", userAgent: "Chrome"),
                                       for: vojta, at: now.addingTimeInterval(120))
        #expect(moved.userId == vojta)
        #expect(try world.push.subscriptions(of: jana).isEmpty)
        #expect(try world.push.subscriptions(of: vojta).map(\.endpoint) == [first.endpoint])
    }

    @Test func aTwentyFirstDeviceRemovesTheLeastRecentlyUsed() throws {
        let devices = try (0..<20).map { try world.device(of: jana, "d\($0)", at: now.addingTimeInterval(Double($0))) }
        // The oldest was used lately: the second oldest is now the least recently used.
        try world.send("Dobrý den", toDevicesOf: jana, from: vojta)
        let used = try #require(try world.queuedPushes().first { $0.subscription.id == devices[0].id })
        try world.push.markSent(used.id, at: now.addingTimeInterval(100))
        try world.device(of: jana, "d20", at: now.addingTimeInterval(200))
        let kept = Set(try world.push.subscriptions(of: jana).map(\.endpoint))
        #expect(kept.count == PushRules.subscriptionsPerPerson)
        #expect(kept.contains(devices[0].endpoint) && !kept.contains(devices[1].endpoint))
        #expect(kept.contains("https://push.example.net/d20"))
        #expect(try world.push.subscriptions(of: jana).first { $0.id == devices[0].id }?.lastUsedAt == now.addingTimeInterval(100))
    }

    @Test func aLongUserAgentIsKeptToThreeHundredBytesOnAScalarBoundary() throws {
        let device = try world.device(of: jana, "long", userAgent: String(repeating: "a", count: 299) + "žluťoučký kůň")
        #expect(device.userAgent == String(repeating: "a", count: 299))
        #expect(try world.push.subscriptions(of: jana).first?.userAgent.utf8.count == 299)
    }

    @Test func theKeyIsMadeOnceAndEveryNodeReadsTheSame() throws {
        let made = Mutex(0)
        let first = try world.push.vapidKey { made.withLock { $0 += 1 }; return Array(repeating: 1, count: 32) }
        let other = try world.reopened().push.vapidKey { made.withLock { $0 += 1 }; return Array(repeating: 2, count: 32) }
        #expect(first == Array(repeating: 1, count: 32))
        #expect(other == first)
        #expect(made.withLock { $0 } == 1)
    }
}

extension TestDatabase {
    /// A direct message from `authorId` to `userId`, so their devices get a push each.
    func send(_ content: String, toDevicesOf userId: Int64, from authorId: Int64) throws {
        let room = try messenger.directRoom(between: authorId, and: userId).id
        try send(content, in: room, by: authorId)
    }
}

/// What the settings page's subscribe refuses before anything is stored.
@Suite struct PushSubscribingTests {
    let world: TestDatabase
    let jana: Int64
    /// RFC 8291 Appendix A's user agent keys: a point on the curve and a 16-byte secret.
    let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    let auth = "BTBZMqHH6r4Tts7J_aSIgg"

    init() throws {
        world = try TestDatabase()
        jana = try world.client().id!
    }

    /// Endpoints on push.example.net resolve to `address`, without asking the network.
    func subscriptions(resolvingTo address: String) -> PushSubscriptions {
        PushSubscriptions(stores: world.stores, policy: PushEndpointPolicy(allowedOrigins: [], resolve: { _ in [address] }))
    }

    func refusal(_ endpoint: String, p256dh: String? = nil, auth: String? = nil, resolvingTo address: String = "93.184.216.34") -> PushRefusal? {
        let new = NewPushSubscription(endpoint: endpoint, p256dh: p256dh ?? self.p256dh, auth: auth ?? self.auth, userAgent: "Firefox")
        do {
            _ = try subscriptions(resolvingTo: address).subscribe(new, for: jana, at: Date())
            return nil
        } catch {
            return error as? PushRefusal
        }
    }

    @Test func badKeysAndEndpointsThatAreNotPublicAreRefusedAndNothingIsStored() throws {
        #expect(refusal("https://push.example.net/a", p256dh: "not base64!") == .keyNotBase64URL)
        #expect(refusal("https://push.example.net/a", auth: "c2hvcnQ") == .keyLength)
        #expect(refusal("http://push.example.net/a") == .endpointNotHTTPS)
        #expect(refusal("https://push.example.net/a", resolvingTo: "10.0.0.7") == .endpointHostNotPublic)
        #expect(try world.push.subscriptions(of: jana).isEmpty)
        #expect(refusal("https://push.example.net/a") == nil)
        #expect(try world.push.subscriptions(of: jana).map(\.endpoint) == ["https://push.example.net/a"])
    }
}
