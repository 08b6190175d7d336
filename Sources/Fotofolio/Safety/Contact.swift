/// What decides whether one person may reach another, read together in the transaction
/// that would reach them.
public struct ContactFacts: Sendable, Equatable {
    /// The sender has blocked the person reached.
    public var blockedBySender = false
    /// The person reached has blocked the sender.
    public var blockedByTarget = false
    public var targetPolicy: WritePolicy = .everyone
    public var senderRole: User.Role = .client
    /// The person reached has written in a conversation the sender is in.
    public var known = false

    public init(blockedBySender: Bool = false, blockedByTarget: Bool = false, targetPolicy: WritePolicy = .everyone,
                senderRole: User.Role = .client, known: Bool = false) {
        self.blockedBySender = blockedBySender
        self.blockedByTarget = blockedByTarget
        self.targetPolicy = targetPolicy
        self.senderRole = senderRole
        self.known = known
    }
}

/// The rules of reaching someone, in one place for every store and every way in.
public enum ContactRules {
    /// Starting a conversation (a direct one, or adding to a group): blocks either way, then
    /// the person's policy.
    public static func checkStart(_ facts: ContactFacts) throws {
        try checkWriting(facts)
        guard facts.targetPolicy.admits(senderRole: facts.senderRole, known: facts.known) else {
            throw MessengerError.notAccepting(facts.targetPolicy)
        }
    }

    /// Starting a conversation the other asked for (answering their demand): blocks either
    /// way, not their policy.
    public static func checkInvited(_ facts: ContactFacts) throws {
        try checkWriting(facts)
    }

    /// Writing in an existing direct conversation: only blocks stop it.
    public static func checkWriting(_ facts: ContactFacts) throws {
        if facts.blockedBySender { throw MessengerError.youBlocked }
        if facts.blockedByTarget { throw MessengerError.blocked }
    }

    /// Writing in a direct room, told by `blocker`: the one of its two people who blocks the
    /// other (nil: neither). The writer's own block is said as theirs, as above.
    public static func checkWriting(blocker: Int64?, for writerId: Int64) throws {
        guard let blocker else { return }
        try checkWriting(ContactFacts(blockedBySender: blocker == writerId, blockedByTarget: blocker != writerId))
    }
}

/// What a signed-in visitor of a profile may do about contacting its person.
public enum ContactState: Sendable, Equatable {
    /// "Write a message" starts (or opens) the direct conversation.
    case open
    /// The visitor blocked the person: unblock first.
    case youBlocked
    /// The person blocked the visitor: no way to write, and nothing says why.
    case blocked
    /// The person's policy keeps the visitor out (and there is no conversation yet).
    case notAccepting(WritePolicy)
}
