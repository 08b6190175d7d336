import Foundation
import Testing
@testable import Fotofolio

/// After a removal no reader gets the removed words again: not from the live log replayed
/// from an old `Last-Event-ID`, nor from an outbox entry still to be published. On both stores.
@Suite struct MessageRemovalTests {
    @Test func replayingFromBeforeARemovedMessageGivesItsRemovedFormOnly() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), op = try world.operatorAccount()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        let before = try world.liveEvents.latestSequence()
        try world.send("Dobrý den", in: room.id, by: jana.id!)
        let spam = try world.send("Kupte levné hodinky", in: room.id, by: jana.id!)
        #expect(try world.liveEvents.events(after: before, limit: 100).contains { $0.payload.contains("hodinky") })
        try world.moderation.apply(.removeMessage(spam.id), reason: "Spam", by: op.id!)

        let replayed = try world.liveEvents.events(after: before, limit: 100)
        #expect(!replayed.contains { $0.payload.contains("hodinky") })
        let copies = try replayed.map { try decoded($0.payload).data }.filter { $0["id"] as? Int == Int(spam.id) }
        // The original event and the removal's own, both the removed form.
        #expect(copies.count == 2)
        #expect(copies.allSatisfy { $0["removed"] as? Bool == true && $0["content"] as? String == "" })
        #expect(replayed.contains { $0.payload.contains("Dobrý den") })
        let unsent = try world.outbox.pending(after: 0, limit: 100)
        #expect(!unsent.contains { $0.payload.contains("hodinky") })
        #expect(unsent.contains { $0.payload.contains("Dobrý den") })
    }

    @Test func aRemovedCardMessageLosesItsWordsInEveryAnnouncementAndStaysMarkedChanged() throws {
        let shoots = try ShootWorld()
        let world = shoots.world
        let op = try world.operatorAccount()
        let request = try shoots.bookings.request(.valid(first: shoots.today.adding(days: 5), last: shoots.today.adding(days: 20)),
                                                  uuid: UUID().uuidString, from: shoots.jana, to: shoots.vojta,
                                                  text: { _ in "Poptávka: kupte levné hodinky" }, at: shoots.now)
        // The offer announces the request's card again, marked changed.
        try shoots.offer(on: request.id, by: shoots.vojta)
        let card = try #require(try shoots.messages(in: request.roomId, for: shoots.vojta).first { $0.content.contains("hodinky") })
        try world.moderation.apply(.removeMessage(card.id), reason: "Spam", by: op.id!)

        let events = try world.allEvents()
        #expect(!events.contains { $0.payload.contains("hodinky") })
        let copies = events.filter { (try? decoded($0.payload).data["id"] as? Int) == Int(card.id) }
        #expect(copies.count == 3)
        #expect(copies.map { $0.payload.contains("\"changed\":true") } == [false, true, false])
        #expect(try !world.outbox.pending(after: 0, limit: 100).contains { $0.payload.contains("hodinky") })
    }
}
