import Foundation
import Testing
import Fotofolio

/// Who may edit, delete and react to a message, and which reactions there are: the rules
/// on their own.
@Suite struct MessageChangeRulesTests {
    static let sent = Date(timeIntervalSince1970: 1_800_000_000)

    static func message(by authorId: Int64 = 1, card: MessageCard? = nil, deleted: Bool = false, removed: Bool = false)
        -> ChatMessage {
        ChatMessage(id: 7, roomId: 3, uuid: "u", content: deleted || removed ? "" : "Ahoj", sentAt: sent,
                    author: MessageAuthor(username: "jana.k", name: "Jana Králová"), authorId: authorId, mentions: [],
                    isRemoved: removed, card: card, isDeleted: deleted)
    }

    /// (message, editor, seconds after sending, refusal)
    @Test(arguments: [
        (message(), 1, 0, nil),
        (message(), 1, 15 * 60, nil),
        (message(), 1, 15 * 60 + 1, MessengerError.editWindowClosed),
        (message(), 1, 3 * 3600, MessengerError.editWindowClosed),
        (message(), 2, 60, MessengerError.notTheAuthor),
        (message(card: .offer(4)), 1, 60, MessengerError.cardCannotChange),
        (message(deleted: true), 1, 60, MessengerError.messageDeleted),
        (message(removed: true), 1, 60, MessengerError.messageDeleted),
    ] as [(ChatMessage, Int64, Double, MessengerError?)])
    func onlyTheAuthorEditsATextMessageWithinFifteenMinutes(message: ChatMessage, editor: Int64, after seconds: Double,
                                                           refusal: MessengerError?) {
        let date = Self.sent.addingTimeInterval(seconds)
        if let refusal {
            #expect(throws: refusal) { try MessageChanges.checkEditing(message, by: editor, at: date) }
        } else {
            #expect(throws: Never.self) { try MessageChanges.checkEditing(message, by: editor, at: date) }
        }
    }

    @Test func theWindowIsOneConstantOfFifteenMinutes() {
        #expect(MessageChanges.editWindow == 900)
    }

    /// (message, deleter, changes something, refusal)
    @Test(arguments: [
        (message(), 1, true, nil),
        (message(deleted: true), 1, false, nil),
        (message(removed: true), 1, false, nil),
        (message(), 2, false, MessengerError.notTheAuthor),
        (message(card: .booking(2)), 1, false, MessengerError.cardCannotChange),
    ] as [(ChatMessage, Int64, Bool, MessengerError?)])
    func onlyTheAuthorDeletesATextMessageAtAnyTime(message: ChatMessage, deleter: Int64, changes: Bool, refusal: MessengerError?) throws {
        if let refusal {
            #expect(throws: refusal) { try MessageChanges.checkDeleting(message, by: deleter) }
        } else {
            #expect(try MessageChanges.checkDeleting(message, by: deleter) == changes)
        }
    }

    @Test func anyoneReactsToAMessageStillThereACardIncluded() {
        #expect(throws: Never.self) { try MessageChanges.checkReacting(to: Self.message(by: 2)) }
        #expect(throws: Never.self) { try MessageChanges.checkReacting(to: Self.message(card: .request(1))) }
        #expect(throws: MessengerError.messageDeleted) { try MessageChanges.checkReacting(to: Self.message(deleted: true)) }
        #expect(throws: MessengerError.messageDeleted) { try MessageChanges.checkReacting(to: Self.message(removed: true)) }
    }

    /// (sent by a form, reaction or nil for a refusal)
    @Test(arguments: [
        ("👍", Reaction.thumbsUp), ("❤️", .heart), ("❤", .heart), ("😂", .laugh), ("😮", .surprise), ("🙏", .thanks),
        ("🎉", .celebrate), ("👎", nil), ("", nil), ("👍👍", nil), ("thumbsUp", nil), (String(repeating: "👍", count: 20), nil),
    ] as [(String, Reaction?)])
    func theSetOfReactionsIsFixed(text: String, reaction: Reaction?) throws {
        if let reaction {
            #expect(try Reaction.parse(text) == reaction)
        } else {
            #expect(throws: MessengerError.unknownReaction) { try Reaction.parse(text) }
        }
    }

    @Test func theSetHasSixInItsOrder() {
        #expect(Reaction.allCases.map(\.rawValue) == ["👍", "❤️", "😂", "😮", "🙏", "🎉"])
    }
}
