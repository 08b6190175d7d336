import Foundation
import Testing
import Fotofolio

/// A message sent again under its uuid, the rule on its own.
@Suite struct MessageSentAgainTests {
    static let stored = ChatMessage(id: 9, roomId: 3, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", content: "Dobrý den",
                                    sentAt: Date(timeIntervalSince1970: 0), author: MessageAuthor(username: "jana", name: "Jana"),
                                    authorId: 1, mentions: [])

    @Test func aNewUUIDIsANewMessageAndTheSameMessageSentAgainIsTheOneStored() throws {
        #expect(try MessageText.sentBefore(nil, content: "Dobrý den", in: 3, by: 1) == nil)
        #expect(try MessageText.sentBefore(Self.stored, content: "Dobrý den", in: 3, by: 1) == Self.stored)
    }

    /// (other words, other room, other author)
    @Test(arguments: [("Dobrý večer", 3, 1), ("Dobrý den", 4, 1), ("Dobrý den", 3, 2)] as [(String, Int64, Int64)])
    func anythingElseUnderTheUUIDIsRefused(content: String, roomId: Int64, userId: Int64) {
        #expect(throws: MessengerError.uuidTakenByAnotherMessage) {
            try MessageText.sentBefore(Self.stored, content: content, in: roomId, by: userId)
        }
    }
}
