import Foundation
import FotofolioPostgres
import GRDB
import Logging
import Synchronization
import Testing
import WebPush
@testable import Fotofolio

extension TestDatabase {
    /// What became of each push, by key: its state, and the reason it was skipped.
    func pushStates() throws -> [String: String] {
        let rows: [(String, String, String?)]
        if let postgres {
            rows = try postgres.withConnection { connection in
                try connection.query("SELECT key, state, reason FROM push").map { (try $0.decode(0), try $0.decode(1), try $0.decodeIfPresent(2)) }
            }
        } else {
            rows = try database.pool.read { db in
                try Row.fetchAll(db, sql: "SELECT key, state, reason FROM push").map { ($0[0], $0[1], $0[2]) }
            }
        }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.0, [$0.1, $0.2].compactMap { $0 }.joined(separator: " ")) })
    }
}

/// Words for tests: the push's key as its body, so each push the service took names itself.
struct KeyComposer: PushComposing {
    var nothingToSay = false

    func compose(_ push: QueuedPush) throws -> PushPayload? {
        if nothingToSay { return nil }
        if case .read = push.content { return PushPayload(title: "", body: "", url: "/", tag: PushRules.tag(of: push.content), close: true) }
        return PushPayload(title: "Nová zpráva", body: push.key, url: "/messages", tag: PushRules.tag(of: push.content))
    }
}

