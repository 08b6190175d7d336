import Foundation
import Testing
import Fotofolio

/// Who may change a group and who may leave it, the rules on their own.
@Suite struct RoomRulesTests {
    static let group = ChatRoom(id: 3, kind: .group, name: "Ateliér", createdBy: 1, createdAt: Date(timeIntervalSince1970: 0))
    static let direct = ChatRoom(id: 4, kind: .direct, name: nil, createdBy: 1, createdAt: Date(timeIntervalSince1970: 0))

    @Test func onlyTheGroupsCreatorManagesItAndNobodyADirectRoom() {
        #expect(throws: Never.self) { try RoomRules.checkManaging(Self.group, by: 1) }
        #expect(throws: MessengerError.notTheCreator) { try RoomRules.checkManaging(Self.group, by: 2) }
        #expect(throws: MessengerError.notTheCreator) { try RoomRules.checkManaging(Self.direct, by: 1) }
    }

    /// (member removed, by whom, room, refusal)
    @Test(arguments: [
        (2, 2, group, nil), (1, 1, group, nil), (2, 1, group, nil), (3, 2, group, MessengerError.notTheCreator),
        (1, 1, direct, MessengerError.notTheCreator), (2, 1, direct, MessengerError.notTheCreator),
    ] as [(Int64, Int64, ChatRoom, MessengerError?)])
    func anyoneLeavesAGroupAndOnlyItsCreatorRemovesOthers(member: Int64, by userId: Int64, room: ChatRoom, refusal: MessengerError?) {
        if let refusal {
            #expect(throws: refusal) { try RoomRules.checkRemoving(member, from: room, by: userId) }
        } else {
            #expect(throws: Never.self) { try RoomRules.checkRemoving(member, from: room, by: userId) }
        }
    }

    @Test func theLastMemberStays() {
        #expect(throws: MessengerError.lastMember) { try RoomRules.checkRemoving(fromMembers: 1) }
        #expect(throws: Never.self) { try RoomRules.checkRemoving(fromMembers: 2) }
    }
}
