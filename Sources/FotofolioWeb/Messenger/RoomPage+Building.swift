import Foundation
import Fotofolio
import PreciseSlider

/// What a room's page shows, as read for its reader: the room, the messages on screen and
/// how they were chosen (the newest, a page back, or around a moment of the timeline).
struct RoomReading {
    let summary: RoomSummary
    let youBlockedTheOther: Bool
    /// Either person of a direct room blocks the other: no "Seen" either way.
    let blockedEitherWay: Bool
    let history: [ChatMessage]
    /// The moment the timeline jumped to, if it did.
    let moment: Date?
    /// The newest messages are on screen: no page back and no moment.
    let showsNewest: Bool
    /// nil for an empty conversation.
    let timeline: ChatTimeline?
    /// The moment asked for was not one; the timeline says why.
    var timelineRejected: Bool { timeline?.field.isValid == false }
    /// Where paging back starts, when older messages may exist.
    var older: Int64? { history.count == MessengerService.pageSize ? history.first?.id : nil }
}

/// What the composer shows besides the room: a text sent back with what to fix.
struct RoomComposer {
    var draft = ""
    var problem: String?
    let csrf: String
}

extension RoomPage {
    /// The page of `reading` for `reader`, who sees `cards` in it; the live stream starts after `liveAfter`.
    init(_ reading: RoomReading, pane: ConversationPane, reader: User, cards: [Int64: ShootCardView], dates: MessageDates,
         table: StringTable, liveAfter: Int64, composer: RoomComposer) {
        let readerId = reader.storedId
        let me = MessageAuthor(username: reader.username, name: reader.fullName)
        let language: SliderLanguage = table.language == .cs ? .czech : .english
        let showsNewest = reading.showsNewest
        let room = Room(reading.summary, for: readerId, youBlockedTheOther: reading.youBlockedTheOther, table: table)
        self.init(
            pane: pane,
            room: room,
            days: ChatDayView.days(reading.history, reader: readerId,
                                   lastRead: showsNewest ? reading.summary.lastReadMessageId : .max,
                                   dates: dates, cards: cards, target: reading.moment,
                                   seen: ReadReceipts.seen(in: reading.summary.room, members: reading.summary.members, by: readerId,
                                                        blocked: reading.blockedEitherWay),
                                   csrf: composer.csrf),
            older: reading.older, window: !showsNewest,
            // A short conversation is all on screen: its timeline shows only once asked for.
            timeline: reading.older != nil || !showsNewest || reading.timelineRejected
                ? reading.timeline?.view(label: table.string("messages.timeline.label"),
                                         hint: table.string("messages.timeline.hint"), language: language) : nil,
            timelineOpen: !showsNewest || reading.timelineRejected,
            liveAfter: liveAfter, uuid: UUID().uuidString.lowercased(), me: ChatAuthorView(me), timeZone: dates.zone.identifier,
            draft: composer.draft, problem: composer.problem, csrf: composer.csrf,
            limit: MessengerService.messageLimit.characters, pending: ChatMessageView(sending: me),
            blockedState: Self.blockedState(room: room, table: table), offlineState: Self.offlineState(room: room, table: table))
    }
}
