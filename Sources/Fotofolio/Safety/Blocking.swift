import Foundation

/// Blocking people and saying who may reach whom. A blocked person can no longer start a
/// conversation with the blocker, write in their direct conversation or rate them, and the
/// blocker's feed and search leave the blocked person's work out. Nothing tells the blocked
/// person beyond the refusals themselves.
public struct Blocking: Sendable {
    let store: any BlockStore

    public init(stores: Stores) {
        store = stores.blocks
    }

    public func block(_ blockedId: Int64, by blockerId: Int64, at date: Date = Date()) throws {
        guard blockedId != blockerId else { throw SafetyError.cannotBlockYourself }
        try store.block(blockedId, by: blockerId, at: date)
    }

    public func unblock(_ blockedId: Int64, by blockerId: Int64) throws {
        try store.unblock(blockedId, by: blockerId)
    }

    /// The people `blockerId` blocked, the latest block first.
    public func blockedPeople(by blockerId: Int64) throws -> [BlockedPerson] {
        try store.blockedPeople(by: blockerId)
    }

    /// Whose work `viewerId`'s feed and search leave out; none for a guest.
    public func hiddenAuthors(for viewerId: Int64?) throws -> [Int64] {
        guard let viewerId else { return [] }
        return try store.blockedIds(by: viewerId)
    }

    /// What `viewerId` may do about writing to `personId`, from their profile.
    public func contactState(from viewerId: Int64, to personId: Int64) throws -> ContactState {
        let (facts, hasDirectRoom) = try store.contact(from: viewerId, to: personId)
        if facts.blockedBySender { return .youBlocked }
        if facts.blockedByTarget { return .blocked }
        if hasDirectRoom || facts.targetPolicy.admits(senderRole: facts.senderRole, known: facts.known) { return .open }
        return .notAccepting(facts.targetPolicy)
    }
}

/// Why a block, or later a report, was refused.
public enum SafetyError: Error, Sendable, Equatable {
    case cannotBlockYourself
    case unknownPerson
}
