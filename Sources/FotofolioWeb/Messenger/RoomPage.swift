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
}

extension RoomPage.Room {
    init(_ summary: RoomSummary, for userId: Int64, youBlockedTheOther: Bool = false) {
        let isGroup = summary.room.kind == .group
        let isCreator = summary.room.createdBy == userId
        let other = summary.members.first { $0.userId != userId }
        id = summary.room.id
        title = summary.title
        self.isGroup = isGroup
        self.isCreator = isCreator
        initials = isGroup ? "#" : (other?.initials ?? "?")
        members = summary.members.enumerated().map { index, member in
            let isMe = member.userId == userId
            return RoomPage.Member(username: member.username, name: member.name, initials: member.initials, isMe: isMe,
                                   removable: isGroup && (isMe || isCreator), last: index == summary.members.count - 1)
        }
        self.other = isGroup ? nil : other.map { RoomPage.Other(username: $0.username, youBlocked: youBlockedTheOther) }
    }
}
