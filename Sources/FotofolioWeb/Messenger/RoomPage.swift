import Fotofolio

/// `pages/room`: one conversation, its history and its composer.
struct RoomPage: ViewModel {
    struct Room: ViewModel {
        let id: Int64
        let title: String
        let isGroup: Bool
        let isCreator: Bool
        let initials: String
        let members: [Member]
        /// The other person of a direct room.
        let other: Other?
    }

    struct Member: ViewModel {
        let username: String
        let name: String
        let initials: String
        let isMe: Bool
        /// The reader may remove them (or, being them, leave).
        let removable: Bool
        /// Last in the list (no comma after).
        let last: Bool
    }

    struct Other: ViewModel {
        let username: String
        /// The reader blocked them: neither writes until the reader unblocks.
        let youBlocked: Bool
    }

    /// The conversation list beside the room on a wide screen (hidden on a phone).
    let pane: ConversationPane
    let room: Room
    let days: [ChatDayView]
    /// The id to page back from when there may be older messages.
    let older: Int64?
    /// Earlier messages than the newest are shown (a page back, a timeline's moment).
    let window: Bool
    /// Long conversations only: a short one is all on screen.
    let timeline: PreciseSliderModel?
    let timelineOpen: Bool
    let liveAfter: Int64
    /// The composer's uuid for a post without a script.
    let uuid: String
    let me: ChatAuthorView
    let timeZone: String
    let draft: String
    let problem: String?
    let csrf: String
    let limit: Int
    /// The reader's message while it is being sent (`<template data-chat-pending>`).
    let pending: ChatMessageView
    /// The reader blocked the other person: said in place of a notice, with the unblock form.
    let blockedState: ContentState.Model?
    /// Shown by the script while the browser is offline (`<template data-content-state="offline">`).
    let offlineState: ContentState.Model
}

/// The messenger's own content states, beside the shared empty and error.
extension ContentState.Kind {
    static let offline = Self("offline")
    static let blocked = Self("blocked")
}

extension RoomPage {
    static func blockedState(room: Room, table: StringTable) -> ContentState.Model? {
        guard let other = room.other, other.youBlocked else { return nil }
        let unblock = ContentState.Action.post(to: "/u/\(other.username)/unblock", name: "unblock",
                                               fields: [(name: "return", value: "/messages/\(room.id)")])
        return ContentState(.blocked, "conversationBlocked", icon: "blocked", action: unblock).model(table)
    }

    static func offlineState(room: Room, table: StringTable) -> ContentState.Model {
        ContentState(.offline, "messengerOffline", icon: "offline", action: .init(href: "/messages/\(room.id)", name: "retry"))
            .model(table)
    }
}

extension RoomPage.Room {
    init(_ summary: RoomSummary, for userId: Int64, youBlockedTheOther: Bool = false, table: StringTable) {
        let isGroup = summary.room.kind == .group
        let isCreator = summary.room.createdBy == userId
        let other = summary.members.first { $0.userId != userId }
        id = summary.room.id
        title = summary.shownTitle(table)
        self.isGroup = isGroup
        self.isCreator = isCreator
        initials = isGroup ? "#" : summary.veiled ? "?" : (other?.initials ?? "?")
        members = summary.members.enumerated().map { index, member in
            let isMe = member.userId == userId
            return RoomPage.Member(username: member.username, name: member.name, initials: member.initials, isMe: isMe,
                                   removable: isGroup && (isMe || isCreator), last: index == summary.members.count - 1)
        }
        // A veiled client has no profile to link to.
        self.other = isGroup || summary.veiled ? nil : other.map { RoomPage.Other(username: $0.username, youBlocked: youBlockedTheOther) }
    }
}

extension RoomSummary {
    /// The title the pages show: "the demand's client" in place of a veiled name (`veil`).
    func shownTitle(_ table: StringTable) -> String {
        veiled ? table.string("messages.veiledClient") : title
    }
}
