import Foundation

/// The JSON that live events and MQTT carry: `{"type": …, "data": {…}}`. The `message`
/// envelope is the contract of the `chat-room/{id}/message` topic; keep its keys.
public enum MessageEnvelope {
    /// `{"type":"message","data":{"uuid","content","id","roomId","author":{"username","name","initials"},"sentAt"}}`,
    /// `sentAt` in UTC with milliseconds (`2026-11-22T10:15:30.123Z`). A message sent again
    /// because its card changed (a newer offer, a booking) carries `"changed":true`: readers
    /// replace it where they show it, and do not count or announce it as new. So does a message
    /// its author edited (`"editedAt"` added), deleted (`"deleted":true`, its content empty)
    /// or one whose reactions changed (`"reactions":[{"reaction","usernames"}]`, present while
    /// it has any). A message with photos or files carries
    /// `"attachments":[{"kind":"photo"|"pdf","name","size","url"}]` (`url` an absolute path
    /// only the room's members may open), none once removed or deleted.
    public static func envelope(of message: ChatMessage, changed: Bool = false) -> String {
        let author = JSONText.object([
            "username": .string(message.author.username),
            "name": .string(message.author.name),
            "initials": .string(message.author.initials),
        ])
        // A message an operator removed or its author deleted says so, with its text gone.
        let gone = message.isRemoved || message.isDeleted
        var members: [(key: String, value: JSONText)] = [
            ("uuid", .string(message.uuid)), ("content", .string(gone ? "" : message.content)), ("id", .integer(message.id)),
            ("roomId", .integer(message.roomId)), ("author", author), ("sentAt", .string(timestamp(message.sentAt))),
        ]
        if message.isRemoved { members.append(("removed", .bool(true))) }
        if message.isDeleted { members.append(("deleted", .bool(true))) }
        if let editedAt = message.editedAt, !gone { members.append(("editedAt", .string(timestamp(editedAt)))) }
        if !message.reactions.isEmpty {
            members.append(("reactions", .array(message.reactions.map { reaction -> JSONText in
                let usernames = reaction.people.map { JSONText.string($0.username) }
                return .object(["reaction": .string(reaction.reaction.rawValue), "usernames": .array(usernames)])
            })))
        }
        if !message.attachments.isEmpty, !gone {
            members.append(("attachments", .array(message.attachments.map { attachment -> JSONText in
                .members([
                    ("kind", .string(attachment.kind.rawValue)), ("name", .string(attachment.name)),
                    ("size", .integer(Int64(attachment.byteCount))),
                    ("url", .string(MessageAttachment.path(of: attachment.id ?? 0, in: message.roomId))),
                ])
            })))
        }
        let data = JSONText.members(members)
        let rendered = JSONText.object(["type": .string("message"), "data": data]).rendered
        // The data object is the envelope's last value: the flag goes at its end.
        return changed ? String(rendered.dropLast(2)) + ",\"changed\":true}}" : rendered
    }

    /// `{"type":"read","data":{"roomId","messageId","unread","unreadTotal"}}`: how far the
    /// reader has read, and what is left unread in the room and in all their rooms.
    public static func read(roomId: Int64, messageId: Int64, unread: Int, unreadTotal: Int) -> String {
        JSONText.object([
            "type": .string("read"),
            "data": .object([
                "roomId": .integer(roomId),
                "messageId": .integer(messageId),
                "unread": .integer(Int64(unread)),
                "unreadTotal": .integer(Int64(unreadTotal)),
            ]),
        ]).rendered
    }

    /// `{"type":"seen","data":{"roomId","messageId","at"}}`: how far the other person of a
    /// direct room has read, for the one who sees their "Seen" (`ReadReceipts`).
    public static func seen(roomId: Int64, _ mark: ReadMark) -> String {
        JSONText.object([
            "type": .string("seen"),
            "data": .object([
                "roomId": .integer(roomId), "messageId": .integer(mark.messageId), "at": .string(timestamp(mark.at)),
            ]),
        ]).rendered
    }

    /// `{"type":"room","data":{"roomId","kind","name","members":[usernames]}}`, with
    /// `"removed":true` added in the copy sent to a person who was removed.
    public static func room(_ room: ChatRoom, memberUsernames: [String], removed: Bool = false) -> String {
        let data: JSONText
        let members = JSONText.array(memberUsernames.map(JSONText.string))
        if removed {
            data = .object([
                "roomId": .integer(room.id), "kind": .string(room.kind.rawValue), "name": .optional(room.name),
                "members": members, "removed": .bool(true),
            ])
        } else {
            data = .object([
                "roomId": .integer(room.id), "kind": .string(room.kind.rawValue), "name": .optional(room.name),
                "members": members,
            ])
        }
        return JSONText.object(["type": .string("room"), "data": data]).rendered
    }

    /// ISO 8601 in UTC with milliseconds, rounded to the nearest one, the fraction added by
    /// hand so no formatter's rounding or locale can change the contract. Runs for every
    /// message sent, listed and streamed: no formatter is made per call.
    public static func timestamp(_ date: Date) -> String {
        let scaled = (date.timeIntervalSince1970 * 1000).rounded()
        // No clock or stored date comes near; a value that did would not fit the format.
        guard let milliseconds = Int64(exactly: scaled), milliseconds.magnitude < 1 << 50 else { return date.formatted(secondsInUTC) }
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, thousandths) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
        let whole = Date(timeIntervalSince1970: Double(wholeSeconds)).formatted(secondsInUTC)
        let digits = String(thousandths)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// `2026-11-22T10:15:30Z`: whole seconds in UTC.
    private static let secondsInUTC = Date.ISO8601FormatStyle()
}
