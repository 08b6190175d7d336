import Foundation
import GRDB
import Testing
@testable import Fotofolio
@testable import FotofolioSQLite

@Suite struct DirectRoomTests {
    @Test func aPairOfPeopleHasOneDirectRoomWhoeverOpensIt() throws {
        let world = try TestDatabase()
        let vojta = try world.creator().id!, jana = try world.client().id!
        let first = try world.messenger.directRoom(between: vojta, and: jana)
        let again = try world.messenger.directRoom(between: jana, and: vojta)
        #expect(again == first)
        #expect(first.kind == .direct && first.name == nil)
        #expect(try world.rowCount("chatRoom") == 1)
    }

    @Test func concurrentRequestsFromManyThreadsMakeOneRoom() throws {
        let world = try TestDatabase()
        let vojta = try world.creator().id!, jana = try world.client().id!
        let messenger = world.messenger
        let ids = try onThreads(16) { index in
            index.isMultiple(of: 2)
                ? try messenger.directRoom(between: vojta, and: jana).id
                : try messenger.directRoom(between: jana, and: vojta).id
        }
        #expect(Set(ids).count == 1)
        #expect(try world.rowCount("chatRoom") == 1)
    }

    @Test func serversSharingTheDatabaseMakeOneRoomBetweenThem() throws {
        let world = try TestDatabase()
        let vojta = try world.creator().id!, jana = try world.client().id!
        let nodes = [world.messenger, MessengerService(stores: try world.reopened())]
        let ids = try onThreads(16) { index in try nodes[index % 2].directRoom(between: vojta, and: jana).id }
        #expect(Set(ids).count == 1)
    }

    @Test(.enabled(if: TestStore.kind == .sqlite, "writes SQLite's chatRoom table directly"))
    func theDatabaseRefusesASecondRoomForThePair() throws {
        let world = try TestDatabase()
        let vojta = try world.creator().id!, jana = try world.client().id!
        _ = try world.messenger.directRoom(between: vojta, and: jana)
        #expect(throws: DatabaseError.self) {
            try world.database.pool.write { db in
                try db.execute(sql: """
                    INSERT INTO chatRoom (kind, createdBy, createdAt, directKey) VALUES ('direct', ?, ?, ?)
                    """, arguments: [jana, Date(), "\(min(vojta, jana)):\(max(vojta, jana))"])
            }
        }
    }

    @Test func nobodyMessagesThemselvesOrSomeoneWhoDoesNotExist() throws {
        let world = try TestDatabase()
        let jana = try world.client().id!
        #expect(throws: MessengerError.cannotMessageYourself) { try world.messenger.directRoom(between: jana, and: jana) }
        #expect(throws: MessengerError.unknownUser) { try world.messenger.directRoom(between: jana, and: 9999) }
    }

    @Test func aDirectRoomIsTitledWithTheOtherPersonsName() throws {
        let world = try TestDatabase()
        let vojta = try world.creator().id!, jana = try world.client().id!
        let room = try world.messenger.directRoom(between: vojta, and: jana)
        #expect(try world.messenger.room(room.id, for: jana).title == "Vojta Votruba")
        #expect(try world.messenger.room(room.id, for: vojta).title == "Jana Králová")
        #expect(try world.messenger.room(room.id, for: vojta).members.map(\.initials) == ["VV", "JK"])
    }

    @Test func aDirectRoomCannotBeRenamedChangedOrLeft() throws {
        let world = try TestDatabase()
        let vojta = try world.creator().id!
        let people = try world.people("jana.k", "eva.s")
        let room = try world.messenger.directRoom(between: vojta, and: people[0])
        #expect(throws: MessengerError.notTheCreator) { try world.messenger.rename(room.id, to: "Svatba", by: vojta) }
        #expect(throws: MessengerError.notTheCreator) { try world.messenger.addMember(people[1], to: room.id, by: vojta) }
        #expect(throws: MessengerError.notTheCreator) { try world.messenger.removeMember(vojta, from: room.id, by: vojta) }
    }
}

