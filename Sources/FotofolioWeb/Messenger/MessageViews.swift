import Foundation
import Fotofolio
import HTTPServer

/// The JSON reply to a script's send, and the words and statuses for the messenger's errors.
enum MessageViews {
    /// A JSON reply for scripts: the stored message, and its markup as the page shows it
    /// (`partials/chat-message`), which takes the place of the copy shown while sending.
    struct MessageReply: Encodable {
        struct Message: Encodable {
            let id: Int64
            let uuid: String
            let roomId: Int64
            /// The text as written.
            let content: String
            let author: MessageAuthor
            let sentAt: String
            let time: String
            let html: String
        }
        let message: Message
        let isNew: Bool
    }

    static func reply(_ result: SendResult, html: String, dates: MessageDates) -> MessageReply {
        let message = result.message
        return MessageReply(message: .init(
            id: message.id, uuid: message.uuid, roomId: message.roomId, content: message.content, author: message.author,
            sentAt: timestamp(message.sentAt), time: dates.clock(message.sentAt), html: html), isNew: result.isNew)
    }

    /// A script's reply to an edit, a deletion or a reaction: the message's new markup, which
    /// takes the place of the one shown (the live event brings the same to other tabs).
    struct ChangeReply: Encodable {
        let id: Int64
        let uuid: String
        let html: String
    }

    /// The status and string-table key for a refusal.
    static func failure(_ error: MessengerError) -> (status: HTTPStatus, key: String) {
        switch error {
        case .unknownRoom: (.notFound, "messages.errors.unknownRoom")
        case .notAMember: (.forbidden, "messages.errors.notAMember")
        case .notTheCreator: (.forbidden, "messages.errors.notTheCreator")
        case .emptyMessage: (.unprocessableContent, "messages.errors.emptyMessage")
        case .messageTooLong: (.unprocessableContent, "messages.errors.messageTooLong")
        case .invalidText: (.unprocessableContent, "messages.errors.invalidText")
        case .invalidUUID, .uuidTakenByAnotherMessage: (.unprocessableContent, "messages.errors.invalidUUID")
        case .unknownUser: (.unprocessableContent, "messages.errors.unknownUser")
        case .cannotMessageYourself: (.unprocessableContent, "messages.errors.cannotMessageYourself")
        case .invalidRoomName: (.unprocessableContent, "messages.errors.invalidRoomName")
        case .tooFewMembers: (.unprocessableContent, "messages.errors.tooFewMembers")
        case .alreadyAMember: (.unprocessableContent, "messages.errors.alreadyAMember")
        case .lastMember: (.unprocessableContent, "messages.errors.lastMember")
        case .blocked: (.forbidden, "messages.errors.blocked")
        case .youBlocked: (.forbidden, "messages.errors.youBlocked")
        case .notAccepting(.knownPeople): (.forbidden, "messages.errors.notAcceptingKnownPeople")
        case .notAccepting(.creatorsOnly): (.forbidden, "messages.errors.notAcceptingCreatorsOnly")
        case .notAccepting(.everyone): (.forbidden, "messages.errors.blocked")
        case .tooManyNewConversations: (.tooManyRequests, "messages.errors.tooManyNewConversations")
        case .heldAsRepeated: (.tooManyRequests, "messages.errors.heldAsRepeated")
        case .unknownMessage: (.notFound, "messages.errors.unknownMessage")
        case .notTheAuthor: (.forbidden, "messages.errors.notTheAuthor")
        case .editWindowClosed: (.conflict, "messages.errors.editWindowClosed")
        case .cardCannotChange: (.conflict, "messages.errors.cardCannotChange")
        case .messageDeleted: (.gone, "messages.errors.messageDeleted")
        case .unknownReaction: (.unprocessableContent, "messages.errors.unknownReaction")
        }
    }

    /// The same ISO 8601 text as the live envelope's `sentAt`.
    static func timestamp(_ date: Date) -> String { MessageEnvelope.timestamp(date) }

    /// The date of a `timestamp` (nil for any other text).
    static func date(_ timestamp: String) -> Date? {
        guard timestamp.utf8.count <= 40 else { return nil }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(timestamp)
    }
}
