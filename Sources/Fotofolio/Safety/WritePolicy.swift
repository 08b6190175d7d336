/// Who may start a conversation with a person: open a direct conversation with them or add
/// them to a group. Conversations that already exist go on whatever the policy; only a
/// block ends them. Everyone starts with `.everyone`, clients too: a client's partner or
/// family is another client, and must be able to add them to a group with the photographer.
public enum WritePolicy: String, Codable, Sendable, CaseIterable {
    case everyone
    /// People in a conversation the person has written in.
    case knownPeople
    /// Photographers (and people already known, as above).
    case creatorsOnly

    /// Whether the policy lets a sender in: their role, and whether the person has written
    /// in a conversation the sender is in.
    public func admits(senderRole: User.Role, known: Bool) -> Bool {
        switch self {
        case .everyone: true
        case .knownPeople: known
        case .creatorsOnly: known || senderRole == .creator
        }
    }
}
