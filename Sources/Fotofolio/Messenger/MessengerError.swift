/// Why the messenger refused a request; `message` tells the person what to do about it.
public enum MessengerError: Error, Equatable, Sendable {
    /// Nothing but spaces and line breaks.
    case emptyMessage
    /// Longer than `limit` characters.
    case messageTooLong(limit: Int)
    /// Contains control characters other than line breaks and tabs.
    case invalidText
    /// The message's identifier is not a UUID (8-4-4-4-12 hexadecimal digits).
    case invalidUUID
    /// The UUID was already used for a different message (another room, author or text).
    case uuidTakenByAnotherMessage
    case unknownRoom
    /// The person is not (or no longer) in the room.
    case notAMember
    case unknownUser
    case cannotMessageYourself
    /// Only a group's creator may rename it or add and remove others; direct rooms never change.
    case notTheCreator
    /// A group's name must be 1–80 characters after trimming, on one line.
    case invalidRoomName
    /// A group needs at least two members, its creator included.
    case tooFewMembers
    case alreadyAMember
    /// The only member left cannot leave: the group would be nobody's.
    case lastMember
    /// The person reached has blocked the sender. Said no more plainly than this: the
    /// refusal is all a blocked person learns.
    case blocked
    /// The sender has blocked the person reached, and must unblock them to write.
    case youBlocked
    /// The person accepts new conversations only from those their policy admits.
    case notAccepting(WritePolicy)
    /// A new account started as many conversations as it may for now (`SpamLimits`).
    case tooManyNewConversations(retryAfter: Duration)
    /// The same text just went to several other conversations: this one is not sent.
    case heldAsRepeated
    /// No such message in this room (or the reader is not in it).
    case unknownMessage
    /// Only a message's author edits or deletes it.
    case notTheAuthor
    /// The edit window (`MessageChanges.editWindow`) has passed.
    case editWindowClosed
    /// A shoot's card is changed by the shoot's steps only.
    case cardCannotChange
    /// The message was deleted (or removed by an operator).
    case messageDeleted
    /// Not one of the reactions offered (`Reaction`).
    case unknownReaction

    /// English, for people: what went wrong and what to do instead.
    public var message: String {
        switch self {
        case .emptyMessage:
            "The message is empty. Write something before sending."
        case .messageTooLong(let limit):
            "The message is too long. Shorten it to at most \(limit) characters, or send it in parts."
        case .invalidText:
            "The message contains invisible control characters. Remove them (line breaks and tabs are fine) and send it again."
        case .invalidUUID:
            "The message's identifier is not a valid UUID. Reload the page and send the message again."
        case .uuidTakenByAnotherMessage:
            "This message's identifier was already used for a different message. Reload the page and send it again."
        case .unknownRoom:
            "There is no such conversation. It may have been mistyped; open it from your list of messages."
        case .notAMember:
            "You are not a member of this conversation. Ask one of its members to add you."
        case .unknownUser:
            "There is no such person. Check the username and try again."
        case .cannotMessageYourself:
            "You cannot start a conversation with yourself. Choose someone else."
        case .notTheCreator:
            "Only the person who created a group can rename it or change its members, and a conversation between two people cannot be changed."
        case .invalidRoomName:
            "A group's name must be 1 to 80 characters on one line. Choose another name."
        case .tooFewMembers:
            "A group needs at least one other person besides you. Add someone to it."
        case .alreadyAMember:
            "That person is already a member of this conversation."
        case .lastMember:
            "You are the last member of this group, so you cannot leave it."
        case .blocked:
            "This person does not accept your messages."
        case .youBlocked:
            "You have blocked this person. Unblock them in your profile's settings to write to them."
        case .notAccepting(.knownPeople):
            "This person accepts new conversations only from people they have already written to."
        case .notAccepting(.creatorsOnly):
            "This person accepts new conversations only from photographers."
        case .notAccepting(.everyone):
            "This person does not accept new conversations now."
        case .tooManyNewConversations:
            "A new account may start only a few conversations an hour and a day. Try again later, or write in the conversations you already have."
        case .heldAsRepeated:
            "This message was not sent: you have just sent the same text to several other people. Write to each in your own words."
        case .unknownMessage:
            "There is no such message in this conversation."
        case .notTheAuthor:
            "Only the person who wrote a message can edit or delete it."
        case .editWindowClosed:
            "A message can be edited only within 15 minutes of sending it. Send a new message instead."
        case .cardCannotChange:
            "A shoot's card cannot be edited or deleted; it changes with the shoot."
        case .messageDeleted:
            "This message was deleted."
        case .unknownReaction:
            "Choose one of the reactions offered."
        }
    }
}
