import Foundation
import Fotofolio
import HTTPServer

/// Template values for conversations and messages, and the words for the messenger's errors.
enum MessageViews {
    static func message(_ message: ChatMessage, reader: Int64, members: Set<String>) -> [String: Any] {
        [
            "id": message.id, "uuid": message.uuid, "roomId": message.roomId,
            "html": MessageText.html(message.content, mentioning: members),
            "author": ["username": message.author.username, "name": message.author.name, "initials": message.author.initials],
            "sentAt": timestamp(message.sentAt), "time": clock(message.sentAt),
            "own": message.authorId == reader,
        ]
    }

    static func summary(_ summary: RoomSummary, reader: Int64, table: StringTable) -> [String: Any] {
        let other = summary.members.first { $0.userId != reader }
        return [
            "id": summary.room.id, "title": summary.title, "isGroup": summary.room.kind == .group,
            "initials": summary.room.kind == .group ? "#" : (other?.initials ?? "?"),
            "unread": summary.unreadCount, "hasUnread": summary.unreadCount > 0, "relevant": summary.isRelevant,
            "snippet": summary.lastMessage.map { String($0.content.prefix(120)) } ?? table.string("messages.noMessagesYet"),
            "time": summary.lastMessage.map { clock($0.sentAt) } ?? "",
        ]
    }

    /// A JSON reply for scripts: the message as the page would show it.
    struct MessageReply: Encodable {
        struct Message: Encodable {
            let id: Int64
            let uuid: String
            let roomId: Int64
            /// The text as written (the page's script draws it), and as the server would show it.
            let content: String
            let html: String
            let author: MessageAuthor
            let sentAt: String
            let time: String
        }
        let message: Message
        let isNew: Bool
    }

    static func reply(_ result: SendResult, members: Set<String>) -> MessageReply {
        let message = result.message
        return MessageReply(message: .init(
            id: message.id, uuid: message.uuid, roomId: message.roomId, content: message.content,
            html: MessageText.html(message.content, mentioning: members), author: message.author,
            sentAt: timestamp(message.sentAt), time: clock(message.sentAt)), isNew: result.isNew)
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
        }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Hours and minutes in UTC (the page's script shows local time).
    static func clock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
