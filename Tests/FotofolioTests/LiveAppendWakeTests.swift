import Foundation
import Synchronization
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite
import GRDB

/// Every write that appends to the live log wakes the log's commit observers on the node that
/// wrote, before the write returns, handing them the events it appended with their
/// recipients and, for a message, the message: the writer's own streams never wait for the safety poll, and no hub has to read
/// the log or the room for them, on either store. Each verb of the stores that appends is
/// taken once here, and so is a bare append in a transaction of no store's: the append itself
/// (SQLite's observed table, PostgreSQL's `PostgresLiveEventLog.append`) is what wakes, so no
/// verb can forget to.
@Suite struct LiveAppendWakeTests {
    final class Wakes: Sendable {
        let count = Atomic<Int>(0)
        let handed = Mutex<[AppendedLiveEvent]>([])
    }

    let shoots: ShootWorld
    let wakes = Wakes()
    let observation: any StoreObservation

    init() throws {
        shoots = try ShootWorld()
        observation = shoots.world.liveEvents.observeCommits(failed: { _ in }, changed: { [wakes] events in
            wakes.handed.withLock { $0 += events }
            wakes.count.add(1, ordering: .releasing)
        })
    }

    var world: TestDatabase { shoots.world }

    /// Takes `write`, which appends, and expects its commit heard by the time it returned,
    /// with the events it appended, each for the one person it names or its room's members.
    @discardableResult
    func expectWakes<T>(_ verb: String, _ write: () throws -> T) throws -> T {
        let sequence = try world.liveEvents.latestSequence()
        let heard = wakes.count.load(ordering: .acquiring)
        wakes.handed.withLock { $0.removeAll() }
        let value = try write()
        #expect(try world.liveEvents.latestSequence() > sequence, "\(verb) appends to the live log")
        #expect(wakes.count.load(ordering: .acquiring) > heard, "\(verb) wakes the writer's hub")
        let appended = try world.liveEvents.events(after: sequence, limit: 1_000)
        let expected = try appended.map { event in
            // A room that does not exist (the bare append's) has no members.
            let recipients = event.userId.map { [$0] } ?? (try? world.messenger.memberIds(of: event.roomId).sorted()) ?? []
            // A message event's message, as a member reads it.
            let message = try (event.kind == .message ? decoded(event.payload).data["id"] as? Int : nil).flatMap { id in
                try world.messenger.message(Int64(id), for: recipients[0])
            }
            return AppendedLiveEvent(event: event, recipients: recipients, message: message)
        }
        #expect(wakes.handed.withLock { $0 } == expected, "\(verb) hands over what it appended, with its recipients and message")
        return value
    }

    @Test func anAppendInATransactionOfItsOwnWakesTheWriter() throws {
        defer { observation.cancel() }
        try expectWakes("a bare append") { try world.appendLiveEvent(.room, roomId: 1, payload: "{}") }
        struct Undo: Error {}
        let heard = wakes.count.load(ordering: .acquiring)
        #expect(throws: Undo.self) { try world.appendLiveEvent(.room, roomId: 1, payload: "{}", thenFail: Undo()) }
        #expect(wakes.count.load(ordering: .acquiring) == heard, "a rolled-back append wakes nobody")
    }

    @Test func everyMessengerWriteThatAppendsWakesTheWriter() throws {
        defer { observation.cancel() }
        let messenger = world.messenger
        let (jana, eva, karel) = (shoots.jana, shoots.eva, shoots.karel)
        let room = try expectWakes("a new direct room") { try messenger.directRoom(between: jana, and: eva).id }
        let message = try expectWakes("a message") { try world.send("Dobrý den", in: room, by: jana) }
        try expectWakes("a read mark") { try messenger.markRead(room, by: eva, upTo: message.id) }
        let group = try expectWakes("a group") { try messenger.createGroup(named: "Svatba", by: jana, members: [eva]).id }
        try expectWakes("a rename") { try messenger.rename(group, to: "Svatba Nováků", by: jana) }
        try expectWakes("a member added") { try messenger.addMember(karel, to: group, by: jana) }
        try expectWakes("a member removed") { try messenger.removeMember(karel, from: group, by: jana) }
        let operatorId = try world.operatorAccount().id!
        try expectWakes("a message removed by an operator") {
            try world.moderation.apply(.removeMessage(message.id), reason: "Spam", by: operatorId)
        }
    }

    @Test func everyStepOfAShootWakesTheWriter() throws {
        defer { observation.cancel() }
        let request = try expectWakes("a request") { try shoots.request(from: shoots.jana, to: shoots.vojta) }
        let offer = try expectWakes("an offer") { try shoots.offer(on: request.id, by: shoots.vojta) }
        let booking = try expectWakes("an acceptance") { try shoots.accept(offer.id, by: shoots.jana) }
        try expectWakes("a cancellation") { try shoots.cancel(booking.id, by: shoots.jana) }
        let declined = try shoots.request(from: shoots.eva, to: shoots.petra)
        try expectWakes("a decline") { try shoots.decline(declined.id, by: shoots.petra) }
    }

