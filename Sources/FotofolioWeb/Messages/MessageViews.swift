import Foundation
import Fotofolio
import HTTPServer

/// Template values for conversations and messages, and the words for the messenger's errors.
enum MessageViews {
    static func message(_ message: ChatMessage, reader: Int64, members: Set<String>, dates: MessageDates) -> [String: Any] {
        [
            "id": message.id, "uuid": message.uuid, "roomId": message.roomId,
            "html": MessageText.html(message.content, mentioning: members),
            "author": ["username": message.author.username, "name": message.author.name, "initials": message.author.initials],
            "sentAt": timestamp(message.sentAt), "time": dates.clock(message.sentAt),
            "own": message.authorId == reader,
        ]
    }

    /// Messages grouped by the reader's day, each day with its header; the first message by
    /// someone else after `lastRead` gets the "new messages" divider.
    /// `target`: the moment a timeline jumped to; the message nearest it is marked.
    static func days(_ messages: [ChatMessage], reader: Int64, lastRead: Int64?, members: Set<String>,
                     dates: MessageDates, target: Date? = nil) -> [[String: Any]] {
        let firstUnread = messages.first { $0.id > (lastRead ?? 0) && $0.authorId != reader }?.id
        let nearest = target.flatMap { target in
            messages.min { abs($0.sentAt.timeIntervalSince(target)) < abs($1.sentAt.timeIntervalSince(target)) }?.id
        }
        var days: [[String: Any]] = []
        var current: (key: String, label: String, sentAt: Date, items: [[String: Any]])?
        var previous: ChatMessage?
        func close() {
            guard let day = current else { return }
            days.append(["key": day.key, "label": day.label, "date": timestamp(day.sentAt), "messages": day.items])
        }
        for message in messages {
            let key = dates.dayKey(message.sentAt)
            if current?.key != key {
                close()
                current = (key, dates.dayHeader(message.sentAt), message.sentAt, [])
            }
            var item = self.message(message, reader: reader, members: members, dates: dates)
            item["firstUnread"] = message.id == firstUnread
            item["target"] = message.id == nearest
            item["continued"] = current?.items.isEmpty == false && message.id != firstUnread
                && previous.map { continues($0, with: message) } == true
            current?.items.append(item)
            previous = message
        }
        close()
        return days
    }

    /// A message right after another by the same person, within a few minutes, goes under
    /// it without repeating the face and name (the script applies the same rule).
    static func continues(_ earlier: ChatMessage, with later: ChatMessage) -> Bool {
        earlier.authorId == later.authorId && later.sentAt.timeIntervalSince(earlier.sentAt) < 5 * 60
    }

    static func summary(_ summary: RoomSummary, reader: Int64, table: StringTable, dates: MessageDates) -> [String: Any] {
        let other = summary.members.first { $0.userId != reader }
        let last = summary.lastMessage
        return [
            "id": summary.room.id, "title": summary.title, "isGroup": summary.room.kind == .group,
            "initials": summary.room.kind == .group ? "#" : (other?.initials ?? "?"),
            "unread": summary.unreadCount, "hasUnread": summary.unreadCount > 0, "mentionsYou": summary.mentionsReader,
            "snippet": last.map { String($0.content.prefix(120)) } ?? table.string("messages.noMessagesYet"),
            "snippetAuthor": last.map { message -> Any in
                if message.authorId == reader { return table.string("messages.you") }
                return summary.room.kind == .group ? message.author.name.split(separator: " ").first.map(String.init) ?? "" : false
            } ?? false,
            "time": last.map { dates.listLabel($0.sentAt) } ?? "", "sentAt": last.map { timestamp($0.sentAt) } ?? "",
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

    static func reply(_ result: SendResult, members: Set<String>, dates: MessageDates) -> MessageReply {
        let message = result.message
        return MessageReply(message: .init(
            id: message.id, uuid: message.uuid, roomId: message.roomId, content: message.content,
            html: MessageText.html(message.content, mentioning: members), author: message.author,
            sentAt: timestamp(message.sentAt), time: dates.clock(message.sentAt)), isNew: result.isNew)
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
}
