import Foundation

/// Making rooms and changing who is in them. Each change tells the room's members (and a
/// removed person) through a live event, and other server nodes through the outbox.
extension MessengerService {
    /// The one direct room of the two people, made on first use. Two requests racing to
    /// make it (on this server or another sharing the database) get the same room.
    public func directRoom(between userId: Int64, and otherId: Int64, at date: Date = Date()) throws -> ChatRoom {
        guard userId != otherId else { throw MessengerError.cannotMessageYourself }
        return try store.directRoom(between: userId, and: otherId, limits: limits, at: date)
    }

    /// A named group of the creator and `members` (duplicates ignored); at least one other
    /// person is needed.
    public func createGroup(named name: String, by creatorId: Int64, members: [Int64], at date: Date = Date()) throws -> ChatRoom {
        let name = try MessageText.validatedRoomName(name)
        var memberIds = [creatorId]
        for id in members where !memberIds.contains(id) { memberIds.append(id) }
        guard memberIds.count >= 2 else { throw MessengerError.tooFewMembers }
        return try store.createGroup(named: name, memberIds: memberIds, limits: limits, at: date)
    }

    /// Renames a group; only its creator may.
    public func rename(_ roomId: Int64, to name: String, by userId: Int64, at date: Date = Date()) throws {
        try store.rename(roomId, to: name, by: userId, at: date)
    }

    /// Adds someone to a group; only its creator may. The newcomer starts with the history
    /// already read, so joining does not flood their unread count.
    public func addMember(_ memberId: Int64, to roomId: Int64, by userId: Int64, at date: Date = Date()) throws {
        try store.addMember(memberId, to: roomId, by: userId, at: date)
    }

    /// Takes someone out of a group: its creator may remove anyone, and anyone may leave
    /// (remove themselves), except the last member. Removing someone who is not in the
    /// group changes nothing. Direct rooms never change.
    public func removeMember(_ memberId: Int64, from roomId: Int64, by userId: Int64, at date: Date = Date()) throws {
        try store.removeMember(memberId, from: roomId, by: userId, at: date)
    }
}