/// The push outbox sent to a real push service on loopback, which decrypts and checks
/// every push: the ladder's live step, gone devices, backoff, and nothing sent twice.
@Suite struct PushSenderTests {
    let world: TestDatabase
    let service: LoopbackPushService
    let jana: Int64, vojta: Int64, room: Int64
    let key = VAPIDKey()
    /// A whole second, so dates read back (to the millisecond) equal those given.
    let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down))

    init() throws {
        world = try TestDatabase()
        service = try LoopbackPushService()
        (jana, vojta) = (try world.client().id!, try world.creator().id!)
        room = try world.messenger.directRoom(between: jana, and: vojta).id
    }

    var policy: PushEndpointPolicy { PushEndpointPolicy(allowedOrigins: [service.origin]) }

    func sender(_ stores: Stores? = nil, composer: KeyComposer = KeyComposer()) -> PushSender {
        PushSender(stores: stores ?? world.stores, composer: composer, transport: PushTransport(), policy: policy, key: key,
                   subject: "mailto:provoz@fotofolio.test", logger: Logger(label: "test"))
    }

    /// Vojta's device `name`, subscribed through the service the settings page uses.
    @discardableResult
    func device(_ name: String) throws -> PushSubscription {
        let device = try service.device(name)
        return try PushSubscriptions(stores: world.stores, policy: policy)
            .subscribe(NewPushSubscription(endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, userAgent: "Firefox"),
                       for: vojta, at: now)
    }

    @Test func somebodyWithALiveTabIsToldByItAndGetsNoPush() throws {
        try device("phone")
        let message = try world.send("Dobrý den", in: room, by: jana, at: now)
        try world.push.setPresent([vojta], node: "other-node", at: now)
        #expect(sender().sendDue(at: now) == 1)
        #expect(try service.taken().isEmpty)
        #expect(try world.pushStates().values.sorted() == ["skipped live"])
        #expect(try world.pushStates().keys.first?.hasPrefix("m\(message.id):") == true)
    }

    @Test func somebodyWithoutOneGetsExactlyOnePushTheServiceDecrypts() throws {
        let phone = try device("phone")
        let message = try world.send("Dobrý den", in: room, by: jana, at: now)
        let sender = sender()
        #expect(sender.sendDue(at: now) == 1)
        #expect(sender.sendDue(at: now.addingTimeInterval(3600)) == 0)
        let taken = try service.taken()
        #expect(taken.count == 1)
        let push = try #require(taken.first)
        let payload = try JSONDecoder().decode(PushPayload.self, from: Data(push.payload.utf8))
        #expect(payload == PushPayload(title: "Nová zpráva", body: "m\(message.id):s\(phone.id)", url: "/messages", tag: "room-\(room)"))
        #expect(push.headers.ttl == PushRules.ttl && push.headers.urgency == "high")
        #expect(push.headers.topic == PushTopic.make("room-\(room)"))
        #expect(push.vapid.sub == "mailto:provoz@fotofolio.test" && push.vapid.aud == service.origin)
        #expect(try world.push.subscriptions(of: vojta).first?.lastUsedAt == now)
        #expect(try world.push.counts() == PushCounts(waiting: 0, failed: 0))
    }

    @Test func nothingLeftToSayIsSkippedUnsent() throws {
        try device("phone")
        try world.send("Dobrý den", in: room, by: jana, at: now)
        #expect(sender(composer: KeyComposer(nothingToSay: true)).sendDue(at: now) == 1)
        #expect(try service.taken().isEmpty)
        #expect(try world.pushStates().values.sorted() == ["skipped read"])
    }

    @Test func aReadClosesTheNotificationOfTheDeviceThatShowedIt() throws {
        try device("phone")
        let message = try world.send("Dobrý den", in: room, by: jana, at: now)
        sender().sendDue(at: now)
        // Vojta reads in an open tab: the close goes to the phone even though he is live.
        try world.push.setPresent([vojta], node: "other-node", at: now)
        #expect(try world.messenger.markRead(room, by: vojta, upTo: message.id, at: now))
        #expect(sender().sendDue(at: now) == 1)
        let close = try #require(try service.taken().last)
        #expect(try JSONDecoder().decode(PushPayload.self, from: Data(close.payload.utf8)).close)
        #expect(close.headers.urgency == "low" && close.headers.topic == PushTopic.make("room-\(room)"))
    }

    @Test func aDeviceThePushServiceCallsGoneIsRemovedWithWhatWaitsForIt() throws {
        try device("phone")
        let laptop = try device("laptop")
        try service.answer("phone", 410)
        try world.send("Dobrý den", in: room, by: jana, at: now)
        #expect(sender().sendDue(at: now) == 2)
        #expect(try world.push.subscriptions(of: vojta).map(\.id) == [laptop.id])
        #expect(try service.taken().count == 1)
    }

    @Test func aBusyServiceIsTriedAgainLaterBackingOffAndHonouringRetryAfter() throws {
        try device("phone")
        try service.answer("phone", 503)
        try world.send("Dobrý den", in: room, by: jana, at: now)
        let sender = sender()
        #expect(sender.sendDue(at: now) == 1)
        #expect(try world.push.counts() == PushCounts(waiting: 1, failed: 0))
        #expect(sender.sendDue(at: now.addingTimeInterval(4)) == 0)
        try service.answer("phone", 429, "Retry-After: 60")
        #expect(sender.sendDue(at: now.addingTimeInterval(5)) == 1)
        // Its own backoff would be 10 s; the service asked for a minute.
        #expect(sender.sendDue(at: now.addingTimeInterval(64)) == 0)
        try service.answer("phone", nil)
        #expect(sender.sendDue(at: now.addingTimeInterval(65)) == 1)
        #expect(try service.taken().count == 1)
        #expect(try world.pushStates().values.sorted() == ["sent"])
    }

    @Test func aPushNotTakenWithinADayIsGivenUp() throws {
        try device("phone")
        try service.answer("phone", 503)
        try world.send("Dobrý den", in: room, by: jana, at: now)
        let sender = sender()
        var date = now
        while try world.push.counts().waiting > 0, date < now.addingTimeInterval(2 * 86_400) {
            sender.sendDue(at: date)
            date = date.addingTimeInterval(PushRules.longestRetry)
        }
        #expect(try world.push.counts() == PushCounts(waiting: 0, failed: 1))
        #expect(date <= now.addingTimeInterval(PushRules.givingUpAfter + 2 * PushRules.longestRetry))
    }

    @Test func anEndpointNoLongerAllowedFailsAndIsRemoved() throws {
        // Stored while the operator allowed it; not a public host on port 443.
        let device = try service.device("phone")
        try world.push.add(NewPushSubscription(endpoint: "https://127.0.0.1/push/phone", p256dh: device.p256dh, auth: device.auth,
                                               userAgent: "Firefox"), for: vojta, at: now)
        try world.send("Dobrý den", in: room, by: jana, at: now)
        #expect(sender().sendDue(at: now) == 1)
        #expect(try world.push.subscriptions(of: vojta).isEmpty)
        #expect(try service.taken().isEmpty)
    }

    @Test func aProcessKilledAfterTheServiceTookAPushSendsAtMostThatOneAgain() throws {
        try device("phone")
        let first = try world.send("Dobrý den", in: room, by: jana, at: now)
        let second = try world.send("Máte volno?", in: room, by: jana, at: now)
        #expect(sender().sendDue(at: now) == 2)
        // The kill: the service took the second, its row was never marked sent.
        try world.unmarkSent(try #require(try world.pushStates().keys.first { $0.hasPrefix("m\(second.id):") }),
                             claimedUntil: now.addingTimeInterval(120))
        let restarted = sender(try world.reopened(publisher: "restarted"))
        // Another node waits out the dead one's lease (PostgreSQL); a restarted SQLite process sends at once.
        #expect(restarted.sendDue(at: now.addingTimeInterval(60)) == (TestStore.kind == .postgres ? 0 : 1))
        restarted.sendDue(at: now.addingTimeInterval(121))
        let bodies = try service.taken().map { try JSONDecoder().decode(PushPayload.self, from: Data($0.payload.utf8)).body }
        #expect(bodies.filter { $0.hasPrefix("m\(first.id):") }.count == 1)
        #expect(bodies.filter { $0.hasPrefix("m\(second.id):") }.count == 2)
        #expect(try world.pushStates().values.sorted() == ["sent", "sent"])
    }

    @Test(.enabled(if: TestStore.kind == .postgres, "two nodes share one PostgreSQL database"))
    func twoNodesNeverSendOnePushTwice() throws {
        for name in ["a", "b", "c"] { try device(name) }
        for round in 0..<10 { try world.send("Zpráva \(round)", in: room, by: jana, at: now) }
        let nodes = [sender(try world.reopened(publisher: "node-a")), sender(try world.reopened(publisher: "node-b"))]
        let date = now
        let handled = try onThreads(2) { nodes[$0].sendDue(at: date) }
        #expect(handled.reduce(0, +) == 30)
        let bodies = try service.taken().map { try JSONDecoder().decode(PushPayload.self, from: Data($0.payload.utf8)).body }
        #expect(bodies.count == 30 && Set(bodies).count == 30)
    }
}

extension TestDatabase {
    /// The push's row as a process killed between the push service's answer and `markSent`
    /// leaves it: pending, and on PostgreSQL claimed by that process for its lease.
    func unmarkSent(_ key: String, claimedUntil: Date) throws {
        if let postgres {
            try postgres.withConnection { connection in
                try connection.query("""
                    UPDATE push SET state = 'pending', sent_at = NULL, attempts = 0, claimed_by = 'killed', claimed_until = $2
                    WHERE key = $1
                    """, [key, claimedUntil])
            }
        } else {
            try database.pool.write { db in
                try db.execute(sql: "UPDATE push SET state = 'pending', sentAt = NULL, attempts = 0 WHERE key = ?", arguments: [key])
            }
        }
    }
}
