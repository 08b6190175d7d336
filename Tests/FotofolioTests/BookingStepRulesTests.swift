import Foundation
import Testing
import Fotofolio

/// A shoot's steps sent again and whom a shoot is asked of, the rules on their own.
@Suite struct BookingStepRulesTests {
    @Test func shootsAreAskedOfPhotographers() {
        #expect(throws: Never.self) { try BookingRules.checkRequest(toRole: User.Role.creator.rawValue) }
        #expect(throws: BookingError.notAPhotographer) { try BookingRules.checkRequest(toRole: User.Role.client.rawValue) }
        #expect(throws: BookingError.unknown) { try BookingRules.checkRequest(toRole: nil) }
    }

    /// (message stored under the uuid, the card the step posts, answer: the card's id, nil for a new step, or the refusal)
    @Test(arguments: [
        (nil, MessageCard.request, nil, nil),
        (EarlierMessage(authorId: 1, card: .request(5)), MessageCard.request, 5, nil),
        (EarlierMessage(authorId: 1, card: .offer(6)), MessageCard.offer, 6, nil),
        (EarlierMessage(authorId: 1, card: .booking(7)), MessageCard.booking, 7, nil),
        (EarlierMessage(authorId: 2, card: .request(5)), MessageCard.request, nil, BookingError.duplicate),
        (EarlierMessage(authorId: 1, card: .offer(5)), MessageCard.request, nil, BookingError.duplicate),
        (EarlierMessage(authorId: 1, card: nil), MessageCard.booking, nil, BookingError.duplicate),
    ] as [(EarlierMessage?, @Sendable (Int64) -> MessageCard, Int64?, BookingError?)])
    func aStepSentAgainFindsItsCardAndAnotherMessagesUUIDIsADuplicate(
        earlier: EarlierMessage?, kind: @Sendable (Int64) -> MessageCard, card: Int64?, refusal: BookingError?
    ) throws {
        if let refusal {
            #expect(throws: refusal) { try BookingRules.cardSentBefore(earlier, by: 1, as: kind) }
        } else {
            #expect(try BookingRules.cardSentBefore(earlier, by: 1, as: kind) == card)
        }
    }

    /// (message stored under the uuid, step already taken, answer: sent before, or the refusal)
    @Test(arguments: [
        (nil, false, false, nil), (nil, true, false, nil),
        (EarlierMessage(authorId: 1, card: nil), true, true, nil),
        (EarlierMessage(authorId: 1, card: nil), false, false, BookingError.duplicate),
        (EarlierMessage(authorId: 2, card: nil), true, false, BookingError.duplicate),
    ] as [(EarlierMessage?, Bool, Bool, BookingError?)])
    func aDeclineOrCancellationSentAgainIsDoneAlready(earlier: EarlierMessage?, taken: Bool, sentBefore: Bool,
                                                      refusal: BookingError?) throws {
        if let refusal {
            #expect(throws: refusal) { try BookingRules.sentBefore(earlier, by: 1, taken: taken) }
        } else {
            #expect(try BookingRules.sentBefore(earlier, by: 1, taken: taken) == sentBefore)
        }
    }
}