    @Test func everyStepOfADemandWakesTheWriter() throws {
        defer { observation.cancel() }
        let vojta = try #require(try world.accounts.user(username: "vojtafoti"))
        try world.portfolio(of: vojta, tags: "svatba")
        let demands = Demands(stores: world.stores)
        let demand = try expectWakes("a demand its photographers hear of") {
            try demands.post(.valid(first: shoots.today.adding(days: 10)), uuid: UUID().uuidString, by: shoots.jana, at: shoots.now)
        }
        try expectWakes("an answer") {
            try demands.answer(demand.id, with: .valid(day: shoots.today.adding(days: 10), validUntil: shoots.today.adding(days: 5)),
                               uuid: UUID().uuidString, by: shoots.vojta, requestText: { _ in "Zakázka" }, offerText: { _ in "Nabídka" },
                               at: shoots.later(60))
        }
    }

    @Test func everyGalleryChangeThePhotographerHearsOfWakesTheWriter() throws {
        defer { observation.cancel() }
        let store = world.stores.galleries
        let photographer = try world.creator("lucie.foto")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let gallery = try store.create(photographerId: photographer.id!, clientId: shoots.jana, title: "Svatba", message: "",
                                       pickLimit: nil, token: SecretToken.make(), at: now)
        let ids = try (0..<2).map { _ in try world.storedPhoto(of: photographer) }
        try store.add(ids.enumerated().map { NewGalleryPhoto(photoId: $1, fileName: "DSC_\($0).JPG", previews: []) },
                      to: gallery.id, by: photographer.id!)
        try expectWakes("a pick") { try store.setPick(in: gallery.id, photoId: ids[0], picked: true, comment: "", at: now) }
        try expectWakes("a whole selection") { try store.replacePicks(in: gallery.id, with: [ids[1]: "Tahle"], at: now) }
        try expectWakes("a sending") { try store.submit(gallery.id, at: now) }
        try expectWakes("a delivery") { try store.deliver(gallery.id, by: photographer.id!, at: now) }
    }
}

/// On SQLite a commit's hand-over gives a `message` event the message its transaction
/// announced, as PostgreSQL's append notes it: not read again on the writer after the commit.
/// Nothing noted outlives its transaction, committed or rolled back.
@Suite(.enabled(if: TestStore.kind == .sqlite, "SQLite's own hand-over")) struct SQLiteHandOverTests {
    @Test func aMessageIsHandedOverAsItsTransactionAnnouncedItUnread() throws {
        let world = try TestDatabase()
        let (jana, vojta) = (try world.client().id!, try world.creator().id!)
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        let handed = Mutex<[AppendedLiveEvent]>([])
        let observation = world.stores.liveEvents.observeCommits(failed: { _ in }, changed: { events in
            handed.withLock { $0 += events }
        })
        defer { observation.cancel() }
        // Every statement the writer runs, in order.
        let statements = Mutex<[String]>([])
        try world.database.pool.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event { statements.withLock { $0.append(statement.sql) } }
            }
        }
        let sent = try world.messenger.send(MessageDraft(uuid: UUID().uuidString, content: "Ahoj @vojta"), in: room, by: jana).message
        let run = statements.withLock { $0 }
        let commit = try #require(run.lastIndex { $0.hasPrefix("COMMIT") })
        #expect(run[commit...].contains { $0.contains("FROM liveEvent") }, "the hand-over reads the events appended")
        #expect(!run[commit...].contains { $0.contains("FROM chatMessage") }, "but not the message: \(run[commit...])")
        #expect(handed.withLock { $0.map(\.message) } == [sent])
        #expect(try world.messenger.message(sent.id, for: vojta) == sent, "the message as a member reads it")
        #expect(try world.database.pool.writeWithoutTransaction { AnnouncedMessages.count(on: $0) } == 0)
    }

    @Test func aRolledBackAnnouncementLeavesNothingNoted() throws {
        let world = try TestDatabase()
        let (jana, vojta) = (try world.client().id!, try world.creator().id!)
        let room = try world.messenger.directRoom(between: jana, and: vojta).id
        struct Undo: Error {}
        #expect(throws: Undo.self) {
            try world.database.write { db in
                _ = try SQLiteMessengerStore.post("Zpět", uuid: UUID().uuidString, in: room, by: jana, linksInert: false, at: Date(), db)
                #expect(AnnouncedMessages.count(on: db) == 1)
                throw Undo()
            }
        }
        #expect(try world.database.pool.writeWithoutTransaction { AnnouncedMessages.count(on: $0) } == 0)
    }
}
