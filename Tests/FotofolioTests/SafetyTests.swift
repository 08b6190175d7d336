import Foundation
import Testing
@testable import Fotofolio

extension TestDatabase {
    var blocking: Blocking { Blocking(stores: stores) }
    var peopleSearch: PeopleSearch { PeopleSearch(stores: stores) }

    /// Sets who may start a conversation with the person, as the profile form saves it.
    func letWrite(_ policy: WritePolicy, to user: User) throws {
        var edit = ProfileEdit(user)
        edit.whoMayWrite = policy
        _ = try accounts.updateProfile(of: user.id!, with: edit)
    }
}

/// Blocking: what a blocked person can no longer do, and what the blocker no longer sees.
@Suite struct BlockingTests {
    @Test func aBlockedPersonCannotStartAConversationWithTheBlockerNorAddThemToAGroup() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s")
        try world.blocking.block(jana.id!, by: vojta.id!)
        #expect(throws: MessengerError.blocked) { try world.messenger.directRoom(between: jana.id!, and: vojta.id!) }
        #expect(throws: MessengerError.blocked) {
            try world.messenger.createGroup(named: "Svatba", by: jana.id!, members: [eva.id!, vojta.id!])
        }
        let group = try world.messenger.createGroup(named: "Svatba", by: jana.id!, members: [eva.id!])
        #expect(throws: MessengerError.blocked) { try world.messenger.addMember(vojta.id!, to: group.id, by: jana.id!) }
        // Nothing was made on the way: one group, no direct room.
        #expect(try world.rowCount("chatRoom") == 1)
    }

    @Test func theBlockerCannotStartOneEitherUntilTheyUnblock() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        try world.blocking.block(jana.id!, by: vojta.id!)
        #expect(throws: MessengerError.youBlocked) { try world.messenger.directRoom(between: vojta.id!, and: jana.id!) }
        try world.blocking.unblock(jana.id!, by: vojta.id!)
        _ = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
    }

    @Test func nobodyWritesInTheirDirectConversationWhileOneBlocksTheOtherAndNothingIsStoredOrDelivered() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        let room = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        try world.send("Dobrý den", in: room.id, by: jana.id!)
        let eventsBefore = try world.allEvents().count, outboxBefore = try world.rowCount("outbox")
        try world.blocking.block(jana.id!, by: vojta.id!)
        #expect(throws: MessengerError.blocked) { try world.send("Haló?", in: room.id, by: jana.id!) }
        #expect(throws: MessengerError.youBlocked) { try world.send("Ne.", in: room.id, by: vojta.id!) }
        #expect(try world.rowCount("chatMessage") == 1)
        #expect(try world.allEvents().count == eventsBefore)
        #expect(try world.rowCount("outbox") == outboxBefore)
        // The history stays readable to both.
        #expect(try world.messenger.history(of: room.id, for: jana.id!).map(\.content) == ["Dobrý den"])
        try world.blocking.unblock(jana.id!, by: vojta.id!)
        try world.send("Děkuji", in: room.id, by: jana.id!)
    }

    @Test func aBlockInAGroupStopsNothingThere() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s")
        let group = try world.messenger.createGroup(named: "Svatba", by: eva.id!, members: [vojta.id!, jana.id!])
        try world.blocking.block(jana.id!, by: vojta.id!)
        try world.send("Ahoj všichni", in: group.id, by: jana.id!)
    }

    @Test func aBlockedPersonCannotRateTheBlockerButKeepsNothingTheyGaveBefore() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        try world.converse(jana.id!, with: vojta.id!)
        try world.ratings.rate(vojta.id!, stars: 5, by: jana.id!)
        try world.blocking.block(jana.id!, by: vojta.id!)
        #expect(throws: RatingError.blocked) { try world.ratings.rate(vojta.id!, stars: 1, by: jana.id!) }
        #expect(try world.ratings.stars(givenTo: vojta.id!, by: jana.id!) == 5)
        // The blocker may still rate the person they blocked.
        try world.ratings.rate(jana.id!, stars: 2, by: vojta.id!)
    }

    @Test func theBlockersFeedAndSearchLeaveTheBlockedPersonsWorkOutAndNobodyElsesChanges() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), petra = try world.creator("petra.foto"), jana = try world.client()
        try world.portfolio(of: vojta, name: "Svatby", tags: "svatba")
        try world.portfolio(of: petra, name: "Portréty", tags: "svatba")
        try world.blocking.block(vojta.id!, by: jana.id!)
        let hidden = try world.blocking.hiddenAuthors(for: jana.id!)
        #expect(hidden == [vojta.id!])
        for tags in [[], ["svatba"]] {
            var query = FeedQuery(tags: tags)
            query.hiddenAuthors = hidden
            let page = try world.feed.page(query)
            #expect(page.portfolios.map(\.ownerId) == [petra.id!])
            #expect(page.total == 1)
            var rated = query
            rated.sort = .rating
            rated.maxRate = 100_000
            #expect(try world.feed.page(rated).portfolios.allSatisfy { $0.ownerId != vojta.id! })
        }
        #expect(try world.feed.page(FeedQuery()).total == 2)
        #expect(try world.peopleSearch.search("vojtafoti", mode: .name, hiding: hidden).isEmpty)
        #expect(try world.peopleSearch.search("vojtafoti", mode: .name).map(\.username) == ["vojtafoti"])
        #expect(try world.peopleSearch.search("petra", mode: .name, hiding: hidden).map(\.username) == ["petra.foto"])
        #expect(try world.blocking.hiddenAuthors(for: nil).isEmpty)
    }

    @Test func theListShowsWhomOnceNewestFirstAndBlockingTwiceChangesNothing() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s")
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        try world.blocking.block(jana.id!, by: vojta.id!, at: start)
        try world.blocking.block(eva.id!, by: vojta.id!, at: start.addingTimeInterval(60))
        try world.blocking.block(jana.id!, by: vojta.id!, at: start.addingTimeInterval(120))
        let list = try world.blocking.blockedPeople(by: vojta.id!)
        #expect(list.map(\.user.username) == ["eva.s", "jana.k"])
        #expect(list.map(\.blockedAt.timeIntervalSince1970) == [start.timeIntervalSince1970 + 60, start.timeIntervalSince1970])
        #expect(try world.blocking.blockedPeople(by: jana.id!).isEmpty)
    }

    @Test func nobodyBlocksThemselvesOrSomeoneWhoDoesNotExist() throws {
        let world = try TestDatabase()
        let vojta = try world.creator()
        #expect(throws: SafetyError.cannotBlockYourself) { try world.blocking.block(vojta.id!, by: vojta.id!) }
        #expect(throws: SafetyError.unknownPerson) { try world.blocking.block(999_999, by: vojta.id!) }
        try world.blocking.unblock(999_999, by: vojta.id!)
    }

    @Test func aProfileSaysWhatTheVisitorMayDo() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s")
        #expect(try world.blocking.contactState(from: jana.id!, to: vojta.id!) == .open)
        try world.blocking.block(jana.id!, by: vojta.id!)
        #expect(try world.blocking.contactState(from: jana.id!, to: vojta.id!) == .blocked)
        #expect(try world.blocking.contactState(from: vojta.id!, to: jana.id!) == .youBlocked)
        try world.letWrite(.creatorsOnly, to: try #require(try world.accounts.user(id: eva.id!)))
        #expect(try world.blocking.contactState(from: jana.id!, to: eva.id!) == .notAccepting(.creatorsOnly))
        #expect(try world.blocking.contactState(from: vojta.id!, to: eva.id!) == .open)
    }
}

