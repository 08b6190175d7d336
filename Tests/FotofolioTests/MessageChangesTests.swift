import Foundation
import Testing
@testable import Fotofolio

/// Editing, deleting and reacting to messages, through the service and on both stores: each
/// tells the room the message changed, none raises an unread count, mails or pushes, and a
/// deleted text is nowhere but in the versions kept for moderation.
@Suite struct MessageChangesTests {
    let world: TestDatabase
    let jana: Int64, vojta: Int64
    let room: Int64
    let sent = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        world = try TestDatabase()
        (jana, vojta) = (try world.client().id!, try world.creator().id!)
        room = try world.messenger.directRoom(between: jana, and: vojta, at: sent).id
    }

    /// Everything that would reach someone: unread counts, mails and pushes queued.
    func reach() throws -> (unread: Int, mails: Int, pushes: Int) {
        (try world.messenger.unreadTotal(for: vojta), try world.mail.recent(limit: 1000).count, try world.queuedPushes().count)
    }

    @Test func anEditReplacesTheTextKeepsTheEarlierOneAndIsAnnouncedAsChanged() throws {
        let message = try world.send("Sraz v 17:00", in: room, by: jana, at: sent)
        let after = try world.liveEvents.latestSequence()
        let edited = try world.messenger.edit(message.id, in: room, to: "Sraz v 17:30", by: jana, at: sent.addingTimeInterval(120))

        #expect(edited.content == "Sraz v 17:30")
        #expect(edited.editedAt != nil)
        #expect(try world.messenger.history(of: room, for: vojta).map(\.content) == ["Sraz v 17:30"])
        #expect(try world.messenger.versions(of: message.id).map(\.content) == ["Sraz v 17:00"])
        let events = try world.liveEvents.events(after: after, limit: 10)
        #expect(events.count == 1)
        let data = try decoded(events[0].payload).data
        #expect(data["changed"] as? Bool == true && data["content"] as? String == "Sraz v 17:30" && data["editedAt"] != nil)
        #expect(try world.outbox.pending(after: 0, limit: 100).last?.payload == events[0].payload)
    }

    @Test func editsDeletionsAndReactionsRaiseNoUnreadCountAndQueueNoMailOrPush() throws {
        try world.device(of: vojta, "phone")
        let message = try world.send("Dobrý den", in: room, by: jana, at: sent)
        let before = try reach()
        #expect(before.unread == 1)
        _ = try world.messenger.edit(message.id, in: room, to: "Dobrý večer", by: jana, at: sent.addingTimeInterval(60))
        _ = try world.messenger.react(.heart, to: message.id, in: room, by: jana, at: sent.addingTimeInterval(70))
        let reached = try reach()
        #expect(reached.unread == before.unread && reached.mails == before.mails && reached.pushes == before.pushes)
    }

    @Test func aDeletedUnreadMessageNoLongerCountsAndItsPushIsNotSent() throws {
        try world.device(of: vojta, "phone")
        let first = try world.send("Dobrý den", in: room, by: jana, at: sent)
        let message = try world.send("Omylem poslané číslo účtu 123", in: room, by: jana, at: sent)
        #expect(try world.messenger.unreadTotal(for: vojta) == 2)
        let after = try world.liveEvents.latestSequence()
        _ = try world.messenger.delete(message.id, in: room, by: jana, at: sent.addingTimeInterval(3600))

        #expect(try world.messenger.unreadTotal(for: vojta) == 1)
        #expect(try world.messenger.room(room, for: vojta).unreadCount == 1)
        #expect(try world.queuedPushes().map(\.content) == [.message(messageId: first.id, roomId: room)])
        // The reader who had not read it hears the count without it, the room the deletion.
        let events = try world.liveEvents.events(after: after, limit: 10)
        #expect(events.map(\.kind) == [.message, .read])
        #expect(try decoded(events[1].payload).data["unreadTotal"] as? Int == 1)
    }

    @Test func aDeletedTextIsGoneFromEveryCopyButTheVersionsKeptForModeration() throws {
        // The number is one no payload could hold by chance: a copy carries a random UUID, whose hex
        // digits held a short number such as "123" in about one run in a hundred and fifty.
        let account = "2701-8841093"
        let before = try world.liveEvents.latestSequence()
        let message = try world.send("Omylem poslané číslo účtu \(account)", in: room, by: jana, at: sent)
        let deleted = try world.messenger.delete(message.id, in: room, by: jana, at: sent.addingTimeInterval(3600))

        #expect(deleted.isDeleted && deleted.content == "")
        #expect(try world.messenger.message(message.id, for: vojta)?.content == "")
        #expect(try !world.liveEvents.events(after: before, limit: 100).contains { $0.payload.contains(account) })
        #expect(try !world.outbox.pending(after: 0, limit: 100).contains { $0.payload.contains(account) })
        let copies = try world.liveEvents.events(after: before, limit: 100).filter { $0.kind == .message }
        #expect(try copies.allSatisfy { try decoded($0.payload).data["deleted"] as? Bool == true })
        #expect(try world.messenger.versions(of: message.id).map(\.content) == ["Omylem poslané číslo účtu \(account)"])
    }

    @Test func aReactionIsOnePerPersonAndGivingItAgainTakesItBack() throws {
        let message = try world.send("Platí!", in: room, by: jana, at: sent)
        _ = try world.messenger.react(.thumbsUp, to: message.id, in: room, by: vojta, at: sent)
        let both = try world.messenger.react(.thumbsUp, to: message.id, in: room, by: jana, at: sent.addingTimeInterval(1))
        #expect(both.reactions.map(\.reaction) == [.thumbsUp])
        #expect(both.reactions.first?.userIds == [vojta, jana])
        let hearted = try world.messenger.react(.heart, to: message.id, in: room, by: vojta, at: sent.addingTimeInterval(2))
        #expect(hearted.reactions.map(\.reaction) == [.thumbsUp, .heart])
        let takenBack = try world.messenger.react(.thumbsUp, to: message.id, in: room, by: vojta, at: sent.addingTimeInterval(3))
        #expect(takenBack.reactions.map { $0.people.map(\.username) } == [["jana.k"], ["vojtafoti"]])
        let data = try decoded(try world.liveEvents.events(after: 0, limit: 100).last!.payload).data
        #expect((data["reactions"] as? [[String: Any]])?.count == 2)
    }

    @Test func refusalsStoreNothing() throws {
        let message = try world.send("Dobrý den", in: room, by: jana, at: sent)
        let otherRoom = try world.messenger.directRoom(between: jana, and: try world.client("eva.n").id!, at: sent).id
        let elsewhere = try world.send("Jiná konverzace", in: otherRoom, by: jana, at: sent)
        let outsider = try world.client("karel.v").id!
        let sequence = try world.liveEvents.latestSequence()
        let later = sent.addingTimeInterval(16 * 60)
        #expect(throws: MessengerError.editWindowClosed) { try world.messenger.edit(message.id, in: room, to: "Ahoj", by: jana, at: later) }
        #expect(throws: MessengerError.notTheAuthor) { try world.messenger.edit(message.id, in: room, to: "Ahoj", by: vojta, at: sent) }
        #expect(throws: MessengerError.notTheAuthor) { try world.messenger.delete(message.id, in: room, by: vojta, at: sent) }
        #expect(throws: MessengerError.emptyMessage) { try world.messenger.edit(message.id, in: room, to: "  ", by: jana, at: sent) }
        #expect(throws: MessengerError.messageTooLong(limit: 4000)) {
            try world.messenger.edit(message.id, in: room, to: String(repeating: "a", count: 4001), by: jana, at: sent)
        }
        #expect(throws: MessengerError.unknownMessage) { try world.messenger.edit(elsewhere.id, in: room, to: "Ahoj", by: jana, at: sent) }
        #expect(throws: MessengerError.unknownMessage) { try world.messenger.react(.heart, to: elsewhere.id, in: room, by: vojta, at: sent) }
        #expect(throws: MessengerError.notAMember) { try world.messenger.react(.heart, to: message.id, in: room, by: outsider, at: sent) }
        #expect(try world.liveEvents.latestSequence() == sequence)
        #expect(try world.messenger.versions(of: message.id).isEmpty)

        _ = try world.messenger.delete(message.id, in: room, by: jana, at: sent)
        #expect(throws: MessengerError.messageDeleted) { try world.messenger.edit(message.id, in: room, to: "Ahoj", by: jana, at: sent) }
        #expect(throws: MessengerError.messageDeleted) { try world.messenger.react(.heart, to: message.id, in: room, by: vojta, at: sent) }
    }

    @Test func aShootsCardCannotBeEditedOrDeletedButGetsReactions() throws {
        let shoots = try ShootWorld()
        let request = try shoots.bookings.request(.valid(first: shoots.today.adding(days: 5), last: shoots.today.adding(days: 20)),
                                                  uuid: UUID().uuidString, from: shoots.jana, to: shoots.vojta,
                                                  text: { _ in "Poptávka" }, at: shoots.now)
        let card = try #require(try shoots.messages(in: request.roomId, for: shoots.vojta).first { $0.card != nil })
        let messenger = shoots.world.messenger
        #expect(throws: MessengerError.cardCannotChange) {
            try messenger.edit(card.id, in: request.roomId, to: "Jinak", by: card.authorId, at: shoots.now)
        }
        #expect(throws: MessengerError.cardCannotChange) { try messenger.delete(card.id, in: request.roomId, by: card.authorId, at: shoots.now) }
        let reacted = try messenger.react(.celebrate, to: card.id, in: request.roomId, by: shoots.vojta, at: shoots.now)
        #expect(reacted.reactions.map(\.reaction) == [.celebrate] && reacted.card != nil)
    }
}