@Suite struct GroupTests {
    @Test func aGroupHasATrimmedNameAndItsCreatorAmongItsMembers() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s")
        let group = try world.messenger.createGroup(named: "  Svatba Nováků ", by: people[0], members: [people[1], people[2], people[1]])
        #expect(group.kind == .group && group.name == "Svatba Nováků" && group.createdBy == people[0])
        #expect(try world.messenger.memberIds(of: group.id) == people)
        #expect(try world.messenger.room(group.id, for: people[2]).title == "Svatba Nováků")
    }

    @Test(arguments: ["", "   ", "\n", String(repeating: "a", count: 81), "První\nDruhý"])
    func aGroupNameIsOneToEightyCharactersOnOneLine(name: String) throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        #expect(throws: MessengerError.invalidRoomName) {
            try world.messenger.createGroup(named: name, by: people[0], members: [people[1]])
        }
    }

    @Test func eightyCharactersAreEnough() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        let name = String(repeating: "ř", count: 80)
        #expect(try world.messenger.createGroup(named: name, by: people[0], members: [people[1]]).name == name)
    }

    @Test func aGroupNeedsSomeoneBesidesItsCreatorAndOnlyPeopleWhoExist() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        #expect(throws: MessengerError.tooFewMembers) { try world.messenger.createGroup(named: "Sám", by: people[0], members: []) }
        #expect(throws: MessengerError.tooFewMembers) { try world.messenger.createGroup(named: "Sám", by: people[0], members: [people[0]]) }
        #expect(throws: MessengerError.unknownUser) {
            try world.messenger.createGroup(named: "Duch", by: people[0], members: [people[1], 9999])
        }
        #expect(try world.rowCount("chatRoom") == 0)
    }

    @Test func onlyTheCreatorRenames() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: [people[1]])
        #expect(throws: MessengerError.notTheCreator) { try world.messenger.rename(group.id, to: "Moje", by: people[1]) }
        #expect(throws: MessengerError.notAMember) { try world.messenger.rename(group.id, to: "Cizí", by: people[2]) }
        #expect(throws: MessengerError.unknownRoom) { try world.messenger.rename(9999, to: "Nic", by: people[0]) }
        #expect(throws: MessengerError.invalidRoomName) { try world.messenger.rename(group.id, to: " ", by: people[0]) }
        try world.messenger.rename(group.id, to: " Svatba Nováků ", by: people[0])
        #expect(try world.messenger.room(group.id, for: people[1]).title == "Svatba Nováků")
    }

    @Test func onlyTheCreatorAddsAndNobodyIsAddedTwice() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: [people[1]])
        #expect(throws: MessengerError.notTheCreator) { try world.messenger.addMember(people[2], to: group.id, by: people[1]) }
        try world.messenger.addMember(people[2], to: group.id, by: people[0])
        #expect(try world.messenger.memberIds(of: group.id) == people)
        #expect(throws: MessengerError.alreadyAMember) { try world.messenger.addMember(people[2], to: group.id, by: people[0]) }
        #expect(throws: MessengerError.unknownUser) { try world.messenger.addMember(9999, to: group.id, by: people[0]) }
    }

    @Test func someoneAddedLaterStartsWithTheHistoryRead() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: [people[1]])
        try world.send("Dřív", in: group.id, by: people[1])
        try world.messenger.addMember(people[2], to: group.id, by: people[0])
        #expect(try world.messenger.unreadTotal(for: people[2]) == 0)
        #expect(try world.messenger.history(of: group.id, for: people[2]).map(\.content) == ["Dřív"])
    }

    @Test func theCreatorRemovesOthersAndOthersMayOnlyLeave() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s", "petr.n")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: Array(people[1...]))
        #expect(throws: MessengerError.notTheCreator) { try world.messenger.removeMember(people[2], from: group.id, by: people[1]) }
        try world.messenger.removeMember(people[1], from: group.id, by: people[1])
        try world.messenger.removeMember(people[2], from: group.id, by: people[0])
        #expect(try world.messenger.memberIds(of: group.id) == [people[0], people[3]])
    }

    @Test func aRemovedMemberNoLongerReadsOrWrites() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k", "eva.s")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: [people[1], people[2]])
        try world.messenger.removeMember(people[2], from: group.id, by: people[0])
        #expect(throws: MessengerError.notAMember) { try world.send("Ještě já", in: group.id, by: people[2]) }
        #expect(throws: MessengerError.notAMember) { try world.messenger.history(of: group.id, for: people[2]) }
        #expect(throws: MessengerError.notAMember) { try world.messenger.room(group.id, for: people[2]) }
        #expect(throws: MessengerError.notAMember) { try world.messenger.removeMember(people[2], from: group.id, by: people[2]) }
        #expect(try world.messenger.rooms(of: people[2]).isEmpty)
    }

    @Test func theLastMemberCannotLeave() throws {
        let world = try TestDatabase()
        let people = try world.people("vojta.v", "jana.k")
        let group = try world.messenger.createGroup(named: "Svatba", by: people[0], members: [people[1]])
        try world.messenger.removeMember(people[1], from: group.id, by: people[1])
        #expect(throws: MessengerError.lastMember) { try world.messenger.removeMember(people[0], from: group.id, by: people[0]) }
    }

    @Test func everyErrorHasAMessageForPeople() {
        let errors: [MessengerError] = [
            .emptyMessage, .messageTooLong(limit: 4000), .invalidText, .invalidUUID, .uuidTakenByAnotherMessage,
            .unknownRoom, .notAMember, .unknownUser, .cannotMessageYourself, .notTheCreator, .invalidRoomName,
            .tooFewMembers, .alreadyAMember, .lastMember,
        ]
        #expect(errors.allSatisfy { $0.message.hasSuffix(".") && $0.message.count > 20 })
        #expect(MessengerError.messageTooLong(limit: 4000).message.contains("4000"))
    }
}