/// Who may write to me: the policy decides who starts a conversation; conversations that
/// exist go on.
@Suite struct WritePolicyTests {
    @Test func photographersOnlyLetsPhotographersAndPeopleAlreadyWrittenToStart() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client(), eva = try world.client("eva.s"), petr = try world.client("petr.n")
        try world.letWrite(.creatorsOnly, to: jana)
        #expect(throws: MessengerError.notAccepting(.creatorsOnly)) { try world.messenger.directRoom(between: eva.id!, and: jana.id!) }
        #expect(throws: MessengerError.notAccepting(.creatorsOnly)) {
            try world.messenger.createGroup(named: "Výlet", by: eva.id!, members: [jana.id!])
        }
        let withVojta = try world.messenger.directRoom(between: vojta.id!, and: jana.id!)
        try world.send("Dobrý den", in: withVojta.id, by: vojta.id!)
        // Jana writes in a group Petr is in: Petr is someone she has written to.
        let group = try world.messenger.createGroup(named: "Svatba", by: vojta.id!, members: [jana.id!, petr.id!])
        try world.send("Těším se", in: group.id, by: jana.id!)
        _ = try world.messenger.directRoom(between: petr.id!, and: jana.id!)
    }

    @Test func knownPeopleOnlyKeepsPhotographersOutTooUntilThePersonHasWritten() throws {
        let world = try TestDatabase()
        let vojta = try world.creator(), jana = try world.client()
        try world.letWrite(.knownPeople, to: vojta)
        #expect(throws: MessengerError.notAccepting(.knownPeople)) { try world.messenger.directRoom(between: jana.id!, and: vojta.id!) }
        // Vojta starts it himself and writes: now Jana may answer, and start others.
        let room = try world.messenger.directRoom(between: vojta.id!, and: jana.id!)
        try world.send("Dobrý den, posílám nabídku", in: room.id, by: vojta.id!)
        try world.send("Děkuji", in: room.id, by: jana.id!)
        let again = try world.messenger.directRoom(between: jana.id!, and: vojta.id!)
        #expect(again == room)
    }

    @Test func anExistingConversationGoesOnWhateverThePolicySays() throws {
        let world = try TestDatabase()
        let jana = try world.client(), eva = try world.client("eva.s")
        let room = try world.messenger.directRoom(between: eva.id!, and: jana.id!)
        try world.letWrite(.knownPeople, to: try #require(try world.accounts.user(id: jana.id!)))
        try world.send("Ahoj", in: room.id, by: eva.id!)
        #expect(try world.messenger.directRoom(between: eva.id!, and: jana.id!) == room)
        #expect(try world.blocking.contactState(from: eva.id!, to: jana.id!) == .open)
    }

    @Test func everyoneStartsOpenAndTheProfileFormKeepsThePolicyUnlessItIsChosen() throws {
        let world = try TestDatabase()
        let jana = try world.client()
        #expect(jana.whoMayWrite == .everyone)
        try world.letWrite(.creatorsOnly, to: jana)
        let stored = try #require(try world.accounts.user(id: jana.id!))
        #expect(stored.whoMayWrite == .creatorsOnly)
        var edit = ProfileEdit(stored)
        edit.whoMayWrite = nil
        edit.fullName = "Jana Nová"
        #expect(try world.accounts.updateProfile(of: jana.id!, with: edit).whoMayWrite == .creatorsOnly)
        #expect(try world.accounts.user(id: jana.id!)?.whoMayWrite == .creatorsOnly)
    }

    @Test(arguments: [
        (WritePolicy.everyone, User.Role.client, false, true), (.everyone, .creator, false, true),
        (.creatorsOnly, .client, false, false), (.creatorsOnly, .creator, false, true), (.creatorsOnly, .client, true, true),
        (.knownPeople, .creator, false, false), (.knownPeople, .client, true, true),
    ])
    func thePolicyAdmits(policy: WritePolicy, role: User.Role, known: Bool, admitted: Bool) {
        #expect(policy.admits(senderRole: role, known: known) == admitted)
        let facts = ContactFacts(targetPolicy: policy, senderRole: role, known: known)
        #expect(((try? ContactRules.checkStart(facts)) != nil) == admitted)
    }

    @Test func aBlockWeighsMoreThanThePolicyAndTheBlockersOwnBlockIsSaidFirst() {
        let both = ContactFacts(blockedBySender: true, blockedByTarget: true, targetPolicy: .everyone, senderRole: .creator, known: true)
        #expect(throws: MessengerError.youBlocked) { try ContactRules.checkStart(both) }
        let blocked = ContactFacts(blockedByTarget: true, targetPolicy: .everyone, senderRole: .creator, known: true)
        #expect(throws: MessengerError.blocked) { try ContactRules.checkWriting(blocked) }
    }

    @Test func aDirectRoomClosedByABlockSaysWhoseBlockItIs() {
        #expect(throws: Never.self) { try ContactRules.checkWriting(blocker: nil, for: 1) }
        #expect(throws: MessengerError.youBlocked) { try ContactRules.checkWriting(blocker: 1, for: 1) }
        #expect(throws: MessengerError.blocked) { try ContactRules.checkWriting(blocker: 2, for: 1) }
    }
}
