/// Who may change a group and who may leave it: pure, so both stores decide alike on the room
/// and its count of members read in their transaction.
public enum RoomRules {
    /// Only a group's creator renames it and adds or removes others; a direct room never changes.
    public static func checkManaging(_ room: ChatRoom, by userId: Int64) throws {
        guard room.kind == .group, room.createdBy == userId else { throw MessengerError.notTheCreator }
    }

    /// Anyone leaves a group (`memberId` is themselves); only its creator removes someone else.
    public static func checkRemoving(_ memberId: Int64, from room: ChatRoom, by userId: Int64) throws {
        if memberId == userId {
            guard room.kind == .group else { throw MessengerError.notTheCreator }
        } else {
            try checkManaging(room, by: userId)
        }
    }

    /// The last member stays: a group without members would be nobody's.
    public static func checkRemoving(fromMembers count: Int) throws {
        guard count > 1 else { throw MessengerError.lastMember }
    }
}
