import Foundation

/// Rooms, their members, messages and read markers. Only members read or write in a room
/// (`MessengerError.unknownRoom`, `.notAMember` otherwise). Every change is stored in one
/// transaction together with its live event (`LiveEventStore`) and, where other server
/// nodes must hear of it, its outbox entry (`OutboxStore`), so what browsers and MQTT learn
/// is exactly what was stored: a room made or changed appends a `.room` live event for its
/// members and an `Outbox.eventTopic` entry, both carrying `MessageEnvelope.room`. Messages
/// are ordered by id, which grows with every message; times are kept to the millisecond.
public protocol MessengerStore: Sendable {
    /// Stores a message once per (lower-case) `uuid`: a uuid sent before returns the stored
    /// message with `isNew` false when room, author and content are the same, and throws
    /// `MessengerError.uuidTakenByAnotherMessage` otherwise. A new message notes the other
    /// members it mentions (`MessageText`), moves the author's read marker to it, and is
    /// appended as a `.message` live event and a `Outbox.messageTopic` entry, both carrying
    /// `MessageEnvelope.envelope(of:)` of the message as stored.
    /// Inside the same transaction `limits` hold a text the author just sent to other
    /// conversations (`SpamLimits.checkRepeat`) and decide whether its links stay plain
    /// (`SpamLimits.linksInert`, kept with the message).
    /// `attachments` are stored with the message, in order, and read with it until it is
    /// removed or deleted (which drops them, their files left to `UnusedPhotos`).
    func send(_ content: String, uuid: String, attachments: [MessageAttachment], in roomId: Int64, by userId: Int64,
              limits: SpamLimits, at date: Date) throws -> SendResult

    /// The attachment when it belongs to a message of `roomId` that is neither removed nor
    /// deleted and `userId` is now a member of the room; nil otherwise.
    func attachment(_ attachmentId: Int64, in roomId: Int64, for userId: Int64) throws -> RoomAttachment?

    /// Throws as `send` would for the room and the writer (`.unknownRoom`, `.notAMember`,
    /// a block in a direct room), without writing.
    func checkMayWrite(in roomId: Int64, by userId: Int64) throws

    /// Up to `limit` messages holding every word of `search` (`SearchWords`), newest first,
    /// from the rooms `userId` is a member of now; never a message removed by an operator or
    /// deleted by its author.
    func search(_ search: MessageSearch, for userId: Int64, limit: Int) throws -> [ChatMessage]

    /// Up to `limit` messages of the room before the message `messageId` (or the latest),
    /// oldest first.
    func messages(of roomId: Int64, for userId: Int64, before messageId: Int64?, limit: Int) throws -> [ChatMessage]

    /// Read together: up to `limit` messages sent at or before `date`, newest first, and up
    /// to `limit` sent after it, oldest first.
    func messages(of roomId: Int64, for userId: Int64, around date: Date, limit: Int) throws
        -> (earlier: [ChatMessage], later: [ChatMessage])

    /// When the room's first and last messages were sent; nil while it has none.
    func timeSpan(of roomId: Int64, for userId: Int64) throws -> ClosedRange<Date>?

    /// Moves the reader's marker to the room's latest message up to `messageId`, never back;
    /// false when it did not move. A move appends a `.read` live event for the reader alone
    /// and a `Outbox.eventTopic` entry, both carrying `MessageEnvelope.read` with the reader's
    /// unread counts after it.
    func markRead(_ roomId: Int64, by userId: Int64, upTo messageId: Int64, at date: Date) throws -> Bool

    /// Messages by others after the person's marker, in all their rooms.
    func unreadTotal(for userId: Int64) throws -> Int

    /// The unread total and the live log's newest sequence (0 while empty), read together.
    func unreadSnapshot(for userId: Int64) throws -> UnreadSnapshot

    /// The message, when `userId` is now a member of its room.
    func message(_ messageId: Int64, for userId: Int64) throws -> ChatMessage?

    /// The room as the member sees it.
    func summary(of roomId: Int64, for userId: Int64) throws -> RoomSummary

    /// The person's rooms, the most recently active first (by their last message, or when
    /// they were made while still empty; ties: the larger id first).
    func summaries(for userId: Int64) throws -> [RoomSummary]

    /// Who is in the room now, in the order they joined; throws `.unknownRoom`.
    func memberIds(of roomId: Int64) throws -> [Int64]

    /// The one direct room of the two people, made on first use (`.unknownUser` for someone
    /// who does not exist). A direct room per pair is unique: two callers racing to make it,
    /// on this server or another sharing the store, get the same room.
    /// Making one, `limits` may refuse a new account that started too many (`SpamLimits.checkStart`).
    func directRoom(between userId: Int64, and otherId: Int64, limits: SpamLimits, at date: Date) throws -> ChatRoom

    /// A new group named `name`, created by the first of `memberIds` (all distinct, all
    /// existing, or `.unknownUser`), who join in that order.
    /// `limits` as for `directRoom`, for its creator.
    func createGroup(named name: String, memberIds: [Int64], limits: SpamLimits, at date: Date) throws -> ChatRoom

    /// Renames a group: `.notTheCreator` unless `userId` created it, then the name is checked
    /// (`MessageText.validatedRoomName`); the same name changes nothing.
    func rename(_ roomId: Int64, to name: String, by userId: Int64, at date: Date) throws

    /// Adds someone to a group its creator `userId` manages (`.unknownUser`,
    /// `.alreadyAMember`), their marker at the room's latest message.
    func addMember(_ memberId: Int64, to roomId: Int64, by userId: Int64, at date: Date) throws

    /// Takes someone out of a group: its creator removes anyone, anyone removes themselves
    /// (`.notTheCreator` otherwise, and for direct rooms); not a member: nothing changes; the
    /// last member stays (`.lastMember`). The removed person gets a `.room` live event of
    /// their own saying so.
    func removeMember(_ memberId: Int64, from roomId: Int64, by userId: Int64, at date: Date) throws

    /// Replaces the text of a message of the room (`.unknownMessage` for none there, or a
    /// reader not in the room) when `MessageChanges.checkEditing` allows: the text it held is
    /// kept as a `MessageVersion`, its mentions are read again, and it is announced as
    /// changed (a `.message` live event and outbox entry carrying
    /// `MessageEnvelope.envelope(of:changed:)` with `changed`). Nothing is counted unread,
    /// mailed or pushed. `content` is already validated.
    func edit(_ messageId: Int64, in roomId: Int64, to content: String, by userId: Int64, at date: Date) throws -> ChatMessage

    /// Deletes a message of the room when `MessageChanges.checkDeleting` allows: its text is
    /// kept as a `MessageVersion` and gone from the message, its mentions, every earlier
    /// live event and outbox entry not yet published of it and its pushes not yet sent; it
    /// no longer counts as unread, and is announced as changed. Deleting it again returns it
    /// unchanged.
    func delete(_ messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date) throws -> ChatMessage

    /// Adds the member's reaction to a message of the room, or takes it back when they gave
    /// it already (`MessageChanges.checkReacting`), and announces the message as changed.
    func react(_ reaction: Reaction, to messageId: Int64, in roomId: Int64, by userId: Int64, at date: Date) throws -> ChatMessage

    /// The texts the message held before its edits and deletion, oldest first.
    func versions(of messageId: Int64) throws -> [MessageVersion]
}
