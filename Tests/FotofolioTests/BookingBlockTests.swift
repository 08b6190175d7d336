import Foundation
import Testing
@testable import Fotofolio

/// Withdrawing across a block: the step is taken, its words stay with whoever wrote them.
/// On both stores.
@Suite struct BookingBlockTests {
    let shoots: ShootWorld
    var world: TestDatabase { shoots.world }
    var vojta: Int64 { shoots.vojta }
    var jana: Int64 { shoots.jana }

    init() throws {
        shoots = try ShootWorld()
    }

    /// Every text the room and the live log hold, as one string to search.
    func everythingSaid(in roomId: Int64) throws -> String {
        let history = try shoots.messages(in: roomId, for: vojta).map(\.content)
        let events = try world.allEvents().map(\.payload)
        return (history + events).joined(separator: "\n")
    }

    @Test func aBlockedClientCancelsButTheReasonDoesNotReachThePhotographerWhoBlocked() throws {
        let request = try shoots.request(from: jana, to: vojta)
        let booking = try shoots.accept(try shoots.offer(on: request.id, by: vojta).id, by: jana)
        try world.blocking.block(jana, by: vojta)
        let cancelled = try shoots.cancel(booking.id, by: jana, reason: "Jste podvodník a všem to řeknu.")
        #expect(cancelled.cancellation?.byId == jana)
        #expect(cancelled.cancellation?.reason == "")
        #expect(try shoots.busyDays(of: vojta).isEmpty)
        #expect(try shoots.messages(in: request.roomId, for: vojta).last?.content == "Zrušeno: ")
        #expect(try !everythingSaid(in: request.roomId).contains("podvodník"))
    }

    @Test func aPhotographerDeclinesTheRequestOfAClientWhoBlockedThemWithoutWords() throws {
        let request = try shoots.request(from: jana, to: vojta)
        try world.blocking.block(vojta, by: jana)
        try shoots.decline(request.id, by: vojta, reason: "Napište mi znovu, ozvěte se.")
        let shoot = try shoots.shoot(request.id, for: jana)
        #expect(shoot.requestState == .declined)
        #expect(shoot.request.declineReason == "")
        #expect(try !everythingSaid(in: request.roomId).contains("ozvěte"))
    }

    @Test func withoutABlockTheReasonIsToldAsBefore() throws {
        let request = try shoots.request(from: jana, to: vojta)
        try shoots.decline(request.id, by: vojta, reason: "Ten den nemohu.")
        #expect(try shoots.shoot(request.id, for: jana).request.declineReason == "Ten den nemohu.")
        #expect(try shoots.messages(in: request.roomId, for: jana).last?.content == "Odmítnuto: Ten den nemohu.")
    }

    @Test func theStepsWordsGoAlikeWhoeverBlockedWhom() {
        let step = StepReason(reason: "Proto.", text: "Zrušeno: Proto.", textWithoutReason: "Zrušeno: ")
        #expect(step.said(ContactFacts()).reason == "Proto.")
        #expect(step.said(ContactFacts()).text == "Zrušeno: Proto.")
        for facts in [ContactFacts(blockedBySender: true), ContactFacts(blockedByTarget: true)] {
            #expect(step.said(facts).reason == "")
            #expect(step.said(facts).text == "Zrušeno: ")
        }
    }
}
