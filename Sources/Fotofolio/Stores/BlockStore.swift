import Foundation

/// Who blocked whom. A block is one row per pair and direction; blocking twice changes
/// nothing. The messenger and ratings stores read blocks in their own transactions
/// (`ContactRules`); this store keeps the list and answers a profile's questions.
public protocol BlockStore: Sendable {
    /// Notes that `blockerId` blocks `blockedId` (`SafetyError.unknownPerson` for nobody).
    func block(_ blockedId: Int64, by blockerId: Int64, at date: Date) throws

    /// Takes the block back; nothing happens when there was none.
    func unblock(_ blockedId: Int64, by blockerId: Int64) throws

    /// The people `blockerId` blocked, the latest block first.
    func blockedPeople(by blockerId: Int64) throws -> [BlockedPerson]

    /// The ids of the people `blockerId` blocked, smallest first: whom their feed and
    /// search leave out.
    func blockedIds(by blockerId: Int64) throws -> [Int64]

    /// The facts `ContactRules` decides on for `senderId` reaching `targetId`, and whether
    /// the two already have a direct conversation (which goes on whatever the policy), read
    /// together.
    func contact(from senderId: Int64, to targetId: Int64) throws -> (facts: ContactFacts, hasDirectRoom: Bool)
}

/// Someone on a person's list of blocked people.
public struct BlockedPerson: Sendable, Equatable {
    public let user: User
    public let blockedAt: Date

    public init(user: User, blockedAt: Date) {
        self.user = user
        self.blockedAt = blockedAt
    }
}
